// Editor test: a real Emacs 28 in batch mode with eglot (Debian's emacs-nox + elpa-eglot) drives the
// bundled language server on a copy of seed-checkout-pr through test/clients/eglot-client.el.
// Needs `emacs` with eglot and dist/server.js (npm run build). Outside CI a missing requirement
// skips the test; with CI=true it fails. Run with `npm run test:clients`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { EDITOR_TIMEOUT_MS as TIMEOUT_MS, ROOT, runEditor } from "./editorRun";
import { join } from "node:path";

const SERVER = join(ROOT, "dist", "server.js");
const SCRIPT = join(__dirname, "eglot-client.el");
const SCENARIO = join(ROOT, "test", "scenarios", "seed-checkout-pr", "workspace");
const FILE = "checkout/inventory_client.py";
const CI = process.env.CI === "true";

/** What is missing to run this test, or null. */
function missing(): string | null {
  const home = mkdtempSync(join(tmpdir(), "retrylens-emacs-probe-"));
  const probe = spawnSync("emacs", ["--batch", "--eval", "(progn (require 'package) (package-initialize) (require 'eglot))"], {
    stdio: "ignore",
    timeout: 20_000,
    env: { ...process.env, HOME: home },
  });
  rmSync(home, { recursive: true, force: true });
  if (probe.error || probe.status !== 0) return "emacs with eglot is required in CI: apt-get install emacs-nox elpa-eglot";
  if (!existsSync(SERVER)) return `${SERVER} is missing: run npm run build`;
  if (!existsSync(SCENARIO)) return `${SCENARIO} is missing (the acceptance scenarios in test/scenarios)`;
  return null;
}

const why = missing();

test("Emacs + eglot shows RL001 with 27, the hover and the code actions", { skip: !CI && why ? why : false, timeout: TIMEOUT_MS + 10_000 }, async (t) => {
  if (why) assert.fail(why);
  const tmp = mkdtempSync(join(tmpdir(), "retrylens-emacs-"));
  const workspace = join(tmp, "workspace");
  const home = join(tmp, "home"); // nothing lands in the real ~/.emacs.d
  try {
    cpSync(SCENARIO, workspace, { recursive: true });
    mkdirSync(home);
    const started = Date.now();
    const run = await runEditor("emacs", ["--batch", "-l", SCRIPT], {
      LSP_SERVER: SERVER,
      LSP_ROOT: workspace,
      LSP_FILE: join(workspace, FILE),
      HOME: home,
    });
    t.diagnostic(`emacs finished in ${Date.now() - started} ms`);
    const report = `exit ${run.code}${run.signal ? ` (${run.signal})` : ""}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    assert.equal(run.code, 0, report);
    const lines = run.stdout.split("\n");
    const with_ = (prefix: string) => lines.filter((l) => l.startsWith(prefix + " ")).map((l) => l.slice(prefix.length + 1));

    const rl001 = with_("DIAG").filter((l) => l.startsWith("10 [RL001] "));
    assert.equal(rl001.length, 1, report);
    assert.match(rl001[0]!, /^10 \[RL001\] 27 calls reach inventory/, report);
    // eglot handed it to Flymake on the same line
    assert.ok(with_("FLYMAKE").some((l) => l.startsWith("10 retry-lens [RL001]: 27 calls")), report);

    const [hover] = with_("HOVER");
    assert.ok(hover?.includes("27×"), report);

    assert.ok(with_("LENS").includes("⟳ worst case 27× → inventory (3 layers)"), report);

    const actions = with_("ACTION");
    assert.ok(actions.includes("Show RL001 (retry-amplification) documentation"), report);
    assert.ok(actions.includes("Ignore RL001 (retry-amplification) on this line"), report);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
