/**
 * The one place that turns engine data into LSP data (rust-analyzer's `to_proto`): ranges,
 * diagnostics, locations. Engine lines are 1-based, LSP lines 0-based.
 */
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import {
  DiagnosticSeverity,
  type Diagnostic,
  type Location,
  type Range,
} from "vscode-languageserver/node";
import type { SourceSpan } from "../model/facts";
import type { Finding, Severity } from "../model/model";
import { RULES_BY_CODE } from "../rules/registry";
import { ruleDocUrl } from "../rules/types";

export interface FolderContext {
  /** absolute folder path */
  root: string;
  /** text of a workspace-relative file, for line lengths */
  text(file: string): string | undefined;
}

export function fileUri(ctx: FolderContext, file: string): string {
  const abs = path.join(ctx.root, file);
  let uri = uris.get(abs);
  if (uri === undefined) {
    if (uris.size >= MAX_CACHED) uris.clear();
    uris.set(abs, (uri = pathToFileURL(abs).toString()));
  }
  return uri;
}

// Every publish converts every finding, each with the locations of all its path's layers: the
// URIs and line starts of the same few files, again and again. Both are remembered (line starts
// per file text; bounded, started over when full).
const MAX_CACHED = 10_000;
const uris = new Map<string, string>();
const lineStarts = new Map<string, { text: string; starts: number[] }>();

/** The text of 0-based line `n` (without its line break), "" past the end. */
function lineTextOf(ctx: FolderContext, file: string, text: string, n: number): string {
  const key = `${ctx.root}\u0000${file}`;
  let cached = lineStarts.get(key);
  if (!cached || cached.text !== text) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    if (lineStarts.size >= MAX_CACHED) lineStarts.clear();
    lineStarts.set(key, (cached = { text, starts }));
  }
  const start = cached.starts[n];
  if (start === undefined) return "";
  const next = cached.starts[n + 1];
  return text.slice(start, next === undefined ? text.length : next - 1).replace(/\r$/, "");
}

/**
 * A finding's range: from the anchor's column to the end of its first line (a decorator or a
 * YAML block can span many lines; underlining all of it hides the code).
 */
export function toRange(ctx: FolderContext, file: string, span: SourceSpan): Range {
  const line = Math.max(0, span.line - 1);
  const text = ctx.text(file);
  const lineText = text === undefined || span.line < 1 ? "" : lineTextOf(ctx, file, text, line);
  const endCharacter = span.endLine === span.line ? span.endColumn : lineText.length;
  const start = Math.min(span.column, lineText.length || span.column);
  return { start: { line, character: start }, end: { line, character: Math.max(start, endCharacter || lineText.length) } };
}

export function toLocation(ctx: FolderContext, file: string, span: SourceSpan): Location {
  return { uri: fileUri(ctx, file), range: toRange(ctx, file, span) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What code actions read back from a diagnostic (never the message text). */
export interface DiagnosticData {
  rule: string;
  layerId: string | null;
}

/**
 * A finding as a diagnostic. Clients that cannot show related locations get them written into
 * the message instead, so the other layers of a path are never lost.
 */
export function toDiagnostic(ctx: FolderContext, f: Finding, client: { relatedInformation: boolean } = { relatedInformation: true }): Diagnostic {
  const meta = RULES_BY_CODE.get(f.rule)?.meta;
  const data: DiagnosticData = { rule: f.rule, layerId: f.layerId };
  const related = f.related.map((r) => ({ location: toLocation(ctx, r.file, r.span), message: r.message }));
  const message =
    client.relatedInformation || f.related.length === 0 ? f.message : `${f.message} [see ${f.related.map((r) => `${r.file}:${r.span.line}`).join(", ")}]`;
  return {
    range: toRange(ctx, f.file, f.span),
    severity: SEVERITY[f.severity],
    code: f.rule,
    ...(meta ? { codeDescription: { href: ruleDocUrl(meta) } } : {}),
    source: "retry-lens",
    message,
    ...(client.relatedInformation ? { relatedInformation: related } : {}),
    data,
  };
}
