/**
 * Scale benchmark (issue #11; not a test): generates the synthetic monorepo at N services and
 * measures, in one run, the CLI (cold and warm scan, peak RSS) and the language server (start →
 * first diagnostics, hover while the first index runs, memory after indexing, edit → republished
 * diagnostics over 25 code and 25 YAML edits), next to the floors measured in the same run
 * (`git grep -l` over the tree; parsing every source file with the same parsers and nothing
 * else) and the ratio of each measure to its floor. Writes bench/RESULTS.md.
 *   npm run bench [-- --services 20,200] [--seed S] [--timeout SECONDS] [--out FILE] [--work DIR]
 * Uses the bundle in $RETRYLENS_DIST (as esbuild.mjs builds it) or dist/. Every measure has a
 * timeout: one that runs out is reported as "timed out" and the bench goes on.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, totalmem, tmpdir, type as osType, release } from "node:os";
import { join, resolve } from "node:path";
import { generate, type GeneratedMonorepo } from "./generate";
import { LspClient } from "../../test/lsp/lspClient";

const ROOT = join(__dirname, "..", "..");
const DIST = process.env.RETRYLENS_DIST ? resolve(process.env.RETRYLENS_DIST) : join(ROOT, "dist");
const CLI = join(DIST, "cli.js");
const SHOP = join(ROOT, "examples", "shop");
const EDITS_PER_KIND = 25;

interface Options {
  services: number[];
  seed: number;
  timeoutS: number;
  out: string;
  work: string;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { services: [20, 200], seed: 1, timeoutS: 300, out: join(ROOT, "bench", "RESULTS.md"), work: join(tmpdir(), "retrylens-bench") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === "--services" && v) o.services = v.split(",").map(Number);
    else if (a === "--seed" && v) o.seed = Number(v);
    else if (a === "--timeout" && v) o.timeoutS = Number(v);
    else if (a === "--out" && v) o.out = resolve(v);
    else if (a === "--work" && v) o.work = resolve(v);
    else throw new Error(`unknown argument ${a} (usage: --services 20,200 --seed S --timeout SECONDS --out FILE --work DIR)`);
    i++;
  }
  if (o.services.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--services takes positive integers, e.g. 20,200");
  if (!Number.isFinite(o.timeoutS) || o.timeoutS <= 0) throw new Error("--timeout takes seconds");
  const work = resolve(o.work);
  if (work === ROOT || work.startsWith(ROOT + "/")) throw new Error("--work must be outside the repository (the bench writes a generated tree there)");
  return o;
}

/** a measure: a value, or why there is none */
type Measure = { ok: true; value: number; note?: string } | { ok: false; why: string };
const timedOut: Measure = { ok: false, why: "timed out" };

