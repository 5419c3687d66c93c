// Preloaded with `node --require test/safety/watch.cjs …` (test/safety/watched.test.ts): records
// every creation of a process, a network connection or server, a DNS query and a worker thread,
// and every file the process opens, reads, lists or writes, one JSON line per call in
// $RETRYLENS_SAFETY_LOG. It only records (the calls go on), so the test sees all of them and
// decides which are expected. Worker threads inherit --require, so their calls are recorded too.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { threadId } = require("node:worker_threads");

const LOG = process.env.RETRYLENS_SAFETY_LOG;
// opened before anything is wrapped; written with writeSync (never wrapped), in append mode so
// that the threads' lines do not overwrite each other
const logFd = LOG ? fs.openSync(LOG, "a") : null;
const writeSync = fs.writeSync;
let busy = false;
function record(kind, api, detail) {
  if (logFd === null || busy) return;
  busy = true;
  try {
    writeSync(logFd, JSON.stringify({ kind, api, detail, pid: process.pid, thread: threadId }) + "\n");
  } catch {
    // the log is best effort: never change the watched program's behaviour
  } finally {
    busy = false;
  }
}
const str = (v) => {
  try {
    if (typeof v === "string") return v;
    if (v instanceof URL) return v.href;
    if (Buffer.isBuffer(v)) return v.toString();
    if (typeof v === "number") return `fd:${v}`;
    if (v && typeof v === "object") return JSON.stringify({ host: v.host, hostname: v.hostname, port: v.port, path: v.path, href: v.href });
    return String(v);
  } catch {
    return "?";
  }
};

function wrap(obj, name, kind, describe) {
  const original = obj && obj[name];
  if (typeof original !== "function") return;
  const wrapped = function (...args) {
    record(kind, name, describe ? describe(args) : str(args[0]));
    return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
  };
  Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(original));
  obj[name] = wrapped;
}

// processes
const childProcess = require("node:child_process");
for (const n of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]) wrap(childProcess, n, "process", (a) => `${str(a[0])} ${Array.isArray(a[1]) ? a[1].join(" ") : ""}`.trim());

// network: outbound connections, listening servers, datagrams, TLS, HTTP(S), DNS
const net = require("node:net");
wrap(net, "connect", "network");
wrap(net, "createConnection", "network");
wrap(net, "createServer", "network", () => "createServer");
wrap(net.Socket.prototype, "connect", "network");
wrap(net.Server.prototype, "listen", "network", (a) => `listen ${str(a[0])}`);
wrap(require("node:dgram"), "createSocket", "network");
const tls = require("node:tls");
wrap(tls, "connect", "network");
for (const mod of ["node:http", "node:https", "node:http2"]) {
  const m = require(mod);
  for (const n of ["request", "get", "connect", "createServer", "createSecureServer"]) wrap(m, n, "network", (a) => `${mod} ${n} ${str(a[0])}`);
}
const dns = require("node:dns");
for (const n of ["lookup", "resolve", "resolve4", "resolve6", "resolveAny", "resolveTxt", "resolveSrv", "reverse"]) {
  wrap(dns, n, "network", (a) => `dns ${n} ${str(a[0])}`);
  wrap(dns.promises, n, "network", (a) => `dns ${n} ${str(a[0])}`);
}

// worker threads
const workerThreads = require("node:worker_threads");
wrap(workerThreads, "Worker", "worker", (a) => (typeof a[0] === "string" ? path.resolve(a[0]) : str(a[0])));

// files: what is opened, read, listed or written (paths as given)
const WRITE_FLAGS = /[wa+]/;
const openKind = (flags) => (typeof flags === "number" ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT) ? "write" : "read") : WRITE_FLAGS.test(String(flags ?? "r")) ? "write" : "read");
const fileCall = (n, kindOf) => {
  wrap(fs, n, "file", (a) => JSON.stringify({ op: kindOf(a), path: str(a[0]) }));
};
for (const n of ["openSync", "open"]) fileCall(n, (a) => openKind(a[1]));
for (const n of ["readFileSync", "readFile", "readdirSync", "readdir", "opendirSync", "createReadStream"]) fileCall(n, () => "read");
for (const n of ["writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "mkdirSync", "mkdir", "renameSync", "rename", "unlinkSync", "unlink", "rmSync", "rm", "copyFileSync", "symlinkSync", "truncateSync"]) fileCall(n, () => "write");
for (const n of ["open", "readFile", "readdir", "opendir"]) wrap(fs.promises, n, "file", (a) => JSON.stringify({ op: n === "open" ? openKind(a[1]) : "read", path: str(a[0]) }));
for (const n of ["writeFile", "appendFile", "mkdir", "rename", "unlink", "rm"]) wrap(fs.promises, n, "file", (a) => JSON.stringify({ op: "write", path: str(a[0]) }));
