/**
 * The persistent facts cache: per file, the facts extracted from it, keyed by its path and a
 * hash of its text, under a fingerprint of the extractor (tool version + build). A rescan or a
 * reopened workspace parses only the files that changed.
 *
 * On disk, one pack per folder (`facts.v1.pack`), read once and written once per run: a header
 * line (format, fingerprint, entry count, sha1 of the body), then one line per file:
 * `<content sha1>\t<path as JSON>\t<facts as JSON>`. Facts are plain JSON data (model/facts.ts),
 * so they come back equal. One pack instead of a file per entry: a warm scan of 20,000 files
 * then costs one read instead of 20,000 opens.
 *
 * Safety: writes are atomic (a temp file in the same folder, then rename); a missing, partial,
 * corrupt or foreign pack is ignored (empty cache) and rewritten on flush; the cache folder and
 * the pack are never followed through a symlink; the folder gets a `.gitignore` (`*`) and a
 * CACHEDIR.TAG (https://bford.info/cachedir/) so VCS and backup tools leave it alone. Entries of
 * files no longer present are dropped by `retain`, so the pack stays the size of the workspace.
 * Never throws: a cache that cannot be read or written is a cache miss.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { FileFacts } from "../model/facts";
import type { Extractor, SourceFile } from "../engine/analyze";
import { contentHash } from "../engine/extract";
import { readCacheFile, readCacheFileSync, writeCacheFile, writeCacheFileSync } from "./cacheFolder";

export { contentHash };

declare const __RETRYLENS_VERSION__: string | undefined;
declare const __RETRYLENS_BUILD__: string | undefined;

/** The default cache folder inside a scanned folder (like ruff's `.ruff_cache`). */
export const DEFAULT_CACHE_FOLDER = ".retrylens_cache";
export const PACK_FILE = "facts.v1.pack";
const PACK_FORMAT = "retrylens-facts/1";
/** a pack larger than this is not read (it would not fit one string anyway) */
const MAX_PACK_BYTES = 256 * 1024 * 1024;

export interface FactsStoreOptions {
  /** the cache folder (created on flush) */
  dir: string;
  /** what the facts were made by: `extractorFingerprint()`; a pack with another one is ignored */
  fingerprint: string;
}

interface Entry {
  hash: string;
  /** facts as JSON text: parsed on each load, so callers get their own copy */
  json: string;
}

interface PackHeader {
  format: string;
  fingerprint: string;
  entries: number;
  body: string;
}

let cachedFingerprint: string | null = null;

/**
 * The extractor's identity: the tool version and a hash of the code and dependency versions it
 * was built from (inlined by esbuild; computed over server/src and package-lock.json when
 * running from source), so facts made by another build are never reused.
 */
export function extractorFingerprint(): string {
  if (cachedFingerprint !== null) return cachedFingerprint;
  const version = typeof __RETRYLENS_VERSION__ === "string" ? __RETRYLENS_VERSION__ : "source";
  const build = typeof __RETRYLENS_BUILD__ === "string" ? __RETRYLENS_BUILD__ : sourceTreeHash(path.join(__dirname, ".."), path.join(__dirname, "..", "..", "..", "package-lock.json"));
  cachedFingerprint = `${version}+${build}`;
  return cachedFingerprint;
}

/** sha1 over the .ts files under `srcDir` (sorted paths and contents) and one more file. */
export function sourceTreeHash(srcDir: string, extraFile: string): string {
  const hash = createHash("sha1");
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else if (e.isFile() && e.name.endsWith(".ts")) {
        hash.update(`${r}\n`);
        try {
          hash.update(fs.readFileSync(path.join(dir, e.name)));
        } catch {
          hash.update("unreadable");
        }
      }
    }
  };
  walk(srcDir, "");
  try {
    hash.update(fs.readFileSync(extraFile));
  } catch {
    // no lock file beside the sources: the sources alone
  }
  return hash.digest("hex").slice(0, 16);
}

export interface FactsStoreStats {
  entries: number;
  hits: number;
  misses: number;
  saved: number;
  /** why the pack on disk was not used, when it was not (absent: "") */
  ignored: string;
}

export class FactsStore {
  readonly dir: string;
  readonly fingerprint: string;
  private readonly entries = new Map<string, Entry>();
  private dirty = false;
  private opened = false;
  readonly stats: FactsStoreStats = { entries: 0, hits: 0, misses: 0, saved: 0, ignored: "" };

  constructor(options: FactsStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.fingerprint = options.fingerprint;
  }

  get packPath(): string {
    return path.join(this.dir, PACK_FILE);
  }

