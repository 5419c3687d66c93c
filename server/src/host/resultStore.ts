/**
 * The last scan's result, kept beside the facts pack (`result.v1.bin` in the cache folder): when
 * nothing a scan reads has changed — the same files with the same bytes (WorkspaceRead.contentKey),
 * the same settings and the same build — the result is the same, so a warm CLI scan of an
 * unchanged tree skips the relevance pass, the facts and the linking altogether. Any change
 * misses, and the scan goes on from the facts pack.
 *
 * On disk: a header line (format, fingerprint, key, sha1 of the body), then the body:
 * `v8.serialize` of the result without its facts (plain data and Maps; nothing in it is code).
 * A result with a problem that depends on the machine (a file skipped for its time or heap
 * budget) is not kept. Never throws: a file that cannot be read or written is a miss.
 */
import { createHash } from "node:crypto";
import * as v8 from "node:v8";
import type { AnalysisResult } from "../engine/analyze";
import type { Settings } from "../model/model";
import { readCacheFile, writeCacheFile } from "./cacheFolder";

export const RESULT_FILE = "result.v1.bin";
const RESULT_FORMAT = "retrylens-result/1";
/** a result larger than this is not read */
const MAX_RESULT_BYTES = 256 * 1024 * 1024;

/** what a scan reports besides the analysis: counts from reading the folder */
export interface ReadSummary {
  files: number;
  filtered: number;
}

export interface StoredResult {
  result: AnalysisResult;
  read: ReadSummary;
}

interface Header {
  format: string;
  fingerprint: string;
  key: string;
  body: string;
}

/** The key of a scan: what it read (WorkspaceRead.contentKey) and the settings it ran with. */
export function resultKey(contentKey: string, settings: Settings): string {
  return createHash("sha256").update(contentKey).update("\u0000").update(JSON.stringify(settings)).digest("hex");
}

export class ResultStore {
  /** why the stored result was not used, for --verbose ("" when it was, or there was none) */
  missReason = "";

  constructor(
    readonly dir: string,
    readonly fingerprint: string,
  ) {}

  /** The stored result when it was made by this build for this key; null otherwise. */
  async load(key: string): Promise<StoredResult | null> {
    let bytes: Buffer | null;
    try {
      bytes = await readCacheFile(this.dir, RESULT_FILE, MAX_RESULT_BYTES);
    } catch (err) {
      this.missReason = String((err as Error)?.message ?? err);
      return null;
    }
    if (bytes === null) return null;
    const nl = bytes.indexOf(0x0a);
    let header: Header;
    try {
      header = JSON.parse(bytes.subarray(0, nl < 0 ? bytes.length : nl).toString("utf8")) as Header;
    } catch {
      this.missReason = "unreadable header";
      return null;
    }
    if (header?.format !== RESULT_FORMAT) return this.miss("not a result file");
    if (header.fingerprint !== this.fingerprint) return this.miss("made by another version");
    if (header.key !== key) return this.miss("the files or settings changed");
    const body = bytes.subarray(nl + 1);
    if (createHash("sha1").update(body).digest("hex") !== header.body) return this.miss("damaged (checksum)");
    try {
      const stored = v8.deserialize(body) as StoredResult;
      if (!stored?.result?.model || !Array.isArray(stored.result.findings) || typeof stored.read?.files !== "number") return this.miss("damaged (content)");
      return stored;
    } catch {
      return this.miss("damaged (content)");
    }
  }

  /**
   * Keeps `result` (without its facts) as the one for `key`: "saved", "not kept" (it depends on
   * the machine: a file skipped for its time or heap budget), or "failed" (could not write).
   */
  async save(key: string, result: AnalysisResult, read: ReadSummary): Promise<"saved" | "not kept" | "failed"> {
    if (result.problems.some((p) => p.message.startsWith("skipped: "))) return "not kept";
    try {
      const body = v8.serialize({ result: { ...result, facts: [] }, read } satisfies StoredResult);
      const header: Header = { format: RESULT_FORMAT, fingerprint: this.fingerprint, key, body: createHash("sha1").update(body).digest("hex") };
      await writeCacheFile(this.dir, RESULT_FILE, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), body]));
      return "saved";
    } catch {
      return "failed";
    }
  }

  private miss(why: string): null {
    this.missReason = why;
    return null;
  }
}
