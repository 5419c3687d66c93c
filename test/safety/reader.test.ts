// The one reader (host/safeFs.ts): nothing outside the workspace folder is read or written, and
// node_modules, build output, ignored files and symlinks out are refused alike by the CLI walk,
// the language server's reads, the config and `fix`'s writes; the check is on what was opened.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { loadConfig } from "../../server/src/host/config";
import { readSmallFile, readWorkspaceText, WorkspaceFs } from "../../server/src/host/safeFs";
import { readWorkspace } from "../../server/src/host/workspace";
import { readIfSmall } from "../../server/src/lsp/folder";

const PY = "import requests\n\ndef get():\n    return requests.get('http://x')\n";
let tmp: string;
let root: string;
let outside: string;

function write(rel: string, text: string, base = root): void {
  fs.mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
  fs.writeFileSync(path.join(base, rel), text);
}

before(() => {
  tmp = fs.mkdtempSync(path.join(tmpdir(), "retrylens-safety-"));
  root = path.join(tmp, "ws");
  outside = path.join(tmp, "outside");
  write("secret.py", "SECRET = 1\nimport os\n", outside);
  write(".retrylens.yaml", "threshold: 99\n", outside);
  write("app.py", PY);
  write("node_modules/lib/index.py", PY);
  write("dist/bundle.py", PY);
  write("ignored/gen.py", PY);
  write(".gitignore", "ignored/\n*.local.py\n");
  write("x.local.py", PY);
  fs.symlinkSync(path.join(outside, "secret.py"), path.join(root, "leak.py"));
  fs.symlinkSync(path.join(root, "node_modules/lib/index.py"), path.join(root, "nm_link.py"));
  fs.symlinkSync(path.join(root, "ignored/gen.py"), path.join(root, "ignored_link.py"));
  fs.symlinkSync(outside, path.join(root, "outdir"));
  try {
    execFileSync("mkfifo", [path.join(root, "pipe.py")]);
  } catch {
    // no mkfifo: the FIFO case is skipped below
  }
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const REFUSED: Array<[rel: string, reason: string]> = [
  ["leak.py", "symlink-outside"],
  ["nm_link.py", "refused"],
  ["ignored_link.py", "refused"],
  ["node_modules/lib/index.py", "refused"],
  ["dist/bundle.py", "refused"],
  ["ignored/gen.py", "refused"],
  ["x.local.py", "refused"],
  ["outdir/secret.py", "symlink-outside"],
  ["../outside/secret.py", "refused"],
  ["./app.py", "refused"],
];

describe("one reader, one policy", () => {
  test("WorkspaceFs.read refuses every way out and every skipped place alike", () => {
    const wfs = WorkspaceFs.open(root);
    assert.ok(!("reason" in wfs));
    assert.ok(!("reason" in wfs.read("app.py", 1 << 20)));
    for (const [rel, reason] of REFUSED) {
      const r = wfs.read(rel, 1 << 20);
      assert.ok("reason" in r, `${rel} refused`);
      assert.equal(r.reason, reason, rel);
    }
  });

  test("the check is on what was opened: a symlink out is refused even when the path was not checked first", () => {
    const wfs = WorkspaceFs.open(root) as WorkspaceFs;
    // checkPolicy: false is what the walk uses after its own listing; the open-time check still applies
    const r = wfs.read("leak.py", 1 << 20, { checkPolicy: false });
    assert.ok("reason" in r && r.reason === "symlink-outside");
    const nm = wfs.read("nm_link.py", 1 << 20);
    assert.ok("reason" in nm && nm.reason === "refused");
  });

  test("a FIFO is never opened blocking nor read", () => {
    if (!fs.existsSync(path.join(root, "pipe.py"))) return;
    const wfs = WorkspaceFs.open(root) as WorkspaceFs;
    const r = wfs.read("pipe.py", 1 << 20);
    assert.ok("reason" in r && r.reason === "unreadable");
  });

  test("the CLI walk reads only app.py and lists the refusals", async () => {
    const read = await readWorkspace(root);
    assert.deepEqual(read.files.map((f) => f.path), ["app.py"]);
    const reasons = Object.fromEntries(read.skipped.map((s) => [s.path, s.reason]));
    assert.equal(reasons["leak.py"], "symlink-outside");
    assert.equal(reasons["nm_link.py"], "refused");
    assert.equal(reasons["ignored_link.py"], "refused", "its own name is not ignored, its target is");
    assert.equal(reasons["outdir/"], "symlinked-folder");
  });

  test("a symlinked folder inside the workspace is not followed either", () => {
    fs.symlinkSync(path.join(root, "pkgsrc"), path.join(root, "pkglink"));
    write("pkgsrc/mod.py", PY);
    const wfs = WorkspaceFs.open(root) as WorkspaceFs;
    const r = wfs.read("pkglink/mod.py", 1 << 20);
    assert.ok("reason" in r && r.reason === "symlinked-folder");
  });

  test("the language server's reads go through the same reader", () => {
    assert.equal(readIfSmall(path.join(root, "app.py")), PY);
    assert.equal(readIfSmall(path.join(root, "leak.py")), null);
    assert.equal(readSmallFile(path.join(root, "nm_link.py"), 1 << 20, root), null);
    assert.equal(readWorkspaceText(root, "node_modules/lib/index.py", 1 << 20), null);
    assert.equal(readWorkspaceText(root, "outdir/secret.py", 1 << 20), null);
    assert.equal(readWorkspaceText(root, "app.py", 1 << 20), PY);
  });

  test("a config symlinked out of the folder is not read", () => {
    const ws = path.join(tmp, "cfg");
    fs.mkdirSync(ws);
    fs.symlinkSync(path.join(outside, ".retrylens.yaml"), path.join(ws, ".retrylens.yaml"));
    const config = loadConfig(ws);
    assert.notEqual(config.settings.threshold, 99);
    assert.match(config.problems[0]?.message ?? "", /cannot read the config \(symlink-outside\)/);
  });

  test("fix writes through the same check: never through a symlink or a symlinked folder, never over an existing file on create", () => {
    const wfs = WorkspaceFs.open(root) as WorkspaceFs;
    const secret = fs.readFileSync(path.join(outside, "secret.py"), "utf8");
    assert.throws(() => wfs.write("leak.py", Buffer.from("pwned")), /outside/);
    assert.throws(() => wfs.write("outdir/new.py", Buffer.from("pwned"), { create: true }), /not a folder inside the workspace/);
    assert.throws(() => wfs.write("node_modules/lib/index.py", Buffer.from("pwned")), /not read/);
    assert.throws(() => wfs.write("app.py", Buffer.from("x"), { create: true }), /EEXIST/);
    assert.equal(fs.readFileSync(path.join(outside, "secret.py"), "utf8"), secret);
    assert.ok(!fs.existsSync(path.join(outside, "new.py")));
    wfs.write("pkg/new.py", Buffer.from("y = 1\n"), { create: true });
    assert.equal(fs.readFileSync(path.join(root, "pkg/new.py"), "utf8"), "y = 1\n");
  });
});
