/**
 * The fuzzer's seed inputs: every fixture and example file the tool analyses (a language the
 * engine reads, `model/languages.ts` sourceLanguage), grouped by the workspace they belong to so
 * a mutated file is analysed beside its real neighbours (linking runs on mutated facts too).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sourceLanguage } from "../../server/src/model/languages";

export interface SeedFile {
  /** path inside its group, '/' separators */
  path: string;
  bytes: Buffer;
}

export interface SeedGroup {
  /** repository-relative folder the files come from */
  name: string;
  files: SeedFile[];
}

export const REPO_ROOT = join(__dirname, "..", "..");

/** where seed inputs live, relative to the repository: each child folder is one group */
const GROUP_PARENTS = ["test/scenarios", "examples", "test/fixes/workspaces"];
/** folders whose files are each a group of their own (loose fixtures, regression inputs) */
const LOOSE_FOLDERS = ["test/robustness/inputs"];

function listFiles(dir: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") listFiles(p, out);
    } else if (e.isFile()) out.push(p);
  }
  return out;
}

function groupOf(name: string, dir: string): SeedGroup | null {
  const files = listFiles(dir)
    .map((abs) => ({ abs, path: relative(dir, abs).split("\\").join("/") }))
    .filter((f) => sourceLanguage(f.path) !== null && statSync(f.abs).size <= 1024 * 1024)
    .map((f) => ({ path: f.path, bytes: readFileSync(f.abs) }));
  return files.length ? { name, files } : null;
}

/** Every seed group, in a stable order (the fuzzer's choices depend only on the seed). */
export function loadCorpus(root = REPO_ROOT): SeedGroup[] {
  const groups: SeedGroup[] = [];
  for (const parent of GROUP_PARENTS) {
    let children: string[] = [];
    try {
      children = readdirSync(join(root, parent), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    } catch {
      continue;
    }
    for (const child of children) {
      // a scenario keeps its repository in workspace/ (expected.json beside it is no input)
      const dir = parent === "test/scenarios" ? join(root, parent, child, "workspace") : join(root, parent, child);
      const g = groupOf(`${parent}/${child}`, dir);
      if (g) groups.push(g);
    }
  }
  // fixture folders anywhere under test/ (test/engine/fixtures, …), and the regression inputs
  const fixtureDirs = listFiles(join(root, "test"))
    .map((f) => relative(root, f).split("\\").join("/"))
    .filter((f) => /(^|\/)fixtures\//.test(f) && !f.startsWith("test/scenarios/"))
    .map((f) => f.slice(0, f.indexOf("fixtures/") + "fixtures".length));
  for (const dir of [...new Set(fixtureDirs)].sort()) {
    const g = groupOf(dir, join(root, dir));
    if (g) groups.push(g);
  }
  for (const dir of LOOSE_FOLDERS) {
    const g = groupOf(dir, join(root, dir));
    if (g) for (const f of g.files) groups.push({ name: `${dir}/${f.path}`, files: [f] });
  }
  return groups;
}
