// Editor test: a real headless Neovim (Debian's 0.7.2) drives the bundled language server on a copy
// of seed-checkout-pr through test/clients/nvim-client.lua. Needs `nvim` on PATH and dist/server.js
// (npm run build). Outside CI a missing requirement skips the test; with CI=true it fails.
// Run with `npm run test:clients`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { EDITOR_TIMEOUT_MS as TIMEOUT_MS, ROOT, runEditor } from "./editorRun";
import { delimiter, join } from "node:path";

const SERVER = join(ROOT, "dist", "server.js");
const SCRIPT = join(__dirname, "nvim-client.lua");
const SCENARIO = join(ROOT, "test", "scenarios", "seed-checkout-pr", "workspace");
const FILE = "checkout/inventory_client.py";
const CI = process.env.CI === "true";

function onPath(program: string): boolean {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What is missing to run this test, or null. */
function missing(): string | null {
  if (!onPath("nvim")) return "nvim is required in CI: apt-get install neovim";
  if (!existsSync(SERVER)) return `${SERVER} is missing: run npm run build`;
  if (!existsSync(SCENARIO)) return `${SCENARIO} is missing (the acceptance scenarios in test/scenarios)`;
  return null;
}

const why = missing();

test("Neovim shows RL001, the 27× hover, the code lens and the code actions", { skip: !CI && why ? why : false, timeout: TIMEOUT_MS + 10_000 }, async (t) => {
  if (why) assert.fail(why);
  const tmp = mkdtempSync(join(tmpdir(), "retrylens-nvim-"));
  const workspace = join(tmp, "workspace");
  const home = join(tmp, "home"); // Neovim's log, shada and cache stay in here
  try {
    cpSync(SCENARIO, workspace, { recursive: true });
    mkdirSync(home);
    const started = Date.now();
    const run = await runEditor("nvim", ["--headless", "--clean", "-n", "-c", `luafile ${SCRIPT}`], {
      LSP_SERVER: SERVER,
      LSP_ROOT: workspace,
      LSP_FILE: join(workspace, FILE),
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_DATA_HOME: join(home, "data"),
      XDG_STATE_HOME: join(home, "state"),
      XDG_CACHE_HOME: join(home, "cache"),
    });
    t.diagnostic(`nvim finished in ${Date.now() - started} ms`);
    const lspLog = join(home, "cache", "nvim", "lsp.log");
    const report = `exit ${run.code}${run.signal ? ` (${run.signal})` : ""}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}\n--- lsp.log\n${
      existsSync(lspLog) ? readFileSync(lspLog, "utf8").slice(-3000) : "(none)"
    }`;
    assert.equal(run.code, 0, report);
    const lines = run.stdout.split("\n");
    const with_ = (prefix: string) => lines.filter((l) => l.startsWith(prefix + " ")).map((l) => l.slice(prefix.length + 1));

    const rl001 = with_("DIAG").filter((l) => l.startsWith("10 [RL001] "));
    assert.equal(rl001.length, 1, report);
    assert.match(rl001[0]!, /^10 \[RL001\] 27 calls reach inventory/, report);

    const [hover] = with_("HOVER");
    assert.ok(hover?.includes("27×"), report);
    assert.ok(hover.includes("reserve\\_stock"), report);

    assert.ok(with_("LENS").includes("⟳ worst case 27× → inventory (3 layers)"), report);

    const actions = with_("ACTION");
    assert.ok(actions.includes("Show RL001 (retry-amplification) documentation"), report);
    assert.ok(actions.includes("Ignore RL001 (retry-amplification) on this line"), report);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