  /** Reads the pack (once). A pack that cannot be used leaves the store empty. */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    const text = await readPack(this.dir).catch((err: unknown) => {
      this.stats.ignored = String((err as Error)?.message ?? err);
      return null;
    });
    if (text !== null) this.parse(text);
  }

  /** Same as `open`, synchronously. */
  openSync(): void {
    if (this.opened) return;
    this.opened = true;
    let text: string | null = null;
    try {
      text = readPackSync(this.dir);
    } catch (err) {
      this.stats.ignored = String((err as Error)?.message ?? err);
    }
    if (text !== null) this.parse(text);
  }

  /** The cached facts of `relPath` when its text still hashes to `hash` (a fresh copy), else undefined. */
  load(relPath: string, hash: string): FileFacts | undefined {
    const entry = this.entries.get(relPath);
    if (entry && entry.hash === hash) {
      try {
        const facts = JSON.parse(entry.json) as FileFacts;
        if (facts && typeof facts === "object" && facts.path === relPath) {
          this.stats.hits++;
          return facts;
        }
      } catch {
        // a damaged entry is a miss; the next save replaces it
      }
      this.entries.delete(relPath);
      this.dirty = true;
    }
    this.stats.misses++;
    return undefined;
  }

  /** Records the facts of `relPath` at `hash` (serialised now: later changes to `facts` do not reach the cache). */
  save(relPath: string, hash: string, facts: FileFacts): void {
    let json: string;
    try {
      json = JSON.stringify(facts);
    } catch {
      return;
    }
    const old = this.entries.get(relPath);
    if (old && old.hash === hash && old.json === json) return;
    this.entries.set(relPath, { hash, json });
    this.stats.saved++;
    this.dirty = true;
  }

  /** Drops the entries of files not in `paths` (files deleted or no longer analysed). */
  retain(paths: ReadonlySet<string>): void {
    for (const p of this.entries.keys()) {
      if (!paths.has(p)) {
        this.entries.delete(p);
        this.dirty = true;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Writes the pack when something changed. Returns false when it could not (never throws). */
  async flush(): Promise<boolean> {
    if (!this.dirty) return true;
    try {
      await writePack(this.dir, this.serialise());
      this.dirty = false;
      return true;
    } catch {
      return false;
    }
  }

  /** Same as `flush`, synchronously (for a process about to exit). */
  flushSync(): boolean {
    if (!this.dirty) return true;
    try {
      writePackSync(this.dir, this.serialise());
      this.dirty = false;
      return true;
    } catch {
      return false;
    }
  }

  private parse(text: string): void {
    const nl = text.indexOf("\n");
    let header: PackHeader;
    try {
      header = JSON.parse(nl < 0 ? text : text.slice(0, nl)) as PackHeader;
    } catch {
      this.stats.ignored = "unreadable header";
      return;
    }
    if (header?.format !== PACK_FORMAT) {
      this.stats.ignored = "not a facts pack";
      return;
    }
    if (header.fingerprint !== this.fingerprint) {
      this.stats.ignored = "made by another version";
      return;
    }
    const body = nl < 0 ? "" : text.slice(nl + 1);
    if (createHash("sha1").update(body).digest("hex") !== header.body) {
      this.stats.ignored = "damaged (checksum)";
      return;
    }
    const parsed = new Map<string, Entry>();
    let start = 0;
    while (start < body.length) {
      let end = body.indexOf("\n", start);
      if (end < 0) end = body.length;
      const t1 = body.indexOf("\t", start);
      const t2 = t1 < 0 ? -1 : body.indexOf("\t", t1 + 1);
      if (t1 < 0 || t2 < 0 || t2 > end) {
        this.stats.ignored = "damaged (entry)";
        return;
      }
      let relPath: unknown;
      try {
        relPath = JSON.parse(body.slice(t1 + 1, t2));
      } catch {
        relPath = null;
      }
      if (typeof relPath !== "string") {
        this.stats.ignored = "damaged (entry)";
        return;
      }
      parsed.set(relPath, { hash: body.slice(start, t1), json: body.slice(t2 + 1, end) });
      start = end + 1;
    }
    if (parsed.size !== header.entries) {
      this.stats.ignored = "damaged (entry count)";
      return;
    }
    for (const [p, e] of parsed) this.entries.set(p, e);
    this.stats.entries = parsed.size;
  }

  private serialise(): string {
    const paths = [...this.entries.keys()].sort();
    const lines = paths.map((p) => {
      const e = this.entries.get(p)!;
      return `${e.hash}\t${JSON.stringify(p)}\t${e.json}`;
    });
    const body = lines.join("\n");
    const header: PackHeader = { format: PACK_FORMAT, fingerprint: this.fingerprint, entries: lines.length, body: createHash("sha1").update(body).digest("hex") };
    return `${JSON.stringify(header)}\n${body}`;
  }
}

/**
 * An Extractor that answers from the store and extracts only the misses with `inner`, saving
 * what it extracted. Facts of a file skipped for its budget (a timeout depends on the machine's
 * load) are not saved.
 */
export function cachedExtractor(store: FactsStore, inner: Extractor): Extractor {
  return {
    async extract(files: readonly SourceFile[], onProgress?: (done: number, total: number) => void): Promise<FileFacts[]> {
      await store.open();
      const out: FileFacts[] = new Array(files.length);
      const hashes: string[] = new Array(files.length);
      const misses: number[] = [];
      files.forEach((f, i) => {
        hashes[i] = contentHash(f.text);
        const hit = store.load(f.path, hashes[i]);
        if (hit) out[i] = hit;
        else misses.push(i);
      });
      const hits = files.length - misses.length;
      if (hits > 0) onProgress?.(hits, files.length);
      const fresh = await inner.extract(
        misses.map((i) => files[i]),
        (done) => onProgress?.(hits + done, files.length),
      );
      fresh.forEach((facts, k) => {
        const i = misses[k];
        out[i] = facts;
        if (!facts.problems.some((p) => p.message.startsWith("skipped: "))) store.save(files[i].path, hashes[i], facts);
      });
      return out;
    },
  };
}

// --- the pack on disk: one file of the cache folder (host/cacheFolder.ts) ------------------

function readPackSync(dir: string): string | null {
  return readCacheFileSync(dir, PACK_FILE, MAX_PACK_BYTES)?.toString("utf8") ?? null;
}

async function readPack(dir: string): Promise<string | null> {
  return (await readCacheFile(dir, PACK_FILE, MAX_PACK_BYTES))?.toString("utf8") ?? null;
}

function writePackSync(dir: string, text: string): void {
  writeCacheFileSync(dir, PACK_FILE, text);
}

async function writePack(dir: string, text: string): Promise<void> {
  await writeCacheFile(dir, PACK_FILE, text);
}
