/**
 * `retrylens fix [dir] [--unsafe] [--dry-run]`: applies the preferred fix of every finding —
 * safe ones only unless --unsafe — in rounds (fixes whose edits overlap wait for the next round)
 * until nothing more applies, then writes the files (or prints a unified diff with --dry-run).
 *
 * Edits are applied to the files' bytes (fixes/byteEdits.ts): only the bytes of the edits change
 * (a BOM, invalid UTF-8 elsewhere and the line endings are kept). Files are read again and
 * written through host/safeFs.ts, the same checks as the scan: a file that changed on disk since
 * it was analysed, or that is now a symlink out of the folder, is not written.
 */
import { createTwoFilesPatch } from "diff";
import { analyzeWorkspace } from "../engine/analyze";
import { fixAll } from "../engine/fixes";
import { applyEditsToBytes } from "../fixes/byteEdits";
import { editsByFile } from "../fixes/types";
import { loadConfig } from "../host/config";
import { sourceText, WorkspaceFs } from "../host/safeFs";
import { maxBytesFor, readWorkspace } from "../host/workspace";
import type { FixArgs } from "./args";
import type { CliIO } from "./main";

/** more rounds than any real file needs; a guard against fixes that keep re-offering */
const MAX_ROUNDS = 8;

export async function fixCommand(args: FixArgs, root: string, io: CliIO): Promise<number> {
  const config = loadConfig(root);
  for (const p of config.problems) io.stderr.write(`${p.file}:${p.line}: ${p.message}\n`);
  const settings = { ...config.settings };
  if (args.threshold !== null) settings.threshold = args.threshold;
  if (args.includeTests) settings.includeTests = true;

  const read = await readWorkspace(root, { includeTests: settings.includeTests, exclude: settings.exclude });
  const wfs = WorkspaceFs.open(root, { includeTests: settings.includeTests, exclude: settings.exclude });
  const original = new Map(read.files.map((f) => [f.path, f.text]));
  const texts = new Map(original);
  /** the bytes on disk of each file a fix edits (read when first edited), and the bytes it gets */
  const before = new Map<string, Buffer | null>();
  const after = new Map<string, Buffer>();
  const created = new Set<string>();
  const notWritten: string[] = [];
  const bytesOf = (file: string): Buffer | null => {
    if (after.has(file)) return after.get(file)!;
    if (!before.has(file)) {
      let buf: Buffer | null = null;
      if (!("reason" in wfs)) {
        const r = wfs.read(file, maxBytesFor(file));
        // the file must still be what was analysed
        buf = "reason" in r ? null : sourceText(r.buf) === original.get(file) ? r.buf : null;
        if (buf === null) notWritten.push(`${file}: ${"reason" in r ? (r.detail ?? r.reason) : "changed on disk since it was read"}`);
      }
      before.set(file, buf);
    }
    return before.get(file)!;
  };
  const applied: string[] = [];
  let rounds = 0;
  let remaining = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    const result = await analyzeWorkspace([...texts].map(([p, text]) => ({ path: p, text })), settings);
    const round = fixAll(result.findings, { model: result.model, text: (f) => texts.get(f) }, { unsafe: args.unsafe });
    remaining = result.findings.length;
    if (round.applied.length === 0) break;
    let progressed = false;
    for (const [file, edits] of editsByFile(round.edits)) {
      const buf = bytesOf(file);
      const next = buf ? applyEditsToBytes(buf, edits) : null;
      if (!next) {
        if (buf) notWritten.push(`${file}: its edits could not be mapped to the file's bytes`);
        before.set(file, null);
        after.delete(file);
        continue;
      }
      after.set(file, next);
      texts.set(file, sourceText(next));
      progressed = true;
    }
    for (const c of round.creates) {
      if (texts.has(c.file)) continue;
      texts.set(c.file, c.text);
      after.set(c.file, Buffer.from(c.text, "utf8"));
      created.add(c.file);
      progressed = true;
    }
    for (const f of round.applied) applied.push(`${f.rule} ${f.title}`);
    if (!progressed) break;
  }

  const changed = [...after].filter(([file, buf]) => created.has(file) || !before.get(file)?.equals(buf));
  if (args.dryRun) {
    for (const [file, buf] of changed) {
      const old = created.has(file) ? undefined : before.get(file)!.toString("utf8");
      io.stdout.write(createTwoFilesPatch(old === undefined ? "/dev/null" : `a/${file}`, `b/${file}`, old ?? "", buf.toString("utf8"), undefined, undefined, { context: 3 }));
    }
  } else if ("reason" in wfs) {
    for (const [file] of changed) notWritten.push(`${file}: ${wfs.detail ?? wfs.reason}`);
  } else {
    for (const [file, buf] of changed) {
      try {
        wfs.write(file, buf, { create: created.has(file) });
      } catch (err) {
        notWritten.push(`${file}: ${(err as Error)?.message ?? String(err)}`);
      }
    }
  }
  for (const n of notWritten) io.stderr.write(`retrylens: not ${args.dryRun ? "changed" : "written"}: ${n}\n`);
  if (args.verbose) for (const a of applied) io.stderr.write(`retrylens: ${args.dryRun ? "would apply" : "applied"} ${a}\n`);
  const verb = args.dryRun ? "would change" : "changed";
  io.stderr.write(
    `retrylens: ${applied.length} ${applied.length === 1 ? "fix" : "fixes"} ${args.dryRun ? "to apply" : "applied"}; ${verb} ${changed.length} ${changed.length === 1 ? "file" : "files"}; ${remaining} ${remaining === 1 ? "finding remains" : "findings remain"}${args.unsafe ? "" : " (fixes that change behaviour need --unsafe)"}\n`,
  );
  return notWritten.length > 0 ? 1 : 0;
}
