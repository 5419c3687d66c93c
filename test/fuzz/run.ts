/**
 * `npm run fuzz`: a seeded, bounded fuzzer of the engine (issue #11, "Robustness").
 *
 *   npm run fuzz -- [--seed N] [--runs N | --budget SECONDS] [--out DIR] [--per-run SECONDS]
 *                   [--files N] [--no-engine] [--strict] [--keep] [--only RUN]
 *
 * Each run copies one seed workspace (a scenario, an example, a fixture folder: corpus.ts), mutates
 * a few of its files (mutations.ts), adds a well-formed sentinel file with a retry layer, and runs
 * the bundled CLI on it as a child process under a time budget (scan.ts). A run passes when the
 * CLI exits normally within the budget, prints a valid JSON report whose numbers are numbers
 * (reportCheck.ts), says nothing on stderr about an internal error or a stack, and still reports
 * the sentinel's layer; then the same files go through the in-process engine, whose model must hold
 * no Infinity or NaN. A failing run's workspace, and the single mutated file that fails alone, go to
 * the out dir (default test-output/fuzz/); the fuzzer exits 1. Runs are a pure function of the
 * seed and the run's index, so `--seed N` reproduces every workspace.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { loadCorpus, REPO_ROOT, type SeedGroup } from "./corpus";
import { mutate } from "./mutations";
import { Prng } from "./prng";
import { checkReport, STDERR_CRASH } from "./reportCheck";
import { CLI, exitProblem, scanFolder } from "./scan";
import { nonFiniteNumbers } from "./nonFinite";
import { worthParsing, readWorkspace } from "../../server/src/host/workspace";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { buildJsonReport } from "../../server/src/cli/report/json";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

interface Options {
  seed: number;
  runs: number | null;
  budgetS: number;
  out: string;
  perRunS: number;
  files: number;
  engine: boolean;
  strict: boolean;
  keep: boolean;
  /** only this run index (reproduces one run of a seed) */
  only: number | null;
}

const USAGE = "usage: npm run fuzz -- [--seed N] [--runs N | --budget SECONDS] [--out DIR] [--per-run SECONDS] [--files N] [--no-engine] [--strict] [--keep] [--only RUN]";

