/**
 * `retrylens fix [dir] [--unsafe] [--dry-run]`: applies the preferred fix of every finding —
 * safe ones only unless --unsafe — in rounds (fixes whose edits overlap wait for the next round)
 * until nothing more applies, then writes the files (or prints a unified diff with --dry-run).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { createTwoFilesPatch } from "diff";
import { analyzeWorkspace } from "../engine/analyze";
import { fixAll } from "../engine/fixes";
import { applyEdits, editsByFile } from "../fixes/types";
import { loadConfig } from "../host/config";
import { readWorkspace } from "../host/workspace";
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
  const original = new Map(read.files.map((f) => [f.path, f.text]));
  const texts = new Map(original);
  const applied: string[] = [];
  let rounds = 0;
  let remaining = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    const result = await analyzeWorkspace([...texts].map(([p, text]) => ({ path: p, text })), settings);
    const round = fixAll(result.findings, { model: result.model, text: (f) => texts.get(f) }, { unsafe: args.unsafe });
    remaining = result.findings.length;
    if (round.applied.length === 0) break;
    for (const [file, edits] of editsByFile(round.edits)) texts.set(file, applyEdits(texts.get(file) ?? "", edits));
    for (const c of round.creates) if (!texts.has(c.file)) texts.set(c.file, c.text);
    for (const f of round.applied) applied.push(`${f.rule} ${f.title}`);
  }

  const changed = [...texts].filter(([file, text]) => original.get(file) !== text);
  if (args.dryRun) {
    for (const [file, text] of changed) {
      const before = original.get(file);
      io.stdout.write(createTwoFilesPatch(before === undefined ? "/dev/null" : `a/${file}`, `b/${file}`, before ?? "", text, undefined, undefined, { context: 3 }));
    }
  } else {
    for (const [file, text] of changed) {
      const abs = path.join(root, file);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, text);
    }
  }
  if (args.verbose) for (const a of applied) io.stderr.write(`retrylens: ${args.dryRun ? "would apply" : "applied"} ${a}\n`);
  const verb = args.dryRun ? "would change" : "changed";
  io.stderr.write(
    `retrylens: ${applied.length} ${applied.length === 1 ? "fix" : "fixes"} ${args.dryRun ? "to apply" : "applied"}; ${verb} ${changed.length} ${changed.length === 1 ? "file" : "files"}; ${remaining} ${remaining === 1 ? "finding remains" : "findings remain"}${args.unsafe ? "" : " (fixes that change behaviour need --unsafe)"}\n`,
  );
  return 0;
}
