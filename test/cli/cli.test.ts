/**
 * The built CLI (dist/cli.js) as a user runs it. `npm test` builds first (pretest); when the
 * bundle is missing (running this file alone) it is built here.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { exitCodeFor, main, type CliIO } from "../../server/src/cli/main";
import { ANSI_RE } from "./helpers";
import { validate } from "./sarifSchema";

const ROOT = path.join(__dirname, "..", "..");
const CLI = path.join(ROOT, "dist", "cli.js");
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version as string;

function cli(args: string[], cwd = ROOT, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "", ...env },
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("retrylens (built CLI)", () => {
  let tmp: string;

  before(() => {
    if (!fs.existsSync(CLI)) {
      const build = spawnSync(process.execPath, [path.join(ROOT, "esbuild.mjs")], { cwd: ROOT, encoding: "utf8" });
      assert.equal(build.status, 0, build.stderr);
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-cli-"));
    fs.mkdirSync(path.join(tmp, "svc"));
    fs.writeFileSync(path.join(tmp, "svc", "app.py"), "import requests\n\ndef get():\n    return requests.get('http://inventory/items')\n");
    fs.writeFileSync(path.join(tmp, "svc", "big.py"), "import os\n" + "#".repeat(2 * 1024 * 1024));
    fs.writeFileSync(path.join(tmp, ".retrylens.yaml"), "rules:\n  RL001: error\nthreshold: -2\n");
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("--help exits 0 with the usage", () => {
    const r = cli(["--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage:\n {2}retrylens scan \[dir\]/);
    assert.equal(r.stderr, "");
  });

  it("--version prints the package version", () => {
    const r = cli(["--version"]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${VERSION}\n`);
  });

  it("bin/retrylens.js runs the bundle", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "bin", "retrylens.js"), "--version"], { encoding: "utf8" });
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${VERSION}\n`);
  });

  it("a missing folder: exit 2, one line on stderr, nothing on stdout", () => {
    const r = cli(["scan", path.join(tmp, "nope")]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^retrylens: no such folder: .*nope\n$/);
  });

  it("usage errors: exit 2, one line on stderr", () => {
    for (const args of [["scan", "--format", "xml"], ["scan", "--frobnicate"], ["lint"]]) {
      const r = cli(args);
      assert.equal(r.code, 2, args.join(" "));
      assert.equal(r.stdout, "");
      assert.equal(r.stderr.split("\n").filter(Boolean).length, 1);
      assert.match(r.stderr, /^retrylens: /);
    }
  });

  it("scan --format json: a clean report on stdout; config problems and skipped files on stderr", () => {
    const r = cli(["scan", "--format", "json", "."], tmp);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.tool, { name: "retrylens", version: VERSION });
    for (const key of ["layers", "paths", "findings", "problems"]) assert.ok(Array.isArray(report[key]), key);
    assert.equal(report.summary.files, 1);
    assert.equal(report.summary.skipped, 1);
    assert.ok(report.problems.some((p: { file: string; line: number }) => p.file === ".retrylens.yaml" && p.line === 3));
    const lines = r.stderr.split("\n").filter(Boolean);
    assert.match(lines[0], /^\.retrylens\.yaml:3: threshold must be a number ≥ 1/);
    assert.equal(lines[1], "retrylens: skipped 1 file (1 too large); --verbose lists them");
    assert.equal(lines.length, 2);
  });

  it("--verbose lists skipped files on stderr", () => {
    const r = cli(["scan", tmp, "--format", "json", "--verbose"]);
    assert.match(r.stderr, /retrylens: skipped svc\/big\.py: too-large/);
    JSON.parse(r.stdout);
  });

  it("scan --format sarif: valid SARIF on stdout", () => {
    const r = cli(["scan", tmp, "--format", "sarif"]);
    assert.equal(r.code, 0, r.stderr);
    const log = JSON.parse(r.stdout);
    assert.deepEqual(validate(log), []);
    assert.equal(log.runs[0].tool.driver.version, VERSION);
  });

  it("text when piped has no colours; --output writes the file", () => {
    const r = cli(["scan", tmp]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!ANSI_RE.test(r.stdout));
    assert.match(r.stdout, /\d+ layers?, \d+ paths?, worst/);

    const out = path.join(tmp, "report.sarif");
    const w = cli(["scan", tmp, "-f", "sarif", "-o", out]);
    assert.equal(w.code, 0, w.stderr);
    assert.equal(w.stdout, "");
    assert.equal(JSON.parse(fs.readFileSync(out, "utf8")).version, "2.1.0");
    fs.rmSync(out);
  });
});

describe("main (in process)", () => {
  function fakeIO(cwd: string, tty = false) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = {
      stdout: { isTTY: tty, write: (s: string) => out.push(s) },
      stderr: { isTTY: false, write: (s: string) => err.push(s) },
      env: {},
      cwd,
    };
    return { io, out, err };
  }

  it("scanning a file instead of a folder is a usage error", async () => {
    const { io, err } = fakeIO(ROOT);
    assert.equal(await main(["scan", "package.json"], io), 2);
    assert.match(err.join(""), /^retrylens: not a folder: package\.json\n$/);
  });

  it("colours only on a terminal without NO_COLOR or --no-color", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-main-"));
    try {
      const tty = fakeIO(dir, true);
      await main(["scan"], tty.io);
      assert.ok(ANSI_RE.test(tty.out.join("")));
      const noColor = fakeIO(dir, true);
      noColor.io.env.NO_COLOR = "1";
      await main(["scan"], noColor.io);
      assert.ok(!ANSI_RE.test(noColor.out.join("")));
      const flag = fakeIO(dir, true);
      await main(["scan", "--no-color"], flag.io);
      assert.ok(!ANSI_RE.test(flag.out.join("")));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--fail-on decides the exit code", () => {
    const findings = [{ severity: "warning" as const }, { severity: "hint" as const }];
    assert.equal(exitCodeFor(findings, "error"), 0);
    assert.equal(exitCodeFor(findings, "warning"), 1);
    assert.equal(exitCodeFor(findings, "info"), 1);
    assert.equal(exitCodeFor(findings, "none"), 0);
    assert.equal(exitCodeFor([{ severity: "hint" }], "info"), 0);
    assert.equal(exitCodeFor([], "hint"), 0);
  });
});
