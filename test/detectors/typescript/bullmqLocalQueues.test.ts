// BullMQ queues bound to locals of the same name in several methods (`const queue = new Queue("boxes")` in
// syncBox, `const queue = new Queue("cables")` in syncCable): each send goes to the queue of its own function.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("BullMQ local queues", () => {
  test("a local queue is looked up in the send's own function first, then the file's", () => {
    const f = extract(`import { Queue } from "bullmq";
import { opts } from "./options";
const shared = new Queue("shared");
export class S {
  async a() {
    const queue = new Queue("boxes", { connection: { host: "redis" } });
    await queue.add("a", {}, opts);
  }
  async b() {
    const queue = new Queue("cables", { connection: { host: "redis" } });
    await queue.add("b", {}, opts);
    await shared.add("c", {});
  }
}
`);
    assert.deepEqual(f.queueSends?.map((s) => [s.scopeId, s.taskName]), [["S.a", "boxes"], ["S.b", "cables"], ["S.b", "shared"]]);
  });
});
