/**
 * Helm charts: templates are rendered statically (helmRender.ts) before the YAML detectors run,
 * and a chart's `values.yaml` is recorded so the linker can fill in templated counts
 * (engine/helmValues.ts). The issue's rule: "A layer whose count cannot be known statically
 * (templated, computed) is reported with maxAttempts: null and says why" — so after the detectors:
 * - a layer whose count came from a numeric placeholder, or whose block (anchor key and the lines
 *   indented under it) holds a templated count or injected content, gets `maxAttempts: null`,
 *   `countUnknown: true` and the note `templated: {{ .Values.retries }}`; when the count is a
 *   plain `.Values.a.b` (optionally `| default N`, `| quote`, `| int`) it also gets `helmValue`
 *   for the linker;
 * - placeholders never survive as numbers (timeouts, back-off, statuses read from one are
 *   dropped) and are shown as the action they replaced in every text.
 * A layer inside `{{ if … }}` says so. Template syntax never throws: an unterminated action is
 * left as text, and the YAML parser reports what it cannot read.
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import { isMap, isScalar, isSeq } from "yaml";
import type { Node, YamlFile } from "../../parsing/yaml";
import { JINJA_TEMPLATE } from "../../model/languages";
import { SENTINEL_BASE, SENTINEL_STRIDE, WORD_SENTINEL, type RenderedTemplate } from "./helmRender";

/** `<chart>/templates/…/*.yaml` holding template actions. */
export function isHelmTemplate(path: string, text: string): boolean {
  return chartOfTemplate(path) !== null && text.includes("{{");
}

/** `<chart>/templates/_name.yaml`: a file of named templates, rendered only where a manifest uses them. */
export function isHelmPartial(path: string): boolean {
  return chartOfTemplate(path) !== null && path.slice(path.lastIndexOf("/") + 1).startsWith("_");
}

export function chartOfTemplate(path: string): string | null {
  // an Ansible role's `templates/*.yml.j2` is Jinja, no chart (index.ts masks it as Jinja)
  if (JINJA_TEMPLATE.test(path)) return null;
  const parts = path.split("/");
  const i = parts.lastIndexOf("templates");
  return i >= 0 && i < parts.length - 1 ? parts.slice(0, i).join("/") : null;
}

export function isHelmValues(path: string): boolean {
  return /(^|\/)values\.ya?ml$/.test(path);
}

/** values.yaml → dotted scalar entries (`kong.retries` → "3"), for engine/helmValues.ts. */
export function recordHelmValues(facts: FileFacts, file: YamlFile): void {
  const doc = file.documents[0];
  if (!doc?.root || !isMap(doc.root)) return;
  const entries: Record<string, { value: string; line: number }> = {};
  let count = 0;
  const walk = (node: Node | null, prefix: string, depth: number) => {
    if (!node || depth > 12 || count > 5000 || !isMap(node)) return;
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : null;
      if (key === null) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      const value = pair.value as Node | null;
      if (isScalar(value) && value.value !== null && typeof value.value !== "object") {
        const line = value.range ? file.lineCounter.linePos(value.range[0]).line : 1;
        entries[path] = { value: String(value.value), line };
        count++;
      } else if (!isSeq(value)) walk(value, path, depth + 1);
    }
  };
  walk(doc.root as Node, "", 0);
  const slash = facts.path.lastIndexOf("/");
  facts.helmValues = { chartDir: slash < 0 ? "" : facts.path.slice(0, slash), entries };
}

/** After the detectors ran on the rendered text: see the file comment. */
export function markTemplatedLayers(facts: FileFacts, rendered: RenderedTemplate): void {
  const chartDir = chartOfTemplate(facts.path) ?? "";
  const renderedLines = rendered.text.split("\n");
  for (const layer of facts.layers) {
    const decoded = decode(layer.maxAttempts, rendered);
    const block = blockLines(layer, renderedLines, rendered);
    const templatedLine = block.map((l) => rendered.lines.get(l)).find((i) => i && i.kind !== "other");
    if (decoded || templatedLine) {
      const expression = decoded ? rendered.expressions[decoded.k]! : templatedLine!.expression;
      layer.maxAttempts = null;
      layer.countUnknown = true;
      layer.attemptsSource = "config";
      layer.attemptsNote = `templated: ${expression}`;
      const ref = decoded ? valuesRef(expression) : null;
      if (ref && decoded) layer.helmValue = { chartDir, key: ref.key, offset: decoded.offset, fallback: ref.fallback, expression };
    }
    const conditions = rendered.conditions.get(layer.anchor.line);
    if (conditions?.length) layer.attemptsNote += ` (only when ${conditions.join(" and ")})`;
    scrubNumbers(layer);
  }
  for (const r of facts.routes) if (r.timeoutSeconds !== null && r.timeoutSeconds >= SENTINEL_BASE / 2) r.timeoutSeconds = null;
  // placeholders shown as what they replaced, in every text of the facts
  const show = (s: string) =>
    s.replace(WORD_SENTINEL, (_, k: string) => rendered.expressions[Number(k)] ?? "{{ … }}").replace(/\b7\d{9}\b/g, (m) => {
      const k = Math.round((Number(m) - SENTINEL_BASE) / SENTINEL_STRIDE);
      return rendered.expressions[k] ?? m;
    });
  for (const key of ["layers", "routes", "workloads", "gatewayObjects", "clusters", "namespaces"] as const) {
    const list = facts[key];
    if (list) (facts as unknown as Record<string, unknown>)[key] = mapStrings(list, show);
  }
}

