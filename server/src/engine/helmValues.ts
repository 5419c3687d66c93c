/**
 * Templated counts in Helm charts (detectors/yaml/helm.ts) filled in from the chart's
 * values.yaml: `retries: {{ .Values.kong.retries | default 5 }}` with `kong: {retries: 2}` in
 * `<chart>/values.yaml` → the detector's own step (retries → attempts: +1, totals: +0) → 3.
 * Only whole numbers ≥ 1 are applied: 0 means different things per product (off, "no limit",
 * coerced to 1: reference §4.8, §4.12, §4.15), so a 0, a missing key without a default, or a
 * non-number keeps `maxAttempts: null` with the note saying why. Works on the linker's copies of
 * the layers (never the cached facts).
 */
import { chartOfTemplate, valuesRef } from "../detectors/yaml/helm";
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";

export function applyHelmValues(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  const charts = new Map<string, { path: string; entries: Record<string, { value: string; line: number }> }>();
  for (const f of files) if (f.helmValues) charts.set(f.helmValues.chartDir, { path: f.path, entries: f.helmValues.entries });
  for (const f of files) {
    for (const l of f.layers) {
      const ref = l.helmValue;
      const layer = ref ? layers.get(`${f.path}#${l.localId}`) : undefined;
      if (!ref || !layer) continue;
      const chart = charts.get(ref.chartDir);
      const entry = chart?.entries[ref.key];
      const written = entry !== undefined ? (/^\s*\d+\s*$/.test(entry.value) ? Number(entry.value) : null) : ref.fallback;
      const where = entry !== undefined ? `${ref.key}: ${entry.value} in ${chart!.path}:${entry.line}` : ref.fallback !== null ? `${ref.key} unset in values.yaml, default ${ref.fallback}` : null;
      if (written === null || written < 1) {
        layer.attemptsNote = `${l.attemptsNote}; ${where ?? `${ref.key} not in ${ref.chartDir ? `${ref.chartDir}/` : ""}values.yaml`}`;
        continue;
      }
      const attempts = written + ref.offset;
      layer.maxAttempts = attempts;
      layer.countUnknown = false;
      layer.disabled = attempts === 1;
      const when = / \(only when .*\)$/.exec(l.attemptsNote)?.[0] ?? "";
      layer.attemptsNote = `${ref.expression} with ${where} → ${attempts} attempts${ref.offset === 1 ? " (N retries → N+1)" : " (a total)"}${when}`;
    }
  }
}

type ChartValues = Record<string, { value: string; line: number }>;

/** chart folder → its values.yaml entries */
export function chartValues(files: FileFacts[]): Map<string, ChartValues> {
  const charts = new Map<string, ChartValues>();
  for (const f of files) if (f.helmValues) charts.set(f.helmValues.chartDir, f.helmValues.entries);
  return charts;
}

/**
 * A name written in a chart template (`{{ .Values.backend.name }}-api`) with its values filled in,
 * or unchanged when the file is not a template or an action cannot be resolved statically
 * (`{{ include "shop.fullname" . }}`, `{{ .Release.Name }}`).
 */
export function withChartValues(text: string, path: string, charts: Map<string, ChartValues>): string {
  if (!text.includes("{{")) return text;
  const chart = chartOfTemplate(path);
  const entries = chart !== null ? charts.get(chart) : undefined;
  if (!entries) return text;
  let unresolved = false;
  const out = text.replace(/\{\{[^{}]*\}\}/g, (action) => {
    const ref = valuesRef(action);
    const value = ref ? (entries[ref.key]?.value ?? (ref.fallback !== null ? String(ref.fallback) : undefined)) : printfValue(action, entries);
    if (value === undefined) unresolved = true;
    return value ?? action;
  });
  return unresolved ? text : out;
}

/**
 * `{{ printf "%s/go-srv-a:%s" .Values.image.repository .Values.image.tag.a }}`: the format with its
 * verbs (`%s`, `%v`, `%d`) filled from values and string literals in order; undefined when an
 * argument is anything else or has no value.
 */
function printfValue(action: string, entries: ChartValues): string | undefined {
  const words = templateWords(action.slice(2, -2).replace(/^-\s*/, "").replace(/\s*-$/, "").trim());
  if (!words || words[0] !== "printf" || words.length < 2 || !words[1]!.startsWith('"')) return undefined;
  const args: string[] = [];
  for (const w of words.slice(2)) {
    if (w.startsWith('"')) args.push(w.slice(1, -1));
    else if (/^\$?\.Values\.[\w.-]+$/.test(w)) {
      const v = entries[w.replace(/^\$?\.Values\./, "")]?.value;
      if (v === undefined) return undefined;
      args.push(v);
    } else return undefined;
  }
  let i = 0;
  let missing = false;
  const out = words[1]!.slice(1, -1).replace(/%[svd%]/g, (verb) => {
    if (verb === "%%") return "%";
    if (i >= args.length) missing = true;
    return args[i++] ?? "";
  });
  return missing || i !== args.length ? undefined : out;
}

/** A template action's words: bare words and double-quoted strings (with their quotes); null on a pipe or parenthesis. */
function templateWords(inner: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < inner.length) {
    const c = inner[i]!;
    if (c === " " || c === "\t") i++;
    else if (c === '"') {
      let j = i + 1;
      while (j < inner.length && inner[j] !== '"') j += inner[j] === "\\" ? 2 : 1;
      if (j >= inner.length) return null;
      out.push(inner.slice(i, j + 1));
      i = j + 1;
    } else if (c === "|" || c === "(" || c === ")") return null;
    else {
      let j = i;
      while (j < inner.length && !" \t|()\"".includes(inner[j]!)) j++;
      out.push(inner.slice(i, j));
      i = j;
    }
  }
  return out;
}

