/**
 * `retrylens`: scan a folder, print a text, JSON or SARIF report.
 * Exit 0: no finding at or above --fail-on; 1: some finding is; 2: usage or internal error.
 * stdout carries only the report; everything else (config problems, skipped files, progress)
 * goes to stderr.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { analyzeWorkspace } from "../engine/analyze";
import { fixCommand } from "./fix";
import type { Finding, Problem } from "../model/model";
import { parseArgs, USAGE, UsageError, type FailOn, type ScanArgs } from "./args";
import { loadConfig } from "../host/config";
import { createProgress } from "./progress";
import { SEVERITY_RANK, plural, type ReportInput } from "./report/common";
import { renderJson } from "./report/json";
import { renderSarif } from "./report/sarif";
import { renderText } from "./report/text";
import { describeSkipped, readWorkspace, withCodeRelevance } from "../host/workspace";
import { ResultStore, resultKey, type ReadSummary } from "../host/resultStore";
import { ExtractPool } from "../host/extractPool";
import { cachedExtractor, DEFAULT_CACHE_FOLDER, extractorFingerprint, FactsStore } from "../host/factsStore";
import type { Extractor } from "../engine/analyze";

declare const __RETRYLENS_VERSION__: string | undefined;

export interface OutStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface CliIO {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The version: inlined by esbuild; read from package.json when running from source. */
export function toolVersion(): string {
  if (typeof __RETRYLENS_VERSION__ === "string") return __RETRYLENS_VERSION__;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

function colorWanted(args: ScanArgs, stream: OutStream, env: CliIO["env"]): boolean {
  if (args.output !== null) return args.color === true;
  if (args.color !== null) return args.color;
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== "dumb";
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`retrylens: ${message}\n`);
    return 2;
  };

  let args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message} (see retrylens --help)`);
    throw err;
  }
  if (args.command === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  if (args.command === "version") {
    io.stdout.write(`${toolVersion()}\n`);
    return 0;
  }

  const root = path.resolve(io.cwd, args.dir ?? ".");
  try {
    const stat = fs.statSync(root);
    if (!stat.isDirectory()) return fail(`not a folder: ${args.dir ?? root}`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail(code === "ENOENT" ? `no such folder: ${args.dir ?? root}` : `cannot read ${args.dir ?? root} (${code ?? String(err)})`);
  }

  try {
    return args.command === "fix" ? await fixCommand(args, root, io) : await scan(args, root, io);
  } catch (err) {
    const e = err as Error;
    io.stderr.write(`retrylens: internal error: ${(e?.message ?? String(err)).split("\n")[0]}\n`);
    if (args.verbose && e?.stack) io.stderr.write(`${e.stack}\n`);
    return 2;
  }
}

async function scan(args: ScanArgs, root: string, io: CliIO): Promise<number> {
  const config = loadConfig(root);
  const shownPath = (file: string) => path.relative(io.cwd, path.join(root, file)) || file;
  for (const p of config.problems) io.stderr.write(`${shownPath(p.file)}:${p.line}: ${p.message}\n`);

  const settings = { ...config.settings };
  if (args.threshold !== null) settings.threshold = args.threshold;
  if (args.includeTests) settings.includeTests = true;

  const progress = createProgress(io.stderr, true);
  let read;
  let result;
  /** counts from reading the folder, as the report gives them (those of the stored result's scan on a hit) */
  let counts: ReadSummary;
  const extraction = extractionFor(args, root, io);
  // with --cache, the last scan's result too: reused whole when nothing it read has changed
  const results = extraction.store ? new ResultStore(extraction.store.dir, extractorFingerprint()) : null;
  try {
    // with nothing cached, every file read will be parsed: start the workers while reading
    const warm = !extraction.store || !fs.existsSync(extraction.store.packPath);
    read = await readWorkspace(root, {
      includeTests: settings.includeTests,
      exclude: settings.exclude,
      // with a stored result, the relevance pass runs only when it is not reused
      codeRelevance: results === null,
      contentKey: results !== null,
      onProgress: (n) => {
        if (warm) extraction.pool.warmUp(n);
        progress.update(`retrylens: reading files… ${n}`);
      },
    });
    const key = results && read.contentKey !== undefined ? resultKey(read.contentKey, settings) : null;
    const stored = results && key ? await results.load(key) : null;
    if (args.verbose && results) io.stderr.write(`retrylens: result cache: ${stored ? "reused (no file read and no setting changed)" : `not reused${results.missReason ? ` (${results.missReason})` : ""}`}\n`);
    if (stored) {
      result = stored.result;
      counts = stored.read;
    } else {
      if (results) read = await withCodeRelevance(read);
      result = await analyzeWorkspace(read.files, settings, {
        extractor: extraction.extractor,
        onProgress: (done, total) => progress.update(`retrylens: analysing ${done}/${total} files…`),
      });
      counts = { files: read.files.length, filtered: read.filtered.length };
      if (results && key && (await results.save(key, result, counts)) === "failed") io.stderr.write(`retrylens: could not write the result cache in ${results.dir}\n`);
    }
    if (extraction.store && !stored) {
      const store = extraction.store;
      // the pack holds the files of this scan only: what was deleted or is now excluded goes
      store.retain(new Set(result.facts.map((f) => f.path)));
      const written = await store.flush();
      if (args.verbose) {
        const { hits, misses } = store.stats;
        const why = store.stats.ignored ? ` (previous cache not used: ${store.stats.ignored})` : "";
        io.stderr.write(`retrylens: facts cache ${shownPath(path.relative(root, store.dir) || ".")}: ${hits} reused, ${misses} extracted${why}\n`);
      }
      if (!written) io.stderr.write(`retrylens: could not write the facts cache in ${store.dir}\n`);
    }
  } finally {
    progress.done();
    await extraction.pool.close();
  }

  if (read.skipped.length > 0) {
    if (args.verbose) {
      for (const s of read.skipped) io.stderr.write(`retrylens: skipped ${s.path}: ${s.reason}${s.detail ? ` (${s.detail})` : ""}\n`);
    } else {
      io.stderr.write(`retrylens: skipped ${plural(read.skipped.length, "file")} (${describeSkipped(read.skipped)}); --verbose lists them\n`);
    }
  }

  if (args.verbose && counts.filtered > 0) {
    io.stderr.write(`retrylens: ${plural(counts.filtered, "file")} left out by the content pre-filter (nothing a retry layer or manifest needs)\n`);
  }

  const problems: Problem[] = config.problems.map((p) => ({ file: p.file, line: p.line, message: p.message }));
  const input: ReportInput = { result, version: toolVersion(), files: counts.files, skipped: read.skipped, problems, root };
  const target = io.stdout;
  const report =
    args.format === "json"
      ? renderJson(input)
      : args.format === "sarif"
        ? renderSarif(input)
        : renderText(input, { color: colorWanted(args, target, io.env), top: args.top, verbose: args.verbose });

  if (args.output !== null) {
    const file = path.resolve(io.cwd, args.output);
    try {
      fs.writeFileSync(file, report);
    } catch (err) {
      io.stderr.write(`retrylens: cannot write ${args.output} (${(err as NodeJS.ErrnoException).code ?? String(err)})\n`);
      return 2;
    }
  } else {
    target.write(report);
  }

  return exitCodeFor(result.findings, args.failOn);
}

/**
 * How a scan extracts: a worker pool (in-process below poolMinFiles(jobs) files; --jobs,
 * RETRYLENS_JOBS), behind the persistent facts cache when --cache is given. The default cache
 * folder lies inside the scanned folder; only an explicit --cache=DIR is read elsewhere.
 */
function extractionFor(args: ScanArgs, root: string, io: CliIO): { extractor: Extractor; pool: ExtractPool; store: FactsStore | null } {
  const envJobs = Number(io.env.RETRYLENS_JOBS);
  const jobs = args.jobs ?? (Number.isInteger(envJobs) && envJobs >= 1 ? envJobs : undefined);
  // RETRYLENS_POOL_MIN_FILES: tests force the pool on small fixtures
  const envMin = Number(io.env.RETRYLENS_POOL_MIN_FILES);
  const pool = new ExtractPool({
    jobs,
    fileTimeoutMs: args.fileTimeout !== null ? args.fileTimeout * 1000 : undefined,
    workerMemoryMb: args.workerMemory ?? undefined,
    minFiles: io.env.RETRYLENS_POOL_MIN_FILES !== undefined && Number.isInteger(envMin) && envMin >= 0 ? envMin : undefined,
  });
  if (args.cache === false) return { extractor: pool, pool, store: null };
  const dir = args.cache === true ? path.join(root, DEFAULT_CACHE_FOLDER) : path.resolve(io.cwd, args.cache);
  const store = new FactsStore({ dir, fingerprint: extractorFingerprint() });
  return { extractor: cachedExtractor(store, pool), pool, store };
}

/** 1 when some finding is at or above `failOn`, else 0. */
export function exitCodeFor(findings: readonly Pick<Finding, "severity">[], failOn: FailOn): 0 | 1 {
  if (failOn === "none") return 0;
  const bar = SEVERITY_RANK[failOn];
  return findings.some((f) => SEVERITY_RANK[f.severity] >= bar) ? 1 : 0;
}

/** Runs the CLI on this process (used by `node dist/cli.js` and `bin/retrylens.js`). */
export function run(argv: readonly string[] = process.argv.slice(2)): void {
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });
  main(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`retrylens: internal error: ${String((err as Error)?.message ?? err).split("\n")[0]}\n`);
      process.exitCode = 2;
    },
  );
}

if (require.main === module) run();
