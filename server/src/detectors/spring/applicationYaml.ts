/**
 * Spring Boot `application*.yml` / `bootstrap*.yml`: every document flattened to Spring's
 * property names (`resilience4j.retry.instances.inventory.max-attempts`, lists as
 * `spring.cloud.gateway.routes[0].uri`), with the profile the document applies to: the file's
 * (`application-prod.yml`) or the document's own `spring.config.activate.on-profile` / legacy
 * `spring.profiles`. Then settings.ts makes the facts (configEntries, service, gateway routes).
 *
 * Runs once per file from the YAML detector list (on the first document, reading them all):
 * a document's facts may depend on another document (the application name, placeholders).
 */
import { isMap, isScalar, isSeq } from "yaml";
import type { SourceSpan } from "../../model/facts";
import { keyName, keySpan, mapPairs, nodeSpan, resolve, type Node, type YamlDocument } from "../../parsing/yaml";
import type { YamlDetectorContext } from "../yaml/context";
import { documentProfile } from "./properties";
import { detectCloudStream } from "./cloudStream";
import { addSpringFacts } from "./springFacts";
import { isSpringConfigFile, MAX_SETTINGS, profileOfFile, type SettingEntry, type SettingsDocument } from "./settings";

export function detectSpringApplicationYaml(ctx: YamlDetectorContext, d: YamlDocument): void {
  if (d !== ctx.file.documents[0]) return;
  const springFile = isSpringConfigFile(ctx.path);
  // a Spring Cloud Config repository's `<application>.yml`: only its Stream consumer retries are read
  // (the file configures a service elsewhere; its settings are not the folder's own)
  if (!springFile && !(/\bspring\b/.test(ctx.file.text) && /\bstream\s*[:.]/.test(ctx.file.text))) return;
  const fileProfile = springFile ? profileOfFile(ctx.path) : null;
  const documents: SettingsDocument[] = [];
  let budget = MAX_SETTINGS;
  for (const doc of ctx.file.documents) {
    const entries: SettingEntry[] = [];
    try {
      budget = flatten(ctx, doc, entries, budget);
    } catch (err) {
      const line = doc.root ? nodeSpan(ctx.file, doc.root).line : 1;
      ctx.facts.problems.push({ line, message: `Spring settings of document ${doc.index + 1} could not be read: ${err instanceof Error ? err.message : String(err)}` });
    }
    documents.push({ entries, profile: documentProfile(entries) ?? fileProfile });
    if (budget <= 0) {
      ctx.facts.problems.push({ line: entries[entries.length - 1]?.span.line ?? 1, message: `more than ${MAX_SETTINGS} settings: the rest of the file is not read` });
      break;
    }
  }
  if (springFile) addSpringFacts(ctx.facts, ctx.path, documents);
  else detectCloudStream(ctx.facts, documents);
}

/**
 * Depth-first, in source order, with an explicit stack (no recursion limit) and a budget of
 * entries, so a "billion laughs" of aliases stops early. Returns the budget left.
 */
export function flatten(ctx: Pick<YamlDetectorContext, "file">, d: YamlDocument, out: SettingEntry[], budget: number): number {
  const stack: Array<{ node: unknown; key: string; span: SourceSpan; depth: number }> = [];
  if (d.root) stack.push({ node: d.root, key: "", span: nodeSpan(ctx.file, d.root), depth: 0 });
  while (stack.length > 0 && budget > 0) {
    const { node, key, span, depth } = stack.pop()!;
    const n = resolve(d, node);
    if (depth > 64) continue;
    if (n && isMap(n)) {
      const children = mapPairs(d, n)
        .map((p) => ({ p, name: keyName(d, p) }))
        .filter((c): c is { p: typeof c.p; name: string } => c.name !== null)
        .map(({ p, name }) => ({ node: p.value, key: key ? `${key}.${name}` : name, span: keySpan(ctx.file, p), depth: depth + 1 }));
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    } else if (n && isSeq(n)) {
      for (let i = n.items.length - 1; i >= 0; i--) {
        const item = n.items[i] as Node | null;
        stack.push({ node: item, key: `${key}[${i}]`, span: item ? nodeSpan(ctx.file, item) : span, depth: depth + 1 });
      }
    } else if (key !== "") {
      out.push({ key, value: scalarText(n), span });
      budget--;
    }
  }
  return budget;
}

/** The value as written: strings as parsed, numbers/booleans in their source spelling (`1.0`, `0x10`), null as "". */
function scalarText(n: Node | null): string {
  if (!n || !isScalar(n) || n.value === null || n.value === undefined) return "";
  if (typeof n.value === "string") return n.value;
  return n.source ?? String(n.value);
}
