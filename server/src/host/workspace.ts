/**
 * Reads a folder into the `SourceFile[]` the engine analyses.
 *
 * - Never follows a symlink out of the scanned folder: a symlinked file is read only when its
 *   real path is inside the root (and is not already read under its own name); symlinked
 *   folders are never descended, so there are no loops.
 * - Skips generated / vendored folders, what `.gitignore` files ignore (root and nested, git's
 *   semantics, plus `.git/info/exclude`), `exclude` globs, tests (unless `includeTests`).
 * - Reads only files the engine can use (`model/languages.ts`), at most 1 MiB, not binary.
 * - A cheap regex pre-filter on the text decides which files are worth parsing (it never
 *   parses anything): YAML must mention a manifest or retry key, code must import/define something.
 * - Never throws for a bad file or folder: it is listed in `skipped` with a reason.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ignore, { type Ignore } from "ignore";
import picomatch from "picomatch";
import type { SourceFile } from "../engine/analyze";
import type { Settings } from "../model/model";
import { isTestFile, isTestFolder, sourceLanguage } from "../model/languages";
import { isSpringConfigFile } from "../detectors/spring/settings";
import { PYTHON_LOCK_FILES, VERSIONED_PY_PACKAGES } from "../detectors/json/pythonPins";

export const MAX_FILE_BYTES = 1024 * 1024;
const BINARY_SNIFF_BYTES = 8 * 1024;

export type SkipReason =
  | "too-large"
  | "binary"
  | "unreadable"
  | "symlink-outside"
  | "symlinked-folder";

export interface SkippedFile {
  /** relative to the root with '/'; folders end with '/' */
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface WorkspaceRead {
  files: SourceFile[];
  /** files the engine could have used but did not get (too large, binary, unreadable, symlinks) */
  skipped: SkippedFile[];
  /** files of a usable type left out by the content pre-filter (nothing to analyse in them) */
  filtered: string[];
}

export interface ReadWorkspaceOptions extends Partial<Pick<Settings, "includeTests" | "exclude">> {
  maxFileBytes?: number;
  /** called every few files with the number of files read so far */
  onProgress?: (filesRead: number) => void;
}

/** Folder names never descended: dependencies, build output, caches, VCS metadata. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  "node_modules",
  ".git",
  ".hg",
  ".svn",
  "dist",
  "build",
  "out",
  "vendor",
  "third_party",
  ".venv",
  "venv",
  "__pycache__",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  "target",
  ".next",
  ".nuxt",
  ".turbo",
]);

/** .NET build output: skipped only beside a project/solution file or holding Debug/Release. */
const DOTNET_OUTPUT_FOLDERS: ReadonlySet<string> = new Set(["bin", "obj"]);
const DOTNET_PROJECT = /\.(csproj|fsproj|vbproj|sln)$/i;

export { TEST_FOLDERS, isTestFile, isTestFolder } from "../model/languages";

