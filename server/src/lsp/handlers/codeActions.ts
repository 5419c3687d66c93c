/**
 * Code actions for Retry Lens diagnostics, found by the `code`/`data` the diagnostic carries
 * (never by message text): the rule's fixes (safe ones preferred; unsafe ones say "changes
 * behaviour"), fix-all of the file's safe fixes, ignore the rule on this line, show the docs.
 * Fixes are computed on demand from the current texts.
 */
import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from "vscode-languageserver/node";
import { fixAll, fixesFor } from "../../engine/fixes";
import { editsByFile, type FileCreate, type Fix, type FixContext, type FixEdit } from "../../fixes/types";
import { sourceLanguage } from "../../model/languages";
import type { Finding } from "../../model/model";
import { SERVER_COMMANDS } from "../../protocol";
import { RULES_BY_CODE } from "../../rules/registry";
import { ruleDocUrl } from "../../rules/types";
import { fileUri, type FolderContext } from "../convert";

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.retryLens`;

/** The comment leader for a file, or null when the file has no line comments. */
export function commentLeader(file: string): string | null {
  const lang = sourceLanguage(file);
  if (lang === "python" || lang === "yaml" || lang === "toml" || lang === "proxy-config" || lang === "properties" || lang === "shell" || lang === "terraform") return "#";
  if (lang === "typescript" || lang === "csharp" || lang === "java" || lang === "kotlin" || lang === "go" || lang === "gomod") return "//";
  return null;
}

export interface ActionContext {
  folder: FolderContext;
  fixes: FixContext;
  findings: readonly Finding[];
  /** versions of open documents, for versioned edits */
  version(uri: string): number | null;
  /** the client applies documentChanges with file creation */
  documentChanges: boolean;
  /** the client resolves a code action's edit later (codeAction/resolve): compute edits only when chosen */
  lazy: boolean;
}

/** What a lazily offered fix carries so codeAction/resolve can compute it again. */
export interface LazyFixData {
  uri: string;
  file: string;
  title: string;
  /** the diagnostics it fixes, by rule and 1-based line */
  findings: Array<{ rule: string; line: number }>;
  fixAll?: boolean;
}

/** Offsets → LSP positions in a text. */
function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let last = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i + 1;
  }
  return { line, character: offset - last };
}

export function toWorkspaceEdit(ctx: ActionContext, edits: readonly FixEdit[], creates: readonly FileCreate[]): WorkspaceEdit | null {
  const perFile = new Map<string, TextEdit[]>();
  for (const [file, list] of editsByFile(edits)) {
    const text = ctx.fixes.text(file);
    if (text === undefined) return null;
    perFile.set(
      file,
      list.map((e) => ({ range: { start: positionAt(text, e.start), end: positionAt(text, e.end) }, newText: e.newText })),
    );
  }
  if (!ctx.documentChanges) {
    if (creates.length) return null; // the client cannot create the file the fix needs
    return { changes: Object.fromEntries([...perFile].map(([file, list]) => [fileUri(ctx.folder, file), list])) };
  }
  return {
    documentChanges: [
      ...creates.flatMap((c) => {
        const uri = fileUri(ctx.folder, c.file);
        return [
          { kind: "create" as const, uri, options: { overwrite: false, ignoreIfExists: true } },
          { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: c.text }] },
        ];
      }),
      ...[...perFile].map(([file, list]) => {
        const uri = fileUri(ctx.folder, file);
        return { textDocument: { uri, version: ctx.version(uri) }, edits: list };
      }),
    ],
  };
}

function findingFor(ctx: ActionContext, file: string, d: Diagnostic, rule: string): Finding | undefined {
  return ctx.findings.find((f) => f.file === file && f.rule === rule && f.span.line === d.range.start.line + 1);
}

export function codeActionsFor(uri: string, file: string, text: string, diagnostics: Diagnostic[], ctx?: ActionContext): CodeAction[] {
  const fixActions: CodeAction[] = [];
  const otherActions: CodeAction[] = [];
  const offered: Array<{ fix: Fix; diagnostic: Diagnostic }> = [];
  const lines = text.split("\n");
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (d.source !== "retry-lens") continue;
    const data = d.data as { rule?: string } | undefined;
    const code = data?.rule ?? (typeof d.code === "string" ? d.code : null);
    const meta = code ? RULES_BY_CODE.get(code)?.meta : undefined;
    if (!code || !meta) continue;
    const key = `${code}:${d.range.start.line}`;
    if (seen.has(key)) continue;
    seen.add(key);

    const finding = ctx ? findingFor(ctx, file, d, code) : undefined;
    if (ctx && finding) for (const f of fixesFor(finding, ctx.fixes)) offered.push({ fix: f, diagnostic: d });

    const leader = commentLeader(file);
    if (leader) {
      const line = d.range.start.line;
      const indent = /^\s*/.exec(lines[line] ?? "")?.[0] ?? "";
      otherActions.push({
        title: `Ignore ${code} (${meta.name}) on this line`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        edit: { changes: { [uri]: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}${leader} retry-lens: ignore ${code}\n` }] } },
      });
    }
    otherActions.push({
      title: `Show ${code} (${meta.name}) documentation`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      command: { title: `Show ${code} documentation`, command: SERVER_COMMANDS.showRuleDocs, arguments: [ruleDocUrl(meta)] },
    });
  }
  if (ctx) {
    // one action per distinct fix (RL001 and RL009 both offer "turn this layer off"), safe first;
    // VS Code puts preferred actions first and applies them on auto-fix, so an unsafe fix is
    // preferred only when nothing safe is offered here
    const anySafePreferred = offered.some((o) => o.fix.preferred && o.fix.safety === "safe");
    const byKey = new Map<string, { fix: Fix; diagnostics: Diagnostic[] }>();
    for (const o of offered) {
      const key = `${o.fix.title}\u0000${JSON.stringify(o.fix.edits)}`;
      const seenFix = byKey.get(key);
      if (seenFix) seenFix.diagnostics.push(o.diagnostic);
      else byKey.set(key, { fix: o.fix, diagnostics: [o.diagnostic] });
    }
    const ordered = [...byKey.values()].sort((a, b) => rank(a.fix) - rank(b.fix));
    for (const { fix: f, diagnostics: ds } of ordered) {
      const isPreferred = f.preferred && (f.safety === "safe" || !anySafePreferred);
      if (ctx.lazy && (f.creates.length === 0 || ctx.documentChanges)) {
        const data: LazyFixData = { uri, file, title: f.title, findings: ds.map((d) => ({ rule: String(d.code), line: d.range.start.line + 1 })) };
        fixActions.push({ title: f.title, kind: CodeActionKind.QuickFix, diagnostics: ds, isPreferred, data });
        continue;
      }
      const edit = toWorkspaceEdit(ctx, f.edits, f.creates);
      if (!edit) continue;
      fixActions.push({ title: f.title, kind: CodeActionKind.QuickFix, diagnostics: ds, isPreferred, edit });
    }
  }
  const all = ctx ? fixAllAction(ctx, file, CodeActionKind.QuickFix) : null;
  const safeCount = [...offered].filter((o) => o.fix.safety === "safe").length;
  return [...fixActions, ...(all && safeCount > 0 ? [all] : []), ...otherActions];
}

