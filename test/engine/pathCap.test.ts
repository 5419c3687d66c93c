// Path enumeration on fan-out/fan-in graphs (engine/paths.ts): a layered graph has exponentially
// many chains; past the cap the enumeration lists, per entry and target, the worst chain and a
// count of the others, says so, and still finishes fast.
import { SATURATED_PRODUCT } from "../../server/src/model/product";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { enumeratePathsCapped, MAX_PATHS } from "../../server/src/engine/paths";
import type { Hop, RetryLayer } from "../../server/src/model/model";

interface Graph {
  hops: Hop[];
  layerById: Map<string, RetryLayer>;
}

/** entry → `width` services per level × `levels` levels → db; every hop retried (×2, ×3 on the marked services) */
function layered(width: number, levels: number, triple: (level: number, k: number) => boolean): Graph {
  const hops: Hop[] = [];
  const layerById = new Map<string, RetryLayer>();
  const hop = (caller: string, callee: string, attempts: number) => {
    const id = `${caller}>${callee}#L1`;
    layerById.set(id, { id, file: `${caller}.py`, maxAttempts: attempts, disabled: false, budget: null, targets: [callee] } as unknown as RetryLayer);
    hops.push({ caller, callee, layerIds: [id], calls: [], fromGateway: false, protocol: "http" } as unknown as Hop);
  };
  const name = (level: number, k: number) => `s${level}_${k}`;
  for (let k = 0; k < width; k++) hop("entry", name(0, k), triple(0, k) ? 3 : 2);
  for (let level = 1; level < levels; level++) {
    for (let from = 0; from < width; from++) for (let k = 0; k < width; k++) hop(name(level - 1, from), name(level, k), triple(level, k) ? 3 : 2);
  }
  for (let from = 0; from < width; from++) hop(name(levels - 1, from), "db", 2);
  return { hops, layerById };
}

/** every chain's product from `entry` to `db`, by brute force (small graphs only) */
function bruteForce(g: Graph): { worst: number; count: number } {
  let worst = 0;
  let count = 0;
  const walk = (node: string, product: number) => {
    if (node === "db") {
      count++;
      worst = Math.max(worst, product);
      return;
    }
    for (const h of g.hops) if (h.caller === node) walk(h.callee, product * g.layerById.get(h.layerIds[0]!)!.maxAttempts!);
  };
  walk("entry", 1);
  return { worst, count };
}

describe("path enumeration cap", () => {
  it("lists the worst chain per entry and target of an exponential graph, fast, and says it capped", () => {
    // 6^12 ≈ 2·10⁹ chains from entry to db
    const g = layered(6, 12, (level, k) => k === level % 6);
    const started = performance.now();
    const { paths, capped } = enumeratePathsCapped(g);
    const ms = performance.now() - started;
    assert.ok(ms < 3000, `took ${ms.toFixed(0)} ms`);
    assert.match(capped ?? "", /path enumeration capped/);
    const toDb = paths.filter((p) => p.target === "db" && p.services[0] === "entry");
    assert.equal(toDb.length, 1);
    // the ×3 service of each level, then ×2 into db: 3¹²·2 ≈ 1.06·10⁶, past the cap (model/product.ts);
    // every other chain has a ×1 level and stays below it, so this one is still the worst
    assert.equal(toDb[0]!.product, SATURATED_PRODUCT);
    assert.deepEqual(toDb[0]!.services, ["entry", ...Array.from({ length: 12 }, (_, level) => `s${level}_${level % 6}`), "db"]);
    assert.equal(toDb[0]!.others, 1_000_000 - 1, "the count saturates");
    assert.equal(toDb[0]!.layers.length, 13);
    assert.deepEqual(toDb[0]!.layerHops, Array.from({ length: 13 }, (_, k) => k));
  });

  it("finds the same worst product and count as brute force just past the cap", () => {
    const g = layered(3, 9, (level, k) => (level * 7 + k) % 5 === 0);
    const expected = bruteForce(g);
    assert.ok(expected.count > MAX_PATHS);
    const { paths, capped } = enumeratePathsCapped(g);
    assert.ok(capped);
    const toDb = paths.filter((p) => p.target === "db" && p.services[0] === "entry");
    assert.equal(toDb.length, 1);
    assert.equal(toDb[0]!.product, expected.worst);
    assert.equal(toDb[0]!.others, expected.count - 1);
  });

  it("enumerates every chain of a small graph as before: no cap, no count", () => {
    const g = layered(2, 3, () => false);
    const { paths, capped } = enumeratePathsCapped(g);
    assert.equal(capped, null);
    assert.equal(paths.filter((p) => p.target === "db").length, bruteForce(g).count);
    assert.ok(paths.every((p) => p.others === undefined));
  });

  it("terminates on cycles when capped", () => {
    const g = layered(5, 8, () => false);
    // every service of the last level calls back into the first
    for (let k = 0; k < 5; k++) g.hops.push({ caller: `s7_${k}`, callee: `s0_${k}`, layerIds: [], calls: [], fromGateway: false, protocol: "http" } as unknown as Hop);
    const { paths, capped } = enumeratePathsCapped(g);
    assert.ok(capped);
    for (const p of paths) assert.equal(new Set(p.services).size, p.services.length, `a service repeats in ${p.services.join(">")}`);
    assert.ok(paths.some((p) => p.target === "db" && p.product === 2 ** 9));
  });
});
