/**
 * Hover on a retry layer (or on a call that goes through layers): what the layer does in numbers,
 * where each number came from, the worst paths it is on, and links to the rules that fire.
 * Built as a small document, then rendered as markdown or as plain text for clients that do not
 * take markdown (eglot without markdown-mode asks for plaintext).
 */
import { isSaturated, productOf, productText } from "../../model/product";
import type { AnalysisResult } from "../../engine/analyze";
import { attemptsText, chainText, layerName } from "../../model/format";
import type { CallPath, Hop, RetryLayer } from "../../model/model";
import { RULES_BY_CODE } from "../../rules/registry";
import { ruleDocUrl } from "../../rules/types";

const MAX_PATHS_SHOWN = 3;

/** Inline text: plain runs, strong runs and links, escaped only when rendered as markdown. */
type Inline = string | { strong: string } | { link: string; url: string };

interface Section {
  heading?: Inline[];
  rows?: Array<[string, Inline[]]>;
  bullets?: Inline[][];
  paragraph?: Inline[];
}

export type HoverFormat = "markdown" | "plaintext";

/** Hover text for the thing at `line` (1-based) in `file`, or null when nothing retries there. */
export function hoverContent(result: AnalysisResult, file: string, line: number, format: HoverFormat): string | null {
  const { model } = result;
  const layers = model.layers.filter((l) => l.file === file && l.anchor.line <= line && line <= Math.max(l.anchor.line, l.anchor.endLine));
  let doc: Section[] | null = null;
  if (layers.length) doc = layers.flatMap((l, i) => [...(i > 0 ? [{ paragraph: ["—"] }] : []), ...layerDoc(result, l)]);
  else {
    const hops = model.hops.filter((h) => h.calls.some((c) => c.file === file && c.span.line <= line && line <= c.span.endLine));
    if (hops.length) doc = callDoc(result, hops);
  }
  if (!doc || doc.length === 0) return null;
  return format === "markdown" ? renderMarkdown(doc) : renderPlain(doc);
}

function layerDoc(result: AnalysisResult, l: RetryLayer): Section[] {
  const { model } = result;
  const source = l.attemptsSource === "default" ? "the library's default" : "configured";
  const rows: Array<[string, Inline[]]> = [
    ["attempts", [{ strong: l.maxAttempts === null ? "unbounded" : String(l.maxAttempts) }, ` — ${l.attemptsNote} (${source})`]],
    ["wait", [l.wait.description]],
    ["retries on", [l.condition.description]],
    [
      "re-sends a request the server may have seen",
      [l.condition.afterSendMethods === "all" ? "for every method" : l.condition.afterSendMethods.length ? `for ${l.condition.afterSendMethods.join(", ")}` : "never (only failures before sending)"],
    ],
    ["retry budget", [l.budget ?? "none"]],
  ];
  if (l.timeBound) rows.push(["time bound", [l.timeBound]]);
  if (l.perTryTimeoutSeconds !== null) rows.push(["per-try timeout", [`${l.perTryTimeoutSeconds} s`]]);
  if (l.overallTimeoutSeconds !== null) rows.push(["overall timeout", [`${l.overallTimeoutSeconds} s`]]);
  if (l.targets.length) rows.push(["retries calls to", [l.targets.join(", ")]]);
  const status = l.disabled
    ? " — retries off (1 attempt)"
    : l.offPath
      ? ` — off any request path (${l.offPath})`
      : l.implicit
        ? " — implicit default, nobody configured it"
        : "";
  const what = l.kind === l.library ? l.library : `${l.library} ${l.kind}`;
  const sections: Section[] = [{ heading: [{ strong: `⟳ ${layerName(l)}` }, ` · ${what} · ${attemptsText(l.maxAttempts)}${status}`] }, { rows }];
  const paths = model.paths.filter((p) => p.layers.includes(l.id));
  if (paths.length) {
    sections.push({ paragraph: [{ strong: `Worst ${paths.length === 1 ? "path" : "paths"} through this layer` }] });
    const bullets = paths.slice(0, MAX_PATHS_SHOWN).map((p) => pathInline(result, p, l.id));
    if (paths.length > MAX_PATHS_SHOWN) bullets.push([`… ${paths.length - MAX_PATHS_SHOWN} more in the Retry Layers view`]);
    sections.push({ bullets });
  } else if (!l.disabled && !l.offPath) {
    sections.push({ paragraph: ["No linked call path goes through this layer yet."] });
  }
  const rules = [...new Set(result.findings.filter((f) => f.layerId === l.id).map((f) => f.rule))];
  if (rules.length) {
    const links: Inline[] = [{ strong: "Findings:" }, " "];
    rules.forEach((code, i) => {
      if (i > 0) links.push(" · ");
      links.push(ruleLink(code));
    });
    sections.push({ paragraph: links });
  }
  return sections;
}

