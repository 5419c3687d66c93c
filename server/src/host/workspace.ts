/**
 * Reads a folder into the `SourceFile[]` the engine analyses.
 *
 * - Lists folders; every file is read through host/safeFs.ts (the one reader, shared with the
 *   language server, the config and `fix`), which checks what it opened: a symlinked file is
 *   read only when its real path is inside the root and passes the same policy (and is not
 *   already read under its own name); symlinked folders are never descended, so there are no loops.
 * - Skips generated / vendored folders, what `.gitignore` files ignore (root and nested, git's
 *   semantics, plus `.git/info/exclude`), `exclude` globs, tests (unless `includeTests`).
 * - Text as the engine reads it (safeFs sourceText): UTF-8 without the BOM, lone CRs as LFs.
 * - Reads only files the engine can use (`model/languages.ts`), at most 1 MiB, not binary.
 * - A cheap regex pre-filter on the text decides which files are worth parsing (it never
 *   parses anything): YAML must mention a manifest or retry key, code must import/define something,
 *   and code must reach something a retry path needs, or be read by code that does (host/relevance.ts).
 * - Never throws for a bad file or folder: it is listed in `skipped` with a reason.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { SourceFile } from "../engine/analyze";
import type { Settings } from "../model/model";
import { sourceLanguage } from "../model/languages";
import { relevantFilesSteps, type LeftOutFiles } from "./relevance";
import { runInSlices } from "../engine/steps";
import { errorText, sourceText, WorkspaceFs, type SafeFsRefusal } from "./safeFs";
import { isSpringConfigFile } from "../detectors/spring/settings";
import { PYTHON_LOCK_FILES, VERSIONED_PY_PACKAGES } from "../detectors/json/pythonPins";

export const MAX_FILE_BYTES = 1024 * 1024;

/** how long the folder read runs before giving the event loop a turn */
const READ_SLICE_MS = 8;

export type SkipReason = SafeFsRefusal;

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
  /** the code files the relevance pass left out, for an editor to let in when edits make them matter */
  leftOut?: LeftOutFiles;
  /**
   * With `contentKey`: a hash over the path and bytes of every file read (kept or filtered out),
   * in path order — equal keys, equal inputs to the analysis (host/resultStore.ts)
   */
  contentKey?: string;
}

export interface ReadWorkspaceOptions extends Partial<Pick<Settings, "includeTests" | "exclude">> {
  maxFileBytes?: number;
  /** called every few files with the number of files read so far */
  onProgress?: (filesRead: number) => void;
  /** leave out code files that reach nothing a path needs (host/relevance.ts); default true */
  codeRelevance?: boolean;
  /** compute WorkspaceRead.contentKey */
  contentKey?: boolean;
}

/** Folder names never descended (the policy lives in host/safeFs.ts, shared with the server and `fix`). */
export { SKIPPED_FOLDERS } from "./safeFs";

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
/**
 * A module-level constant with a literal value: a constants module (`PAYMENTS = "payments:8080"`,
 * `export const ORDERS_URL = "http://orders:3002"`) names the hosts and URLs the code that imports
 * it calls, with nothing else in it; the relevance pass leaves it out when no code reads it.
 */
