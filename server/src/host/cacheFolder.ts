/**
 * The cache folder's files on disk (the facts pack, host/factsStore.ts; the last scan's result,
 * host/resultStore.ts). Writes are atomic (a temp file in the same folder, then rename); the
 * folder and its files are never followed through a symlink; the folder gets a `.gitignore`
 * (`*`) and a CACHEDIR.TAG (https://bford.info/cachedir/) so VCS and backup tools leave it alone.
 * Readers treat a missing file as null; anything else that goes wrong throws, and the stores turn
 * that into a cache miss.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const GITIGNORE_TEXT = "# Created by retrylens: this folder is a cache.\n*\n";
const CACHEDIR_TAG_TEXT =
  "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by retrylens.\n# For information about cache directory tags see https://bford.info/cachedir/\n";

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/** a folder we may use: absent (nothing to read) or a real folder, never a symlink */
function checkFolder(dir: string): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return false;
  }
  if (st.isSymbolicLink()) throw new Error(`${dir} is a symlink`);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder`);
  return true;
}

/** The file's bytes, or null when the folder or the file does not exist. */
export function readCacheFileSync(dir: string, name: string, maxBytes: number): Buffer | null {
  if (!checkFolder(dir)) return null;
  let fd: number;
  try {
    fd = fs.openSync(path.join(dir, name), fs.constants.O_RDONLY | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new Error(`${name} is not a file`);
    if (st.size > maxBytes) throw new Error(`${name} is too large`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** `readCacheFileSync`, without blocking. */
export async function readCacheFile(dir: string, name: string, maxBytes: number): Promise<Buffer | null> {
  if (!checkFolder(dir)) return null;
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(path.join(dir, name), fs.constants.O_RDONLY | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new Error(`${name} is not a file`);
    if (st.size > maxBytes) throw new Error(`${name} is too large`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** creates the cache folder (one level: its parent must exist) with its .gitignore and CACHEDIR.TAG */
function prepareFolder(dir: string): void {
  if (!checkFolder(dir)) fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of [
    [".gitignore", GITIGNORE_TEXT],
    ["CACHEDIR.TAG", CACHEDIR_TAG_TEXT],
  ] as const) {
    try {
      fs.writeFileSync(path.join(dir, name), text, { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
}

function tempName(dir: string, name: string): string {
  return path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** Replaces the file atomically (readers see the old or the new one, never a part). */
export function writeCacheFileSync(dir: string, name: string, data: string | Uint8Array): void {
  prepareFolder(dir);
  const tmp = tempName(dir, name);
  try {
    fs.writeFileSync(tmp, data, { flag: "wx", mode: 0o644 });
    fs.renameSync(tmp, path.join(dir, name));
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** `writeCacheFileSync`, without blocking. */
export async function writeCacheFile(dir: string, name: string, data: string | Uint8Array): Promise<void> {
  prepareFolder(dir);
  const tmp = tempName(dir, name);
  try {
    await fs.promises.writeFile(tmp, data, { flag: "wx", mode: 0o644 });
    await fs.promises.rename(tmp, path.join(dir, name));
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}