function callDoc(result: AnalysisResult, hops: Hop[]): Section[] {
  const { model } = result;
  const sections: Section[] = [];
  for (const hop of hops) {
    const active = hop.layerIds.map((id) => model.layerById.get(id)!).filter((l) => l && !l.disabled && !l.offPath);
    if (!active.length) continue;
    const product = productOf(active.map((l) => l.maxAttempts));
    sections.push({
      heading: [{ strong: `⟳ this call to ${hop.callee} goes through ${active.length} retry ${active.length === 1 ? "layer" : "layers"}: ${product === null ? "unbounded" : isSaturated(product) ? "at least 10⁶" : product} attempts` }],
    });
    sections.push({ paragraph: [chainText(model, { layers: active.map((l) => l.id) })] });
    const worst = model.paths.find((p) => p.hops.some((i) => model.hops[i] === hop));
    if (worst && worst.layers.length > active.length) sections.push({ paragraph: ["Worst path: ", ...pathInline(result, worst, null)] });
  }
  return sections;
}

function pathInline(result: AnalysisResult, p: CallPath, highlight: string | null): Inline[] {
  const out: Inline[] = [{ strong: productText(p.product) }, ` → ${p.target}${p.budgeted ? " (budgeted)" : ""}: `];
  p.layers.forEach((id, i) => {
    const x = result.model.layerById.get(id)!;
    const text = `${layerName(x)} ${attemptsText(x.maxAttempts)}`;
    if (i > 0) out.push(" → ");
    out.push(x.id === highlight ? { strong: text } : text);
  });
  out.push(` (from ${p.services[0] ?? "?"})`);
  return out;
}

function ruleLink(code: string): Inline {
  const meta = RULES_BY_CODE.get(code)?.meta;
  return meta ? { link: `${code} ${meta.name}`, url: ruleDocUrl(meta) } : code;
}

/** Markdown-escape user text (labels, notes) so `_` and `*` in names do not format. */
function escape(s: string): string {
  return s.replace(/([\\`*_[\]|<>])/g, "\\$1");
}

function md(inline: Inline[]): string {
  return inline
    .map((x) => (typeof x === "string" ? escape(x) : "strong" in x ? `**${escape(x.strong)}**` : `[${escape(x.link)}](${x.url})`))
    .join("");
}

function plain(inline: Inline[]): string {
  return inline.map((x) => (typeof x === "string" ? x : "strong" in x ? x.strong : `${x.link} <${x.url}>`)).join("");
}

function renderMarkdown(doc: Section[]): string {
  const out: string[] = [];
  for (const s of doc) {
    if (s.heading) out.push(md(s.heading));
    if (s.rows) out.push(["| | |", "|---|---|", ...s.rows.map(([k, v]) => `| ${escape(k)} | ${md(v)} |`)].join("\n"));
    if (s.bullets) out.push(s.bullets.map((b) => `- ${md(b)}`).join("\n"));
    if (s.paragraph) out.push(s.paragraph.length === 1 && s.paragraph[0] === "—" ? "---" : md(s.paragraph));
  }
  return out.join("\n\n");
}

function renderPlain(doc: Section[]): string {
  const out: string[] = [];
  for (const s of doc) {
    if (s.heading) out.push(plain(s.heading));
    if (s.rows) out.push(s.rows.map(([k, v]) => `${k}: ${plain(v)}`).join("\n"));
    if (s.bullets) out.push(s.bullets.map((b) => `- ${plain(b)}`).join("\n"));
    if (s.paragraph) out.push(plain(s.paragraph));
  }
  return out.join("\n\n");
}
