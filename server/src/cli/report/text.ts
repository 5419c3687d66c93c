/**
 * The readable report: the worst paths as a table, findings grouped by file, a one-line summary.
 * ANSI colours only when asked (the caller decides: a TTY, NO_COLOR unset, no --no-color).
 */
import type { Severity } from "../../model/model";
import {
  allProblems,
  attemptsText,
  chainText,
  countBySeverity,
  layerName,
  plural,
  productText,
  SEVERITIES,
  sortFindings,
  sortLayers,
  sortPathsWorstFirst,
  worstProduct,
  type ReportInput,
} from "./common";

export interface TextOptions {
  color: boolean;
  /** show at most this many paths; 0 = all */
  top: number;
  verbose: boolean;
}

const ANSI = {
  reset: "\u001b[0m",
  bold: "\u001b[1m",
  dim: "\u001b[2m",
  red: "\u001b[31m",
  yellow: "\u001b[33m",
  blue: "\u001b[34m",
  cyan: "\u001b[36m",
  green: "\u001b[32m",
} as const;

type Style = keyof typeof ANSI;

export function renderText(input: ReportInput, options: TextOptions): string {
  const paint = (text: string, ...styles: Style[]) =>
    options.color && styles.length ? styles.map((s) => ANSI[s]).join("") + text + ANSI.reset : text;
  const { model, findings } = input.result;
  const threshold = model.settings.threshold;
  const out: string[] = [];

  // --- worst paths ---
  const paths = sortPathsWorstFirst(model.paths);
  // paths through alternative manifests of one deployment (three ServiceProfiles for one host)
  // read the same in a table: one row each, with how many variants it stands for
  const rowsOf = new Map<string, { path: (typeof paths)[number]; cells: string[]; variants: number }>();
  for (const p of paths) {
    const cells = [productText(p.product) + (p.budgeted ? " (budgeted)" : ""), chainText(p, model), p.target, p.services[0] ?? "—"];
    const key = cells.join("\u0000");
    const row = rowsOf.get(key);
    if (row) row.variants++;
    else rowsOf.set(key, { path: p, cells, variants: 1 });
  }
  const distinct = [...rowsOf.values()];
  const shown = options.top > 0 ? distinct.slice(0, options.top) : distinct;
  if (paths.length === 0) {
    out.push(paint("No retry paths: no retrying layer multiplies another.", "green"));
  } else {
    const variants = distinct.length < paths.length ? `; ${paths.length} counting deployment variants` : "";
    const title =
      shown.length < distinct.length ? `Worst retry paths (top ${shown.length} of ${distinct.length}${variants})` : `Retry paths (${distinct.length}${variants})`;
    out.push(paint(title, "bold"));
    const header = ["#", "product", "chain", "target", "entry"];
    const rows = shown.map((r, i) => [
      String(i + 1),
      r.cells[0]!,
      r.variants > 1 ? `${r.cells[1]}  (${r.variants} variants)` : r.cells[1]!,
      r.cells[2]!,
      r.cells[3]!,
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => [...r[c]].length)));
    const line = (cells: string[], styleOf: (c: number) => Style[]) =>
      "  " +
      cells
        .map((cell, c) => {
          const padded = c === cells.length - 1 ? cell : cell + " ".repeat(widths[c] - [...cell].length);
          return paint(padded, ...styleOf(c));
        })
        .join("  ")
        .trimEnd();
    out.push(line(header, () => ["dim"]));
    rows.forEach((row, i) => {
      const product = shown[i]!.path.product;
      const hot = product === null || product > threshold;
      out.push(line(row, (c) => (c === 1 ? (hot ? ["bold", "red"] : ["yellow"]) : [])));
    });
  }

  // --- layers (verbose) ---
  if (options.verbose && model.layers.length > 0) {
    out.push("", paint(`Retry layers (${model.layers.length})`, "bold"));
    for (const l of sortLayers(model.layers)) {
      const flags = [l.disabled ? "disabled" : null, l.implicit ? "implicit" : null, l.offPath ? `off-path: ${l.offPath}` : null, l.budget ? `budget: ${l.budget}` : null].filter(Boolean);
      out.push(
        `  ${l.file}:${l.anchor.line}  ${l.kind}  ${layerName(l)} ${attemptsText(l.maxAttempts)}` +
          (l.attemptsNote ? paint(`  (${l.attemptsNote})`, "dim") : "") +
          (l.service ? `  service ${l.service}` : "") +
          (flags.length ? `  [${flags.join(", ")}]` : ""),
      );
    }
  }

  // --- findings by file ---
  const sorted = sortFindings(findings);
  out.push("");
  if (sorted.length === 0) {
    out.push(paint("No findings.", "green"));
  } else {
    out.push(paint(`Findings (${sorted.length})`, "bold"));
    const severityStyle: Record<Severity, Style[]> = {
      error: ["red", "bold"],
      warning: ["yellow"],
      info: ["blue"],
      hint: ["dim"],
    };
    const sevWidth = Math.max(...sorted.map((f) => f.severity.length));
    const ruleWidth = Math.max(...sorted.map((f) => f.rule.length));
    let currentFile: string | null = null;
    for (const f of sorted) {
      if (f.file !== currentFile) {
        if (currentFile !== null) out.push("");
        out.push(paint(f.file, "bold"));
        currentFile = f.file;
      }
      const where = `${f.file}:${f.span.line}`;
      const [first, ...rest] = f.message.split("\n");
      out.push(
        `  ${paint(where, "cyan")}  ${paint(f.rule.padEnd(ruleWidth), "dim")} ${paint(f.severity.padEnd(sevWidth), ...severityStyle[f.severity])}  ${first}`,
      );
      for (const more of rest) out.push(`      ${more}`);
      if (options.verbose) {
        for (const r of f.related) out.push(paint(`      ↳ ${r.file}:${r.span.line}  ${r.message}`, "dim"));
      }
    }
  }

  // --- problems (verbose) ---
  const problems = allProblems(input);
  if (options.verbose && problems.length > 0) {
    out.push("", paint(`Problems (${problems.length})`, "bold"));
    for (const p of problems) out.push(`  ${p.file}${p.line ? `:${p.line}` : ""}  ${p.message}`);
  }

  // --- summary ---
  const counts = countBySeverity(findings);
  const bySeverity = SEVERITIES.filter((s) => counts[s] > 0).map((s) => plural(counts[s], s === "info" ? "info" : s, s === "info" ? "info" : `${s}s`));
  const worst = worstProduct(model.paths);
  const parts = [
    plural(model.layers.length, "layer"),
    plural(paths.length, "path"),
    `worst ${paths.length === 0 ? "—" : productText(worst)}`,
    plural(findings.length, "finding") + (bySeverity.length ? ` (${bySeverity.join(", ")})` : ""),
    plural(input.files, "file") + " analysed",
  ];
  if (input.skipped.length > 0) parts.push(`${plural(input.skipped.length, "file")} skipped${options.verbose ? "" : " (--verbose for details)"}`);
  if (problems.length > 0 && !options.verbose) parts.push(`${plural(problems.length, "problem")} (--verbose for details)`);
  out.push("", paint(parts.join(", "), "bold"));
  return `${out.join("\n")}\n`;
}
