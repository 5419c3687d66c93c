/**
 * Extraction in a pool of worker threads (one per core by default), so a large workspace is
 * parsed on every core and one bad file cannot take the scan down.
 *
 * - Each worker handles one file at a time (server/src/host/extractWorker.ts) and sends back
 *   plain FileFacts as JSON (they survive it unchanged: test/host/extractPool.test.ts); the
 *   results come back in input order, equal to in-process extraction.
 * - Each file has a time budget (`fileTimeoutMs`) and each worker a heap budget
 *   (`resourceLimits`): a worker that runs out of either, throws out of the extractor or exits
 *   is terminated and replaced, and its file gets one problem ("skipped: took longer than
 *   10 s", "skipped: ran out of memory", "skipped: parser ran out of stack"). The file is not
 *   retried.
 * - Below `minFiles` files (starting workers and loading their parsers costs more than it
 *   saves) and when workers cannot start at all, files are extracted on this thread instead —
 *   except files that look hostile to a parser (isRiskyText: over 256 KB, or a line over 10,000
 *   characters), which still go to a worker and its budgets.
 *
 * Not covered: a V8 *process* abort (a fatal error inside V8, as opposed to a JavaScript
 * RangeError) ends the whole process from a worker too (measured on Node 20.20: `%Abort` in a
 * worker exits the process with SIGTRAP); those are fixed at their source.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import type { FileFacts } from "../model/facts";
import { inProcessExtractor, type Extractor, type SourceFile } from "../engine/analyze";
import { unanalysedFacts } from "../engine/extract";
import type { ExtractJob, WorkerMessage, WorkerTestHook } from "./extractWorker";

/**
 * Files to parse below which extraction stays on this thread. Measured on the 2-core bench
 * machine (Node 20.20, bench/monorepo): a worker costs about 1.2–1.5 s of CPU to start (loading
 * the 16 MB bundle with the TypeScript compiler, then the tree-sitter grammars), and extraction in
 * workers takes about 30 % more CPU in total than on one thread (N = 200: 47.7 s against 37.0 s,
 * identical reports; N = 20, 1,866 files: 10.5 s against 5.6 s). With J workers it pays when
 * extraction takes longer than about 1.5 s / (1 − 1.3 / J): about 2,000 files (at ~2 ms a file)
 * with two workers, about 1,000 with four or more.
 */
export function poolMinFiles(jobs: number): number {
  return jobs <= 2 ? 2000 : 1000;
}
/** the threshold for this machine's default number of workers */
export const POOL_MIN_FILES = poolMinFiles(defaultJobs());
export const DEFAULT_FILE_TIMEOUT_MS = 10_000;
/** A worker's old-generation heap limit. */
export const DEFAULT_WORKER_MEMORY_MB = 1024;

export interface ExtractPoolOptions {
  /** worker threads; default: one per core (os.availableParallelism), at least 1 */
  jobs?: number;
  /** time budget per file, from the moment its worker got it */
  fileTimeoutMs?: number;
  /** heap budget per worker (MB of old generation) */
  workerMemoryMb?: number;
  /** fewer files than this are extracted on this thread (0: always use workers); default poolMinFiles(jobs) */
  minFiles?: number;
  /** keep the workers between extract() calls (an editor session); else they end after each call */
  keepAlive?: boolean;
  /** tests only: make the worker misbehave on one file */
  testHook?: WorkerTestHook;
}

/** Number of workers to use: `jobs` when given (≥ 1), else one per core. */
export function defaultJobs(): number {
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, cores || 1);
}

interface WorkerEntry {
  worker: Worker;
  ready: boolean;
  /** index of the file it is working on */
  busy: number | null;
  timer: NodeJS.Timeout | null;
  /** why it died, once known (an error event comes before the exit event) */
  failure: string | null;
  exited: boolean;
}

/**
 * The worker entry: the bundle's dist/extractWorker.js beside this code; when running from
 * source (tests through tsx), this folder's extractWorker.ts behind tsx's CommonJS hook (Node 20
 * does not apply the parent's `--import tsx` hooks to a worker's entry file).
 */
function workerEntry(): { script: string; eval: boolean } {
  const bundled = path.join(__dirname, "extractWorker.js");
  if (fs.existsSync(bundled)) return { script: bundled, eval: false };
  const source = path.join(__dirname, "extractWorker.ts");
  const tsx = require.resolve("tsx/cjs/api");
  return { script: `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(source)});\n`, eval: true };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The problem text for a worker that died on a file. */
function failureMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  if (e?.code === "ERR_WORKER_OUT_OF_MEMORY") return "skipped: ran out of memory";
  if (e instanceof RangeError || /Maximum call stack size exceeded/.test(String(e?.message))) return "skipped: parser ran out of stack";
  return `skipped: the extractor failed (${String(e?.message ?? err).split("\n")[0]})`;
}