/** codeAction/resolve: the edit of a lazily offered fix, computed from the current texts. */
export function resolveFixAction(action: CodeAction, ctx: ActionContext): CodeAction {
  const data = action.data as LazyFixData | undefined;
  if (!data) return action;
  if (data.fixAll) {
    const all = fixAllAction({ ...ctx, lazy: false }, data.file, action.kind ?? FIX_ALL_KIND);
    return all?.edit ? { ...action, edit: all.edit } : action;
  }
  for (const want of data.findings) {
    const finding = ctx.findings.find((f) => f.file === data.file && f.rule === want.rule && f.span.line === want.line);
    const fix = finding ? fixesFor(finding, ctx.fixes).find((f) => f.title === data.title) : undefined;
    const edit = fix ? toWorkspaceEdit(ctx, fix.edits, fix.creates) : null;
    if (edit) return { ...action, edit };
  }
  return action;
}

/** safe preferred, safe, unsafe preferred, unsafe */
function rank(f: Fix): number {
  return (f.safety === "safe" ? 0 : 2) + (f.preferred ? 0 : 1);
}

/** "Fix all safe Retry Lens problems" for one file (the safe preferred fix of each finding in it). */
export function fixAllAction(ctx: ActionContext, file: string, kind: string = FIX_ALL_KIND): CodeAction | null {
  const { edits, creates, applied } = fixAll(ctx.findings, ctx.fixes, { file });
  if (!applied.length) return null;
  if (ctx.lazy) {
    const data: LazyFixData = { uri: fileUri(ctx.folder, file), file, title: "fix all", findings: [], fixAll: true };
    return { title: `Fix all safe Retry Lens problems in this file (${applied.length})`, kind, data };
  }
  const edit = toWorkspaceEdit(ctx, edits, creates);
  if (!edit) return null;
  return { title: `Fix all safe Retry Lens problems in this file (${applied.length})`, kind, edit };
}
