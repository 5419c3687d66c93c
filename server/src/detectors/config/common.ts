/**
 * Shared pieces of the proxy config-file detectors (NGINX, HAProxy): a directive tree with
 * positions, the facts context and `retry-lens:` suppression comments (`#` comments).
 */
import type { FileFacts, SourceSpan } from "../../model/facts";
import { parseSuppression } from "../../model/suppression";

export interface Directive {
  name: string;
  args: string[];
  /** the directive name's span */
  span: SourceSpan;
  /** block contents (`{ … }`), null for a simple directive */
  children: Directive[] | null;
}

export interface ConfigContext {
  path: string;
  facts: FileFacts;
  layerId(line: number): string;
}

export function configContext(path: string, facts: FileFacts): ConfigContext {
  const used = new Set<string>();
  return {
    path,
    facts,
    layerId(line: number): string {
      let id = `L${line}`;
      for (let n = 2; used.has(id); n++) id = `L${line}.${n}`;
      used.add(id);
      return id;
    },
  };
}

/** `# retry-lens: ignore …` comments (a `#` outside quotes starts a comment in both formats). */
export function hashSuppressions(facts: FileFacts, text: string): void {
  if (!text.includes("retry-lens:")) return;
  text.split("\n").forEach((line, i) => {
    const at = line.indexOf("#");
    if (at < 0) return;
    const s = parseSuppression(line.slice(at), i + 1);
    if (s) facts.suppressions.push(s);
  });
}

/** "http://orders:8080/api" / "orders.shop:80" / "10.0.0.1:80" → the host. */
export function hostOf(target: string): string {
  return target.replace(/^[a-z]+:\/\//i, "").replace(/\/.*$/, "").replace(/:\d+$/, "");
}
