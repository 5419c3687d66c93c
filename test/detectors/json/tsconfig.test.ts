// tsconfig/jsconfig module resolution settings and workspace package entries as facts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractJson } from "../../../server/src/detectors/json/index";

test("tsconfig.json: extends, baseUrl, paths, include/exclude/files as written (JSONC)", () => {
  const facts = extractJson(
    "web/tsconfig.json",
    `{
  // the app
  "extends": "./tsconfig.base.json",
  "compilerOptions": {
    "baseUrl": ".",
    "paths": { "@/*": ["src/*"], "@lib/http": ["src/lib/http.ts", "src/lib/http/index.ts",], },
  },
  "include": ["src"],
}`,
  );
  assert.deepEqual(facts.problems, []);
  assert.deepEqual(facts.tsConfig, {
    extends: ["./tsconfig.base.json"],
    baseUrl: ".",
    paths: { "@/*": ["src/*"], "@lib/http": ["src/lib/http.ts", "src/lib/http/index.ts"] },
    include: ["src"],
    exclude: null,
    files: null,
  });
});

test("jsconfig.json and tsconfig.<name>.json are read; extends may be a list (TS 5)", () => {
  assert.deepEqual(extractJson("jsconfig.json", `{ "compilerOptions": { "baseUrl": "src" } }`).tsConfig?.baseUrl, "src");
  assert.deepEqual(extractJson("a/tsconfig.app.json", `{ "extends": ["../base.json", "@tsconfig/node20"] }`).tsConfig?.extends, ["../base.json", "@tsconfig/node20"]);
});

test("an invalid tsconfig is one problem and no settings", () => {
  const facts = extractJson("tsconfig.json", `{ "compilerOptions": { "paths": `);
  assert.equal(facts.problems.length, 1);
  assert.equal(facts.tsConfig, undefined);
});

test("package.json: name and entry (exports '.', conditions, module, main); the service manifest is still recorded", () => {
  const entry = (text: string) => extractJson("packages/http/package.json", text).jsPackage;
  assert.deepEqual(entry(`{ "name": "@shop/http", "main": "dist/index.js" }`), { name: "@shop/http", entry: "dist/index.js" });
  assert.deepEqual(entry(`{ "name": "@shop/http", "exports": { ".": { "import": "./src/index.ts", "require": "./dist/index.cjs" } } }`), { name: "@shop/http", entry: "./src/index.ts" });
  assert.deepEqual(entry(`{ "name": "@shop/http", "exports": "./lib/http.js", "main": "x.js" }`), { name: "@shop/http", entry: "./lib/http.js" });
  assert.deepEqual(entry(`{ "name": "@shop/http" }`), { name: "@shop/http", entry: null });
  assert.equal(entry(`{ "private": true }`), undefined);
  assert.equal(extractJson("packages/http/package.json", `{ "name": "@shop/http" }`).workloads[0]?.name, "http");
});
