#!/usr/bin/env node
// Bundles the CLI, the extraction worker, the language server and the VS Code extension into
// dist/, with every dependency inside (ts-morph's TypeScript included), and copies the
// tree-sitter .wasm files beside the bundles.
//
// Fast start: the CLI, the server and the worker are each two files, the bundle
// (dist/cli.bundle.js, ASCII, stamped with this build's id) and a small entry (dist/cli.js, a
// copy of scripts/codeCacheLoader.cjs) that runs it from a V8 code cache (dist/cli.bundle.cache)
// made here after the build by one run over examples/shop. Without the cache (--watch, a failed
// warm-up run, another V8) the entry compiles the bundle as usual.
//
//   node esbuild.mjs            build
//   node esbuild.mjs --watch    rebuild on change
import * as esbuild from "esbuild";
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// RETRYLENS_DIST: build somewhere else (parallel work on one checkout, each with its own bundle)
const dist = process.env.RETRYLENS_DIST ? resolve(process.env.RETRYLENS_DIST) : join(root, "dist");
const watch = process.argv.includes("--watch");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

// web-tree-sitter's ESM build reads import.meta.url, which is empty in a CJS bundle: always
// take its CommonJS build (the package's "require" export) instead.
const webTreeSitterCjs = require.resolve("web-tree-sitter");
if (!webTreeSitterCjs.endsWith(".cjs")) throw new Error(`web-tree-sitter resolved to ${webTreeSitterCjs}, expected its .cjs build`);
const webTreeSitterToCjs = {
  name: "web-tree-sitter-cjs",
  setup(build) {
    build.onResolve({ filter: /^web-tree-sitter$/ }, () => ({ path: webTreeSitterCjs }));
    // its one `await import("fs/promises")`: code run through vm.Script (the code-cache entry)
    // cannot import() on Node 20 without --experimental-vm-modules, and a require is the same here
    build.onLoad({ filter: /web-tree-sitter\.cjs$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replace(/await import\(("[a-z:/]+")\)/g, "require($1)"),
      loader: "js",
    }));
  },
};

/** .wasm files loaded at run time from beside the bundle (server/src/parsing/treeSitter.ts). */
const WASM = [
  ["web-tree-sitter", "web-tree-sitter.wasm"],
  ["tree-sitter-python", "tree-sitter-python.wasm"],
  ["tree-sitter-c-sharp", "tree-sitter-c_sharp.wasm"],
  ["tree-sitter-java", "tree-sitter-java.wasm"],
  ["@tree-sitter-grammars/tree-sitter-kotlin", "tree-sitter-kotlin.wasm"],
  ["tree-sitter-go", "tree-sitter-go.wasm"],
  ["tree-sitter-bash", "tree-sitter-bash.wasm"],
  ["@tree-sitter-grammars/tree-sitter-hcl", "tree-sitter-hcl.wasm"],
  ["tree-sitter-groovy", "tree-sitter-groovy.wasm"],
];

function packageFile(pkgName, file) {
  try {
    return require.resolve(`${pkgName}/${file}`);
  } catch {
    // packages whose "exports" do not list the file: find it beside their package.json
    const candidate = join(dirname(require.resolve(`${pkgName}/package.json`)), file);
    if (existsSync(candidate)) return candidate;
    throw new Error(`cannot find ${file} in ${pkgName}`);
  }
}

/**
 * The build's identity for the persistent facts cache (server/src/host/factsStore.ts): a hash
 * of the sources and the locked dependency versions, so facts made by another build are never
 * reused (same walk as sourceTreeHash there). With --watch it is the hash at start: scan with
 * --no-cache while watching.
 */
function sourceTreeHash(srcDir, extraFile) {
  const hash = createHash("sha1");
  const walk = (dir, rel) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(dir, e.name), r);
      else if (e.isFile() && e.name.endsWith(".ts")) hash.update(`${r}\n`).update(readFileSync(join(dir, e.name)));
    }
  };
  walk(srcDir, "");
  if (existsSync(extraFile)) hash.update(readFileSync(extraFile));
  return hash.digest("hex").slice(0, 16);
}

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: true,
  absWorkingDir: root,
  logLevel: "warning",
  plugins: [webTreeSitterToCjs],
  define: {
    __RETRYLENS_VERSION__: JSON.stringify(pkg.version),
    __RETRYLENS_BUILD__: JSON.stringify(sourceTreeHash(join(root, "server", "src"), join(root, "package-lock.json"))),
  },
  // nothing is external: ts-morph and its TypeScript, yaml, web-tree-sitter all go in the bundle
  external: [],
};

