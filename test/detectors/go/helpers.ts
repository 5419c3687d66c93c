import { extractGo } from "../../../server/src/detectors/go/index";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";

export async function go(text: string, path = "orders/client.go"): Promise<FileFacts> {
  await initTreeSitter();
  return extractGo(path, text.replace(/^\n/, ""));
}

/** The only layer of a snippet (fails loudly when there is not exactly one). */
export async function onlyLayer(text: string): Promise<LayerFact> {
  const facts = await go(text);
  if (facts.layers.length !== 1) {
    throw new Error(`expected one layer, got ${facts.layers.length}: ${facts.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(", ")}; problems: ${facts.problems.map((p) => p.message).join("; ")}`);
  }
  return facts.layers[0]!;
}

/** A file importing `imports` whose function `Reserve` holds `body` (on line imports.length + 7). */
export function inFunc(imports: string[], body: string): string {
  return `package inventory

import (
${imports.map((i) => `\t${i}`).join("\n")}
)

func Reserve(ctx context.Context, sku string) error {
${body}
}
`;
}
