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
  return pathToFileURL(path.join(ctx.root, file)).toString();
}

/**
 * A finding's range: from the anchor's column to the end of its first line (a decorator or a
 * YAML block can span many lines; underlining all of it hides the code).
 */
export function toRange(ctx: FolderContext, file: string, span: SourceSpan): Range {
  const line = Math.max(0, span.line - 1);
  const text = ctx.text(file);
  const lineText = text?.split("\n", span.line)[line]?.replace(/\r$/, "") ?? "";
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
