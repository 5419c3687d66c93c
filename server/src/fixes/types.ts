/**
 * Fixes: edits that make a finding go away, computed on demand from the current texts (pure:
 * no I/O). A fix is `safe` (behaviour-preserving for callers: jitter, backoff, narrowing to
 * failures before sending, an idempotency key from a stable id) or `unsafe` (changes what is
 * retried or removes a layer); only safe fixes run in fix-all.
 */
import type { Model } from "../model/model";

/** Replace [start, end) of a file's current text (UTF-16 offsets) with newText. */
export interface FixEdit {
  file: string;
  start: number;
  end: number;
  newText: string;
}

export interface FileCreate {
  file: string;
  text: string;
}

export type Safety = "safe" | "unsafe";

export interface Fix {
  rule: string;
  title: string;
  safety: Safety;
  /** the fix the guidance recommends for this finding */
  preferred: boolean;
  edits: FixEdit[];
  creates: FileCreate[];
}

export interface FixContext {
  model: Model;
  /** a workspace file's current text (unsaved buffers included) */
  text(file: string): string | undefined;
}

export function fix(rule: string, title: string, safety: Safety, edits: FixEdit[], opts: { preferred?: boolean; creates?: FileCreate[] } = {}): Fix {
  return { rule, title, safety, preferred: opts.preferred ?? false, edits, creates: opts.creates ?? [] };
}

/** Applies edits to one text (edits must not overlap); later offsets first so earlier ones stay valid. */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

function overlaps(a: FixEdit, b: FixEdit): boolean {
  if (a.file !== b.file) return false;
  // two insertions at the same point conflict too (their order would be arbitrary)
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

const sameEdit = (a: FixEdit, b: FixEdit) => a.file === b.file && a.start === b.start && a.end === b.end && a.newText === b.newText;

/**
 * Combines fixes into one set of non-overlapping edits (fix-all, `retrylens fix`): a fix whose
 * edits collide with an accepted one is left for the next round; identical edits (two fixes
 * adding the same import) are kept once.
 */
export function combineFixes(fixes: readonly Fix[]): { edits: FixEdit[]; creates: FileCreate[]; applied: Fix[]; deferred: Fix[] } {
  const edits: FixEdit[] = [];
  const creates: FileCreate[] = [];
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  for (const f of fixes) {
    const fresh = f.edits.filter((e) => !edits.some((x) => sameEdit(x, e)));
    if (fresh.some((e) => edits.some((x) => overlaps(x, e))) || f.creates.some((c) => creates.some((x) => x.file === c.file))) {
      deferred.push(f);
      continue;
    }
    edits.push(...fresh);
    creates.push(...f.creates);
    applied.push(f);
  }
  return { edits, creates, applied, deferred };
}

/** Edits grouped per file. */
export function editsByFile(edits: readonly FixEdit[]): Map<string, FixEdit[]> {
  const out = new Map<string, FixEdit[]>();
  for (const e of edits) out.set(e.file, [...(out.get(e.file) ?? []), e]);
  return out;
}
