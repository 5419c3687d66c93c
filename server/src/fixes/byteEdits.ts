/**
 * Fix edits applied to a file's bytes, not to its decoded text, so that `retrylens fix` changes
 * only the bytes of its edits: a BOM, invalid UTF-8 elsewhere in the file (decoded as U+FFFD,
 * which re-encoding would turn into EF BF BD) and the file's line endings (CRLF, lone CR, mixed)
 * are kept. Pure: no I/O.
 *
 * Offsets: an edit's start/end are UTF-16 offsets into the engine's text of the file
 * (host/safeFs.ts sourceText: UTF-8 decoded as Node does — WHATWG, each maximal invalid subpart
 * one U+FFFD — without the BOM, lone CR as LF; the same length as the decoded text). `byteMap`
 * decodes the bytes itself, recording where each UTF-16 unit starts, and checks its text against
 * Node's decoder, so a mapping that could be wrong is never used.
 */
import { sourceText } from "../host/safeFs";
import type { FixEdit } from "./types";

export interface ByteMap {
  /** the engine's text of the buffer (safeFs sourceText) */
  text: string;
  /** byte offset where UTF-16 unit i of `text` starts; [text.length] is the buffer's length */
  offsets: Uint32Array;
}

/** UTF-16 offset → byte offset for `buf`, or null when the buffer cannot be mapped safely. */
export function byteMap(buf: Buffer): ByteMap | null {
  const units: number[] = [];
  const starts: number[] = [];
  const emit = (cp: number, start: number) => {
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
      starts.push(start, start);
    } else {
      units.push(cp);
      starts.push(start);
    }
  };
  // the WHATWG Encoding Standard's UTF-8 decoder (what Buffer#toString and TextDecoder implement)
  let needed = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let seqStart = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if (needed === 0) {
      seqStart = i;
      if (b <= 0x7f) emit(b, i);
      else if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x7;
      } else emit(0xfffd, i);
      continue;
    }
    if (b < lower || b > upper) {
      // the sequence so far is one U+FFFD; this byte starts afresh
      needed = seen = cp = 0;
      lower = 0x80;
      upper = 0xbf;
      emit(0xfffd, seqStart);
      i--;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      emit(cp, seqStart);
      needed = seen = cp = 0;
    }
  }
  if (needed !== 0) emit(0xfffd, seqStart);

  let decoded = "";
  for (let i = 0; i < units.length; i += 8192) decoded += String.fromCharCode(...units.slice(i, i + 8192));
  if (decoded !== buf.toString("utf8")) return null;
  const bom = decoded.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = sourceText(buf);
  if (text.length !== decoded.length - bom) return null;
  const offsets = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) offsets[i] = starts[i + bom]!;
  offsets[text.length] = buf.length;
  return { text, offsets };
}

/** The line ending the file uses around byte `at`: the first one after it, else the last one before it; LF when there is none. */
function lineEndingAt(buf: Buffer, at: number): string {
  const kind = (i: number) => (buf[i] === 0x0a ? "\n" : buf[i + 1] === 0x0a ? "\r\n" : "\r");
  for (let i = at; i < buf.length; i++) if (buf[i] === 0x0a || buf[i] === 0x0d) return buf[i] === 0x0a && i > 0 && buf[i - 1] === 0x0d ? "\r\n" : kind(i);
  for (let i = Math.min(at, buf.length) - 1; i >= 0; i--) {
    if (buf[i] === 0x0a) return i > 0 && buf[i - 1] === 0x0d ? "\r\n" : "\n";
    if (buf[i] === 0x0d) return "\r";
  }
  return "\n";
}

/**
 * Applies non-overlapping edits (offsets into byteMap(buf).text) to the bytes: only the bytes
 * between each edit's mapped start and end change. A line break in an edit's new text is written
 * as the line ending the file uses there. Null when the buffer cannot be mapped or an edit is out of range.
 */
export function applyEditsToBytes(buf: Buffer, edits: readonly FixEdit[]): Buffer | null {
  const map = byteMap(buf);
  if (!map) return null;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: Buffer[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < 0 || e.end < e.start || e.end > map.text.length) return null;
    const start = map.offsets[e.start]!;
    const end = map.offsets[e.end]!;
    if (start < at) return null; // overlapping edits
    parts.push(buf.subarray(at, start));
    const eol = lineEndingAt(buf, start);
    parts.push(Buffer.from(eol === "\n" ? e.newText : e.newText.replace(/\r\n|\r|\n/g, eol), "utf8"));
    at = end;
  }
  parts.push(buf.subarray(at));
  return Buffer.concat(parts);
}