/** maxAttempts derived from a numeric placeholder: which one, and the step the detector added (N vs N+1). */
function decode(n: number | null, rendered: RenderedTemplate): { k: number; offset: number } | null {
  if (n === null || n < SENTINEL_BASE - 10) return null;
  const k = Math.round((n - SENTINEL_BASE) / SENTINEL_STRIDE);
  const offset = n - (SENTINEL_BASE + k * SENTINEL_STRIDE);
  return k >= 0 && k < rendered.expressions.length && Math.abs(offset) <= 3 ? { k, offset } : null;
}

/** The anchor line and the lines indented under it (blank directive lines by their own indentation). */
function blockLines(layer: LayerFact, lines: string[], rendered: RenderedTemplate): number[] {
  const out = [layer.anchor.line];
  const column = layer.anchor.column;
  for (let l = layer.anchor.line + 1; l <= lines.length; l++) {
    const text = lines[l - 1]!;
    const directive = rendered.directiveIndent.get(l);
    if (text.trim() === "") {
      if (directive !== undefined && directive <= column) break;
      out.push(l);
      continue;
    }
    if (text.length - text.trimStart().length <= column && !text.trimStart().startsWith("#")) break;
    out.push(l);
  }
  return out;
}

/** `{{ .Values.a.b }}`, `{{ .Values.a.b | default 3 }}`, `{{ default 3 .Values.a.b }}`, with quote/int: key and default. */
export function valuesRef(expression: string): { key: string; fallback: number | null } | null {
  const inner = expression.slice(2, -2).replace(/^-\s*/, "").replace(/\s*-$/, "").trim();
  const stages = inner.split("|").map((s) => s.trim().split(/\s+/));
  let key: string | null = null;
  let fallback: number | null = null;
  for (const [i, words] of stages.entries()) {
    const valuesWord = words.find((w) => /^\$?\.Values\.[\w.-]+$/.test(w));
    if (i === 0 && valuesWord && (words.length === 1 || (words[0] === "default" && words.length === 3))) {
      key = valuesWord.replace(/^\$?\.Values\./, "");
      if (words[0] === "default") fallback = integer(words[1]!);
      if (words[0] === "default" && fallback === null) return null;
    } else if (words[0] === "default" && words.length === 2) {
      fallback = integer(words[1]!);
      if (fallback === null) return null;
    } else if (!["quote", "squote", "int", "int64", "toString"].includes(words[0]!) || words.length !== 1) return null;
  }
  return key ? { key, fallback } : null;
}

function integer(word: string): number | null {
  const w = word.replace(/^["']|["']$/g, "");
  return /^\d+$/.test(w) ? Number(w) : null;
}

function scrubNumbers(layer: LayerFact): void {
  const big = (x: number | null) => x !== null && x >= SENTINEL_BASE / 2;
  if (big(layer.perTryTimeoutSeconds)) layer.perTryTimeoutSeconds = null;
  if (big(layer.overallTimeoutSeconds)) layer.overallTimeoutSeconds = null;
  if (big(layer.wait.initialSeconds) || big(layer.wait.maxSeconds)) layer.wait = { ...layer.wait, initialSeconds: big(layer.wait.initialSeconds) ? null : layer.wait.initialSeconds, maxSeconds: big(layer.wait.maxSeconds) ? null : layer.wait.maxSeconds };
  if (layer.condition.statuses.some((s) => big(s))) layer.condition = { ...layer.condition, statuses: layer.condition.statuses.filter((s) => !big(s)) };
}

function mapStrings<T>(value: T, f: (s: string) => string): T {
  if (typeof value === "string") return f(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, f);
    return out as T;
  }
  return value;
}
