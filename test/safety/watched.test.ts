// The CLI and the language server run with process, network, worker and file use watched
// (test/safety/watch.cjs, preloaded with --require): no process is started, no connection or
// server is made, no DNS query is sent, a worker thread only from the engine's own worker entry
// (dist/extractWorker.js), and no file outside the workspace (beside the tool's own bundle) or in
// its node_modules is read; `scan` writes nothing, `fix` writes only inside the workspace.
// Runs the built bundle ($RETRYLENS_DIST or dist/); skipped without one, failed under CI=true.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";

const ROOT = path.join(__dirname, "..", "..");
const DIST = process.env.RETRYLENS_DIST ? path.resolve(process.env.RETRYLENS_DIST) : path.join(ROOT, "dist");
const WATCH = path.join(__dirname, "watch.cjs");
const SCENARIO = path.join(ROOT, "test", "scenarios", "seed-checkout-pr", "workspace");
const missing = !fs.existsSync(path.join(DIST, "cli.js")) || !fs.existsSync(path.join(DIST, "server.js"));
const skip = missing && process.env.CI !== "true" ? `no bundle in ${DIST} (npm run build)` : false;

interface Call {
  kind: "process" | "network" | "worker" | "file";
  api: string;
  detail: string;
  thread: number;
}

let tmp: string;
let ws: string;
let outside: string;

before(() => {
  if (skip) return;
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(tmpdir(), "retrylens-watched-")));
  ws = path.join(tmp, "ws");
  outside = path.join(tmp, "outside");
  fs.cpSync(SCENARIO, ws, { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "secret.py"), "import requests\nrequests.get('http://secret')\n");
  fs.mkdirSync(path.join(ws, "node_modules", "lib"), { recursive: true });
  fs.writeFileSync(path.join(ws, "node_modules", "lib", "index.js"), "require('axios')\n");
  fs.symlinkSync(path.join(outside, "secret.py"), path.join(ws, "checkout", "leak.py"));
  fs.symlinkSync(outside, path.join(ws, "outdir"));
});
after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function readLog(log: string): Call[] {
  if (!fs.existsSync(log)) return [];
  return fs
    .readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Call);
}

/** what the tool may touch beside the workspace: its own bundle (code, grammars) */
function fileProblems(calls: Call[], writesAllowed: boolean): string[] {
  const problems: string[] = [];
  for (const c of calls.filter((x) => x.kind === "file")) {
    let op: string;
    let p: string;
    try {
      ({ op, path: p } = JSON.parse(c.detail) as { op: string; path: string });
    } catch {
      continue;
    }
    if (p.startsWith("fd:")) continue;
    const abs = path.resolve(p.startsWith("file:") ? new URL(p).pathname : p);
    const inWs = abs === ws || abs.startsWith(ws + path.sep);
    if (abs.startsWith(outside) || abs.includes(`${path.sep}node_modules${path.sep}lib`)) problems.push(`${c.api} ${op} ${abs}`);
    else if (op === "write" && !(writesAllowed && inWs)) problems.push(`${c.api} write ${abs}`);
    else if (op === "read" && !inWs && !abs.startsWith(DIST) && !abs.startsWith("/proc/self/")) problems.push(`${c.api} read outside the workspace ${abs}`);
  }
  return problems;
}

function unexpected(calls: Call[]): string[] {
  const worker = path.join(DIST, "extractWorker.js");
  return calls
    .filter((c) => c.kind !== "file")
    .filter((c) => !(c.kind === "worker" && c.detail === worker))
    .map((c) => `${c.kind} ${c.api} ${c.detail} (thread ${c.thread})`);
}