// cached: the bundle is <name>.bundle.js behind the code-cache entry <name>.js (VS Code runs
// extension.js in Electron, whose V8 would reject a cache made by this Node)
const targets = [
  { entry: "server/src/cli/main.ts", out: "cli.js", required: true, cached: true },
  // the extraction worker (server/src/host/extractPool.ts starts it from beside cli.js / server.js)
  { entry: "server/src/host/extractWorker.ts", out: "extractWorker.js", required: true, cached: true },
  { entry: "server/src/lsp/server.ts", out: "server.js", cached: true },
  { entry: "client/src/extension.ts", out: "extension.js", external: ["vscode"] },
];

/** this build's id, on each cached bundle's first line and in its cache (scripts/codeCacheLoader.cjs) */
const buildId = randomBytes(8).toString("hex");
const LOADER = join(root, "scripts", "codeCacheLoader.cjs");
const bundleName = (out) => out.replace(/\.js$/, ".bundle.js");
const cacheName = (out) => out.replace(/\.js$/, ".bundle.cache");

const active = targets.filter((t) => t.required || existsSync(join(root, t.entry)));
const builds = active.map((t) => ({
  ...common,
  entryPoints: [join(root, t.entry)],
  outfile: join(dist, t.cached ? bundleName(t.out) : t.out),
  external: [...common.external, ...(t.external ?? [])],
  ...(t.cached ? { banner: { js: `// retrylens build ${buildId}` }, metafile: true } : {}),
}));
const cached = active.filter((t) => t.cached);

/**
 * After esbuild wrote a cached bundle: no dynamic import() in it (see webTreeSitterToCjs), and
 * ASCII only, so the entry reads it as a one-byte string. esbuild escapes strings already; what
 * is left is comments and regular expression literals, where a \uXXXX escape means the same.
 */
function finishCachedBundle(result, outfile) {
  const output = result.metafile?.outputs[relative(root, outfile).split(sep).join("/")];
  const dynamic = output?.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path) ?? [];
  if (dynamic.length) throw new Error(`${outfile}: import(${dynamic.join(", ")}) cannot run behind the code-cache entry; make it a require`);
  const text = readFileSync(outfile, "utf8");
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(outfile, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

mkdirSync(dist, { recursive: true });
for (const [pkgName, file] of WASM) copyFileSync(packageFile(pkgName, file), join(dist, file));
// made from the bundles this build replaces
for (const t of cached) rmSync(join(dist, cacheName(t.out)), { force: true });
/** the entries go in once their bundles are there (never an entry without its bundle) */
const writeEntries = () => {
  for (const t of cached) copyFileSync(LOADER, join(dist, t.out));
};

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  writeEntries();
  console.log(`esbuild: watching ${builds.map((b) => b.outfile.slice(root.length + 1)).join(", ")} (no code cache while watching)`);
} else {
  const started = Date.now();
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  results.forEach((result, i) => {
    if (builds[i].metafile) finishCachedBundle(result, builds[i].outfile);
  });
  writeEntries();
  const built = Date.now();
  const caches = await makeCodeCaches();
  // a clean dist: drop what this build did not write (a bundle of an entry that no longer
  // exists), without ever removing the current bundles, which running tests may be using
  const written = new Set([
    ...builds.flatMap((b) => [basename(b.outfile), `${basename(b.outfile)}.map`]),
    ...cached.flatMap((t) => [t.out, cacheName(t.out)]),
    ...WASM.map(([, f]) => f),
  ]);
  for (const f of readdirSync(dist)) if (!written.has(f)) rmSync(join(dist, f), { recursive: true, force: true });
  console.log(
    `esbuild: built ${active.map((t) => relative(root, join(dist, t.out))).join(", ")} in ${built - started} ms; code caches ${caches.join(", ") || "none"} in ${Date.now() - built} ms`,
  );
}

// ---------------------------------------------------------------- code caches

