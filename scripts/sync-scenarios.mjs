#!/usr/bin/env node
// The acceptance scenarios live in the project (test/scenarios), so a fresh clone tests itself;
// they are kept in step with the steering copy in ../shared/scenarios where one is beside the clone.
//   node scripts/sync-scenarios.mjs          copy ../shared/scenarios over test/scenarios (files it lacks are removed)
//   node scripts/sync-scenarios.mjs --check  list the differences; exit 1 when there are some, 0 when none or no ../shared
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const ours = join(root, "test", "scenarios");
const theirs = join(root, "..", "shared", "scenarios");
const check = process.argv.includes("--check");

if (!existsSync(theirs)) {
  console.log(`sync-scenarios: no ${relative(root, theirs)} beside the clone; test/scenarios is the copy in use`);
  process.exit(0);
}

function files(dir) {
  const out = new Map();
  (function walk(d) {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(relative(dir, p), p);
    }
  })(dir);
  return out;
}

const a = files(theirs);
const b = existsSync(ours) ? files(ours) : new Map();
const differences = [];
for (const [rel, p] of a) {
  if (!b.has(rel)) differences.push(`only in ../shared: ${rel}`);
  else if (!readFileSync(p).equals(readFileSync(b.get(rel)))) differences.push(`differs: ${rel}`);
}
for (const rel of b.keys()) if (!a.has(rel)) differences.push(`only in test/scenarios: ${rel}`);

if (check) {
  if (differences.length === 0) {
    console.log(`sync-scenarios: test/scenarios matches ../shared/scenarios (${a.size} files)`);
    process.exit(0);
  }
  console.log(`sync-scenarios: test/scenarios differs from ../shared/scenarios (run node scripts/sync-scenarios.mjs):`);
  for (const d of differences) console.log(`  ${d}`);
  process.exit(1);
}

for (const rel of b.keys()) if (!a.has(rel)) rmSync(join(ours, rel));
cpSync(theirs, ours, { recursive: true });
// the steering copy is read-only; the project's copy must stay writable for the next sync
for (const p of [ours, ...files(ours).values()]) chmodSync(p, statSync(p).mode | 0o200);
console.log(`sync-scenarios: copied ${a.size} files; ${differences.length} had changed`);
