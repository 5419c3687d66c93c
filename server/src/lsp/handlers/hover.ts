/**
 * Hover on a retry layer (or on a call that goes through layers): what the layer does in numbers,
 * where each number came from, the worst paths it is on, and links to the rules that fire.
 */
import type { AnalysisResult } from "../../engine/analyze";
import { attemptsText, chainText, layerName } from "../../model/format";
import type { CallPath, Hop, RetryLayer } from "../../model/model";
import { RULES_BY_CODE } from "../../rules/registry";
import { ruleDocUrl } from "../../rules/types";

const MAX_PATHS_SHOWN = 3;

/** Markdown for the thing at `line` (1-based) in `file`, or null when nothing retries there. */
export function hoverMarkdown(result: AnalysisResult, file: string, line: number): string | null {
  const { model } = result;
  const layers = model.layers.filter((l) => l.file === file && l.anchor.line <= line && line <= Math.max(l.anchor.line, l.anchor.endLine));
  if (layers.length) return layers.map((l) => layerMarkdown(result, l)).join("\n\n---\n\n");
  const hops = model.hops.filter((h) => h.calls.some((c) => c.file === file && c.span.line <= line && line <= c.span.endLine));
  if (hops.length) return callMarkdown(result, hops);
  return null;
}

function layerMarkdown(result: AnalysisResult, l: RetryLayer): string {
  const { model } = result;
  const source = l.attemptsSource === "default" ? "the library's default" : "configured";
  const rows: Array<[string, string]> = [
    ["attempts", `**${l.maxAttempts ?? "unbounded"}** — ${l.attemptsNote} (${source})`],
    ["wait", `${l.wait.description}${l.wait.jitter === true ? "" : l.wait.jitter === false && l.wait.kind !== "none" ? " ⚠ no jitter" : ""}`],
    ["retries on", l.condition.description],
    ["re-sends a request the server may have seen", l.condition.afterSendMethods === "all" ? "for every method" : l.condition.afterSendMethods.length ? `for ${l.condition.afterSendMethods.join(", ")}` : "never (only failures before sending)"],
    ["retry budget", l.budget ?? "none"],
  ];
  if (l.timeBound) rows.push(["time bound", l.timeBound]);
  if (l.perTryTimeoutSeconds !== null) rows.push(["per-try timeout", `${l.perTryTimeoutSeconds} s`]);
  if (l.overallTimeoutSeconds !== null) rows.push(["overall timeout", `${l.overallTimeoutSeconds} s`]);
  if (l.targets.length) rows.push(["retries calls to", l.targets.join(", ")]);
  const status = l.disabled ? " — retries off (1 attempt)" : l.implicit ? " — implicit default, nobody configured it" : "";
  const out = [
    `**⟳ ${escape(layerName(l))}** · ${l.library} ${l.kind} · ${attemptsText(l.maxAttempts)}${status}`,
    "",
    "| | |",
    "|---|---|",
    ...rows.map(([k, v]) => `| ${k} | ${escape(v)} |`),
  ];
  const paths = model.paths.filter((p) => p.layers.includes(l.id));
  if (paths.length) {
    out.push("", `**Worst ${paths.length === 1 ? "path" : "paths"} through this layer**`, "");
    for (const p of paths.slice(0, MAX_PATHS_SHOWN)) out.push(`- ${pathLine(result, p, l.id)}`);
    if (paths.length > MAX_PATHS_SHOWN) out.push(`- … ${paths.length - MAX_PATHS_SHOWN} more in the Retry Layers view`);
  } else if (!l.disabled) {
    out.push("", "_No linked call path goes through this layer yet._");
  }
  const rules = [...new Set(result.findings.filter((f) => f.layerId === l.id).map((f) => f.rule))];
  if (rules.length) {
    out.push("", `**Findings:** ${rules.map((code) => ruleLink(code)).join(" · ")}`);
  }
  return out.join("\n");
}

function callMarkdown(result: AnalysisResult, hops: Hop[]): string | null {
  const { model } = result;
  const out: string[] = [];
  for (const hop of hops) {
    const active = hop.layerIds.map((id) => model.layerById.get(id)!).filter((l) => l && !l.disabled);
    if (!active.length) continue;
    const product = active.reduce<number | null>((p, l) => (p === null || l.maxAttempts === null ? null : p * l.maxAttempts), 1);
    out.push(
      `**⟳ this call to ${escape(hop.callee)} goes through ${active.length} retry ${active.length === 1 ? "layer" : "layers"}: ${product ?? "unbounded"} attempts**`,
      "",
      escape(chainText(model, { layers: active.map((l) => l.id) })),
    );
    const worst = model.paths.find((p) => p.hops.some((i) => model.hops[i] === hop));
    if (worst && worst.layers.length > active.length) out.push("", `Worst path: ${pathLine(result, worst, null)}`);
  }
  return out.length ? out.join("\n\n") : null;
}

function pathLine(result: AnalysisResult, p: CallPath, highlight: string | null): string {
  const chain = p.layers
    .map((id) => result.model.layerById.get(id)!)
    .map((x) => {
      const text = `${escape(layerName(x))} ${attemptsText(x.maxAttempts)}`;
      return x.id === highlight ? `**${text}**` : text;
    })
    .join(" → ");
  const budget = p.budgeted ? " (budgeted)" : "";
  return `**${p.product === null ? "∞" : `${p.product}×`}** → ${escape(p.target)}${budget}: ${chain} _(from ${escape(p.services[0] ?? "?")})_`;
}

function ruleLink(code: string): string {
  const meta = RULES_BY_CODE.get(code)?.meta;
  return meta ? `[${code} ${meta.name}](${ruleDocUrl(meta)})` : code;
}

/** Markdown-escape user text (labels, notes) so `_` and `*` in names do not format. */
function escape(s: string): string {
  return s.replace(/([\\`*_[\]|<>])/g, "\\$1");
}
