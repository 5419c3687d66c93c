// `retrylens fix` changes only the bytes of its edits (fixes/byteEdits.ts): a BOM, invalid UTF-8
// elsewhere and the line endings (CRLF, lone CR, mixed) are kept; a lone-CR file parses with the
// right line numbers (host/safeFs.ts sourceText). Data-driven: each case is a file's bytes.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyEditsToBytes, byteMap } from "../../server/src/fixes/byteEdits";
import { sourceText } from "../../server/src/host/safeFs";
import { runCli as run } from "../cli/runCli";

/** a tenacity layer without jitter: the safe RL004 fix renames wait_exponential (import and call) */
const lines = (eol: string, comment: Buffer) =>
  Buffer.concat([
    Buffer.from(`import requests${eol}from tenacity import retry, stop_after_attempt, wait_exponential${eol}# `),
    comment,
    Buffer.from(`${eol}${eol}${eol}@retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=1))${eol}def get():${eol}    return requests.get("http://inventory/items")${eol}`),
  ]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0xfe, 0xc3]); // "caf\xe9 \xff\xfe\xc3": invalid UTF-8

const CASES: Array<{ name: string; bytes: Buffer }> = [
  { name: "LF", bytes: lines("\n", Buffer.from("plain")) },
  { name: "BOM + CRLF + invalid UTF-8 in a comment", bytes: Buffer.concat([BOM, lines("\r\n", LATIN1)]) },
  { name: "lone CR (classic Mac)", bytes: lines("\r", LATIN1) },
  {
    name: "mixed CRLF / LF / CR",
    bytes: Buffer.from(
      'import requests\r\nfrom tenacity import retry, stop_after_attempt, wait_exponential\n# x\r\r\n\n@retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=1))\r\ndef get():\r    return requests.get("http://inventory/items")\n',
    ),
  },
];

/** every occurrence of `from` replaced by `to`, at byte level */
function replaceAll(buf: Buffer, from: string, to: string): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let i = buf.indexOf(from); i >= 0; i = buf.indexOf(from, at)) {
    parts.push(buf.subarray(at, i), Buffer.from(to));
    at = i + from.length;
  }
  parts.push(buf.subarray(at));
  return Buffer.concat(parts);
}

describe("fix keeps every byte it does not edit", () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const dir = mkdtempSync(join(tmpdir(), "retrylens-bytes-"));
      try {
        writeFileSync(join(dir, "client.py"), c.bytes);
        const scan = await run(["scan", dir, "--format", "json"]);
        const findings = (JSON.parse(scan.stdout) as { findings: Array<{ rule: string; line: number }> }).findings;
        const rl004 = findings.find((f) => f.rule === "RL004");
        assert.ok(rl004, `RL004 found: ${JSON.stringify(findings)}`);
        // the decorator is on line 6 whatever the line endings (tree-sitter counts rows at LF only: lone CRs are read as LFs)
        assert.equal(rl004.line, 6);
        const r = await run(["fix", dir]);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stderr, /changed 1 file/);
        const after = readFileSync(join(dir, "client.py"));
        assert.deepEqual(after, replaceAll(c.bytes, "wait_exponential", "wait_random_exponential"));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe("byte edits", () => {
  test("an inserted line break is written as the file's line ending there", () => {
    for (const eol of ["\r\n", "\r", "\n"]) {
      const buf = Buffer.from(`a = 1${eol}b = 2${eol}`);
      const text = sourceText(buf);
      const at = text.indexOf("b");
      const out = applyEditsToBytes(buf, [{ file: "x", start: at, end: at, newText: "import x\n" }]);
      assert.equal(out?.toString(), `a = 1${eol}import x${eol}b = 2${eol}`);
    }
  });

  test("offsets map back to bytes for any byte string (the decoder agrees with Node's)", () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    for (let n = 0; n < 3000; n++) {
      const buf = Buffer.alloc(rand() % 24);
      // bias towards UTF-8 lead and continuation bytes so that every decoder branch is hit
      for (let i = 0; i < buf.length; i++) buf[i] = rand() % 3 === 0 ? 0x80 + (rand() % 0x80) : rand() % 2 ? 0xc0 + (rand() % 0x40) : rand() % 0x80;
      const map = byteMap(buf);
      assert.ok(map, `mapped ${buf.toString("hex")}`);
      // replacing nothing leaves the bytes as they were
      assert.deepEqual(applyEditsToBytes(buf, [{ file: "x", start: 0, end: 0, newText: "" }]), buf);
    }
  });

  test("an edit next to invalid bytes keeps them", () => {
    const buf = Buffer.concat([Buffer.from("x = 1 # "), Buffer.from([0xe2, 0x82]), Buffer.from("\nwait_exponential()\n")]);
    const text = sourceText(buf);
    const at = text.indexOf("wait_exponential");
    const out = applyEditsToBytes(buf, [{ file: "x", start: at, end: at + "wait_exponential".length, newText: "wait_random_exponential" }])!;
    assert.deepEqual(out, replaceAll(buf, "wait_exponential", "wait_random_exponential"));
  });
});
