// Bull/BullMQ job options held in constants and handed through wrapper methods (docs/reference/bullmq.md
// "Sends, tasks and linking"): the constant's layer, the sends' optionRefs / optionsFromParam / viaWrapper,
// and job names (Bull routes a job to the processor of its name).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("Bull job options constants", () => {
  test("a constant typed JobOptions / JobsOptions (annotation, satisfies) is a layer on its attempts; one without attempts, or untyped and unused, is none", () => {
    const f = extract(`import { JobOptions } from "bull";
import type { JobsOptions } from "bullmq";
export const A: JobOptions = {
  attempts: 12,
  backoff: { delay: 60000, type: "exponential" }
};
export const B = { attempts: 3 } satisfies JobsOptions;
export const C: JobOptions = { removeOnComplete: true };
export const D = { attempts: 7 };
`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.library, l.anchor.line, l.maxAttempts]), [["A", "bull", 4, 12], ["B", "bullmq", 7, 3]]);
    assert.deepEqual(f.clients.map((c) => [c.name, c.functionId, c.baseUrl]), [["A", "<module>", null], ["B", "<module>", null]]);
  });

  test("sends: spread or named constants → optionRefs (own attempts win); a parameter → optionsFromParam; job names", () => {
    const f = extract(`import { InjectQueue } from "@nestjs/bull";
import { Queue } from "bull";
import { OPTS, JOB } from "./config";
const LOCAL = { attempts: 4 };
export class S {
  constructor(@InjectQueue("q") private readonly queue: Queue) {}
  a() { return this.queue.add(JOB, {}, { ...OPTS, jobId: "x" }); }
  b() { return this.queue.add("b", {}, { ...OPTS, attempts: 2 }); }
  c() { return this.queue.add("c", {}, LOCAL); }
  d({ name, data, opts }) { return this.queue.add(name, data, opts); }
  e(jobs) { return this.queue.addBulk(jobs); }
}
`);
    assert.deepEqual(
      f.queueSends?.map((s) => [s.callee, s.jobName ?? null, s.optionRefs ?? null, s.optionsFromParam ?? false, s.layerIds.length]),
      [
        ["this.queue.add", "$JOB", ["OPTS"], false, 0],
        ["this.queue.add", "b", null, false, 1],
        ["this.queue.add", "c", ["LOCAL"], false, 0],
        ["this.queue.add", null, null, true, 0],
        ["this.queue.addBulk", null, null, true, 0],
      ],
    );
    // the local constant a send names is a layer of its own
    assert.deepEqual(f.layers.map((l) => [l.label, l.anchor.line, l.maxAttempts]), [["q.add", 8, 2], ["LOCAL", 4, 4]]);
  });

  test("a call handing job-shaped objects ({ name, data, opts }) directly, in an array or from a .map callback is a wrapper send; other objects are not", () => {
    const f = extract(`import { OPTS, JOB } from "./config";
export class Cron {
  constructor(private readonly data: DataService) {}
  async run(items) {
    await this.data.addJob({ data: {}, name: JOB, opts: { ...OPTS } });
    await this.data.addJobs(items.map((i) => ({ data: i, name: JOB, opts: { attempts: 3 } })));
    await this.data.addJobs(items.map((i) => { return { data: i, name: "x", opts: OPTS }; }));
    await this.data.save({ data: {}, options: { attempts: 3 } });
  }
}
`);
    assert.deepEqual(
      f.queueSends?.filter((s) => s.library === "bull").map((s) => [s.callee, s.line, s.viaWrapper ?? false, s.jobName ?? null, s.optionRefs ?? null, s.layerIds.length]),
      [
        ["this.data.addJob", 5, true, "$JOB", ["OPTS"], 0],
        ["this.data.addJobs", 6, true, "$JOB", null, 1],
        ["this.data.addJobs", 7, true, "x", ["OPTS"], 0],
      ],
    );
  });

  test("Bull processors: @Process(name) / @Process({ name }) and queue.process(name, fn) record the job name", () => {
    const f = extract(`import { Process, Processor } from "@nestjs/bull";
import Queue from "bull";
import { JOB } from "./config";
@Processor("q")
export class P {
  @Process(JOB) async a(job) {}
  @Process({ name: "b", concurrency: 2 }) async b(job) {}
  @Process() async c(job) {}
}
const video = new Queue("video");
video.process("thumb", 2, async function thumb(job) {});
`);
    const h = (id: string) => f.functions.find((x) => x.id === id)?.handler;
    assert.deepEqual([h("P.a"), h("P.b"), h("P.c")], [
      { method: "TASK", route: "/q", library: "bull", job: "$JOB" },
      { method: "TASK", route: "/q", library: "bull", job: "b" },
      { method: "TASK", route: "/q", library: "bull" },
    ]);
    assert.equal(f.functions.find((x) => x.handler?.route === "/video")?.handler?.job, "thumb");
  });
});
