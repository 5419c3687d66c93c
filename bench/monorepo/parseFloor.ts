/**
 * Floor for the scale benchmark (run in its own process by bench/monorepo/run.ts): read and parse
 * every source and YAML file of a tree with the parsers the extractors use, and nothing else — no
 * detectors, no linking. The walk skips the folders the workspace walk skips (SKIPPED_FOLDERS).
 * One thread, like a single extraction worker.
 *   npx tsx bench/monorepo/parseFloor.ts DIR [--repeat FILE N]…
 * Prints one JSON line: { files, bytes, ms, byLanguage, peakRssMb, repeats: { FILE: medianMs } }.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { initTreeSitter, parseTree, type TreeSitterLanguage } from "../../server/src/parsing/treeSitter";
import { parseTypeScript } from "../../server/src/parsing/typescript";
import { parseYaml } from "../../server/src/parsing/yaml";
import { SKIPPED_FOLDERS } from "../../server/src/host/workspace";

type Kind = TreeSitterLanguage | "typescript" | "yaml";

const BY_EXTENSION: Record<string, Kind> = {
  ".py": "python",
  ".go": "go",
  ".cs": "csharp",
  ".java": "java",
  ".kt": "kotlin",
  ".ts": "typescript",
  ".tsx": "typescript",
  ".js": "typescript",
  ".jsx": "typescript",
  ".mjs": "typescript",
  ".cjs": "typescript",
  ".yaml": "yaml",
  ".yml": "yaml",
};

function parse(kind: Kind, path: string, text: string): void {
  if (kind === "typescript") parseTypeScript(path, text);
  else if (kind === "yaml") parseYaml(text);
  else parseTree(kind, text).delete();
}

function sourceFiles(root: string): Array<{ path: string; kind: Kind }> {
  const out: Array<{ path: string; kind: Kind }> = [];
  (function walk(dir: string) {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith(".")) walk(join(dir, e.name));
      } else if (e.isFile()) {
        const kind = BY_EXTENSION[extname(e.name).toLowerCase()];
        if (kind) out.push({ path: join(dir, e.name), kind });
      }
    }
  })(root);
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const root = args[0];
  if (!root) throw new Error("usage: parseFloor.ts DIR [--repeat FILE N]…");
  const repeatsAsked: Array<{ file: string; n: number }> = [];
  for (let i = 1; i < args.length; i++) {
    if (args[i] === "--repeat" && args[i + 1] && args[i + 2]) {
      repeatsAsked.push({ file: args[i + 1]!, n: Number(args[i + 2]) });
      i += 2;
    } else throw new Error(`unknown argument ${args[i]}`);
  }
  const t0 = performance.now();
  await initTreeSitter();
  const files = sourceFiles(root);
  const byLanguage: Record<string, number> = {};
  let bytes = 0;
  for (const f of files) {
    const text = readFileSync(f.path, "utf8");
    bytes += text.length;
    parse(f.kind, f.path, text);
    byLanguage[f.kind] = (byLanguage[f.kind] ?? 0) + 1;
  }
  const ms = performance.now() - t0;
  // one file parsed again and again: the floor of an edit (the edited file must be parsed once)
  const repeats: Record<string, number> = {};
  for (const { file, n } of repeatsAsked) {
    const kind = BY_EXTENSION[extname(file).toLowerCase()];
    if (!kind) continue;
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      parse(kind, path, text);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    repeats[file] = times[Math.floor(times.length / 2)] ?? 0;
  }
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ files: files.length, bytes, ms, byLanguage, peakRssMb, repeats }));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});