function parseArgs(argv: string[]): Options {
  const o: Options = { seed: 1, runs: null, budgetS: 60, out: join(REPO_ROOT, "test-output", "fuzz"), perRunS: 30, files: 6, engine: true, strict: false, keep: false, only: null };
  const num = (flag: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < min) {
      console.error(`fuzz: ${flag} needs a number ≥ ${min}\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--seed") o.seed = Math.floor(num(a, argv[++i], 0));
    else if (a === "--runs") o.runs = Math.floor(num(a, argv[++i], 1));
    else if (a === "--budget") o.budgetS = num(a, argv[++i], 1);
    else if (a === "--out") o.out = resolve(argv[++i] ?? o.out);
    else if (a === "--per-run") o.perRunS = num(a, argv[++i], 1);
    else if (a === "--files") o.files = Math.floor(num(a, argv[++i], 1));
    else if (a === "--no-engine") o.engine = false;
    else if (a === "--strict") o.strict = true;
    else if (a === "--keep") o.keep = true;
    else if (a === "--only") o.only = Math.floor(num(a, argv[++i], 0));
    else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`fuzz: unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  return o;
}

/** a well-formed file with one retry layer: a bad neighbour must not cost it its layer */
export const SENTINEL_PATH = "zz_sentinel/sentinel_retry.py";
export const SENTINEL_TEXT = `import requests
from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
def fetch_sentinel():
    return requests.get("http://sentinel-upstream/items")
`;

interface Workspace {
  files: Map<string, Buffer>;
  group: string;
  /** mutated file → mutation names */
  mutated: Map<string, string[]>;
}

function buildWorkspace(rng: Prng, groups: SeedGroup[], maxMutants: number): Workspace {
  const group = rng.pick(groups);
  const files = new Map(group.files.map((f) => [f.path, f.bytes] as const));
  const mutated = new Map<string, string[]>();
  const n = rng.int(1, maxMutants);
  for (let k = 0; k < n; k++) {
    // mostly a file of this workspace; sometimes a stranger from another one, beside them
    let path: string;
    let input: Buffer;
    if (rng.chance(0.75)) {
      const f = rng.pick(group.files);
      path = f.path;
      input = files.get(path)!;
    } else {
      const other = rng.pick(groups);
      const f = rng.pick(other.files);
      path = `zz_extra${k}/${f.path.slice(f.path.lastIndexOf("/") + 1)}`;
      input = f.bytes;
    }
    const donor = rng.pick(rng.pick(groups).files).bytes;
    const { bytes, applied } = mutate(rng, input, { path, donor });
    files.set(path, bytes);
    mutated.set(path, [...(mutated.get(path) ?? []), ...applied]);
  }
  files.set(SENTINEL_PATH, Buffer.from(SENTINEL_TEXT));
  return { files, group: group.name, mutated };
}

function writeWorkspace(dir: string, files: Map<string, Buffer>): void {
  for (const [path, bytes] of files) {
    const abs = join(dir, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
  }
}

/** Everything wrong with one scan of `dir` (empty when it passed), and the guarded failures. */
async function judge(dir: string, o: Options, sentinel: boolean): Promise<{ errors: string[]; guarded: string[]; notes: string[]; ms: number }> {
  const budgetMs = o.perRunS * 1000;
  const run = await scanFolder(dir, budgetMs, ["--include-tests"]);
  const errors: string[] = [];
  const exit = exitProblem(run, budgetMs);
  if (exit) errors.push(exit);
  const crash = STDERR_CRASH.exec(run.stderr);
  if (crash) errors.push(`stderr: ${run.stderr.slice(Math.max(0, crash.index - 200), crash.index + 400).trim()}`);
  if (exit) return { errors, guarded: [], notes: [], ms: run.ms };
  const verdict = checkReport(run.stdout);
  errors.push(...verdict.errors);
  if (verdict.report && sentinel && !verdict.report.layers.some((l) => l.file === SENTINEL_PATH)) errors.push(`the sentinel ${SENTINEL_PATH} lost its retry layer`);
  return { errors, guarded: verdict.guarded, notes: verdict.notes, ms: run.ms };
}

/** The in-process engine on the same folder: its model must hold no Infinity or NaN. */
async function judgeEngine(dir: string): Promise<string[]> {
  const read = await readWorkspace(dir, { includeTests: true });
  const settings = { ...DEFAULT_SETTINGS, includeTests: true };
  const result = await analyzeWorkspace(read.files, settings);
  const errors = nonFiniteNumbers({ layers: result.model.layers, paths: result.model.paths, findings: result.findings }).map((p) => `engine: ${p}`);
  const report = buildJsonReport({ result, version: "fuzz", files: read.files.length, skipped: read.skipped, problems: [] });
  errors.push(...checkReport(JSON.stringify(report)).errors.map((e) => `engine report: ${e}`));
  return errors;
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(CLI)) {
    console.error(`fuzz: ${CLI} is missing (npm run build)`);
    process.exit(2);
  }
  const groups = loadCorpus();
  const seedFiles = groups.reduce((n, g) => n + g.files.length, 0);
  const started = Date.now();
  const deadline = started + o.budgetS * 1000;
  const scratch = mkdtempSync(join(tmpdir(), "retrylens-fuzz-"));
  // the CLI must pass on a well-formed workspace first, or every run would "fail" for no input's sake
  const control = join(scratch, "control");
  writeWorkspace(control, new Map([[SENTINEL_PATH, Buffer.from(SENTINEL_TEXT)]]));
  const controlErrors = (await judge(control, o, true)).errors;
  if (controlErrors.length) {
    console.error(`fuzz: the CLI fails on a well-formed workspace (${CLI}); nothing to fuzz:\n${controlErrors.join("\n")}`);
    process.exit(2);
  }
  console.log(`fuzz: seed ${o.seed}, ${o.runs !== null ? `${o.runs} runs` : `budget ${o.budgetS} s`}, ${groups.length} seed workspaces (${seedFiles} files), per-run budget ${o.perRunS} s`);

  const mutationCounts = new Map<string, number>();
  let runs = 0;
  let mutants = 0;
  let parsedMutants = 0;
  let bytes = 0;
  let slowest = { ms: 0, run: -1, what: "" };
  const failures: string[] = [];
  const guardedSeen = new Map<string, string>();
  const notesSeen = new Map<string, string>();
  let cliMs = 0;
  let engineMs = 0;

  for (let i = o.only ?? 0; o.only !== null ? i === o.only : o.runs !== null ? i < o.runs : Date.now() < deadline; i++) {
    const rng = new Prng((Math.imul(o.seed + 1, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca77)) >>> 0);
    const ws = buildWorkspace(rng, groups, o.files);
    const dir = join(scratch, `run-${i}`);
    writeWorkspace(dir, ws.files);
    for (const [path, names] of ws.mutated) {
      mutants++;
      for (const n of names) mutationCounts.set(n, (mutationCounts.get(n) ?? 0) + 1);
      const b = ws.files.get(path)!;
      bytes += b.length;
      if (worthParsing(path, b.toString("utf8"))) parsedMutants++;
    }
    const verdict = await judge(dir, o, true);
    cliMs += verdict.ms;
    if (verdict.ms > slowest.ms) slowest = { ms: verdict.ms, run: i, what: `${ws.group}: ${[...ws.mutated].map(([p, n]) => `${p} (${n.join(", ")})`).join("; ")}` };
    const errors = [...verdict.errors];
    if (!errors.length && o.engine) {
      const t = Date.now();
      try {
        errors.push(...(await judgeEngine(dir)));
      } catch (err) {
        errors.push(`engine threw: ${(err as Error).stack ?? err}`);
      }
      engineMs += Date.now() - t;
    }
    for (const g of verdict.guarded) if (!guardedSeen.has(g.replace(/^[^:]*: /, ""))) guardedSeen.set(g.replace(/^[^:]*: /, ""), `run ${i} (${ws.group}) ${g}`);
    for (const n of verdict.notes) if (!notesSeen.has(n.replace(/^layer \S+ /, ""))) notesSeen.set(n.replace(/^layer \S+ /, ""), `run ${i} (${ws.group}) ${n}`);
    if (o.strict && verdict.guarded.length) errors.push(...verdict.guarded.map((g) => `guarded failure: ${g}`));
    runs++;
    if (errors.length) {
      // a failure the well-formed control shares is the CLI's or the machine's (a rebuilt dist/), not this input's
      const again = (await judge(control, o, true)).errors;
      if (again.length) {
        console.error(`fuzz: run ${i}: the CLI now fails on the well-formed control workspace too; stopping:\n${again.join("\n")}`);
        process.exit(2);
      }
      failures.push(await saveFailure(o, i, ws, dir, errors));
    }
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
    if (failures.length >= 10) break;
  }
  if (!o.keep) rmSync(scratch, { recursive: true, force: true });
  else console.log(`fuzz: workspaces kept in ${scratch}`);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const mix = [...mutationCounts].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ${c}`).join(", ");
  console.log(`fuzz: ${runs} runs (${runs} CLI scans, ${o.engine ? `${runs - failures.length} in-process analyses, ` : ""}${mutants} mutated files, ${(bytes / 1e6).toFixed(1)} MB, ${parsedMutants} past the walker's pre-filter) in ${seconds} s; CLI ${(cliMs / Math.max(1, runs)).toFixed(0)} ms per scan, slowest ${slowest.ms} ms (run ${slowest.run}, ${slowest.what})${o.engine ? `, engine ${(engineMs / Math.max(1, runs)).toFixed(0)} ms per run` : ""}`);
  console.log(`fuzz: mutations applied: ${mix}`);
  if (guardedSeen.size) console.log(`fuzz: ${guardedSeen.size} distinct guarded failures (a detector threw, its guard held; --strict fails on them):\n  ${[...guardedSeen.values()].slice(0, 20).join("\n  ")}`);
  if (notesSeen.size) console.log(`fuzz: ${notesSeen.size} distinct odd attempt counts (not failures):\n  ${[...notesSeen.values()].slice(0, 20).join("\n  ")}`);
  if (failures.length) {
    console.error(`fuzz: FAILED: ${failures.length} failing run(s); inputs in ${o.out}:\n${failures.join("\n")}`);
    process.exit(1);
  }
  console.log("fuzz: 0 failures");
}

/** Copies the failing workspace to the out dir, looks for a mutated file that fails alone, writes why. */
async function saveFailure(o: Options, i: number, ws: Workspace, dir: string, errors: string[]): Promise<string> {
  const target = join(o.out, `seed${o.seed}-run${i}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(dir, join(target, "workspace"), { recursive: true });
  const culprits: string[] = [];
  // bounded: the search stops at the first file that fails alone, and a minute past the budget
  const searchUntil = Date.now() + 60_000;
  for (const path of ws.mutated.keys()) {
    if (culprits.length || Date.now() > searchUntil) break;
    const alone = join(dir, `..`, `alone-${i}`);
    rmSync(alone, { recursive: true, force: true });
    writeWorkspace(alone, new Map([[path, ws.files.get(path)!], [SENTINEL_PATH, Buffer.from(SENTINEL_TEXT)]]));
    const v = await judge(alone, o, true);
    rmSync(alone, { recursive: true, force: true });
    if (v.errors.length) {
      culprits.push(path);
      const file = join(target, "alone", path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, ws.files.get(path)!);
    }
  }
  const lines = [
    `seed ${o.seed}, run ${i}, from ${ws.group}`,
    `mutated: ${[...ws.mutated].map(([p, n]) => `${p} (${n.join(", ")})`).join("; ")}`,
    `fails alone: ${culprits.length ? culprits.join(", ") : "none found (only together, or the search ran out of time)"}`,
    "",
    ...errors,
  ];
  writeFileSync(join(target, "failure.txt"), lines.join("\n") + "\n");
  return `  run ${i} (${ws.group}; mutated ${[...ws.mutated.keys()].join(", ")}): ${errors[0]!.split("\n")[0]!.slice(0, 300)} → ${target}`;
}

main().catch((err) => {
  console.error(`fuzz: the fuzzer itself failed: ${(err as Error).stack ?? err}`);
  process.exit(2);
});
