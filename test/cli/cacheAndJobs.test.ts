/**
 * `retrylens scan` with the facts cache (--cache, --cache=DIR, --no-cache) and the extraction
 * pool (--jobs, RETRYLENS_JOBS, --file-timeout, --worker-memory): the report is the same
 * whichever way the facts were made.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { parseArgs, UsageError } from "../../server/src/cli/args";
import { main, type CliIO } from "../../server/src/cli/main";
import { DEFAULT_CACHE_FOLDER, PACK_FILE } from "../../server/src/host/factsStore";
import { RESULT_FILE } from "../../server/src/host/resultStore";

const SHOP = path.join(__dirname, "..", "..", "examples", "shop");

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: { NO_COLOR: "1", ...env },
    cwd: process.cwd(),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe("scan options: cache and jobs", () => {
  it("parses --cache, --cache=DIR, --no-cache, --jobs, --file-timeout, --worker-memory", () => {
    const a = parseArgs(["scan", "--cache", "-j", "3", "--file-timeout", "2.5", "--worker-memory=512"]);
    assert.ok(a.command === "scan");
    if (a.command !== "scan") return;
    assert.equal(a.cache, true);
    assert.equal(a.jobs, 3);
    assert.equal(a.fileTimeout, 2.5);
    assert.equal(a.workerMemory, 512);
    // `--cache DIR` would be ambiguous with the folder to scan: a folder needs `=`
    const b = parseArgs(["scan", "--cache", "repo"]);
    assert.ok(b.command === "scan" && b.cache === true && b.dir === "repo");
    const c = parseArgs(["scan", "--cache=/tmp/c", "repo", "--jobs=1"]);
    assert.ok(c.command === "scan" && c.cache === "/tmp/c" && c.jobs === 1);
    const d = parseArgs(["scan", "--cache", "--no-cache"]);
    assert.ok(d.command === "scan" && d.cache === false);
    for (const bad of [["--jobs", "0"], ["--jobs", "1.5"], ["--cache="], ["--no-cache=x"], ["--file-timeout", "0"], ["--worker-memory", "8"]]) {
      assert.throws(() => parseArgs(["scan", ...bad]), UsageError, bad.join(" "));
    }
  });

  let tmp: string;
  let ws: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-cache-cli-"));
    ws = path.join(tmp, "shop");
    fs.cpSync(SHOP, ws, { recursive: true });
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("--cache: the default folder inside the scanned folder; a rescan reuses every file; same report", async () => {
    const plain = await run(["scan", ws, "-f", "json", "--fail-on", "none"]);
    assert.equal(plain.code, 0);
    assert.ok(!fs.existsSync(path.join(ws, DEFAULT_CACHE_FOLDER)), "no cache without --cache");

    const cold = await run(["scan", ws, "-f", "json", "--fail-on", "none", "--cache", "-v"]);
    assert.equal(cold.code, 0, cold.stderr);
    assert.equal(cold.stdout, plain.stdout);
    const dir = path.join(ws, DEFAULT_CACHE_FOLDER);
    assert.deepEqual(fs.readdirSync(dir).sort(), [".gitignore", "CACHEDIR.TAG", PACK_FILE, RESULT_FILE].sort());
    assert.match(cold.stderr, /result cache: not reused/);
    assert.match(cold.stderr, /facts cache \S+: 0 reused, \d+ extracted/);

    // nothing changed: the last result, without reading the facts pack at all
    const warm = await run(["scan", ws, "-f", "json", "--fail-on", "none", "--cache", "-v"]);
    assert.equal(warm.stdout, plain.stdout);
    assert.match(warm.stderr, /result cache: reused/);
    assert.doesNotMatch(warm.stderr, /facts cache/);
    // the text report (another rendering of the same result) agrees too
    assert.equal((await run(["scan", ws, "--fail-on", "none", "--cache"])).stdout, (await run(["scan", ws, "--fail-on", "none"])).stdout);

    // another setting: the result is not reused, the facts are
    const strict = await run(["scan", ws, "-f", "json", "--fail-on", "none", "--cache", "-v", "--threshold", "2"]);
    assert.match(strict.stderr, /result cache: not reused \(the files or settings changed\)/);
    assert.match(strict.stderr, /facts cache \S+: \d+ reused, 0 extracted/);
    assert.equal(strict.stdout, (await run(["scan", ws, "-f", "json", "--fail-on", "none", "--threshold", "2"])).stdout);

    // the cache folder is not analysed itself, and an edit is picked up: one file parsed again
    const file = path.join(ws, "orders", "app.py");
    assert.ok(fs.existsSync(file), file);
    fs.appendFileSync(file, "\n# edited\n");
    const edited = await run(["scan", ws, "-f", "json", "--fail-on", "none", "--cache", "-v"]);
    assert.match(edited.stderr, /result cache: not reused \(the files or settings changed\)/);
    assert.match(edited.stderr, /: \d+ reused, 1 extracted/);
    assert.equal(edited.stdout, (await run(["scan", ws, "-f", "json", "--fail-on", "none"])).stdout);
    // an edit that changes the findings: the cached result of the old text is not shown
    const client = path.join(ws, "orders", "payments_client.py");
    const text = fs.readFileSync(client, "utf8");
    assert.match(text, /stop_after_attempt\(3\)/);
    fs.writeFileSync(client, text.replace("stop_after_attempt(3)", "stop_after_attempt(9)"));
    const retuned = await run(["scan", ws, "-f", "json", "--fail-on", "none", "--cache"]);
    assert.ok(retuned.stdout.includes("stop_after_attempt(9)") && retuned.stdout !== edited.stdout, "the edit shows in the report");
    assert.ok(retuned.stdout === (await run(["scan", ws, "-f", "json", "--fail-on", "none"])).stdout, "the same report as without a cache");
  });

  it("--cache=DIR writes there; --no-cache reads and writes nothing", async () => {
    const dir = path.join(tmp, "elsewhere", "cache");
    const r = await run(["scan", ws, "-f", "json", "--fail-on", "none", `--cache=${dir}`]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(fs.existsSync(path.join(dir, PACK_FILE)));
    const before = fs.statSync(path.join(dir, PACK_FILE)).mtimeMs;
    const none = await run(["scan", ws, "-f", "json", "--fail-on", "none", `--cache=${dir}`, "--no-cache", "-v"]);
    assert.doesNotMatch(none.stderr, /facts cache/);
    assert.equal(fs.statSync(path.join(dir, PACK_FILE)).mtimeMs, before);
  });

  it("a damaged cache is ignored (same report) and --verbose says why", async () => {
    const dir = path.join(tmp, "damaged");
    await run(["scan", ws, "-f", "json", "--fail-on", "none", `--cache=${dir}`]);
    fs.writeFileSync(path.join(dir, PACK_FILE), "{ not a pack");
    // the stored result cut short: its header is whole, its body is not
    const result = fs.readFileSync(path.join(dir, RESULT_FILE));
    fs.writeFileSync(path.join(dir, RESULT_FILE), result.subarray(0, result.length - 100));
    const plain = await run(["scan", ws, "-f", "json", "--fail-on", "none"]);
    const r = await run(["scan", ws, "-f", "json", "--fail-on", "none", `--cache=${dir}`, "-v"]);
    assert.equal(r.stdout, plain.stdout);
    assert.match(r.stderr, /result cache: not reused \(damaged \(checksum\)\)/);
    assert.match(r.stderr, /previous cache not used: unreadable header/);
  });

  it("workers (--jobs 2, forced on a small folder) give the same report as one thread", async () => {
    const one = await run(["scan", SHOP, "-f", "json", "--fail-on", "none"]);
    const pool = await run(["scan", SHOP, "-f", "json", "--fail-on", "none", "--jobs", "2"], { RETRYLENS_POOL_MIN_FILES: "0" });
    assert.equal(pool.code, 0, pool.stderr);
    assert.equal(pool.stdout, one.stdout);
    const env = await run(["scan", SHOP, "-f", "json", "--fail-on", "none"], { RETRYLENS_POOL_MIN_FILES: "0", RETRYLENS_JOBS: "1" });
    assert.equal(env.stdout, one.stdout);
  });
});
