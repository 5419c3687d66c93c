/**
 * Go programs configured through viper (github.com/spf13/viper): the files a program loads
 * (FileFacts.viperConfig, detectors/go/viper.ts) supply the values its `viper.GetInt("k")` calls
 * read (ValueExpr "setting"). Each loaded YAML file's scalars (FileFacts.plainSettings) become
 * configuration entries of the Go module that loads it (the folder of its go.mod, else the Go
 * file's folder), so the ConfigIndex answers them for every file of that module — viper's global
 * instance is shared by the whole program. Keys compare without case, as viper's do.
 */
import type { ConfigEntryFact, FileFacts } from "../model/facts";
import { dirOf, joinPath } from "../model/paths";

export interface LoadedEntry {
  file: string;
  entry: ConfigEntryFact;
}

export function viperEntries(files: readonly FileFacts[]): LoadedEntry[] {
  const loaders = files.filter((f) => f.viperConfig?.length);
  if (!loaders.length) return [];
  const settingsFiles = files.filter((f) => f.plainSettings?.length);
  if (!settingsFiles.length) return [];
  const moduleDirs = files.filter((f) => /(^|\/)go\.mod$/.test(f.path)).map((f) => dirOf(f.path));
  const out: LoadedEntry[] = [];
  const seen = new Set<string>();
  for (const f of loaders) {
    const fileDir = dirOf(f.path);
    const moduleDir = moduleDirs.filter((d) => d === "" || fileDir === d || fileDir.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0] ?? null;
    const projectDir = moduleDir ?? fileDir;
    for (const ref of f.viperConfig!) {
      const candidates = ref.workingDir ? [...new Set([joinPath(fileDir, ref.path), ...(moduleDir !== null ? [joinPath(moduleDir, ref.path)] : [])])].filter((c): c is string => c !== null) : [ref.path];
      for (const s of settingsFiles) {
        if (!candidates.some((c) => loads(c, ref.name, s.path))) continue;
        const key = `${s.path}\u0000${projectDir}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const e of s.plainSettings!) out.push({ file: s.path, entry: { key: e.key, value: e.value, line: e.line, profile: null, projectDir } });
      }
    }
  }
  return out;
}

/** `candidate` names `path` itself, or the folder holding it (with `name`: `<name>.<ext>` only). */
function loads(candidate: string, name: string | null, path: string): boolean {
  if (path === candidate) return true;
  if (candidate !== "" && !path.startsWith(`${candidate}/`)) return false;
  const rest = candidate === "" ? path : path.slice(candidate.length + 1);
  if (name === null) return true;
  return !rest.includes("/") && rest.replace(/\.[^.]+$/, "") === name;
}
