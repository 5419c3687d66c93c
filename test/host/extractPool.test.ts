/**
 * Extraction in worker threads (server/src/host/extractPool.ts) gives the same facts and the
 * same JSON report as in-process extraction, in input order; a worker that dies, hangs or runs
 * out of memory on a file costs that file one problem and nothing else.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { after, describe, it } from "node:test";
import { analyzeWorkspace, inProcessExtractor, type SourceFile } from "../../server/src/engine/analyze";
import { ExtractPool, isRiskyText } from "../../server/src/host/extractPool";
import { readWorkspace } from "../../server/src/host/workspace";
import { loadConfig } from "../../server/src/host/config";
import { renderJson } from "../../server/src/cli/report/json";
import type { FileFacts } from "../../server/src/model/facts";

const ROOT = path.join(__dirname, "..", "..");
const SHOP = path.join(ROOT, "examples", "shop");
/** several languages and families: Python, TS, C#, Go, Java, YAML meshes and gateways */
const SCENARIOS = ["seed-checkout-pr", "seed-polly-defaults", "seed-aws-sdk", "seed-failover-mesh", "istio-explicit"].map((s) => path.join(ROOT, "test", "scenarios", s, "workspace"));

/** one pool for the report comparisons (starting workers from source is slow) */
const pool = new ExtractPool({ minFiles: 0, jobs: 2, keepAlive: true });
after(() => pool.close());

async function jsonReport(root: string, extract: "pool" | "local"): Promise<string> {
  const { settings } = loadConfig(root);
  const read = await readWorkspace(root, { includeTests: settings.includeTests, exclude: settings.exclude });
  const before = pool.stats.workerFiles;
  const extractor = extract === "pool" ? pool : inProcessExtractor();
  const result = await analyzeWorkspace(read.files, settings, { extractor });
  // the workers did the work (a pool that cannot start workers falls back to this thread)
  if (extract === "pool") assert.equal(pool.stats.workerFiles - before, result.facts.length, root);
  return renderJson({ result, version: "test", files: read.files.length, skipped: read.skipped, problems: [], root });
}

async function filesOf(root: string): Promise<SourceFile[]> {
  return (await readWorkspace(root, {})).files;
}

describe("extraction pool", () => {
  it("examples/shop: the same JSON report as in-process extraction", async () => {
    assert.equal(await jsonReport(SHOP, "pool"), await jsonReport(SHOP, "local"));
  });

  it("scenario workspaces: the same JSON report as in-process extraction", async () => {
    for (const ws of SCENARIOS) assert.equal(await jsonReport(ws, "pool"), await jsonReport(ws, "local"), ws);
  });

  it("facts are plain data: equal after structured clone and after JSON", async () => {
    const facts = await inProcessExtractor().extract([...(await filesOf(SHOP)), ...(await filesOf(SCENARIOS[1]))]);
    for (const f of facts) {
      assert.deepStrictEqual(structuredClone(f), f, f.path);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(f)), f, f.path);
    }
  });

  it("facts come back in input order, whatever finishes first", async () => {
    const files = await filesOf(SHOP);
    const reversed = [...files].reverse();
    const before = pool.stats.workerFiles;
    const facts = await pool.extract(reversed);
    assert.equal(pool.stats.workerFiles - before, files.length);
    assert.deepEqual(
      facts.map((f) => f.path),
      reversed.map((f) => f.path),
    );
  });

  it("below minFiles the files are extracted on this thread", async () => {
    const pool = new ExtractPool({ minFiles: 1000 });
    assert.equal(pool.usesWorkers(10), false);
    assert.equal(pool.usesWorkers(1000), true);
  });

  it("below minFiles, a file that looks hostile to a parser still goes to a worker with its budget; the rest stay on this thread", async () => {
    const files = await filesOf(SHOP);
    const expected = await inProcessExtractor().extract(files);
    const hostile = { path: "svc/huge_line.py", text: `import requests\n\nX = "${"x".repeat(20_000)}"\n` };
    assert.equal(isRiskyText(hostile.text), true);
    assert.equal(isRiskyText(files[0]!.text), false);
    const input = [...files.slice(0, 3), hostile, ...files.slice(3)];
    // the hostile file hangs in its worker: the budget ends it, and the scan goes on
    const pool = new ExtractPool({ minFiles: 1000, jobs: 1, fileTimeoutMs: 2000, testHook: { faults: { [hostile.path]: "hang" } } });
    const facts = await pool.extract(input);
    assert.equal(pool.stats.workerFiles, 0, "the hung file never finished in its worker");
    assert.equal(pool.stats.workersStarted >= 1, true);
    assert.deepEqual(facts.map((f) => f.path), input.map((f) => f.path));
    assert.match(facts[3]!.problems[0]!.message, /^skipped: took longer than 2 s$/);
    assert.deepStrictEqual([...facts.slice(0, 3), ...facts.slice(4)], expected);
  });

  it("a worker that fails on a file (exits, hangs, runs out of memory or stack): that file gets one problem, the rest their facts", async () => {
    const files = await filesOf(SHOP);
    const expected = await inProcessExtractor().extract(files);
    const at = (k: number) => files[Math.floor((files.length * k) / 5)].path;
    const faults = { [at(1)]: "exit", [at(2)]: "hang", [at(3)]: "stack" } as const;
    const messages: Record<string, RegExp> = {
      exit: /^skipped: the extractor stopped$/,
      hang: /^skipped: took longer than 5 s$/,
      stack: /^skipped: parser ran out of stack$/,
    };
    const pool = new ExtractPool({ minFiles: 0, jobs: 2, fileTimeoutMs: 5000, testHook: { faults } });
    const facts: FileFacts[] = await pool.extract(files);
    assert.equal(facts.length, files.length);
    for (let i = 0; i < files.length; i++) {
      const fault = faults[files[i].path];
      if (fault) {
        assert.equal(facts[i].path, files[i].path);
        assert.equal(facts[i].problems.length, 1, fault);
        assert.match(facts[i].problems[0].message, messages[fault]);
        assert.equal(facts[i].layers.length, 0);
      } else {
        assert.deepStrictEqual(facts[i], expected[i], files[i].path);
      }
    }
    // each fault cost its worker, which was replaced
    // two at start and one per replaced worker; a worker that died on the last file is replaced lazily
    assert.ok(pool.stats.workersStarted >= 4 && pool.stats.workersStarted <= 5, String(pool.stats.workersStarted));
  });

  it("a worker that runs out of memory on a file: that file gets one problem", async () => {
    const files = (await filesOf(SHOP)).slice(0, 6);
    const victim = files[2].path;
    const started = Date.now();
    const pool = new ExtractPool({ minFiles: 0, jobs: 1, workerMemoryMb: 256, fileTimeoutMs: 120_000, testHook: { faults: { [victim]: "oom" } } });
    const facts = await pool.extract(files);
    assert.deepEqual(
      facts.map((f) => f.problems.map((p) => p.message)).filter((m) => m.length),
      [["skipped: ran out of memory"]],
      `${Date.now() - started} ms`,
    );
    assert.equal(facts[2].path, victim);
    assert.equal(facts[2].problems.length, 1);
  });

  it("workers kept between calls (keepAlive) give the same facts again", async () => {
    const files = await filesOf(SHOP);
    const first = await pool.extract(files);
    const started = pool.stats.workersStarted;
    const second = await pool.extract(files.slice(3));
    assert.deepStrictEqual(second, first.slice(3));
    assert.equal(pool.stats.workersStarted, started);
  });
});
