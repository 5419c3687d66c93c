// The scale benchmark's synthetic monorepo (bench/monorepo/generate.ts): the same seed writes
// the same bytes, and a small one scans into paths that cross services (the bench measures the
// real work: linking retry layers of several services into one path).
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { generate } from "../../bench/monorepo/generate";
import { main, type CliIO } from "../../server/src/cli/main";

const tmp = mkdtempSync(join(tmpdir(), "retrylens-mono-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** relative path → sha256 of every file below root */
function digest(root: string): Map<string, string> {
  const out = new Map<string, string>();
  (function walk(dir: string) {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), createHash("sha256").update(readFileSync(p)).digest("hex"));
    }
  })(root);
  return out;
}

describe("synthetic monorepo generator", () => {
  test("is deterministic: the same seed gives the same files, another seed other files", () => {
    const a = generate({ services: 10, out: join(tmp, "a"), seed: 7 });
    const b = generate({ services: 10, out: join(tmp, "b"), seed: 7 });
    const c = generate({ services: 10, out: join(tmp, "c"), seed: 8 });
    assert.deepEqual([...digest(a.root)].sort(), [...digest(b.root)].sort());
    assert.notDeepEqual([...digest(a.root)].sort(), [...digest(c.root)].sort());
    assert.equal(a.files, digest(a.root).size);
    // ≈ 100 files per service, five languages
    assert.ok(a.files >= 900 && a.files <= 1200, `${a.files} files`);
    assert.deepEqual(new Set(a.services.map((s) => s.language)).size, 5);
    assert.ok(a.editTargets.code && a.editTargets.yaml, "edit targets for the LSP bench");
  });

  test("a small monorepo scans into retry paths that cross services", async () => {
    const m = generate({ services: 10, out: join(tmp, "scan"), seed: 1 });
    const out: string[] = [];
    const io: CliIO = {
      stdout: { isTTY: false, write: (s: string) => out.push(s) },
      stderr: { isTTY: false, write: () => undefined },
      env: {},
      cwd: m.root,
    };
    await main(["scan", "--format", "json", "--fail-on", "none", m.root], io);
    const report = JSON.parse(out.join("")) as {
      layers: Array<{ id: string; file: string }>;
      paths: Array<{ layers: string[]; product: number | null }>;
    };
    const serviceOf = new Map(report.layers.map((l) => [l.id, /^services\/([^/]+)\//.exec(l.file)?.[1] ?? null]));
    const crossing = report.paths.filter((p) => new Set(p.layers.map((id) => serviceOf.get(id)).filter(Boolean)).size >= 2);
    assert.ok(crossing.length > 0, `no path links layers of two services (${report.paths.length} paths)`);
    // every language contributes a detected layer
    const langs = new Set(report.layers.map((l) => m.services.find((s) => l.file.startsWith(`${s.dir}/`))?.language).filter(Boolean));
    assert.equal(langs.size, 5, `layers in ${[...langs].join(", ")}`);
  });
});