/** larger than this, or with a line longer than RISKY_LINE, a file is parsed under a budget even in a small folder */
const RISKY_BYTES = 256 * 1024;
const RISKY_LINE = 10_000;

/** Does a text look hostile to a parser (huge, or one enormous line: minified, generated, fuzzed)? */
export function isRiskyText(text: string): boolean {
  if (text.length > RISKY_BYTES) return true;
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > RISKY_LINE) return true;
    start = end + 1;
  }
  return false;
}

export class ExtractPool implements Extractor {
  private readonly jobs: number;
  private readonly fileTimeoutMs: number;
  private readonly workerMemoryMb: number;
  private readonly minFiles: number;
  private readonly keepAlive: boolean;
  private readonly testHook: WorkerTestHook | undefined;
  private readonly idle: WorkerEntry[] = [];
  private readonly local = inProcessExtractor();
  /** workers that exited before they were ready, in a row: after a few, stop trying */
  private startFailures = 0;
  /** files extracted by workers, and workers started, since this pool was made */
  readonly stats = { workerFiles: 0, workersStarted: 0 };

  constructor(options: ExtractPoolOptions = {}) {
    this.jobs = Math.max(1, Math.floor(options.jobs ?? defaultJobs()));
    this.fileTimeoutMs = options.fileTimeoutMs ?? DEFAULT_FILE_TIMEOUT_MS;
    this.workerMemoryMb = options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB;
    this.minFiles = options.minFiles ?? poolMinFiles(this.jobs);
    this.keepAlive = options.keepAlive ?? false;
    this.testHook = options.testHook;
  }

  /** true when `count` files would go to workers */
  usesWorkers(count: number): boolean {
    return count > 0 && count >= this.minFiles && this.startFailures < 3;
  }

  async extract(files: readonly SourceFile[], onProgress?: (done: number, total: number) => void): Promise<FileFacts[]> {
    if (!this.usesWorkers(files.length)) return this.extractFew(files, onProgress);
    try {
      return await this.run(files, onProgress);
    } finally {
      if (!this.keepAlive) await this.close();
    }
  }

  /**
   * Few files: on this thread, except the ones that look hostile to a parser (isRiskyText), which
   * go to workers for their time and heap budgets — a small folder must not hang on one file.
   */
  private async extractFew(files: readonly SourceFile[], onProgress?: (done: number, total: number) => void): Promise<FileFacts[]> {
    const risky = this.startFailures < 3 ? files.filter((f) => isRiskyText(f.text)) : [];
    if (risky.length === 0) return this.local.extract(files, onProgress);
    const riskySet = new Set(risky);
    const normal = files.filter((f) => !riskySet.has(f));
    let doneNormal = 0;
    let doneRisky = 0;
    const report = () => onProgress?.(doneNormal + doneRisky, files.length);
    const normalFacts = await this.local.extract(normal, (done) => {
      doneNormal = done;
      report();
    });
    let riskyFacts: FileFacts[];
    try {
      riskyFacts = await this.run(risky, (done) => {
        doneRisky = done;
        report();
      });
    } finally {
      if (!this.keepAlive) await this.close();
    }
    const byFile = new Map<SourceFile, FileFacts>();
    normal.forEach((f, i) => byFile.set(f, normalFacts[i]!));
    risky.forEach((f, i) => byFile.set(f, riskyFacts[i]!));
    return files.map((f) => byFile.get(f)!);
  }

  /**
   * Starts the workers now (they load their parsers while the caller still reads files), when
   * `expectedFiles` would go to workers. Idempotent.
   */
  warmUp(expectedFiles: number): void {
    if (!this.usesWorkers(expectedFiles)) return;
    for (let i = this.idle.filter((e) => !e.exited).length; i < this.jobs; i++) {
      const entry = this.spawn();
      if (!entry) return;
      entry.worker.on("message", (msg: WorkerMessage) => {
        if (msg.kind === "ready") entry.ready = true;
      });
      entry.worker.on("error", () => {});
      entry.worker.on("exit", () => {
        entry.exited = true;
      });
      entry.worker.unref();
      this.idle.push(entry);
    }
  }

  /** Ends every worker (idempotent). */
  async close(): Promise<void> {
    const entries = this.idle.splice(0);
    await Promise.all(entries.map((e) => e.worker.terminate().catch(() => 0)));
  }

