#!/usr/bin/env node
// Runs test/**/*.test.ts with node's own test runner through tsx (TypeScript, no build).
// Node 20's --test takes no globs, so the files are listed here.
//   node test/run.mjs [filter…]            unit/fixture/CLI/protocol tests (never test/clients)
//   node test/run.mjs --clients [filter…]  only the editor tests in test/clients (real Neovim/Emacs)
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const clients = args.includes("--clients");
const unknown = args.filter((a) => a.startsWith("--") && a !== "--clients");
if (unknown.length) {
  console.error(`unknown option ${unknown.join(" ")} (only --clients)`);
  process.exit(2);
}
const only = args.filter((a) => !a.startsWith("--"));
const files = [];
(function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      // editor tests start real editors: slow and need system packages, so only with --clients;
      // test/vscode holds the mocha suite that runs inside VS Code (npm run test:vscode / code-server)
      if (e.name !== "fixtures" && e.name !== "clients" && e.name !== "vscode" && e.name !== "node_modules") walk(p);
    } else if (e.name.endsWith(".test.ts")) files.push(relative(root, p));
  }
})(join(root, "test", clients ? "clients" : ""));
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
if (selected.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const run = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...selected.sort()], {
  cwd: root,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
