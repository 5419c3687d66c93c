/**
 * Property (issue #11): incremental analysis after any edit sequence equals a fresh analysis. A
 * WorkspaceSession (engine/session.ts) takes a seeded random sequence of edits — a file's text
 * replaced by another fixture file's or by a small mutation of its own, a file removed, a file
 * added — and after every edit its analysis must give the same canonical report as analysing
 * the session's current files from scratch.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace, type SourceFile } from "../../server/src/engine/analyze";
import { WorkspaceSession } from "../../server/src/engine/session";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { sourceLanguage } from "../../server/src/model/languages";
import { MUTATIONS } from "../fuzz/mutations";
import { Prng } from "../fuzz/prng";
import { canonicalReport, firstDifference, propertyWorkspaces } from "./canonical";

/** mutations that keep a file small (the big ones are the fuzzer's and the robustness tests') */
const SMALL = MUTATIONS.filter((m) => ["truncate", "random-bytes", "unbalanced-brackets", "duplicate-keys", "hostile-numbers", "line-endings", "splice"].includes(m.name));
const EDITS_PER_SEQUENCE = 12;
const SEEDS = [1, 2, 3];

type Edit = { kind: "setText" | "add"; path: string; text: string; why: string } | { kind: "remove"; path: string; why: string };

function nextEdit(rng: Prng, current: Map<string, string>, pool: SourceFile[]): Edit {
  const paths = [...current.keys()].sort();
  const roll = rng.next();
  if (roll < 0.15 && paths.length > 1) {
    const path = rng.pick(paths);
    return { kind: "remove", path, why: `remove ${path}` };
  }
  if (roll < 0.35 || paths.length === 0) {
    // another workspace's file arrives (a new file, or one of the same name replaced)
    const f = rng.pick(pool);
    const path = rng.chance(0.5) ? f.path : `added/${rng.int(0, 3)}/${f.path.slice(f.path.lastIndexOf("/") + 1)}`;
    return { kind: "add", path, text: f.text, why: `add ${path} (from a fixture's ${f.path})` };
  }
  const path = rng.pick(paths);
  if (roll < 0.6) {
    // the text of another file in the same language (an edit that changes everything)
    const same = pool.filter((f) => sourceLanguage(f.path) === sourceLanguage(path));
    const f = rng.pick(same.length ? same : pool);
    return { kind: "setText", path, text: f.text, why: `set ${path} to the text of ${f.path}` };
  }
  const m = rng.pick(SMALL);
  const donor = Buffer.from(rng.pick(pool).text, "utf8");
  const bytes = m.apply(rng, Buffer.from(current.get(path)!, "utf8"), { path, donor });
  return { kind: "setText", path, text: bytes.toString("utf8"), why: `${m.name} on ${path}` };
}

describe("incremental analysis after any edit sequence equals a fresh analysis", () => {
  const workspaces = propertyWorkspaces();
  const pool = workspaces.flatMap((w) => w.files);
  const chosen = workspaces.filter((w) => ["test/scenarios/seed-checkout-pr/workspace", "test/scenarios/seed-failover-mesh/workspace", "examples/queue-task", "test/fixes/workspaces/jvm-go"].includes(w.name));
  for (const ws of chosen) {
    for (const seed of SEEDS) {
      test(`${ws.name}, seed ${seed}: ${EDITS_PER_SEQUENCE} edits`, async () => {
        const rng = new Prng(seed * 104729 + ws.files.length);
        const settings = { ...DEFAULT_SETTINGS };
        const session = await WorkspaceSession.create();
        session.setSettings(settings);
        session.reset(ws.files);
        session.analyze();
        const current = new Map(ws.files.map((f) => [f.path, f.text]));
        const done: string[] = [];
        for (let i = 0; i < EDITS_PER_SEQUENCE; i++) {
          const edit = nextEdit(rng, current, pool);
          done.push(edit.why);
          if (edit.kind === "remove") {
            assert.ok(session.remove(edit.path));
            current.delete(edit.path);
          } else {
            session.setText(edit.path, edit.text);
            current.set(edit.path, edit.text);
          }
          const incremental = canonicalReport(session.analyze());
          // a fresh analysis of the same files, in the session's order (order is the other property)
          const fresh = canonicalReport(await analyzeWorkspace(session.paths().map((p) => ({ path: p, text: current.get(p)! })), settings));
          assert.ok(incremental === fresh, `after ${done.join("; ")}:\n${firstDifference(fresh, incremental)}`);
        }
      });
    }
  }
});

describe("analysis in slices, with edits arriving while it is paused, equals a fresh analysis of the latest files", () => {
  const workspaces = propertyWorkspaces();
  const pool = workspaces.flatMap((w) => w.files);
  const chosen = workspaces.filter((w) => ["test/scenarios/seed-failover-mesh/workspace", "test/fixes/workspaces/jvm-go"].includes(w.name));
  for (const ws of chosen) {
    for (const seed of SEEDS) {
      test(`${ws.name}, seed ${seed}: ${EDITS_PER_SEQUENCE} edits, some during a run`, async () => {
        const rng = new Prng(seed * 7919 + ws.files.length);
        const settings = { ...DEFAULT_SETTINGS };
        const session = await WorkspaceSession.create();
        session.setSettings(settings);
        session.reset(ws.files);
        const current = new Map(ws.files.map((f) => [f.path, f.text]));
        const apply = (edit: Edit) => {
          if (edit.kind === "remove") {
            session.remove(edit.path);
            current.delete(edit.path);
          } else {
            session.setText(edit.path, edit.text);
            current.set(edit.path, edit.text);
          }
        };
        const done: string[] = [];
        let overtaken = 0;
        for (let i = 0; i < EDITS_PER_SEQUENCE; i++) {
          const edit = nextEdit(rng, current, pool);
          done.push(edit.why);
          apply(edit);
          // slices of 0 ms: a pause after every step, so the edits below land inside the run
          const running = session.analyzeInSlices(0);
          const shared = session.analyzeInSlices(0);
          const during = rng.int(0, 2);
          for (let k = 0; k < during; k++) {
            for (let spins = rng.int(1, 40); spins > 0; spins--) await new Promise<void>((resolve) => setImmediate(resolve));
            if (!session.analysing) break;
            const late = nextEdit(rng, current, pool);
            done.push(`${late.why} (during the run)`);
            apply(late);
            overtaken++;
          }
          const result = await running;
          assert.equal(await shared, result, "callers during one run share its result");
          assert.ok(session.isCurrent(), "a run resolves with the current revision's analysis");
          const fresh = canonicalReport(await analyzeWorkspace(session.paths().map((p) => ({ path: p, text: current.get(p)! })), settings));
          assert.ok(canonicalReport(result) === fresh, `after ${done.join("; ")}:\n${firstDifference(fresh, canonicalReport(result))}`);
        }
        assert.ok(overtaken > 0, "some edits landed while a run was paused");
      });
    }
  }
});