/** Can a YAML text hold a manifest or a retry policy at all? */
// `spring.cloud.stream…` in a Spring Cloud Config repository file (`config-repo/product.yml`): consumer retries
const YAML_WORTH_PARSING = /apiVersion|static_resources|virtual_hosts|services:|[Rr]etry|[Rr]etries|istio-injection|istio\.io\/rev|AWS::AppMesh::|routers:|middlewares:|^zuul:|cloud\.stream|^\s+stream:/m;
/** shell scripts: only those that label namespaces for Istio injection or enable minikube's ingress add-on */
const SHELL_WORTH_PARSING = /istio-injection|istio\.io\/rev/;
const SHELL_MINIKUBE_INGRESS = /\bminikube\b[^\n]*\baddons\b[^\n]*\benable\b[^\n]*\bingress\b/;
/** JSON files other than manifests: only gRPC service configs, appsettings, launchSettings and tsconfig are read. */
const JSON_BY_NAME = /^(Pipfile\.lock|(package|appsettings(\.[\w-]+)?|[jt]sconfig(\.[\w-]+)?|launchSettings)\.json)$/i;
const JSON_WORTH_PARSING = /"(methodConfig|retryPolicy|retryThrottling|hedgingPolicy)"/;
/** TOML files other than pyproject.toml: only Traefik configuration (`[http.middlewares…]`, `[http.routers…]`, static `[entryPoints.…]`). */
const TOML_WORTH_PARSING = /^\s*\[{1,2}\s*(http|entryPoints)\s*\.|^\s*http\s*\.\s*(middlewares|routers|services)\b/m;
/** a Python lock file is read only when it locks a package whose defaults changed across versions (detectors/json/pythonPins.ts) */
const PYTHON_LOCK_WORTH_PARSING = new RegExp(`^name = "(${VERSIONED_PY_PACKAGES.join("|")})"`, "m");
/** lock files are often larger than code files: read up to this size (only their pins are parsed) */
export const MAX_LOCK_FILE_BYTES = 16 * 1024 * 1024;

/** The size limit for one file: lock files get MAX_LOCK_FILE_BYTES. */
export function maxBytesFor(relPath: string, maxBytes: number = MAX_FILE_BYTES): number {
  return PYTHON_LOCK_FILES.test(relPath) ? Math.max(maxBytes, MAX_LOCK_FILE_BYTES) : maxBytes;
}

/** Does a code file define or import anything? (empty / data-only files are left out) */
const CODE_WORTH_PARSING = /import|require\(|def |function|=>/;
/** TS/JS: a file declaring only interfaces or an abstract class still names the types calls dispatch on (engine/tsDispatch.ts) */
const TS_DISPATCH_TYPES = /\binterface\s+\w|\babstract\s+class\b|\bimplements\s+\w/;
/** TS/JS: a config module that only reads the environment (`module.exports = { url: process.env.X || … }`) names the URLs calls go to */
const TS_CONFIG_MODULE = /\bmodule\.exports\b|\bprocess\.env\b/;

/** The content pre-filter: true when the file may hold something the engine looks for. */
export function worthParsing(relPath: string, text: string): boolean {
  const lang = sourceLanguage(relPath);
  switch (lang) {
    case "yaml":
      // Spring Boot settings files are read whatever they hold (service name, @Value settings)
      // and a Helm chart's values.yaml fills in its templates: counts, names, images, env values
      return YAML_WORTH_PARSING.test(text) || isSpringConfigFile(relPath) || /(^|\/)values\.ya?ml$/.test(relPath);
    case "python":
      return CODE_WORTH_PARSING.test(text);
    case "typescript":
      return CODE_WORTH_PARSING.test(text) || TS_DISPATCH_TYPES.test(text) || TS_CONFIG_MODULE.test(text);
    case "shell":
      return (SHELL_WORTH_PARSING.test(text) && /\b(kubectl|oc)\b/.test(text)) || SHELL_MINIKUBE_INGRESS.test(text);
    case "terraform":
      // Terraform: only configurations whose commands may label a namespace for injection
      return SHELL_WORTH_PARSING.test(text) && /\b(kubectl|oc)\b/.test(text);
    case "json":
      return JSON_BY_NAME.test(relPath.slice(relPath.lastIndexOf("/") + 1)) || JSON_WORTH_PARSING.test(text);
    case "toml":
      if (PYTHON_LOCK_FILES.test(relPath)) return PYTHON_LOCK_WORTH_PARSING.test(text);
      return /(^|\/)(pyproject\.toml|Pipfile)$/.test(relPath) || TOML_WORTH_PARSING.test(text);
    case null:
      return false;
    default:
      return true; // manifests by name
  }
}

interface GitignoreLevel {
  /** folder of the .gitignore, relative to the root ('' = root); for a folder above the root, '' */
  base: string;
  /** for a .gitignore above the root (inside the same git repository): the root's path from it */
  above?: string;
  ig: Ignore;
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ?? (e?.message ? String(e.message) : String(err));
}

function readGitignore(file: string): Ignore | null {
  try {
    const text = fs.readFileSync(file, "utf8");
    return ignore({ allowRelativePaths: true }).add(text);
  } catch {
    return null;
  }
}

/**
 * git's precedence: the deepest .gitignore with an opinion decides (within one file, the last
 * matching line wins — `ignore` handles that); `.git/info/exclude` is consulted last.
 */
function gitIgnored(levels: readonly GitignoreLevel[], rel: string, isDir: boolean): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const { base, above, ig } = levels[i];
    let sub = above ? `${above}/${rel}` : base === "" ? rel : rel.slice(base.length + 1);
    if (!sub) continue;
    if (isDir) sub += "/";
    try {
      const r = ig.test(sub);
      if (r.ignored) return true;
      if (r.unignored) return false;
    } catch {
      // a path `ignore` refuses is not ignored
    }
  }
  return false;
}

