/**
 * The repositories of the ecosystem check, read from a mirror folder: git checkouts
 * (`DIR/<name>` or `DIR/<owner>/<name>`) or bare snapshots (`DIR/<owner>+<name>/repo`, the layout
 * of a snapshot folder). Files are read through git objects at the labelled commit, never from a
 * working tree, so a checkout's local edits do not change the score.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import picomatch from "picomatch";

const isGitDir = (dir: string) => existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects"));

/** The git directory holding `owner/name` in the mirror folder, or null. */
export function findGitDir(mirror: string, repo: string): string | null {
  const [owner, name] = repo.split("/");
  const candidates = [
    join(mirror, `${owner}+${name}`, "repo"),
    join(mirror, `${owner}+${name}`),
    join(mirror, `${owner}__${name}`),
    join(mirror, owner, name),
    join(mirror, name),
  ];
  for (const c of candidates) {
    if (!existsSync(c)) continue;
    if (existsSync(join(c, ".git"))) {
      const dotGit = join(c, ".git");
      if (statSync(dotGit).isDirectory()) return dotGit;
    }
    if (isGitDir(c)) return c;
  }
  return null;
}

function git(gitDir: string, args: string[], input?: Buffer): Buffer {
  return execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 1 << 30, input, stdio: ["pipe", "pipe", "pipe"] });
}

export function hasCommit(gitDir: string, commit: string): boolean {
  try {
    git(gitDir, ["cat-file", "-e", `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The text of `path` at `commit`, or null when the file is not there. */
export function showFile(gitDir: string, commit: string, path: string): string | null {
  try {
    return git(gitDir, ["show", `${commit}:${path}`]).toString("utf8");
  } catch {
    return null;
  }
}

/** root files an included subtree is analysed with: TypeScript path aliases and project references, package and build manifests */
const ROOT_CONFIG = /^(tsconfig(\.[\w-]+)?\.json|jsconfig\.json|package\.json|go\.mod|pom\.xml|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|gradle\.properties|gradle\/libs\.versions\.toml|Directory\.Packages\.props)$/;

/** Larger files are skipped by the scanner anyway (docs/design.md, Limits); snapshots lack files of 4 MiB and more. */
const MAX_FILE_BYTES = 1 << 20;

/**
 * Writes the tree at `commit` into `dest` (emptied first): regular files up to 1 MiB whose objects
 * the mirror holds (a snapshot may lack large blobs); with `include` globs only the files they match,
 * plus the workspace configuration at the repository root that every included file is read with
 * (ROOT_CONFIG: a root tsconfig's path aliases, the root build's version pins), as a user opening
 * the repository would have it. Symlinks and submodules are left out. Returns the number of files written.
 */
export function extractTree(gitDir: string, commit: string, dest: string, include?: string[]): number {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const keep = include && include.length ? picomatch(include, { dot: true }) : null;
  const entries: Array<{ sha: string; path: string }> = [];
  for (const record of git(gitDir, ["ls-tree", "-r", "-l", "-z", commit]).toString("utf8").split("\0")) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\s+(\d+|-)\t(.*)$/s.exec(record);
    if (!m || m[2] !== "blob" || (m[1] !== "100644" && m[1] !== "100755")) continue;
    if (m[4] === "-" || Number(m[4]) > MAX_FILE_BYTES) continue;
    if (keep && !keep(m[5]) && !ROOT_CONFIG.test(m[5])) continue;
    entries.push({ sha: m[3], path: m[5] });
  }
  // one `cat-file --batch` for every blob: "<sha> blob <size>\n<bytes>\n", or "<sha> missing\n"
  const out = git(gitDir, ["cat-file", "--batch"], Buffer.from(entries.map((e) => e.sha).join("\n") + "\n"));
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const eol = out.indexOf(10, offset);
    const header = out.subarray(offset, eol).toString("utf8");
    offset = eol + 1;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header);
    if (!size) continue; // missing from the snapshot
    const bytes = out.subarray(offset, offset + Number(size[1]));
    offset += Number(size[1]) + 1;
    const file = join(dest, entry.path);
    if (relative(dest, file).startsWith("..")) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    count++;
  }
  return count;
}