function log(msg: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

interface ChildRun {
  ms: number;
  peakRssMb: number | null;
  /** user + system CPU seconds (GNU time only): steadier than wall time on a shared machine */
  cpuS: number | null;
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Peak RSS of a process (and its threads) from /proc: VmHWM, the high-water mark. */
function vmHwmMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}
function vmRssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/**
 * Runs a command with a timeout; wall time measured here, peak RSS from GNU time -v when
 * installed, else from sampling /proc/PID/status (VmHWM) every 50 ms.
 */
function runChild(cmd: string, args: string[], opts: { cwd?: string; timeoutMs: number }): Promise<ChildRun> {
  return new Promise((done) => {
    const useTime = TIME !== null;
    const argv = useTime ? ["-v", cmd, ...args] : args;
    const t0 = performance.now();
    const child = spawn(useTime ? TIME! : cmd, argv, { cwd: opts.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    let sampled: number | null = null;
    const sampler = useTime ? null : setInterval(() => {
      const v = child.pid ? vmHwmMb(child.pid) : null;
      if (v !== null) sampled = Math.max(sampled ?? 0, v);
    }, 50);
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs);
    child.on("close", (code) => {
      const ms = performance.now() - t0;
      clearTimeout(timer);
      if (sampler) clearInterval(sampler);
      let peak: number | null = sampled;
      let cpuS: number | null = null;
      if (useTime) {
        const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
        const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
        if (user && system) cpuS = Number(user[1]) + Number(system[1]);
        const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        if (m) peak = Number(m[1]) / 1024;
        // GNU time's report goes to stderr after the command's own; keep only the command's
        const cut = stderr.lastIndexOf("\tCommand being timed:");
        if (cut >= 0) stderr = stderr.slice(0, cut);
        const exit = /Exit status: (\d+)/.exec(stderr);
        if (exit) code = Number(exit[1]);
      }
      done({ ms, peakRssMb: peak, cpuS, code, timedOut: killed, stdout, stderr });
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      if (sampler) clearInterval(sampler);
      done({ ms: performance.now() - t0, peakRssMb: null, cpuS: null, code: null, timedOut: false, stdout, stderr: String(err) });
    });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function withTimeout<T>(what: string, ms: number, work: (signal: { cancelled: boolean }) => Promise<T>): Promise<T | "timed out"> {
  const signal = { cancelled: false };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timed out">((resolveTimeout) => {
    timer = setTimeout(() => {
      signal.cancelled = true;
      log(`${what}: timed out after ${ms / 1000} s`);
      resolveTimeout("timed out");
    }, ms);
  });
  try {
    return await Promise.race([work(signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ------------------------------------------------------------------------------------ floors

interface Floors {
  gitGrep: Measure;
  gitGrepTool: string;
  parse: Measure;
  parseFiles: number;
  parsePeakRssMb: number | null;
  parseCpuS: number | null;
  editParse: { code: Measure; yaml: Measure };
}

async function floors(m: GeneratedMonorepo, timeoutMs: number): Promise<Floors> {
  // git grep over the tree: the cost of reading every tracked file once with a token pattern
  let gitGrep: Measure = { ok: false, why: "git not available" };
  let gitGrepTool = "git grep -l";
  const git = spawnSync("git", ["--version"], { encoding: "utf8" });
  const pattern = ["-e", "retry", "-e", "http"];
  if (git.status === 0) {
    const env = ["-c", "core.autocrlf=false", "-c", "gc.auto=0"];
    spawnSync("git", [...env, "init", "-q"], { cwd: m.root });
    spawnSync("git", [...env, "add", "-A"], { cwd: m.root, timeout: timeoutMs });
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runChild("git", ["grep", "-l", "-I", ...pattern], { cwd: m.root, timeoutMs });
      if (r.timedOut) {
        gitGrep = timedOut;
        break;
      }
      runs.push(r.ms);
    }
    if (runs.length === 3) gitGrep = { ok: true, value: median(runs), note: "median of 3" };
  } else {
    gitGrepTool = "grep -rl";
    const r = await runChild("grep", ["-rlI", ...pattern, "."], { cwd: m.root, timeoutMs });
    gitGrep = r.timedOut ? timedOut : { ok: true, value: r.ms };
  }
  // parsing every source file with the extractors' parsers, in its own process, one thread
  const parseArgs = ["--import", "tsx", join(__dirname, "parseFloor.ts"), m.root, "--repeat", m.editTargets.code, "25", "--repeat", m.editTargets.yaml, "25"];
  const r = await runChild(process.execPath, parseArgs, { cwd: ROOT, timeoutMs });
  let parse: Measure = timedOut;
  let parseFiles = 0;
  let parsePeakRssMb: number | null = null;
  let editParse: Floors["editParse"] = { code: timedOut, yaml: timedOut };
  if (!r.timedOut) {
    try {
      const j = JSON.parse(r.stdout.trim().split("\n").pop()!) as { files: number; ms: number; peakRssMb: number; repeats: Record<string, number> };
      parse = { ok: true, value: j.ms };
      parseFiles = j.files;
      parsePeakRssMb = j.peakRssMb;
      const code = j.repeats[m.editTargets.code];
      const yaml = j.repeats[m.editTargets.yaml];
      editParse = {
        code: code === undefined ? { ok: false, why: "not measured" } : { ok: true, value: code },
        yaml: yaml === undefined ? { ok: false, why: "not measured" } : { ok: true, value: yaml },
      };
    } catch {
      parse = { ok: false, why: `failed: ${r.stderr.slice(0, 200)}` };
    }
  }
  return { gitGrep, gitGrepTool, parse, parseFiles, parsePeakRssMb, parseCpuS: r.cpuS, editParse };
}

// ------------------------------------------------------------------------------------ CLI

interface ScanResult {
  cold: Measure;
  coldRssMb: number | null;
  coldCpuS: number | null;
  warm: Measure;
  warmCpuS: number | null;
  warmRssMb: number | null;
  /** a warm scan after one code file changed (the stored result no longer applies; the facts of the others do) */
  warmEdited: Measure;
  cacheNote: string;
  layers: number;
  paths: number;
  crossServicePaths: number;
  maxServicesOnPath: number;
}

function cliSupportsCache(): boolean {
  const r = spawnSync(process.execPath, [CLI, "--help"], { encoding: "utf8", timeout: 30_000 });
  return /--cache\b/.test(`${r.stdout}${r.stderr}`);
}

async function scans(m: GeneratedMonorepo, timeoutMs: number, work: string): Promise<ScanResult> {
  const report = join(work, "report.json");
  const cacheDir = join(work, "cache");
  rmSync(cacheDir, { recursive: true, force: true });
  const cache = cliSupportsCache();
  const args = (extra: string[]) => [CLI, "scan", m.root, "--format", "json", "--fail-on", "none", "--output", report, ...extra];
  const out: ScanResult = {
    cold: timedOut, coldRssMb: null, coldCpuS: null, warmCpuS: null, warm: { ok: false, why: "n/a (no cache yet)" }, warmRssMb: null, warmEdited: { ok: false, why: "n/a (no cache yet)" },
    cacheNote: cache ? `--cache=${cacheDir} (empty before the cold scan)` : "the CLI has no --cache option",
    layers: 0, paths: 0, crossServicePaths: 0, maxServicesOnPath: 0,
  };
  log(`cold scan of ${m.files} files${cache ? " (with an empty --cache)" : ""}`);
  rmSync(report, { force: true });
  const cold = await runChild(process.execPath, args(cache ? [`--cache=${cacheDir}`] : []), { timeoutMs });
  if (cold.timedOut) return out;
  if (cold.code !== 0 || !existsSync(report)) {
    out.cold = { ok: false, why: `exit ${cold.code}: ${cold.stderr.trim().slice(0, 200)}` };
    return out;
  }
  out.cold = { ok: true, value: cold.ms };
  out.coldRssMb = cold.peakRssMb;
  out.coldCpuS = cold.cpuS;
  try {
    const j = JSON.parse(readFileSync(report, "utf8")) as { layers: Array<{ id: string; file: string }>; paths: Array<{ layers: string[] }> };
    const serviceOf = new Map(j.layers.map((l) => [l.id, /^services\/([^/]+)\//.exec(l.file)?.[1] ?? null]));
    out.layers = j.layers.length;
    out.paths = j.paths.length;
    for (const p of j.paths) {
      const n = new Set(p.layers.map((id) => serviceOf.get(id)).filter(Boolean)).size;
      if (n >= 2) out.crossServicePaths++;
      out.maxServicesOnPath = Math.max(out.maxServicesOnPath, n);
    }
  } catch {
    // the measure stands; the counts stay 0
  }
  if (cache) {
    log("warm scan (same --cache)");
    const warm = await runChild(process.execPath, args([`--cache=${cacheDir}`]), { timeoutMs });
    out.warm = warm.timedOut ? timedOut : warm.code === 0 ? { ok: true, value: warm.ms } : { ok: false, why: `exit ${warm.code}: ${warm.stderr.trim().slice(0, 200)}` };
    out.warmRssMb = warm.peakRssMb;
    out.warmCpuS = warm.cpuS;
    // one file changed (a retry count, as the editor edits below): the text is restored afterwards
    const edited = join(m.root, m.editTargets.code);
    const original = readFileSync(edited, "utf8");
    try {
      writeFileSync(edited, withNumber(original, m.editTargets.codePattern, 9));
      log("warm scan after one file changed");
      const again = await runChild(process.execPath, args([`--cache=${cacheDir}`]), { timeoutMs });
      out.warmEdited = again.timedOut ? timedOut : again.code === 0 ? { ok: true, value: again.ms } : { ok: false, why: `exit ${again.code}: ${again.stderr.trim().slice(0, 200)}` };
    } finally {
      writeFileSync(edited, original);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------ LSP

interface LspResult {
  firstDiagnostics: Measure;
  hover: { p50: Measure; max: Measure; count: number; answeredDuringIndex: number };
  rssAfterIndexMb: number | null;
  editCode: { p50: Measure; p95: Measure; n: number };
  editYaml: { p50: Measure; p95: Measure; n: number };
  editAll: { p50: Measure; p95: Measure; n: number };
}

function languageIdOf(file: string): string {
  if (file.endsWith(".py")) return "python";
  if (file.endsWith(".ts")) return "typescript";
  if (file.endsWith(".go")) return "go";
  if (file.endsWith(".cs")) return "csharp";
  if (file.endsWith(".java")) return "java";
  return "yaml";
}

/** The text with the first integer after `pattern` replaced by `value`. */
function withNumber(text: string, pattern: string, value: number): string {
  const at = text.indexOf(pattern);
  if (at < 0) return `${text}\n`;
  const start = at + pattern.length;
  const m = /^\d+/.exec(text.slice(start));
  return m ? text.slice(0, start) + String(value) + text.slice(start + m[0].length) : `${text}\n`;
}

function lineOf(text: string, pattern: string): number {
  const at = Math.max(0, text.indexOf(pattern));
  return text.slice(0, at).split("\n").length - 1;
}

async function lsp(root: string, m: GeneratedMonorepo | null, timeoutMs: number): Promise<LspResult> {
  const none = (why: string): Measure => ({ ok: false, why });
  const res: LspResult = {
    firstDiagnostics: timedOut,
    hover: { p50: none("no hover answered"), max: none("no hover answered"), count: 0, answeredDuringIndex: 0 },
    rssAfterIndexMb: null,
    editCode: { p50: none("not measured"), p95: none("not measured"), n: 0 },
    editYaml: { p50: none("not measured"), p95: none("not measured"), n: 0 },
    editAll: { p50: none("not measured"), p95: none("not measured"), n: 0 },
  };
  let client: LspClient | null = null;
  const outcome = await withTimeout(`LSP on ${root}`, timeoutMs, async (signal) => {
    const t0 = performance.now();
    client = await LspClient.start(root);
    const c = client;
    // hover the code file's retry layer while the first index runs, as an editor does on a
    // file it restored: every 100 ms, each answer timed, until the first diagnostics arrive
    const hoverTimes: number[] = [];
    let indexed = false;
    let answeredDuringIndex = 0;
    const hovers: Promise<void>[] = [];
    let hoverLoop: Promise<void> = Promise.resolve();
    if (m) {
      const text = readFileSync(join(root, m.editTargets.code), "utf8");
      c.open(m.editTargets.code, text, languageIdOf(m.editTargets.code));
      const position = { line: lineOf(text, m.editTargets.codePattern), character: 4 };
      hoverLoop = (async () => {
        while (!indexed && !signal.cancelled) {
          const sent = performance.now();
          hovers.push(
            c.connection
              .sendRequest("textDocument/hover", { textDocument: { uri: c.uri(m.editTargets.code) }, position })
              .then(() => {
                hoverTimes.push(performance.now() - sent);
                if (!indexed) answeredDuringIndex++;
              })
              .catch(() => undefined),
          );
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
    }
    await c.until("first diagnostics", () => c.diagnostics.size > 0, timeoutMs);
    res.firstDiagnostics = { ok: true, value: performance.now() - t0 };
    indexed = true;
    await hoverLoop;
    await withTimeout("outstanding hovers", 30_000, () => Promise.all(hovers));
    if (hoverTimes.length) {
      res.hover = { p50: { ok: true, value: median(hoverTimes) }, max: { ok: true, value: Math.max(...hoverTimes) }, count: hovers.length, answeredDuringIndex };
    } else res.hover.count = hovers.length;
    if (!m) return;
    // let the first analysis settle (the model notification after the diagnostics), then memory
    await c.until("first model", () => c.modelCount() > 0, timeoutMs).catch(() => undefined);
    res.rssAfterIndexMb = c.child.pid ? vmRssMb(c.child.pid) : null;
    const editsOf = async (file: string, pattern: string, languageId: string): Promise<number[]> => {
      const text = readFileSync(join(root, file), "utf8");
      if (file !== m.editTargets.code) c.open(file, text, languageId);
      await new Promise((r) => setTimeout(r, 200));
      const times: number[] = [];
      for (let i = 0; i < EDITS_PER_KIND && !signal.cancelled; i++) {
        // alternate a retry count so every edit changes the analysis and its diagnostics
        const edited = withNumber(text, pattern, 2 + (i % 2) + 5);
        const before = c.modelCount();
        const sent = performance.now();
        c.change(file, edited, i + 2);
        await c.nextModel(before);
        times.push(performance.now() - sent);
      }
      return times;
    };
    const code = await editsOf(m.editTargets.code, m.editTargets.codePattern, languageIdOf(m.editTargets.code));
    const yaml = await editsOf(m.editTargets.yaml, m.editTargets.yamlPattern, "yaml");
    const stat = (xs: number[]) => ({ p50: { ok: true as const, value: percentile(xs, 50) }, p95: { ok: true as const, value: percentile(xs, 95) }, n: xs.length });
    if (code.length) res.editCode = stat(code);
    if (yaml.length) res.editYaml = stat(yaml);
    if (code.length + yaml.length) res.editAll = stat([...code, ...yaml]);
  }).catch((err: unknown) => {
    log(`LSP on ${root}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
    return "failed" as const;
  });
  const c = client as LspClient | null;
  if (c) {
    await withTimeout("LSP shutdown", 10_000, () => c.stop()).catch(() => undefined);
    c.child.kill("SIGKILL");
  }
  if (outcome === "timed out") log(`LSP on ${root}: measures not reached are reported as timed out`);
  return res;
}

// ------------------------------------------------------------------------------------ report

interface SizeResult {
  n: number;
  m: GeneratedMonorepo;
  floors: Floors;
  scan: ScanResult;
  lsp: LspResult;
}

const fmtS = (x: Measure) => (x.ok ? `${(x.value / 1000).toFixed(2)} s` : x.why);
const fmtMs = (x: Measure) => (x.ok ? `${x.value < 10 ? x.value.toFixed(2) : x.value.toFixed(0)} ms` : x.why);
const fmtMb = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(0)} MB`);
function ratio(a: Measure, b: Measure): string {
  return a.ok && b.ok && b.value > 0 ? `${(a.value / b.value).toFixed(1)}×` : "—";
}
function met(ok: boolean | null): string {
  return ok === null ? "—" : ok ? "met" : "**not met**";
}
const atMost = (x: Measure, limitMs: number): boolean | null => (x.ok ? x.value <= limitMs : x.why.startsWith("n/a") ? null : false);

function machine(startLoad: number[], endLoad: number[]): string {
  const cpu = cpus();
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim() || "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).stdout.trim() ? " + uncommitted changes" : "";
  return [
    `- date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    `- commit: ${commit}${dirty}; bundle: ${DIST === join(ROOT, "dist") ? "dist/" : DIST}`,
    `- machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM (${(freemem() / 2 ** 30).toFixed(1)} GB free at the end), ${osType()} ${release()}, Node ${process.version}`,
    `- load average (1 min) at start ${startLoad[0]!.toFixed(1)}, at end ${endLoad[0]!.toFixed(1)}: the machine is shared, so wall times are noisy — compare ratios to the floors, measured in the same minute`,
  ].join("\n");
}

function section(r: SizeResult): string {
  const { floors: f, scan: s, lsp: l, m } = r;
  const targets = r.n === 200;
  const rows: string[][] = [];
  const row = (measure: string, value: string, floor: string, rat: string, target: string, verdict: string) => rows.push([measure, value, floor, rat, target, verdict]);
  const coldRssOk = s.coldRssMb === null ? null : s.coldRssMb <= 1536;
  row("cold CLI scan, wall", fmtS(s.cold), `git grep ${fmtS(f.gitGrep)} · parse ${fmtS(f.parse)}`, `${ratio(s.cold, f.gitGrep)} · ${ratio(s.cold, f.parse)}`, targets ? "≤ 8 s" : "", targets ? met(atMost(s.cold, 8000)) : "");
  const cpu = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(1)} s`);
  const cpuRatio = (a: number | null, b: number | null) => (a !== null && b ? `${(a / b).toFixed(1)}×` : "—");
  row("cold CLI scan, CPU (user + sys)", cpu(s.coldCpuS), `parse ${cpu(f.parseCpuS)} (process, incl. tsx start)`, cpuRatio(s.coldCpuS, f.parseCpuS), "", "");
  row("cold CLI scan, peak RSS", fmtMb(s.coldRssMb), `parse ${fmtMb(f.parsePeakRssMb)}`, s.coldRssMb && f.parsePeakRssMb ? `${(s.coldRssMb / f.parsePeakRssMb).toFixed(1)}×` : "—", targets ? "≤ 1.5 GB" : "", targets ? met(coldRssOk) : "");
  row("warm CLI scan (cache), wall", fmtS(s.warm), `git grep ${fmtS(f.gitGrep)} · parse ${fmtS(f.parse)}`, `${ratio(s.warm, f.gitGrep)} · ${ratio(s.warm, f.parse)}`, targets ? "≤ 2 s" : "", targets ? met(atMost(s.warm, 2000)) : "");
  row("warm CLI scan, CPU (user + sys)", cpu(s.warmCpuS), `parse ${cpu(f.parseCpuS)}`, cpuRatio(s.warmCpuS, f.parseCpuS), "", "");
  row("warm CLI scan after one file changed, wall", fmtS(s.warmEdited), `git grep ${fmtS(f.gitGrep)} · parse ${fmtS(f.parse)}`, `${ratio(s.warmEdited, f.gitGrep)} · ${ratio(s.warmEdited, f.parse)}`, "", "");
  row("LSP start → first diagnostics", fmtS(l.firstDiagnostics), `parse ${fmtS(f.parse)}`, ratio(l.firstDiagnostics, f.parse), "", "");
  row(`hover during the first index, p50 / max (${l.hover.count} sent, ${l.hover.answeredDuringIndex} answered before the index finished)`, `${fmtMs(l.hover.p50)} / ${fmtMs(l.hover.max)}`, "", "", targets ? "≤ 200 ms" : "", targets ? met(atMost(l.hover.max, 200)) : "");
  row("server RSS after indexing", fmtMb(l.rssAfterIndexMb), `parse ${fmtMb(f.parsePeakRssMb)}`, l.rssAfterIndexMb && f.parsePeakRssMb ? `${(l.rssAfterIndexMb / f.parsePeakRssMb).toFixed(1)}×` : "—", "", "");
  row(`edit → diagnostics, code (${m.editTargets.code.split("/").pop()}), p50 / p95 over ${l.editCode.n}`, `${fmtMs(l.editCode.p50)} / ${fmtMs(l.editCode.p95)}`, `parse the file ${fmtMs(f.editParse.code)}`, ratio(l.editCode.p95, f.editParse.code), "", "");
  row(`edit → diagnostics, YAML (${m.editTargets.yaml.split("/").pop()}), p50 / p95 over ${l.editYaml.n}`, `${fmtMs(l.editYaml.p50)} / ${fmtMs(l.editYaml.p95)}`, `parse the file ${fmtMs(f.editParse.yaml)}`, ratio(l.editYaml.p95, f.editParse.yaml), "", "");
  row(`edit → diagnostics, all ${l.editAll.n} edits, p50 / p95`, `${fmtMs(l.editAll.p50)} / ${fmtMs(l.editAll.p95)}`, "", "", targets ? "p95 ≤ 100 ms" : "", targets ? met(atMost(l.editAll.p95, 100)) : "");
  const langs = ["python", "typescript", "go", "csharp", "java"].map((lang) => `${m.services.filter((x) => x.language === lang).length} ${lang}`).join(", ");
  return [
    `## N = ${r.n} services`,
    "",
    `${m.files.toLocaleString("en")} files (${(m.bytes / 1e6).toFixed(1)} MB; ${f.parseFiles.toLocaleString("en")} source and YAML files outside skipped folders), ${langs}. ` +
      `The scan found ${s.layers.toLocaleString("en")} layers and ${s.paths.toLocaleString("en")} paths, ${s.crossServicePaths.toLocaleString("en")} of them through layers of two or more services (at most ${s.maxServicesOnPath} on one path). Warm scan: ${s.cacheNote}.`,
    "",
    "| measure | value | floor (same run) | ratio | target | |",
    "|---|---:|---|---:|---|---|",
    ...rows.map((x) => `| ${x.join(" | ")} |`),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(CLI) || !existsSync(join(DIST, "server.js"))) throw new Error(`no bundle in ${DIST}: npm run build (npm run bench builds first)`);
  const startLoad = loadavg();
  const timeoutMs = o.timeoutS * 1000;
  const results: SizeResult[] = [];
  log(`LSP on examples/shop`);
  const shop = await lsp(SHOP, null, Math.min(timeoutMs, 60_000));
  for (const n of o.services) {
    const work = join(o.work, `n${n}`);
    mkdirSync(work, { recursive: true });
    log(`generating N = ${n} into ${work}/tree`);
    const m = generate({ services: n, out: join(work, "tree"), seed: o.seed });
    log(`${m.files} files; floors`);
    const f = await floors(m, timeoutMs);
    const s = await scans(m, timeoutMs, work);
    log("language server");
    const l = await lsp(m.root, m, timeoutMs);
    results.push({ n, m, floors: f, scan: s, lsp: l });
    log(`N = ${n}: cold ${fmtS(s.cold)} (${fmtMb(s.coldRssMb)}), warm ${fmtS(s.warm)}, first diagnostics ${fmtS(l.firstDiagnostics)}, edit p95 ${fmtMs(l.editAll.p95)}; floors git grep ${fmtS(f.gitGrep)}, parse ${fmtS(f.parse)}`);
  }
  const endLoad = loadavg();
  const md = [
    "# Scale benchmark results",
    "",
    "Produced by `npm run bench` (bench/monorepo/run.ts; the synthetic monorepo of bench/monorepo/generate.ts, " +
      `seed ${o.seed}). Not a timed test: numbers depend on the machine. Targets (issue #11) apply at N = 200. ` +
      "Floors: `git grep -l` over the tree (median of 3) and parsing every source and YAML file outside skipped folders with the extractors' parsers on one thread (bench/monorepo/parseFloor.ts, tree-sitter init included); " +
      "an edit's floor is parsing the edited file once. Peak RSS from GNU time (or /proc VmHWM sampling).",
    "",
    machine(startLoad, endLoad),
    "",
    "## examples/shop",
    "",
    "| measure | value | target | |",
    "|---|---:|---|---|",
    `| LSP start → first diagnostics | ${fmtS(shop.firstDiagnostics)} | ≤ 1 s | ${met(atMost(shop.firstDiagnostics, 1000))} |`,
    "",
    ...results.map((r) => section(r)),
  ].join("\n");
  writeFileSync(o.out, md);
  log(`wrote ${o.out}`);
  process.stdout.write(md);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