function makeExcludeMatcher(globs: readonly string[]): (rel: string) => boolean {
  const withSlash = globs.filter((g) => g.replace(/\/+$/, "").includes("/")).map((g) => g.replace(/^\.\//, ""));
  const bare = globs.filter((g) => !g.replace(/\/+$/, "").includes("/")).map((g) => g.replace(/\/+$/, ""));
  const full = withSlash.length ? picomatch(withSlash, { dot: true }) : null;
  const base = bare.length ? picomatch(bare, { dot: true }) : null;
  return (rel) => {
    if (full?.(rel)) return true;
    if (base) {
      // a pattern without '/' matches any path segment (like .gitignore): "generated", "*.pb.py"
      for (const seg of rel.split("/")) if (base(seg)) return true;
    }
    return false;
  };
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

function looksLikeDotnetOutput(dirAbs: string, parentEntries: readonly fs.Dirent[]): boolean {
  if (parentEntries.some((e) => e.isFile() && DOTNET_PROJECT.test(e.name))) return true;
  try {
    const inner = fs.readdirSync(dirAbs);
    return inner.includes("Debug") || inner.includes("Release");
  } catch {
    return false;
  }
}

function isVirtualenv(dirAbs: string): boolean {
  return fs.existsSync(path.join(dirAbs, "pyvenv.cfg"));
}

/**
 * The ignore files that apply to `root` from outside it: when `root` lies inside a git
 * repository, the repository's `.git/info/exclude` and the `.gitignore` of every folder from the
 * repository's top down to the root's parent (the root's own is read by the walk).
 */
function outerGitignores(realRoot: string): GitignoreLevel[] {
  const chain: string[] = [];
  let dir = realRoot;
  let top: string | null = null;
  for (let depth = 0; depth < 64; depth++) {
    chain.push(dir);
    if (fs.existsSync(path.join(dir, ".git"))) {
      top = dir;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const levels: GitignoreLevel[] = [];
  const aboveOf = (folder: string) => path.relative(folder, realRoot).split(path.sep).join("/");
  if (top === null) {
    const exclude = readGitignore(path.join(realRoot, ".git", "info", "exclude"));
    if (exclude) levels.push({ base: "", ig: exclude });
    return levels;
  }
  const exclude = readGitignore(path.join(top, ".git", "info", "exclude"));
  if (exclude) levels.push({ base: "", above: aboveOf(top) || undefined, ig: exclude });
  for (const folder of chain.reverse()) {
    if (folder === realRoot) continue;
    const ig = readGitignore(path.join(folder, ".gitignore"));
    if (ig) levels.push({ base: "", above: aboveOf(folder), ig });
  }
  // the folder asked for is scanned even when the repository ignores it (a fixture, a build dir)
  const rootIgnored = levels.some((l) => {
    try {
      return l.above !== undefined && l.ig.ignores(`${l.above}/`);
    } catch {
      return false;
    }
  });
  return rootIgnored ? [] : levels;
}

/** Reads `root` into source files for the engine. Never throws for a bad file or folder. */
export async function readWorkspace(root: string, options: ReadWorkspaceOptions = {}): Promise<WorkspaceRead> {
  const includeTests = options.includeTests ?? false;
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const excluded = makeExcludeMatcher(options.exclude ?? []);
  const files: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const filtered: string[] = [];
  const symlinkedFiles: { rel: string; real: string }[] = [];
  /** real paths of regular files read, to drop symlinks that point at them */
  const readReal = new Set<string>();
  let sinceYield = 0;

  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch (err) {
    return { files, skipped: [{ path: "./", reason: "unreadable", detail: errorText(err) }], filtered };
  }

  /** reads one file that passed the name checks */
  const readOne = (abs: string, rel: string, size: number): void => {
    const limit = maxBytesFor(rel, maxBytes);
    if (size > limit) {
      skipped.push({ path: rel, reason: "too-large", detail: `${size} bytes` });
      return;
    }
    let buf: Buffer;
    try {
      buf = fs.readFileSync(abs);
    } catch (err) {
      skipped.push({ path: rel, reason: "unreadable", detail: errorText(err) });
      return;
    }
    if (buf.length > limit) {
      skipped.push({ path: rel, reason: "too-large", detail: `${buf.length} bytes` });
      return;
    }
    if (buf.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      skipped.push({ path: rel, reason: "binary" });
      return;
    }
    let text = buf.toString("utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (!worthParsing(rel, text)) {
      filtered.push(rel);
      return;
    }
    files.push({ path: rel, text });
  };

  const maybeYield = async () => {
    if (++sinceYield >= 100) {
      sinceYield = 0;
      options.onProgress?.(files.length);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  const levels: GitignoreLevel[] = outerGitignores(realRoot);

  const walk = async (dirAbs: string, dirRel: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: dirRel ? `${dirRel}/` : "./", reason: "unreadable", detail: errorText(err) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

    let pushed = false;
    if (entries.some((e) => e.name === ".gitignore" && !e.isDirectory())) {
      const ig = readGitignore(path.join(dirAbs, ".gitignore"));
      if (ig) {
        levels.push({ base: dirRel, ig });
        pushed = true;
      }
    }

    try {
      for (const entry of entries) {
        const name = entry.name;
        const abs = path.join(dirAbs, name);
        const rel = dirRel ? `${dirRel}/${name}` : name;

        if (entry.isDirectory()) {
          if (SKIPPED_FOLDERS.has(name)) continue;
          if (DOTNET_OUTPUT_FOLDERS.has(name) && looksLikeDotnetOutput(abs, entries)) continue;
          if (!includeTests && isTestFolder(name)) continue;
          if (gitIgnored(levels, rel, true) || excluded(rel)) continue;
          if (isVirtualenv(abs)) continue;
          await walk(abs, rel);
          continue;
        }

        if (entry.isSymbolicLink()) {
          let real: string;
          let stat: fs.Stats;
          try {
            real = fs.realpathSync(abs);
            stat = fs.statSync(real);
          } catch (err) {
            if (sourceLanguage(name)) skipped.push({ path: rel, reason: "unreadable", detail: `broken symlink (${errorText(err)})` });
            continue;
          }
          if (stat.isDirectory()) {
            if (SKIPPED_FOLDERS.has(name) || (!includeTests && isTestFolder(name))) continue;
            if (gitIgnored(levels, rel, true) || excluded(rel)) continue;
            skipped.push({ path: `${rel}/`, reason: "symlinked-folder", detail: "symlinked folders are not followed" });
            continue;
          }
          if (!stat.isFile() || !sourceLanguage(name)) continue;
          if (!includeTests && isTestFile(name)) continue;
          if (gitIgnored(levels, rel, false) || excluded(rel)) continue;
          if (!isInside(realRoot, real)) {
            skipped.push({ path: rel, reason: "symlink-outside", detail: "points outside the scanned folder" });
            continue;
          }
          symlinkedFiles.push({ rel, real });
          continue;
        }

        if (!entry.isFile()) continue; // sockets, fifos, devices
        if (!sourceLanguage(name)) continue;
        if (!includeTests && isTestFile(name)) continue;
        if (gitIgnored(levels, rel, false) || excluded(rel)) continue;
        let size: number;
        try {
          size = fs.lstatSync(abs).size;
        } catch (err) {
          skipped.push({ path: rel, reason: "unreadable", detail: errorText(err) });
          continue;
        }
        readReal.add(path.join(realRoot, rel));
        readOne(abs, rel, size);
        await maybeYield();
      }
    } finally {
      if (pushed) levels.pop();
    }
  };

  await walk(realRoot, "");

  for (const { rel, real } of symlinkedFiles) {
    if (readReal.has(real)) continue; // the same file is already read under its own name
    let size: number;
    try {
      size = fs.statSync(real).size;
    } catch (err) {
      skipped.push({ path: rel, reason: "unreadable", detail: errorText(err) });
      continue;
    }
    readReal.add(real);
    readOne(real, rel, size);
  }

  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  options.onProgress?.(files.length);
  return { files, skipped, filtered };
}

/** "2 too large, 1 binary" */
export function describeSkipped(skipped: readonly SkippedFile[]): string {
  const labels: Record<SkipReason, string> = {
    "too-large": "too large",
    binary: "binary",
    unreadable: "unreadable",
    "symlink-outside": "symlink outside the folder",
    "symlinked-folder": "symlinked folder",
  };
  const counts = new Map<SkipReason, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} ${labels[reason]}`).join(", ");
}
