/**
 * Code actions for Retry Lens diagnostics, found by the `code`/`data` the diagnostic carries
 * (never by message text): show the rule's documentation, ignore the rule on this line.
 * Quick fixes that change retry behaviour come with the fixes milestone.
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from "vscode-languageserver/node";
import { sourceLanguage } from "../../model/languages";
import { SERVER_COMMANDS } from "../../protocol";
import { RULES_BY_CODE } from "../../rules/registry";
import { ruleDocUrl } from "../../rules/types";
import type { DiagnosticData } from "../convert";

/** The comment leader for a file, or null when the file has no line comments. */
export function commentLeader(file: string): string | null {
  const lang = sourceLanguage(file);
  if (lang === "python" || lang === "yaml" || lang === "toml") return "#";
  if (lang === "typescript") return "//";
  return null;
}

export function codeActionsFor(uri: string, file: string, text: string, diagnostics: Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const lines = text.split("\n");
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (d.source !== "retry-lens") continue;
    const data = d.data as DiagnosticData | undefined;
    const code = data?.rule ?? (typeof d.code === "string" ? d.code : null);
    const meta = code ? RULES_BY_CODE.get(code)?.meta : undefined;
    if (!code || !meta) continue;
    const key = `${code}:${d.range.start.line}`;
    if (seen.has(key)) continue;
    seen.add(key);

    const leader = commentLeader(file);
    if (leader) {
      const line = d.range.start.line;
      const indent = /^\s*/.exec(lines[line] ?? "")?.[0] ?? "";
      const edit: TextEdit = {
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        newText: `${indent}${leader} retry-lens: ignore ${code}\n`,
      };
      actions.push({
        title: `Ignore ${code} (${meta.name}) on this line`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        edit: { changes: { [uri]: [edit] } },
      });
    }
    actions.push({
      title: `Show ${code} (${meta.name}) documentation`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      command: { title: `Show ${code} documentation`, command: SERVER_COMMANDS.showRuleDocs, arguments: [ruleDocUrl(meta)] },
    });
  }
  return actions;
}