function runCli(args: string[]): { status: number | null; stdout: string; stderr: string; calls: Call[] } {
  const log = path.join(tmp, `cli-${Date.now()}-${Math.random().toString(36).slice(2)}.jsonl`);
  const r = spawnSync(process.execPath, ["--require", WATCH, path.join(DIST, "cli.js"), ...args], {
    env: { ...process.env, RETRYLENS_SAFETY_LOG: log },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, calls: readLog(log) };
}

describe("watched: no process, network or worker use, no file outside the workspace", { skip }, () => {
  test("bundle present", () => assert.ok(!missing, `${DIST}/cli.js and server.js`));

  test("the watcher sees what it must refuse (a control run)", () => {
    const log = path.join(tmp, "control.jsonl");
    const script = [
      "require('child_process').spawnSync(process.execPath, ['-e', '0']);",
      "require('net').connect(9, '127.0.0.1').on('error', () => {});",
      "require('dns').lookup('localhost', () => {});",
      "new (require('worker_threads').Worker)('0', { eval: true });",
      `require('fs').readFileSync(${JSON.stringify(path.join(outside, "secret.py"))});`,
      "setTimeout(() => process.exit(0), 200);",
    ].join("\n");
    spawnSync(process.execPath, ["--require", WATCH, "-e", script], { env: { ...process.env, RETRYLENS_SAFETY_LOG: log }, timeout: 30_000 });
    const calls = readLog(log);
    const kinds = unexpected(calls).map((c) => c.split(" ")[0]);
    for (const k of ["process", "network", "worker"]) assert.ok(kinds.includes(k), `${k} recorded: ${kinds.join(", ")}`);
    assert.ok(unexpected(calls).some((c) => c.includes("dns lookup")));
    assert.ok(fileProblems(calls, false).some((p) => p.includes("secret.py")));
  });

  test("retrylens scan", () => {
    const r = runCli(["scan", ws, "--format", "json"]);
    assert.equal(r.status, 1, r.stderr); // findings at the default threshold
    assert.ok(r.calls.length > 0, "the watcher recorded the run");
    assert.deepEqual(unexpected(r.calls), []);
    assert.deepEqual(fileProblems(r.calls, false), []);
    const report = JSON.parse(r.stdout) as { findings: unknown[] };
    assert.ok(report.findings.length > 0);
  });

  test("retrylens fix (writes only inside the workspace)", () => {
    const secret = fs.readFileSync(path.join(outside, "secret.py"), "utf8");
    const r = runCli(["fix", ws]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /changed [1-9]\d* files?/);
    assert.deepEqual(unexpected(r.calls), []);
    assert.deepEqual(fileProblems(r.calls, true), []);
    assert.equal(fs.readFileSync(path.join(outside, "secret.py"), "utf8"), secret);
  });

  test("language server over stdio: diagnostics for an open file", async () => {
    const log = path.join(tmp, "server.jsonl");
    const child = spawn(process.execPath, ["--require", WATCH, path.join(DIST, "server.js"), "--stdio"], {
      env: { ...process.env, RETRYLENS_SAFETY_LOG: log },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const stderr: string[] = [];
    child.stderr!.on("data", (d) => stderr.push(String(d)));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    let published = false;
    connection.onNotification("textDocument/publishDiagnostics", (p: { diagnostics: unknown[] }) => {
      if (p.diagnostics.length > 0) published = true;
    });
    connection.onRequest("workspace/configuration", (p: { items: unknown[] }) => p.items.map(() => null));
    connection.onRequest("window/workDoneProgress/create", () => null);
    connection.onRequest("client/registerCapability", () => null);
    connection.listen();
    const uri = pathToFileURL(ws).toString();
    await connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: "ws" }],
      capabilities: { workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    await connection.sendNotification("initialized", {});
    const file = path.join(ws, "checkout", "inventory_client.py");
    await connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: pathToFileURL(file).toString(), languageId: "python", version: 1, text: fs.readFileSync(file, "utf8") },
    });
    // a file event for the symlink out of the folder: the server must not read its target
    await connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: pathToFileURL(path.join(ws, "checkout", "leak.py")).toString(), type: 2 }] });
    const deadline = Date.now() + 30_000;
    while (!published && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await connection.sendRequest("textDocument/hover", { textDocument: { uri: pathToFileURL(file).toString() }, position: { line: 9, character: 1 } });
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
    await new Promise((r) => child.once("exit", r));
    connection.dispose();
    assert.ok(published, `diagnostics published; stderr: ${stderr.join("").slice(-1000)}`);
    const calls = readLog(log);
    assert.ok(calls.length > 0, "the watcher recorded the run");
    assert.deepEqual(unexpected(calls), []);
    assert.deepEqual(fileProblems(calls, false), []);
  });
});
