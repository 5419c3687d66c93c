// Incremental analysis equals a fresh one: after every step of a seeded random sequence of edits
// to examples/shop (a digit changed, a line dropped or doubled, a file removed and brought back),
// the editing session's result (cached facts per file, relinked) is the same as analysing the
// same texts from scratch with a fresh facts cache.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { analyzeWorkspace, type AnalysisResult } from "../../server/src/engine/analyze";
import { WorkspaceSession } from "../../server/src/engine/session";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const ROOT = join(__dirname, "..", "..", "examples", "shop");
const STEPS = 24;

function readTree(dir: string, out: Array<{ path: string; text: string }> = []): Array<{ path: string; text: string }> {
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) readTree(abs, out);
    else if (!name.endsWith(".md")) out.push({ path: relative(ROOT, abs).split("\\").join("/"), text: readFileSync(abs, "utf8") });
  }
  return out;
}

/** mulberry32: a small seeded generator, so a failing sequence can be replayed */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** everything the report and the editor show, as one comparable text */
function canonical(r: AnalysisResult): string {
  return JSON.stringify({
    findings: r.findings,
    problems: r.problems,
    suppressed: r.suppressed,
    layers: r.model.layers,
    hops: r.model.hops,
    paths: r.model.paths,
    clients: r.model.clients,
    services: [...r.model.services].sort(([a], [b]) => a.localeCompare(b)),
  });
}

function edit(text: string, pick: (n: number) => number): string {
  const lines = text.split("\n");
  const kind = pick(3);
  if (kind === 0) {
    // a number changed (retry counts, ports, timeouts)
    const digits = [...text.matchAll(/\d/g)];
    if (!digits.length) return `${text}\n`;
    const at = digits[pick(digits.length)]!.index!;
    return text.slice(0, at) + String(pick(10)) + text.slice(at + 1);
  }
  const i = pick(lines.length);
  if (kind === 1) lines.splice(i, 1);
  else lines.splice(i, 0, lines[i]!);
  return lines.join("\n");
}

describe("incremental analysis", () => {
  for (const seed of [11, 2026]) {
    it(`equals a fresh analysis after every edit (seed ${seed})`, async () => {
      const original = readTree(ROOT);
      assert.ok(original.length > 10);
      const random = rng(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const session = await WorkspaceSession.create();
      session.setSettings(DEFAULT_SETTINGS);
      session.reset(original);
      const removed = new Map<string, string>();
      const fresh = async () => {
        const files = session.paths().map((path) => ({ path, text: session.text(path)! }));
        return canonical(await analyzeWorkspace(files, DEFAULT_SETTINGS));
      };
      assert.equal(canonical(session.analyze()), await fresh(), "before any edit");
      for (let step = 0; step < STEPS; step++) {
        const paths = session.paths();
        const roll = pick(10);
        let what: string;
        if (roll === 0 && paths.length > 1) {
          const path = paths[pick(paths.length)]!;
          removed.set(path, session.text(path)!);
          session.remove(path);
          what = `remove ${path}`;
        } else if (roll === 1 && removed.size) {
          const [path, text] = [...removed][pick(removed.size)]!;
          removed.delete(path);
          session.setText(path, text);
          what = `restore ${path}`;
        } else {
          const path = paths[pick(paths.length)]!;
          session.setText(path, edit(session.text(path)!, pick));
          what = `edit ${path}`;
        }
        assert.equal(canonical(session.analyze()), await fresh(), `step ${step}: ${what}`);
      }
    });
  }
});
