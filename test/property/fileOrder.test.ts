/**
 * Property (issue #11): results do not depend on the order files are handed in. Every scenario
 * and example is analysed in its walk order and in shuffled orders (seeded), and the canonical
 * JSON reports must be the same string.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { FactsCache } from "../../server/src/engine/extract";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { Prng } from "../fuzz/prng";
import { canonicalReport, firstDifference, propertyWorkspaces } from "./canonical";

const SHUFFLES = 3;

describe("results do not depend on file order", () => {
  for (const ws of propertyWorkspaces()) {
    test(`${ws.name} (${ws.files.length} files): ${SHUFFLES} shuffled orders and the reverse give the walk order's report`, async () => {
      const settings = { ...DEFAULT_SETTINGS };
      // one cache: extraction is per file (tested elsewhere); what order can change is linking
      const cache = new FactsCache();
      const expected = canonicalReport(await analyzeWorkspace(ws.files, settings, { cache }));
      const rng = new Prng(ws.files.length * 7919 + ws.name.length);
      const orders = [[...ws.files].reverse(), ...Array.from({ length: SHUFFLES }, () => rng.shuffle(ws.files))];
      for (const order of orders) {
        const actual = canonicalReport(await analyzeWorkspace(order, settings, { cache }));
        assert.ok(actual === expected, `order ${order.map((f) => f.path).join(", ")}\n${firstDifference(expected, actual)}`);
      }
    });
  }

  test("extraction does not depend on what was extracted before: a fresh cache per order gives the same report", async () => {
    const ws = propertyWorkspaces().find((w) => w.name === "examples/shop")!;
    const expected = canonicalReport(await analyzeWorkspace(ws.files, DEFAULT_SETTINGS));
    const shuffled = new Prng(11).shuffle(ws.files);
    const actual = canonicalReport(await analyzeWorkspace(shuffled, DEFAULT_SETTINGS));
    assert.ok(actual === expected, firstDifference(expected, actual));
  });
});
