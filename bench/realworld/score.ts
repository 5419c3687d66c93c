/**
 * The ecosystem check: scans every labelled public repository with the built CLI and scores the
 * report against the labels (bench/realworld/README.md).
 *
 *   npm run bench:realworld -- --mirror DIR [--only TEXT…] [--out FILE] [--json FILE] [--keep DIR]
 *
 * Writes bench/REALWORLD.md (the table, the targets, and every miss with the class of its cause).
 * Before scoring, every label is self-checked: the commit is in the mirror and every anchor string
 * appears on its line. Exit status: 0 when every label checks out and no scan crashed, 1 otherwise.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { validateLabels, type RepoLabels } from "./labels";
import { extractTree, findGitDir, hasCommit, showFile } from "./mirror";
import { scoreRepo, type Report, type RepoScore } from "./match";
import { renderMarkdown, type RepoResult } from "./markdown";

const ROOT = resolve(__dirname, "..", "..");
const LABELS = join(__dirname, "labels");
const SCAN_TIMEOUT_MS = 15 * 60_000;

function parseArgs(argv: string[]) {
  const opts = { mirror: "", only: [] as string[], out: join(ROOT, "bench", "REALWORLD.md"), json: "", keep: "" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--mirror") opts.mirror = resolve(value());
    else if (a === "--only") opts.only.push(value());
    else if (a === "--out") opts.out = resolve(value());
    else if (a === "--json") opts.json = resolve(value());
    else if (a === "--keep") opts.keep = resolve(value());
    else throw new Error(`unknown option ${a}`);
  }
  if (!opts.mirror) throw new Error("--mirror DIR is required (the folder holding the repositories; see bench/realworld/README.md)");
  return opts;
}

/** Every anchor of the labels at its line, at the labelled commit: the problems found. */
export function selfCheck(labels: RepoLabels, gitDir: string): string[] {
  const problems: string[] = [];
  const cache = new Map<string, string[] | null>();
  const lines = (path: string) => {
    if (!cache.has(path)) cache.set(path, showFile(gitDir, labels.commit, path)?.split(/\r?\n/) ?? null);
    return cache.get(path)!;
  };
  const check = (what: string, path: string, line: number, anchor: string) => {
    const text = lines(path);
    if (text === null) problems.push(`${what}: ${path} is not in ${labels.commit.slice(0, 10)}`);
    else if (!(text[line - 1] ?? "").includes(anchor)) problems.push(`${what}: "${anchor}" is not on ${path}:${line}`);
  };
  for (const l of labels.layers) {
    check(`layer ${l.id}`, l.path, l.line, l.anchor);
    for (const alt of l.alternatives ?? []) if (lines(alt.path) === null) problems.push(`layer ${l.id}: alternative ${alt.path} is not in the commit`);
  }
  labels.nearMisses.forEach((n, i) => check(`near miss ${i + 1}`, n.path, n.line, n.anchor));
  return problems;
}

/** the CLI bundle scored: dist/cli.js, or the one in RETRYLENS_DIST (as esbuild.mjs builds it) */
const CLI = join(process.env.RETRYLENS_DIST ? resolve(process.env.RETRYLENS_DIST) : join(ROOT, "dist"), "cli.js");

function scan(dir: string): { report: Report | null; seconds: number; crashed: string | null; stderr: string } {
  const out = join(dir, "..", "report.json");
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [CLI, "scan", dir, "--format", "json", "--fail-on", "none", "--output", out], {
    encoding: "utf8",
    timeout: SCAN_TIMEOUT_MS,
    maxBuffer: 1 << 28,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stderr = (run.stderr ?? "").trim();
  if (run.error || run.status !== 0) {
    const why = run.error ? String(run.error.message) : run.signal ? `killed by ${run.signal}` : `exit ${run.status}`;
    return { report: null, seconds, crashed: `${why}: ${stderr.split("\n").slice(-3).join(" | ")}`, stderr };
  }
  return { report: JSON.parse(readFileSync(out, "utf8")) as Report, seconds, crashed: null, stderr };
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build (npm run bench:realworld builds first)`);
  const files = readdirSync(LABELS)
    .filter((f) => f.endsWith(".json"))
    // `--only istio/istio` and `--only istio__istio` both name labels/istio__istio.json
    .filter((f) => opts.only.length === 0 || opts.only.some((o) => f.includes(o.replace("/", "__"))))
    .sort();
  if (files.length === 0) throw new Error(`no label file in ${LABELS} matches --only ${opts.only.join(" ")}`);
  const work = opts.keep || mkdtempSync(join(tmpdir(), "retrylens-realworld-"));
  const results: RepoResult[] = [];
  let failed = false;
  for (const file of files) {
    let labels: RepoLabels;
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(LABELS, file), "utf8"));
      const errors = validateLabels(parsed, file);
      if (errors.length) {
        results.push({ file, labels: null, labelProblems: errors, score: null, seconds: 0, crashed: null, files: 0, skipped: "" });
        failed = true;
        continue;
      }
      labels = parsed as RepoLabels;
    } catch (e) {
      results.push({ file, labels: null, labelProblems: [`${file}: ${(e as Error).message}`], score: null, seconds: 0, crashed: null, files: 0, skipped: "" });
      failed = true;
      continue;
    }
    const gitDir = findGitDir(opts.mirror, labels.repo);
    if (!gitDir || !hasCommit(gitDir, labels.commit)) {
      const why = gitDir ? `commit ${labels.commit} is not in ${gitDir}` : `no checkout of ${labels.repo} in ${opts.mirror}`;
      results.push({ file, labels, labelProblems: [why], score: null, seconds: 0, crashed: null, files: 0, skipped: "not in the mirror" });
      process.stderr.write(`${labels.repo}: ${why}\n`);
      continue;
    }
    const labelProblems = selfCheck(labels, gitDir);
    if (labelProblems.length) failed = true;
    const dir = join(work, labels.repo.replace("/", "__"), "tree");
    const count = extractTree(gitDir, labels.commit, dir, labels.include);
    process.stderr.write(`${labels.repo}: scanning ${count} files…`);
    const { report, seconds, crashed } = scan(dir);
    process.stderr.write(crashed ? ` crashed (${crashed})\n` : ` ${seconds.toFixed(1)} s\n`);
    if (crashed) failed = true;
    const score: RepoScore | null = report ? scoreRepo(labels, report) : null;
    results.push({ file, labels, labelProblems, score, seconds, crashed, files: count, skipped: "" });
    if (!opts.keep) rmSync(join(work, labels.repo.replace("/", "__")), { recursive: true, force: true });
  }
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
  const toolCommit = spawnSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() || "unknown";
  const toolVersion = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const markdown = renderMarkdown(results, { date: new Date().toISOString().slice(0, 10), toolVersion, toolCommit });
  mkdirSync(join(opts.out, ".."), { recursive: true });
  writeFileSync(opts.out, markdown);
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
  process.stderr.write(`wrote ${opts.out}\n`);
  process.exit(failed ? 1 : 0);
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`bench:realworld: ${(e as Error).message}\n`);
    process.exit(2);
  }
}
