/**
 * The code-cache entry of the bundles (scripts/codeCacheLoader.cjs, copied by esbuild.mjs to
 * dist/cli.js, server.js, extractWorker.js): each runs its <name>.bundle.js from the V8 code
 * cache the build made, and starts just the same, only slower, when the cache is missing,
 * corrupt or made from another build.
 * Runs the built bundle ($RETRYLENS_DIST or dist/); skipped without one, failed under CI=true.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { isAscii } from "node:buffer";
import { tmpdir } from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");
const DIST = process.env.RETRYLENS_DIST ? path.resolve(process.env.RETRYLENS_DIST) : path.join(ROOT, "dist");
const SHOP = path.join(ROOT, "examples", "shop");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const missing = ["cli.js", "cli.bundle.js", "extractWorker.bundle.js", "server.bundle.js"].filter((f) => !fs.existsSync(path.join(DIST, f)));
const skip = missing.length && process.env.CI !== "true" ? `no code-cache bundle in ${DIST} (npm run build)` : false;

/** runs an entry with the cache trace on: its output and what the entries said about their caches */
function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [entry, ...args], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, RETRYLENS_CODE_CACHE_TRACE: "1", ...env },
  });
  const trace = r.stderr
    .split("\n")
    .filter((l) => l.startsWith("retrylens: code cache "))
    .map((l) => l.slice("retrylens: code cache ".length));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, trace };
}

describe("code-cache entry", { skip }, () => {
  let tmp: string;
  /** a dist/ of its own: a copy of the cli entry beside links to the real bundle and grammars, and a cache to spoil */
  let entry: string;
  let cache: string;
  let reference: string;

  before(() => {
    if (skip) return;
    tmp = fs.mkdtempSync(path.join(tmpdir(), "rl-codecache-"));
    entry = path.join(tmp, "cli.js");
    cache = path.join(tmp, "cli.bundle.cache");
    fs.copyFileSync(path.join(DIST, "cli.js"), entry);
    for (const f of fs.readdirSync(DIST)) if (f === "cli.bundle.js" || f.endsWith(".wasm")) fs.symlinkSync(path.join(DIST, f), path.join(tmp, f));
    const r = run(path.join(DIST, "cli.js"), ["scan", SHOP, "--fail-on", "none"]);
    assert.equal(r.status, 0, r.stderr);
    reference = r.stdout;
  });
  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("the build made a cache that this Node accepts, and the CLI answers from it", () => {
    const r = run(path.join(DIST, "cli.js"), ["--version"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), VERSION);
    assert.deepEqual(r.trace, ["cli: used"]);
  });

  test("the bundles are ASCII (read as one-byte strings)", () => {
    for (const f of ["cli.bundle.js", "server.bundle.js", "extractWorker.bundle.js"]) assert.ok(isAscii(fs.readFileSync(path.join(DIST, f))), f);
  });

  test("without a cache the CLI starts all the same", () => {
    fs.rmSync(cache, { force: true });
    const r = run(entry, ["--version"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), VERSION);
    assert.deepEqual(r.trace, ["cli: not used (missing)"]);
  });

  test("a corrupt cache is rejected and the scan is the same as with the good one", () => {
    // the right header (this build's id), then garbage where V8's data should be
    const good = fs.readFileSync(path.join(DIST, "cli.bundle.cache"));
    const header = good.subarray(0, good.indexOf(10) + 1);
    fs.writeFileSync(cache, Buffer.concat([header, Buffer.alloc(100_000, 0x5a)]));
    const version = run(entry, ["--version"]);
    assert.equal(version.stdout.trim(), VERSION, version.stderr);
    assert.deepEqual(version.trace, ["cli: not used (rejected by this V8)"]);
    const scan = run(entry, ["scan", SHOP, "--fail-on", "none"]);
    assert.equal(scan.status, 0, scan.stderr);
    assert.equal(scan.stdout, reference);
  });

  test("a cache made from another build is not used, even of the right size", () => {
    const good = fs.readFileSync(path.join(DIST, "cli.bundle.cache"));
    const header = good.subarray(0, good.indexOf(10) + 1).toString("latin1");
    const otherBuild = header.replace(/[0-9a-f](?=\n$)/, (c) => (c === "0" ? "1" : "0"));
    assert.notEqual(otherBuild, header);
    fs.writeFileSync(cache, Buffer.concat([Buffer.from(otherBuild, "latin1"), good.subarray(header.length)]));
    const r = run(entry, ["--version"]);
    assert.equal(r.stdout.trim(), VERSION, r.stderr);
    assert.deepEqual(r.trace, ["cli: not used (made from another build)"]);
  });

  test("RETRYLENS_WRITE_CODE_CACHE writes a cache the next start uses", () => {
    fs.rmSync(cache, { force: true });
    const writing = run(entry, ["--version"], { RETRYLENS_WRITE_CODE_CACHE: cache });
    assert.equal(writing.status, 0, writing.stderr);
    assert.ok(fs.statSync(cache).size > 1_000_000, "a cache of the compiled start path");
    const r = run(entry, ["--version"]);
    assert.equal(r.stdout.trim(), VERSION, r.stderr);
    assert.deepEqual(r.trace, ["cli: used"]);
  });

  test("under --enable-source-maps the bundle goes through Node's own loader (mapped stack traces)", () => {
    const r = spawnSync(process.execPath, ["--enable-source-maps", path.join(DIST, "cli.js"), "--version"], {
      encoding: "utf8",
      env: { ...process.env, RETRYLENS_CODE_CACHE_TRACE: "1" },
    });
    assert.equal(r.stdout.trim(), VERSION, r.stderr);
    assert.match(r.stderr, /code cache cli: not used \(--enable-source-maps\)/);
  });

  test("extraction workers start through their entry, from their cache, with the same facts", () => {
    const r = run(path.join(DIST, "cli.js"), ["scan", SHOP, "--fail-on", "none", "--jobs", "2"], { RETRYLENS_POOL_MIN_FILES: "0" });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, reference);
    assert.ok(r.trace.includes("extractWorker: used"), r.trace.join("; "));
  });
});
