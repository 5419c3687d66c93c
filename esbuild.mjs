#!/usr/bin/env node
// Bundles the CLI (and, once they exist, the language server and the VS Code extension) into
// dist/, with every dependency inside (ts-morph's TypeScript included), and copies the
// tree-sitter .wasm files beside the bundles.
//
//   node esbuild.mjs            build
//   node esbuild.mjs --watch    rebuild on change
import * as esbuild from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

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
  logLevel: "warning",
  plugins: [webTreeSitterToCjs],
  define: {
    __RETRYLENS_VERSION__: JSON.stringify(pkg.version),
    __RETRYLENS_BUILD__: JSON.stringify(sourceTreeHash(join(root, "server", "src"), join(root, "package-lock.json"))),
  },
  // nothing is external: ts-morph and its TypeScript, yaml, web-tree-sitter all go in the bundle
  external: [],
};

const targets = [
  { entry: "server/src/cli/main.ts", out: "cli.js", required: true },
  // the extraction worker (server/src/host/extractPool.ts starts it from beside cli.js / server.js)
  { entry: "server/src/host/extractWorker.ts", out: "extractWorker.js", required: true },
  { entry: "server/src/lsp/server.ts", out: "server.js" },
  { entry: "client/src/extension.ts", out: "extension.js", external: ["vscode"] },
];

const builds = targets
  .filter((t) => t.required || existsSync(join(root, t.entry)))
  .map((t) => ({
    ...common,
    entryPoints: [join(root, t.entry)],
    outfile: join(dist, t.out),
    external: [...common.external, ...(t.external ?? [])],
  }));

mkdirSync(dist, { recursive: true });
for (const [pkgName, file] of WASM) copyFileSync(packageFile(pkgName, file), join(dist, file));

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log(`esbuild: watching ${builds.map((b) => b.outfile.slice(root.length + 1)).join(", ")}`);
} else {
  const started = Date.now();
  await Promise.all(builds.map((options) => esbuild.build(options)));
  // a clean dist: drop what this build did not write (a bundle of an entry that no longer
  // exists), without ever removing the current bundles, which running tests may be using
  const written = new Set([...builds.flatMap((b) => [basename(b.outfile), `${basename(b.outfile)}.map`]), ...WASM.map(([, f]) => f)]);
  for (const f of readdirSync(dist)) if (!written.has(f)) rmSync(join(dist, f), { recursive: true, force: true });
  console.log(`esbuild: built ${builds.map((b) => b.outfile.slice(root.length + 1)).join(", ")} in ${Date.now() - started} ms`);
}