  private run(files: readonly SourceFile[], onProgress?: (done: number, total: number) => void): Promise<FileFacts[]> {
    const results: (FileFacts | undefined)[] = new Array(files.length);
    let next = 0;
    let done = 0;
    const live = new Set<WorkerEntry>();

    return new Promise<FileFacts[]>((resolve, reject) => {
      let settled = false;
      const finishIfDone = () => {
        if (settled || done < files.length) return;
        settled = true;
        for (const e of live) {
          if (e.exited || e.busy !== null) continue;
          e.worker.unref(); // an idle worker never keeps the process alive
          this.idle.push(e);
        }
        resolve(results as FileFacts[]);
      };
      const record = (index: number, facts: FileFacts) => {
        if (results[index] !== undefined) return;
        results[index] = facts;
        done++;
        onProgress?.(done, files.length);
      };
      /** no worker can run: the rest on this thread (same facts, no budgets) */
      const fallBack = () => {
        if (settled) return;
        const rest: number[] = [];
        for (; next < files.length; next++) rest.push(next);
        if (rest.length === 0) return finishIfDone();
        this.local.extract(rest.map((i) => files[i])).then((facts) => {
          facts.forEach((f, k) => record(rest[k], f));
          finishIfDone();
        }, reject);
      };

      const dispatch = (entry: WorkerEntry) => {
        if (settled || entry.exited) return;
        if (next >= files.length) {
          entry.busy = null;
          finishIfDone();
          return;
        }
        const index = next++;
        entry.busy = index;
        const job: ExtractJob = { id: index, path: files[index].path, text: files[index].text };
        entry.timer = setTimeout(() => {
          entry.failure ??= `skipped: took longer than ${seconds(this.fileTimeoutMs)}`;
          void entry.worker.terminate();
        }, this.fileTimeoutMs);
        entry.worker.postMessage(job);
      };

      const attach = (entry: WorkerEntry) => {
        live.add(entry);
        // a worker kept from an earlier call still has that call's listeners
        entry.worker.removeAllListeners("message").removeAllListeners("error").removeAllListeners("exit");
        entry.worker.ref();
        entry.worker.on("message", (msg: WorkerMessage) => {
          if (msg.kind === "ready") {
            entry.ready = true;
            this.startFailures = 0;
            dispatch(entry);
            return;
          }
          if (entry.busy !== msg.id) return;
          if (entry.timer) clearTimeout(entry.timer);
          entry.timer = null;
          const index = entry.busy;
          entry.busy = null;
          this.stats.workerFiles++;
          record(index, msg.kind === "facts" ? (JSON.parse(msg.json) as FileFacts) : unanalysedFacts(files[index].path, `could not analyse: ${msg.message}`));
          dispatch(entry);
        });
        entry.worker.on("error", (err) => {
          entry.failure ??= failureMessage(err);
        });
        entry.worker.on("exit", () => {
          entry.exited = true;
          live.delete(entry);
          if (entry.timer) clearTimeout(entry.timer);
          if (settled) return;
          if (!entry.ready) {
            // died while loading the parsers: not the fault of any file
            this.startFailures++;
            if (this.startFailures >= 3) {
              if (live.size === 0) fallBack();
              return;
            }
          } else if (entry.busy !== null) {
            record(entry.busy, unanalysedFacts(files[entry.busy].path, entry.failure ?? "skipped: the extractor stopped"));
            entry.busy = null;
          }
          if (next < files.length) startWorker();
          else finishIfDone();
        });
      };

      const startWorker = () => {
        const entry = this.spawn();
        if (entry) attach(entry);
        else if (live.size === 0) fallBack();
      };

      // reuse idle workers from an earlier call (keepAlive), start the others
      const count = Math.min(this.jobs, files.length);
      const reused = this.idle.splice(0).filter((e) => !e.exited);
      this.idle.push(...reused.splice(count));
      for (const entry of reused) {
        attach(entry);
        // one still loading its parsers is dispatched to when it says it is ready
        if (entry.ready) dispatch(entry);
      }
      for (let i = reused.length; i < count; i++) startWorker();
    });
  }

  /** a new worker, or null when none can be created (then this thread does the work) */
  private spawn(): WorkerEntry | null {
    let worker: Worker;
    try {
      const entry = workerEntry();
      worker = new Worker(entry.script, {
        eval: entry.eval,
        workerData: { testHook: this.testHook },
        resourceLimits: { maxOldGenerationSizeMb: this.workerMemoryMb },
      });
    } catch {
      this.startFailures = 3;
      return null;
    }
    this.stats.workersStarted++;
    return { worker, ready: false, busy: null, timer: null, failure: null, exited: false };
  }
}
