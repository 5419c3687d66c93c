import { extractPython } from "../../../server/src/detectors/python/index";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";

export async function py(text: string, path = "svc/mod.py"): Promise<FileFacts> {
  await initTreeSitter();
  return extractPython(path, text.replace(/^\n/, ""));
}

/** The only layer of a snippet (fails loudly when there is not exactly one). */
export async function onlyLayer(text: string): Promise<LayerFact> {
  const facts = await py(text);
  if (facts.layers.length !== 1) {
    throw new Error(`expected one layer, got ${facts.layers.length}: ${facts.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(", ")}`);
  }
  return facts.layers[0]!;
}
