// `retrylens fix`: safe fixes by default, --unsafe for one-owner fixes, --dry-run prints a diff.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, UsageError } from "../../server/src/cli/args";
import { runCli as run } from "./runCli";

const SCENARIO = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");

function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), "retrylens-clifix-"));
  cpSync(SCENARIO, dir, { recursive: true });
  return dir;
}

describe("retrylens fix", () => {
  test("--dry-run prints a unified diff and writes nothing", async () => {
    const dir = copy();
    try {
      const before = readFileSync(join(dir, "checkout/inventory_client.py"), "utf8");
      const r = await run(["fix", dir, "--dry-run"]);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^--- a\/checkout\/inventory_client\.py$/m);
      assert.match(r.stdout, /^\+@retry\(stop=stop_after_attempt\(3\), wait=wait_random\(0, 0\.5\),$/m);
      assert.match(r.stdout, /^\+ +retry_on: "connect-failure,refused-stream,reset-before-request"$/m);
      assert.match(r.stderr, /fixes to apply; would change 3 files/);
      assert.equal(readFileSync(join(dir, "checkout/inventory_client.py"), "utf8"), before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("applies safe fixes only, and a second run has nothing left to do", async () => {
    const dir = copy();
    try {
      const first = await run(["fix", dir]);
      assert.equal(first.code, 0);
      const client = readFileSync(join(dir, "checkout/inventory_client.py"), "utf8");
      assert.match(client, /Idempotency-Key/);
      assert.match(client, /@retry\(/, "removing a layer changes behaviour: not without --unsafe");
      const scan = await run(["scan", dir, "--format", "json"]);
      const rules = (JSON.parse(scan.stdout) as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule);
      for (const fixed of ["RL004", "RL005", "RL013"]) assert.ok(!rules.includes(fixed), `${fixed} left: ${rules.join(",")}`);
      const second = await run(["fix", dir, "--dry-run"]);
      assert.equal(second.stdout, "");
      assert.match(second.stderr, /^retrylens: 0 fixes to apply/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--unsafe keeps one retry owner per path: the product drops to the threshold", async () => {
    const dir = copy();
    try {
      await run(["fix", dir, "--unsafe"]);
      const scan = await run(["scan", dir, "--format", "json"]);
      const report = JSON.parse(scan.stdout) as { paths: Array<{ product: number | null }>; findings: Array<{ rule: string }> };
      assert.ok(report.paths.every((p) => p.product !== null && p.product <= 3), JSON.stringify(report.paths));
      assert.ok(!report.findings.some((f) => f.rule === "RL001"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("arguments", () => {
    assert.deepEqual(parseArgs(["fix", "x", "--unsafe", "--dry-run"]), {
      command: "fix",
      dir: "x",
      unsafe: true,
      dryRun: true,
      threshold: null,
      includeTests: false,
      color: null,
      verbose: false,
    });
    assert.throws(() => parseArgs(["scan", "--unsafe"]), UsageError);
  });
});
