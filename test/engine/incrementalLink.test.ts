// Incremental analysis equals a fresh one: after every step of a seeded random sequence of edits
// to examples/shop (a digit changed, a line dropped or doubled, a file removed and brought back),
// the editing session's result (cached facts per file, relinked) is the same as analysing the
// same texts from scratch with a fresh facts cache.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { analyzeWorkspace, type AnalysisResult } from "../../server/src/engine/analyze";
import { sameFacts, WorkspaceSession } from "../../server/src/engine/session";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { Prng } from "../fuzz/prng";

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

/** the shared seeded generator (mulberry32): the same sequence on every machine */
function rng(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
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

/** a session over examples/shop, and a fresh analysis of whatever texts it holds */
async function shopSession(): Promise<{ session: WorkspaceSession; fresh: () => Promise<string> }> {
  const session = await WorkspaceSession.create();
  session.setSettings(DEFAULT_SETTINGS);
  session.reset(readTree(ROOT));
  const fresh = async () => canonical(await analyzeWorkspace(session.paths().map((path) => ({ path, text: session.text(path)! })), DEFAULT_SETTINGS));
  return { session, fresh };
}

/** replaces the one occurrence of `from` in a file (a test that no longer matches its fixture fails here) */
function replaceOnce(session: WorkspaceSession, path: string, from: string, to: string): void {
  const text = session.text(path);
  assert.ok(text !== undefined, `${path} is in the session`);
  const at = text.indexOf(from);
  assert.ok(at >= 0 && text.indexOf(from, at + 1) < 0, `exactly one "${from}" in ${path}`);
  assert.ok(session.setText(path, text.slice(0, at) + to + text.slice(at + from.length)));
}

describe("incremental analysis: edits to what links files", () => {
  const cases: Array<{ name: string; path: string; from: string; to: string; changes: boolean }> = [
    // the imported function renamed: the importer no longer reaches its request
    { name: "an exported name", path: "orders/payments_client.py", from: "def charge(", to: "def charge_card(", changes: true },
    // the import itself names another module
    { name: "an import", path: "orders/app.py", from: "from orders.payments_client import charge", to: "from orders.missing_client import charge", changes: true },
    // a retry count in code: the layer and the products along its paths
    { name: "a retry count in code", path: "orders/payments_client.py", from: "stop_after_attempt(3)", to: "stop_after_attempt(5)", changes: true },
    // the environment a service's manifest gives its code (the URL the client reads)
    { name: "a service manifest", path: "deploy/k8s/orders.yaml", from: "value: http://payments:8080", to: "value: http://pricing:8080", changes: true },
    // a mesh retry layer
    { name: "a YAML layer", path: "deploy/k8s/virtual-services.yaml", from: "attempts: 0", to: "attempts: 4", changes: true },
  ];
  for (const c of cases) {
    it(`${c.name}: equals a fresh analysis, then again once undone`, async () => {
      const { session, fresh } = await shopSession();
      const before = canonical(session.analyze());
      assert.equal(before, await fresh(), "before the edit");
      const original = session.text(c.path)!;
      replaceOnce(session, c.path, c.from, c.to);
      const after = canonical(session.analyze());
      assert.equal(after, await fresh(), "after the edit");
      // the edit must matter, or the case tests nothing
      if (c.changes) assert.notEqual(after, before, "the edit changes the result");
      session.setText(c.path, original);
      assert.equal(canonical(session.analyze()), before, "undone");
    });
  }

  it("a file removed and brought back: each step equals a fresh analysis", async () => {
    const { session, fresh } = await shopSession();
    const before = canonical(session.analyze());
    for (const path of ["orders/payments_client.py", "deploy/k8s/orders.yaml", "deploy/k8s/virtual-services.yaml"]) {
      const text = session.text(path)!;
      assert.ok(session.remove(path));
      const removed = canonical(session.analyze());
      assert.equal(removed, await fresh(), `without ${path}`);
      assert.notEqual(removed, before, `removing ${path} changes the result`);
      session.setText(path, text);
      assert.equal(canonical(session.analyze()), before, `${path} back`);
    }
  });

  it("an edit whose facts are unchanged keeps the file's facts and the last result", async () => {
    const { session, fresh } = await shopSession();
    const first = session.analyze();
    const path = "orders/payments_client.py";
    const factsBefore = first.facts.find((f) => f.path === path)!;
    // a comment's words, same line count and columns for everything after it on other lines
    replaceOnce(session, path, "give each charge a few chances", "give each charge some chances");
    assert.equal(session.isCurrent(), false, "an edit is a new revision");
    const second = session.analyze();
    assert.equal(second.facts.find((f) => f.path === path), factsBefore, "the file keeps its facts object");
    assert.equal(second, first, "the last result is reused");
    assert.equal(canonical(second), await fresh());
    // an edit that changes the facts is analysed again
    replaceOnce(session, path, "stop_after_attempt(3)", "stop_after_attempt(4)");
    const third = session.analyze();
    assert.notEqual(third, first);
    assert.notEqual(third.facts.find((f) => f.path === path), factsBefore);
    assert.equal(canonical(third), await fresh());
    assert.notEqual(canonical(third), canonical(first));
  });

  it("new settings are analysed again even when no file changed", async () => {
    const { session } = await shopSession();
    const first = session.analyze();
    session.setSettings({ ...DEFAULT_SETTINGS, threshold: DEFAULT_SETTINGS.threshold + 1 });
    assert.notEqual(session.analyze(), first);
  });
});

describe("sameFacts", () => {
  it("tells a key holding undefined from a missing key, and arrays from objects", () => {
    assert.equal(sameFacts({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] }), true);
    assert.equal(sameFacts({ a: undefined }, {}), false);
    assert.equal(sameFacts({}, { a: undefined }), false);
    assert.equal(sameFacts([1, 2], { 0: 1, 1: 2 }), false);
    assert.equal(sameFacts({ a: [1, 2] }, { a: [1, 2, 3] }), false);
    assert.equal(sameFacts({ n: NaN }, { n: NaN }), true);
    assert.equal(sameFacts({ n: 0 }, { n: -0 }), false);
    assert.equal(sameFacts(null, {}), false);
  });
});
