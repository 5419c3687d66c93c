/** engine/steps.ts: one generator, run to the end at once or in slices that give the event loop back. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { runInSlices, runToEnd, type Steps } from "../../server/src/engine/steps";

function* counting(n: number, log: string[]): Steps<number> {
  try {
    for (let i = 0; i < n; i++) {
      log.push(`step ${i}`);
      yield;
    }
    return n;
  } finally {
    log.push("closed");
  }
}

test("runToEnd runs every step and returns the result", () => {
  const log: string[] = [];
  assert.equal(runToEnd(counting(3, log)), 3);
  assert.deepEqual(log, ["step 0", "step 1", "step 2", "closed"]);
});

test("runInSlices gives the event loop back between slices: a callback queued before it runs before it ends", async () => {
  const log: string[] = [];
  setImmediate(() => log.push("event loop"));
  assert.equal(await runInSlices(counting(3, log), { sliceMs: 0 }), 3);
  assert.ok(log.indexOf("event loop") > 0 && log.indexOf("event loop") < log.indexOf("closed"), log.join(", "));
});

test("runInSlices with a long slice runs without pausing", async () => {
  const log: string[] = [];
  setImmediate(() => log.push("event loop"));
  const done = runInSlices(counting(50, log), { sliceMs: 60_000 });
  // the whole run is synchronous up to its result: nothing else got a turn
  assert.deepEqual(log.slice(-1), ["closed"]);
  assert.equal(await done, 50);
});

test("a cancelled run stops at its next pause, closes the generator and resolves to null", async () => {
  const log: string[] = [];
  let cancel = false;
  setImmediate(() => (cancel = true));
  assert.equal(await runInSlices(counting(1_000, log), { sliceMs: 0, cancelled: () => cancel }), null);
  assert.ok(log.length < 1_000, "it stopped early");
  assert.equal(log.at(-1), "closed");
});

test("a step that throws rejects the run", async () => {
  function* failing(): Steps<number> {
    yield;
    throw new Error("bad step");
  }
  await assert.rejects(runInSlices(failing(), { sliceMs: 0 }), /bad step/);
});
