"use strict";
// The entry point of a bundle in dist/: esbuild.mjs copies this file to dist/cli.js, server.js
// and extractWorker.js beside the real bundles (cli.bundle.js, …). It runs <name>.bundle.js from
// V8's code cache <name>.bundle.cache, made at build time by a run that went through the start
// path, so a start does not parse and compile the 17 MB bundle again (Node 20 has no
// module.enableCompileCache). A cache that is missing, made from another build, or rejected by V8
// (another Node or Electron version, other V8 flags) means a plain compile: slower, never an error.
//
//   RETRYLENS_CODE_CACHE_TRACE=1          say on stderr whether the cache was used
//   RETRYLENS_WRITE_CODE_CACHE=<file>     (esbuild.mjs) write that cache, if it is this bundle's, on exit
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { isAscii } = require("node:buffer");

const name = path.basename(__filename, ".js");
const bundle = path.join(__dirname, `${name}.bundle.js`);
const cacheFile = path.join(__dirname, `${name}.bundle.cache`);
const trace = process.env.RETRYLENS_CODE_CACHE_TRACE === "1" ? (what) => process.stderr.write(`retrylens: code cache ${name}: ${what}\n`) : () => {};

const bytes = fs.readFileSync(bundle);
// esbuild.mjs stamps each bundle's first line with its build id, and a cache with the id of the
// bundle it was made from: V8 itself checks only the source's length, and running bytecode made
// from another source of the same length would be wrong code, not a slow start
const buildId = /^\/\/ retrylens build ([0-9a-f]+)\n/.exec(bytes.subarray(0, 64).toString("latin1"))?.[1] ?? null;
const header = buildId ? Buffer.from(`retrylens code cache 1 ${buildId}\n`, "latin1") : null;
// esbuild.mjs makes the bundle ASCII: a one-byte string, without a UTF-8 decoding pass
const text = typeof isAscii === "function" && isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
// the CommonJS wrapper goes on the bundle's first line, so its line numbers (stack traces, the
// source map) stay as esbuild wrote them
const source = `(function (exports, require, module, __filename, __dirname) {${text}\n})`;

function readCache() {
  if (!header) return { data: undefined, why: "bundle has no build id" };
  let data;
  try {
    data = fs.readFileSync(cacheFile);
  } catch {
    return { data: undefined, why: "missing" };
  }
  if (data.length <= header.length || !data.subarray(0, header.length).equals(header)) return { data: undefined, why: "made from another build" };
  return { data: data.subarray(header.length), why: null };
}

function compile() {
  const cache = readCache();
  let script;
  try {
    script = new vm.Script(source, { filename: bundle, cachedData: cache.data });
  } catch (err) {
    // a syntax error is the bundle's and shows again below; anything else was the cache's
    if (!cache.data) throw err;
    cache.why = "refused";
    script = new vm.Script(source, { filename: bundle });
  }
  if (cache.data && script.cachedDataRejected) cache.why = "rejected by this V8";
  trace(cache.why ? `not used (${cache.why})` : "used");
  return script;
}

if (process.sourceMapsEnabled) {
  // --enable-source-maps maps stack traces only of code Node's module loader compiled
  trace("not used (--enable-source-maps)");
  module._compile(text, bundle);
  return;
}
const script = compile();
const out = process.env.RETRYLENS_WRITE_CODE_CACHE;
if (out && header && path.resolve(out) === cacheFile) {
  // on exit the cache holds every function compiled so far: the whole start path
  process.once("exit", () => {
    const tmp = `${cacheFile}.${process.pid}.${require("node:worker_threads").threadId}.tmp`;
    try {
      fs.writeFileSync(tmp, Buffer.concat([header, script.createCachedData()]));
      fs.renameSync(tmp, cacheFile);
    } catch (err) {
      process.stderr.write(`retrylens: cannot write ${cacheFile}: ${err.message}\n`);
    }
  });
}
script.runInThisContext().call(module.exports, module.exports, require, module, bundle, __dirname);
