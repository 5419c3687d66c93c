/** `retry-lens: ignore …` comments in YAML, read from the `yaml` CST (comment tokens carry offsets). */
import { LineCounter, Parser } from "yaml";
import type { SuppressionFact } from "../../model/suppression";
import { parseSuppression } from "../../model/suppression";

export function yamlSuppressions(text: string): SuppressionFact[] {
  if (!text.includes("retry-lens:")) return [];
  const lines = new LineCounter();
  const out: SuppressionFact[] = [];
  const visit = (o: unknown): void => {
    if (!o || typeof o !== "object") return;
    if (Array.isArray(o)) {
      for (const x of o) visit(x);
      return;
    }
    const token = o as { type?: string; offset?: number; source?: string };
    if (token.type === "comment" && typeof token.offset === "number" && typeof token.source === "string") {
      const s = parseSuppression(token.source, lines.linePos(token.offset).line);
      if (s) out.push(s);
    }
    for (const [k, v] of Object.entries(o)) if (k !== "source") visit(v);
  };
  for (const token of new Parser(lines.addNewLine).parse(text)) visit(token);
  return out;
}
