/**
 * The one way Retry Lens touches the disk of a workspace: the CLI walk (host/workspace.ts), the
 * language server's reads (lsp/folder.ts readIfSmall), the config file (host/config.ts) and
 * `retrylens fix`'s writes (cli/fix.ts) all go through here, so they refuse the same things:
 *
 * - anything outside the workspace folder, whatever the way out (a symlinked file or folder,
 *   `..` in a path, a file swapped for a symlink between listing and opening);
 * - dependency, build-output and cache folders (SKIPPED_FOLDERS, .NET bin/obj, virtualenvs),
 *   what `.gitignore` files and `.git/info/exclude` ignore, `exclude` globs, tests unless
 *   `includeTests`: for the path asked for and, for a symlink, for the path it resolves to;
 * - anything but a regular file (a FIFO, a device, a socket: opened non-blocking, never read).
 *
 * The check is made on what was opened, not before: the file is opened first, then `fstat`
 * says what it is and `/proc/self/fd/N` (Linux) — elsewhere `realpath` plus the device and inode
 * of the opened descriptor — says where it is. A path that changes between the two checks
 * therefore cannot make us read or write a file outside the folder. (A hard link is the same
 * file as its target: its content is in the folder, so it is read like any other file.)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ignore, { type Ignore } from "ignore";
import picomatch from "picomatch";
import { isTestFile, isTestFolder } from "../model/languages";

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
const BINARY_SNIFF_BYTES = 8 * 1024;

export type SafeFsRefusal =
  | "too-large"
  | "binary"
  | "unreadable"
  | "symlink-outside"
  | "symlinked-folder"
  /** the path (or the file a symlink resolves to) is in a skipped, ignored or excluded place */
  | "refused";

export interface SafeFsError {
  reason: SafeFsRefusal;
  detail?: string;
}

export interface SafeFsOptions {
  includeTests?: boolean;
  exclude?: readonly string[];
}

interface GitignoreLevel {
  /** folder of the .gitignore, relative to the root ('' = root); for a folder above the root, '' */
  base: string;
  /** for a .gitignore above the root (inside the same git repository): the root's path from it */
  above?: string;
  ig: Ignore;
}

export function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ?? (e?.message ? String(e.message) : String(err));
}

