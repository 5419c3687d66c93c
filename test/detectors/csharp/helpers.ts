import { extractCSharp } from "../../../server/src/detectors/csharp/index";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";

export async function cs(text: string, path = "Svc/File.cs"): Promise<FileFacts> {
  await initTreeSitter();
  return extractCSharp(path, text.replace(/^\n/, ""));
}

/** The only layer of a snippet (fails loudly when there is not exactly one). */
export async function onlyLayer(text: string): Promise<LayerFact> {
  const facts = await cs(text);
  if (facts.layers.length !== 1) {
    throw new Error(`expected one layer, got ${facts.layers.length}: ${facts.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(", ")}; problems: ${facts.problems.map((p) => p.message).join("; ")}`);
  }
  return facts.layers[0]!;
}

/** A Polly v8 pipeline property with `options` as the AddRetry argument; the AddRetry line is 7. */
export function v8(options: string, builder = "new ResiliencePipelineBuilder()"): string {
  return `using Polly;
using Polly.Retry;
namespace Shop;
public static class R
{
    public static ResiliencePipeline P { get; } = ${builder}
        .AddRetry(${options})
        .Build();
}
`;
}
