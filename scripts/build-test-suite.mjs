#!/usr/bin/env node
// Bundles the VS Code extension-host test suite (test/vscode/suite/) into dist-test/suite.js: one
// CommonJS file with mocha inside and `vscode` left to the extension host. Every
// test/vscode/suite/*.test.ts is compiled in; index.ts registers them through the virtual module
// "retrylens:suite-files". Kept out of esbuild.mjs so the normal build stays as fast as it was.
//
//   node scripts/build-test-suite.mjs          (npm run build:test-suite)
import * as esbuild from "esbuild";
import { mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const suiteDir = join(root, "test", "vscode", "suite");
const outfile = join(root, "dist-test", "suite.js");
const testFiles = readdirSync(suiteDir).filter((f) => f.endsWith(".test.ts")).sort();
if (testFiles.length === 0) throw new Error(`no *.test.ts in ${suiteDir}`);

/** `import { suiteFiles } from "retrylens:suite-files"`: [name, load] for every test file (loaded lazily). */
const suiteFilesModule = {
  name: "retrylens-suite-files",
  setup(build) {
    build.onResolve({ filter: /^retrylens:suite-files$/ }, () => ({ path: "suite-files", namespace: "retrylens" }));
    build.onLoad({ filter: /.*/, namespace: "retrylens" }, () => ({
      resolveDir: suiteDir,
      loader: "js",
      contents:
        "export const suiteFiles = [\n" +
        testFiles.map((f) => `  [${JSON.stringify(f)}, () => require(${JSON.stringify("./" + f)})],`).join("\n") +
        "\n];\n",
    }));
  },
};

const started = Date.now();
mkdirSync(dirname(outfile), { recursive: true });
await esbuild.build({
  entryPoints: [join(suiteDir, "index.ts")],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: "linked",
  // mocha's parallel mode (unused here) resolves its worker files at run time
  logOverride: { "require-resolve-not-external": "silent" },
  logLevel: "warning",
  external: ["vscode"],
  plugins: [suiteFilesModule],
});
console.log(`esbuild: built ${outfile.slice(root.length + 1)} (${testFiles.join(", ")}) in ${Date.now() - started} ms`);