function readGitignore(file: string): Ignore | null {
  try {
    // a .gitignore is read like any file: opened, then checked to be a small regular file
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile() || st.size > 1024 * 1024) return null;
      return ignore({ allowRelativePaths: true }).add(readFd(fd, st.size, st.size).toString("utf8"));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/**
 * Reads what fstat said the file holds (`expected` bytes), at most `limit` + 1 (one more tells
 * the caller the file is too large); a file that shrank is read to its end.
 */
function readFd(fd: number, limit: number, expected: number): Buffer {
  const want = Math.min(limit + 1, Math.max(expected, 0));
  const buf = Buffer.allocUnsafe(want);
  let total = 0;
  while (total < want) {
    const n = fs.readSync(fd, buf, total, want - total, null);
    if (n <= 0) break;
    total += n;
  }
  return total === want ? buf : buf.subarray(0, total);
}

/**
 * git's precedence: the deepest .gitignore with an opinion decides (within one file, the last
 * matching line wins — `ignore` handles that); `.git/info/exclude` is consulted last.
 */
function gitIgnored(levels: readonly GitignoreLevel[], rel: string, isDir: boolean): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const { base, above, ig } = levels[i]!;
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

export function makeExcludeMatcher(globs: readonly string[]): (rel: string) => boolean {
  const withSlash = globs.filter((g) => g.replace(/\/+$/, "").includes("/")).map((g) => g.replace(/^\.\//, ""));
  const bare = globs.filter((g) => !g.replace(/\/+$/, "").includes("/")).map((g) => g.replace(/\/+$/, ""));
  let full: ((s: string) => boolean) | null = null;
  let base: ((s: string) => boolean) | null = null;
  try {
    full = withSlash.length ? picomatch(withSlash, { dot: true }) : null;
    base = bare.length ? picomatch(bare, { dot: true }) : null;
  } catch {
    // an invalid glob excludes nothing (the config reports it on its line)
  }
  return (rel) => {
    if (full?.(rel)) return true;
    if (base) {
      // a pattern without '/' matches any path segment (like .gitignore): "generated", "*.pb.py"
      for (const seg of rel.split("/")) if (base(seg)) return true;
    }
    return false;
  };
}

export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * The ignore files that apply to `root` from outside it: when `root` lies inside a git
 * repository, the repository's `.git/info/exclude` and the `.gitignore` of every folder from the
 * repository's top down to the root's parent (the root's own is read with the root's folder).
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

/** Where an opened descriptor really is: /proc/self/fd on Linux, else realpath checked against the descriptor's device and inode. */
function openedPath(fd: number, abs: string, st: fs.Stats): string | null {
  try {
    const viaProc = fs.readlinkSync(`/proc/self/fd/${fd}`);
    if (path.isAbsolute(viaProc)) return viaProc;
  } catch {
    // no /proc (macOS, Windows): fall back below
  }
  try {
    const real = fs.realpathSync(abs);
    const again = fs.statSync(real);
    return again.dev === st.dev && again.ino === st.ino ? real : null;
  } catch {
    return null;
  }
}

export interface ReadOk {
  buf: Buffer;
  /** the opened file's real path, relative to the real root with '/' */
  realRel: string;
}

/** One workspace folder's policy and its reader/writer. Never throws from `read`/`refuses`. */
export class WorkspaceFs {
  readonly realRoot: string;
  private readonly includeTests: boolean;
  private readonly excluded: (rel: string) => boolean;
  private readonly outer: GitignoreLevel[];
  /** folder (relative, '' = root) → the ignore levels that apply to its entries */
  private readonly levelsByDir = new Map<string, GitignoreLevel[]>();

  private constructor(realRoot: string, options: SafeFsOptions) {
    this.realRoot = realRoot;
    this.includeTests = options.includeTests ?? false;
    this.excluded = makeExcludeMatcher(options.exclude ?? []);
    this.outer = outerGitignores(realRoot);
  }

  /** null when the root itself cannot be resolved */
  static open(root: string, options: SafeFsOptions = {}): WorkspaceFs | SafeFsError {
    try {
      const realRoot = fs.realpathSync(root);
      if (!fs.statSync(realRoot).isDirectory()) return { reason: "unreadable", detail: "not a folder" };
      return new WorkspaceFs(realRoot, options);
    } catch (err) {
      return { reason: "unreadable", detail: errorText(err) };
    }
  }

  abs(rel: string): string {
    return path.join(this.realRoot, ...rel.split("/"));
  }

  /** The ignore levels for the entries of folder `dirRel` (its own .gitignore included); cached. */
  levelsFor(dirRel: string, hasGitignore?: boolean): GitignoreLevel[] {
    const cached = this.levelsByDir.get(dirRel);
    if (cached) return cached;
    const parent = dirRel === "" ? null : dirRel.includes("/") ? dirRel.slice(0, dirRel.lastIndexOf("/")) : "";
    const inherited = parent === null ? this.outer : this.levelsFor(parent);
    const ig = hasGitignore === false ? null : readGitignore(path.join(this.abs(dirRel), ".gitignore"));
    const levels = ig ? [...inherited, { base: dirRel, ig }] : inherited;
    this.levelsByDir.set(dirRel, levels);
    return levels;
  }

  /** Forgets a folder's cached ignore levels (the walk is done with it). */
  forget(dirRel: string): void {
    this.levelsByDir.delete(dirRel);
  }

  /** Is folder `rel` (an entry of `parentRel`) one never read? `siblings`: its parent's entries, when at hand. */
  skipsFolder(rel: string, siblings?: readonly string[]): boolean {
    const name = rel.slice(rel.lastIndexOf("/") + 1);
    const parentRel = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
    if (SKIPPED_FOLDERS.has(name)) return true;
    if (DOTNET_OUTPUT_FOLDERS.has(name) && this.looksLikeDotnetOutput(rel, siblings)) return true;
    if (!this.includeTests && isTestFolder(name)) return true;
    if (gitIgnored(this.levelsFor(parentRel), rel, true) || this.excluded(rel)) return true;
    return fs.existsSync(path.join(this.abs(rel), "pyvenv.cfg"));
  }

  /** Is file `rel` one never read, judged by its name and place only (its folders are checked by `refuses`)? */
  skipsFile(rel: string): boolean {
    const name = rel.slice(rel.lastIndexOf("/") + 1);
    const parentRel = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
    if (!this.includeTests && isTestFile(name)) return true;
    return gitIgnored(this.levelsFor(parentRel), rel, false) || this.excluded(rel);
  }

  /**
   * Why `rel` may not be read or written, or null when it may: a path leaving the folder, a
   * skipped/ignored/excluded folder on the way or the file itself skipped.
   */
  refuses(rel: string): SafeFsError | null {
    const norm = path.posix.normalize(rel.replace(/\\/g, "/"));
    if (norm !== rel || norm === "." || norm.startsWith("../") || norm === ".." || path.posix.isAbsolute(norm)) {
      return { reason: "refused", detail: "not a plain path inside the folder" };
    }
    const parts = norm.split("/");
    for (let i = 1; i < parts.length; i++) {
      if (this.skipsFolder(parts.slice(0, i).join("/"))) return { reason: "refused", detail: `${parts.slice(0, i).join("/")}/ is not read` };
    }
    return this.skipsFile(norm) ? { reason: "refused", detail: "ignored, excluded or a test file" } : null;
  }

  /**
   * Opens `rel` and reads it when what was opened is a regular file inside the folder, at most
   * `maxBytes`, not binary; `checkPolicy` (default) also applies `refuses` to `rel` and to the
   * path a symlink resolves to. A symlinked folder on the way is never followed.
   */
  read(rel: string, maxBytes: number, opts: { checkPolicy?: boolean } = {}): ReadOk | SafeFsError {
    if (opts.checkPolicy !== false) {
      const refusal = this.refuses(rel);
      if (refusal) return refusal;
    }
    const abs = this.abs(rel);
    let target = abs;
    let fd: number;
    try {
      // O_NOFOLLOW: a symlink is not followed by the open (ELOOP); O_NONBLOCK: a FIFO does not hang it
      const flags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0);
      try {
        fd = fs.openSync(abs, flags);
      } catch (err) {
        if (!fs.lstatSync(abs).isSymbolicLink()) throw err;
        // a symlink is resolved first, so that a file outside is not even opened; what is opened
        // is still checked below (the link may change between the two)
        target = fs.realpathSync(abs);
        if (!isInside(this.realRoot, target)) return { reason: "symlink-outside", detail: "points outside the scanned folder" };
        fd = fs.openSync(target, flags);
      }
    } catch (err) {
      return { reason: "unreadable", detail: errorText(err) };
    }
    try {
      const opened = this.checkOpened(fd, rel, abs, opts.checkPolicy !== false);
      if ("reason" in opened) return opened;
      if (opened.size > maxBytes) return { reason: "too-large", detail: `${opened.size} bytes` };
      const buf = readFd(fd, maxBytes, opened.size);
      if (buf.length > maxBytes) return { reason: "too-large", detail: `more than ${maxBytes} bytes` };
      if (buf.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { reason: "binary" };
      return { buf, realRel: opened.realRel };
    } catch (err) {
      return { reason: "unreadable", detail: errorText(err) };
    } finally {
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
    }
  }

  /**
   * Writes `data` to `rel` through the same checks as `read`: folders are created one by one
   * (never through a symlink), an existing file is opened without truncating, checked, then
   * truncated and written; `create` refuses a file that already exists. Throws with the reason.
   */
  write(rel: string, data: Buffer, opts: { create?: boolean } = {}): void {
    const refusal = this.refuses(rel);
    if (refusal) throw new Error(`${rel}: ${refusal.detail ?? refusal.reason}`);
    const parts = rel.split("/");
    let dir = this.realRoot;
    for (const part of parts.slice(0, -1)) {
      dir = path.join(dir, part);
      let st: fs.Stats | null = null;
      try {
        st = fs.lstatSync(dir);
      } catch {
        fs.mkdirSync(dir);
        st = fs.lstatSync(dir);
      }
      if (!st.isDirectory()) throw new Error(`${rel}: ${path.relative(this.realRoot, dir)} is not a folder inside the workspace (a symlink?)`);
    }
    const abs = this.abs(rel);
    let target = abs;
    if (!opts.create) {
      let link = false;
      try {
        link = fs.lstatSync(abs).isSymbolicLink();
      } catch {
        link = false;
      }
      if (link) {
        target = fs.realpathSync(abs);
        if (!isInside(this.realRoot, target)) throw new Error(`${rel}: points outside the workspace folder`);
      }
    }
    const nofollow = fs.constants.O_NOFOLLOW ?? 0;
    const flags = opts.create ? fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow : fs.constants.O_WRONLY | nofollow | (fs.constants.O_NONBLOCK ?? 0);
    const fd = fs.openSync(target, flags, 0o644);
    try {
      const opened = this.checkOpened(fd, rel, abs, true);
      if ("reason" in opened) throw new Error(`${rel}: ${opened.detail ?? opened.reason}`);
      fs.ftruncateSync(fd, 0);
      let off = 0;
      while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off, off);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** What the descriptor opened for `rel` is: a regular file inside the folder (and, when asked, not refused under its real path). */
  private checkOpened(fd: number, rel: string, abs: string, checkPolicy: boolean): { size: number; realRel: string } | SafeFsError {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { reason: "unreadable", detail: "not a regular file" };
    const real = openedPath(fd, abs, st);
    if (real === null) return { reason: "unreadable", detail: "changed while it was opened" };
    if (!isInside(this.realRoot, real)) return { reason: "symlink-outside", detail: "points outside the scanned folder" };
    const realRel = path.relative(this.realRoot, real).split(path.sep).join("/");
    if (realRel !== rel) {
      // only the last component may be a symlink: a symlinked folder on the way is not followed
      const parentRel = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
      try {
        if (fs.realpathSync(path.dirname(abs)) !== (parentRel ? this.abs(parentRel) : this.realRoot)) {
          return { reason: "symlinked-folder", detail: "symlinked folders are not followed" };
        }
      } catch (err) {
        return { reason: "unreadable", detail: errorText(err) };
      }
      if (checkPolicy) {
        const refusal = this.refuses(realRel);
        if (refusal) return { reason: "refused", detail: `points at ${realRel} (${refusal.detail ?? "refused"})` };
      }
    }
    return { size: st.size, realRel };
  }

  private looksLikeDotnetOutput(rel: string, siblings?: readonly string[]): boolean {
    const parentAbs = path.dirname(this.abs(rel));
    try {
      const names = siblings ?? fs.readdirSync(parentAbs);
      if (names.some((n) => DOTNET_PROJECT.test(n))) return true;
      const inner = fs.readdirSync(this.abs(rel));
      return inner.includes("Debug") || inner.includes("Release");
    } catch {
      return false;
    }
  }
}

/**
 * A source file's text as the engine reads it: UTF-8 (invalid bytes become U+FFFD), without its
 * BOM; a lone CR (old Mac line ends) becomes LF so that every parser counts lines alike
 * (tree-sitter counts rows at LF only). Same length as the decoded text after the BOM, so
 * offsets into it are offsets into the file's decoded text (cli/fix.ts maps them back to bytes).
 */
export function sourceText(buf: Buffer): string {
  let text = buf.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return normaliseLoneCr(text);
}

/** Lone CRs as LFs (same length, CRLF untouched). */
export function normaliseLoneCr(text: string): string {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

/**
 * Reads a file inside `root` through the folder's policy (lsp/folder.ts, for file events and
 * files not open in the editor): the decoded text (sourceText), or null when refused.
 */
export function readWorkspaceText(root: string, rel: string, maxBytes: number, options: SafeFsOptions = {}): string | null {
  const wfs = WorkspaceFs.open(root, options);
  if ("reason" in wfs) return null;
  const read = wfs.read(rel, maxBytes);
  return "reason" in read ? null : sourceText(read.buf);
}

/**
 * Reads an absolute path as a workspace file of the folder that holds it when `root` is given
 * (readWorkspaceText); without a root, only the open-time checks (regular file, size, not binary).
 */
export function readSmallFile(abs: string, maxBytes: number, root?: string, options: SafeFsOptions = {}): string | null {
  if (root !== undefined) {
    const rel = path.relative(root, abs);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
    return readWorkspaceText(root, rel.split(path.sep).join("/"), maxBytes, options);
  }
  const wfs = WorkspaceFs.open(path.dirname(abs));
  if ("reason" in wfs) return null;
  const read = wfs.read(path.basename(abs), maxBytes, { checkPolicy: false });
  return "reason" in read ? null : sourceText(read.buf);
}

/** The config file at the root (host/config.ts): the open-time checks, not the ignore policy (a locally ignored config still applies). Throws with the reason. */
export function readConfigFile(root: string, name: string, maxBytes = 1024 * 1024): string {
  const wfs = WorkspaceFs.open(root);
  if ("reason" in wfs) throw Object.assign(new Error(wfs.detail ?? wfs.reason), { code: wfs.detail ?? wfs.reason });
  const read = wfs.read(name, maxBytes, { checkPolicy: false });
  if ("reason" in read) throw Object.assign(new Error(read.detail ?? read.reason), { code: read.reason === "unreadable" ? read.detail ?? read.reason : read.reason });
  let text = read.buf.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}