const PY_MODULE_CONSTANT = /^[A-Za-z_]\w*\s*(?::[^=\n]*)?=\s*[-+]?(?:[rRbBuUfF]{0,2}["']|\d)/m;
const TS_MODULE_CONSTANT = /^\s*(?:export\s+)?(?:const|let|var)\s+\w+\s*(?::[^=\n]*)?=\s*[-+]?(?:["'`]|\d)/m;
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
      return CODE_WORTH_PARSING.test(text) || PY_MODULE_CONSTANT.test(text);
    case "typescript":
      return CODE_WORTH_PARSING.test(text) || TS_DISPATCH_TYPES.test(text) || TS_CONFIG_MODULE.test(text) || TS_MODULE_CONSTANT.test(text);
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

/** Reads `root` into source files for the engine. Never throws for a bad file or folder. */
export async function readWorkspace(root: string, options: ReadWorkspaceOptions = {}): Promise<WorkspaceRead> {
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const files: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const filtered: string[] = [];
  const symlinkedFiles: string[] = [];
  /** real paths (relative) of files read, to drop symlinks that point at them */
  const readReal = new Set<string>();
  let sinceYield = 0;
  /** path and sha1 of every file read, for the content key */
  const contents: Array<[string, string]> | null = options.contentKey ? [] : null;

  // one policy and one reader for every file (host/safeFs.ts): the walk only lists
  const wfs = WorkspaceFs.open(root, { includeTests: options.includeTests ?? false, exclude: options.exclude ?? [] });
  if ("reason" in wfs) return { files, skipped: [{ path: "./", reason: "unreadable", detail: wfs.detail }], filtered };

  /** reads one file that passed the name checks; the reader checks again what it opened */
  const readOne = (rel: string): void => {
    const read = wfs.read(rel, maxBytesFor(rel, maxBytes), { checkPolicy: false });
    if ("reason" in read) {
      skipped.push({ path: rel, reason: read.reason, ...(read.detail !== undefined ? { detail: read.detail } : {}) });
      return;
    }
    if (read.realRel !== rel) {
      // a symlink (or a file swapped for one): its target must pass the same policy, once
      const refusal = wfs.refuses(read.realRel);
      if (refusal) {
        skipped.push({ path: rel, reason: "refused", detail: `points at ${read.realRel} (${refusal.detail ?? "refused"})` });
        return;
      }
      if (readReal.has(read.realRel)) return; // the same file is already read under its own name
    }
    readReal.add(read.realRel);
    if (contents) contents.push([rel, createHash("sha1").update(read.buf).digest("hex")]);
    const text = sourceText(read.buf);
    if (!worthParsing(rel, text)) {
      filtered.push(rel);
      return;
    }
    files.push({ path: rel, text });
  };

  // the event loop gets a turn every few milliseconds (an editor's requests wait at most that
  // long), progress every 100 files
  let lastYield = performance.now();
  const maybeYield = async () => {
    if (++sinceYield >= 100) {
      sinceYield = 0;
      options.onProgress?.(files.length);
    }
    if (performance.now() - lastYield >= READ_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
  };

  const walk = async (dirRel: string): Promise<void> => {
    const dirAbs = wfs.abs(dirRel);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch (err) {
      skipped.push({ path: dirRel ? `${dirRel}/` : "./", reason: "unreadable", detail: errorText(err) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const names = entries.map((e) => e.name);
    wfs.levelsFor(dirRel, entries.some((e) => e.name === ".gitignore" && !e.isDirectory()));

    try {
      for (const entry of entries) {
        const name = entry.name;
        const rel = dirRel ? `${dirRel}/${name}` : name;

        if (entry.isDirectory()) {
          if (wfs.skipsFolder(rel, names)) continue;
          await walk(rel);
          continue;
        }

        if (entry.isSymbolicLink()) {
          let stat: fs.Stats;
          try {
            stat = fs.statSync(path.join(dirAbs, name));
          } catch (err) {
            if (sourceLanguage(name)) skipped.push({ path: rel, reason: "unreadable", detail: `broken symlink (${errorText(err)})` });
            continue;
          }
          if (stat.isDirectory()) {
            if (wfs.skipsFolder(rel, names)) continue;
            skipped.push({ path: `${rel}/`, reason: "symlinked-folder", detail: "symlinked folders are not followed" });
            continue;
          }
          if (!stat.isFile() || !sourceLanguage(name)) continue;
          if (wfs.skipsFile(rel)) continue;
          // read after the regular files, so a link to a file read under its own name is dropped
          symlinkedFiles.push(rel);
          continue;
        }

        if (!entry.isFile()) continue; // sockets, fifos, devices
        if (!sourceLanguage(name)) continue;
        if (wfs.skipsFile(rel)) continue;
        readOne(rel);
        await maybeYield();
      }
    } finally {
      if (dirRel !== "") wfs.forget(dirRel);
    }
  };

  await walk("");
  for (const rel of symlinkedFiles) readOne(rel);

  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const contentKey = contents ? keyOf(contents) : undefined;
  const read: WorkspaceRead = { files, skipped, filtered, ...(contentKey !== undefined ? { contentKey } : {}) };
  const out = options.codeRelevance !== false ? await withCodeRelevance(read) : read;
  options.onProgress?.(out.files.length);
  return out;
}

/**
 * The relevance pass over a read (host/relevance.ts): code that reaches nothing outside itself
 * and that nothing on a path reads is left out (into `filtered`, and `leftOut` for an editor).
 * Runs in slices, so an editor's requests are answered while a large folder is sorted.
 */
export async function withCodeRelevance(read: WorkspaceRead): Promise<WorkspaceRead> {
  const { kept, leftOut, index } = (await runInSlices(relevantFilesSteps(read.files), { sliceMs: READ_SLICE_MS }))!;
  return { ...read, files: kept, filtered: [...read.filtered, ...leftOut], leftOut: index };
}

function keyOf(contents: Array<[string, string]>): string {
  contents.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const hash = createHash("sha256");
  for (const [rel, sha] of contents) hash.update(`${rel}\u0000${sha}\n`);
  return hash.digest("hex");
}

/** "2 too large, 1 binary" */
export function describeSkipped(skipped: readonly SkippedFile[]): string {
  const labels: Record<SkipReason, string> = {
    "too-large": "too large",
    binary: "binary",
    unreadable: "unreadable",
    "symlink-outside": "symlink outside the folder",
    "symlinked-folder": "symlinked folder",
    refused: "refused (ignored, skipped or excluded target)",
  };
  const counts = new Map<SkipReason, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} ${labels[reason]}`).join(", ");
}