/**
 * Runs each cached bundle once through its start path with RETRYLENS_WRITE_CODE_CACHE set, so
 * its entry writes the cache on exit: the CLI scans examples/shop, a worker extracts its files,
 * the server indexes it over stdio. A warm-up that fails costs start-up time, not the build.
 */
async function makeCodeCaches() {
  const shop = join(root, "examples", "shop");
  const made = [];
  const warmUps = { "cli.js": warmCli, "extractWorker.js": warmWorker, "server.js": warmServer };
  for (const t of cached) {
    const cache = join(dist, cacheName(t.out));
    try {
      await warmUps[t.out](join(dist, t.out), shop, { ...process.env, RETRYLENS_WRITE_CODE_CACHE: cache });
      if (!existsSync(cache)) throw new Error("no cache written");
      made.push(`${cacheName(t.out)} (${(statSync(cache).size / 1e6).toFixed(1)} MB)`);
    } catch (err) {
      rmSync(cache, { force: true });
      console.warn(`esbuild: no code cache for ${t.out} (it will start slower): ${err?.message ?? err}`);
    }
  }
  return made;
}

function warmCli(entry, shop, env) {
  const r = spawnSync(process.execPath, [entry, "scan", shop, "--fail-on", "none"], { env, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`scan exited with ${r.status ?? r.signal}: ${(r.stderr || r.error?.message || "").slice(0, 300)}`);
}

/** the worker as server/src/host/extractPool.ts runs it; the test hook's "exit" ends it through process.exit, which writes the cache */
function warmWorker(entry, shop, env) {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.isFile()) files.push(join(dir, e.name));
    }
  };
  walk(shop);
  const END = "\0end";
  return new Promise((resolveWarm, rejectWarm) => {
    const worker = new Worker(entry, { env, workerData: { testHook: { faults: { [END]: "exit" } } }, stdout: true });
    const timer = setTimeout(() => {
      void worker.terminate();
      rejectWarm(new Error("worker warm-up timed out"));
    }, 120_000);
    let next = 0;
    const send = () => {
      const file = files[next];
      worker.postMessage(file ? { id: next++, path: relative(shop, file), text: readFileSync(file, "utf8") } : { id: next++, path: END, text: "" });
    };
    worker.on("message", (m) => {
      if (m.kind === "ready" || m.kind === "facts" || m.kind === "failed") send();
    });
    worker.on("error", (err) => {
      clearTimeout(timer);
      rejectWarm(err);
    });
    worker.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 70) resolveWarm();
      else rejectWarm(new Error(`worker exited with ${code}`));
    });
  });
}

/** a minimal LSP session over stdio: initialize, the first diagnostics, a hover, shutdown, exit */
function warmServer(entry, shop, env) {
  return new Promise((resolveWarm, rejectWarm) => {
    const child = spawn(process.execPath, [entry, "--stdio"], { env, stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => {
      child.kill();
      rejectWarm(new Error("server warm-up timed out"));
    }, 120_000);
    const send = (message) => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
      child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
      child.stdin.write(body);
    };
    const rootUri = pathToFileURL(shop).toString();
    const hovered = pathToFileURL(join(shop, "catalog", "warehouse_client.py")).toString();
    let buffered = Buffer.alloc(0);
    let phase = "initialize";
    child.stdout.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buffered.subarray(0, end).toString("latin1"))?.[1]);
        if (buffered.length < end + 4 + length) return;
        const message = JSON.parse(buffered.subarray(end + 4, end + 4 + length).toString("utf8"));
        buffered = buffered.subarray(end + 4 + length);
        if (message.method && message.id !== undefined) send({ id: message.id, result: null }); // a request of the server's
        else if (message.id === 1) {
          send({ method: "initialized", params: {} });
          phase = "index";
        } else if (phase === "index" && message.method === "textDocument/publishDiagnostics") {
          phase = "hover";
          send({ id: 2, method: "textDocument/hover", params: { textDocument: { uri: hovered }, position: { line: 10, character: 4 } } });
        } else if (message.id === 2) send({ id: 3, method: "shutdown" });
        else if (message.id === 3) send({ method: "exit" });
      }
    });
    child.on("error", rejectWarm);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (phase === "hover" && code === 0) resolveWarm();
      else rejectWarm(new Error(`server exited with ${code} during ${phase}`));
    });
    send({ id: 1, method: "initialize", params: { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: "shop" }], capabilities: {} } });
  });
}
