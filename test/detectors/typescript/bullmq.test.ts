// BullMQ and Bull (docs/reference/bullmq.md): `attempts` counts attempts (default 1 → no layer,
// 0/1 → disabled), backoff fixed/exponential (bullmq 2^(n−1), Bull 2^n − 1), bullmq jitter; queues,
// sends and processors (Worker, Bull process, NestJS @Processor/@InjectQueue).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("BullMQ job attempts", () => {
  const cases: Array<[string, number | null, RegExp, string, boolean | null]> = [
    [`{ attempts: 3 }`, 3, /attempts: 3 → 3 attempts, the first run included \(bullmq 5\.x\)/, "none", false],
    [`{ attempts: 1 }`, 1, /→ 1 attempt \(no retry\)/, "none", false],
    [`{ attempts: 0 }`, 1, /→ 1 attempt/, "none", false],
    [`{ attempts: 5, backoff: 2000 }`, 5, /5 attempts/, "fixed", false],
    [`{ attempts: 5, backoff: { type: "fixed", delay: 500 } }`, 5, /5 attempts/, "fixed", false],
    [`{ attempts: 4, backoff: { type: "exponential", delay: 1000 } }`, 4, /4 attempts/, "exponential", false],
    [`{ attempts: 4, backoff: { type: "exponential", delay: 1000, jitter: 0.5 } }`, 4, /4 attempts/, "exponential", true],
    [`{ attempts: 4, backoff: { type: "custom" } }`, 4, /4 attempts/, "custom", null],
    [`{ attempts: Number(process.env.ATTEMPTS) }`, null, /not known statically/, "none", false],
  ];
  for (const [opts, attempts, note, wait, jitter] of cases) {
    test(`defaultJobOptions ${opts} → ${attempts}`, () => {
      const f = extract(`import { Queue } from "bullmq";\nexport const q = new Queue("emails", { connection, defaultJobOptions: ${opts} });\n`);
      const l = f.layers.find((x) => x.kind === "bullmq-job")!;
      assert.ok(l);
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.wait.kind, wait);
      assert.equal(l.wait.jitter, jitter);
      assert.equal(l.anchor.line, 2);
      assert.deepEqual(f.clients.filter((c) => c.library === "bullmq").map((c) => [c.name, c.baseUrl]), [["q", { kind: "string", value: "emails" }]]);
    });
  }

  test("no attempts (the default 1): no layer, still a queue", () => {
    const f = extract(`import { Queue } from "bullmq";\nexport const q = new Queue("emails", { defaultJobOptions: { removeOnComplete: true } });\n`);
    assert.equal(f.layers.filter((l) => l.kind === "bullmq-job").length, 0);
    assert.equal(f.clients.find((c) => c.library === "bullmq")?.layerIds.length, 0);
  });

  test("queue.add's own attempts is a layer of the send; without attempts the send has none (the queue's defaults apply)", () => {
    const f = extract(`import { Queue } from "bullmq";\nconst q = new Queue("emails");\nexport async function signup(to: string) {\n  await q.add("welcome", { to }, { attempts: 6, backoff: { type: "exponential", delay: 100 } });\n  await q.add("digest", { to });\n}\n`);
    assert.deepEqual(f.layers.filter((l) => l.kind === "bullmq-job").map((l) => [l.anchor.line, l.maxAttempts, l.label]), [[4, 6, "emails.add"]]);
    assert.deepEqual(f.queueSends?.map((s) => [s.library, s.callee, s.line, s.taskName, s.layerIds.length]), [["bullmq", "q.add", 4, "emails", 1], ["bullmq", "q.add", 5, "emails", 0]]);
  });

  test("a file sending through an imported queue, importing no queue library: sends for either library", () => {
    const f = extract(`import { emailQueue } from "./queue";\nexport async function signup(to: string) { await emailQueue.add("welcome", { to }); }\n`);
    assert.deepEqual(f.queueSends?.map((s) => [s.library, s.taskName]), [["bullmq", null], ["bull", null]]);
    assert.equal(f.layers.length, 0);
  });

  test("processors: new Worker(name, inline or named function) → TASK /<queue>", () => {
    const f = extract(`import { Worker } from "bullmq";\nasync function handle(job) { return job.data; }\nnew Worker("emails", async (job) => job.data);\nnew Worker("reports", handle);\n`);
    assert.deepEqual(f.functions.filter((x) => x.handler).map((x) => [x.id, x.handler?.route, x.handler?.library]), [["handle", "/reports", "bullmq"], ["<anon@L3>", "/emails", "bullmq"]]);
  });

  test("a queue named by an imported constant: Queue and Worker meet on the constant's name", () => {
    const q = extract(`import { Queue } from "bullmq";\nimport { EMAIL_QUEUE } from "./names";\nexport const q = new Queue(EMAIL_QUEUE);\n`);
    assert.deepEqual(q.clients.filter((c) => c.library === "bullmq").map((c) => c.baseUrl), [{ kind: "string", value: "$EMAIL_QUEUE" }]);
    const w = extract(`import { Worker } from "bullmq";\nimport { EMAIL_QUEUE } from "../names";\nnew Worker(EMAIL_QUEUE, async (job) => job.data);\n`);
    assert.equal(w.functions.find((x) => x.handler)?.handler?.route, "/$EMAIL_QUEUE");
    // a local variable computed at run time is not a name
    const d = extract(`import { Worker } from "bullmq";\nconst name = process.env.Q;\nnew Worker(name, async (job) => job.data);\n`);
    assert.equal(d.functions.find((x) => x.handler), undefined);
  });

  test("NestJS: @Processor class's process(), @InjectQueue property sends, BullModule.registerQueue defaults", () => {
    const f = extract(`import { Processor, WorkerHost, InjectQueue, BullModule } from "@nestjs/bullmq";
import { Queue } from "bullmq";

BullModule.registerQueue({ name: "mail", defaultJobOptions: { attempts: 3 } });

@Processor("mail")
export class MailProcessor extends WorkerHost {
  async process(job) { return job.data; }
}

export class MailService {
  constructor(@InjectQueue("mail") private readonly mailQueue: Queue) {}
  async send() { await this.mailQueue.add("welcome", {}); }
}
`);
    assert.deepEqual(f.functions.find((x) => x.id === "MailProcessor.process")?.handler, { method: "TASK", route: "/mail", library: "bullmq" });
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.taskName]), [["this.mailQueue.add", "mail"]]);
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[4, 3]]);
  });
});

describe("Bull (legacy) job attempts", () => {
  test("add(data, opts) and add(name, data, opts); exponential is delay × (2^n − 1); process() marks the processor", () => {
    const f = extract(`import Queue from "bull";\nconst q = new Queue("video", "redis://redis:6379", { defaultJobOptions: { attempts: 2 } });\nq.process(async (job) => job.data);\nexport async function go() {\n  await q.add({ id: 1 }, { attempts: 4, backoff: { type: "exponential", delay: 1000 } });\n  await q.add("thumb", { id: 1 }, { attempts: 3 });\n}\n`);
    assert.deepEqual(f.layers.map((l) => [l.library, l.anchor.line, l.maxAttempts]), [["bull", 2, 2], ["bull", 5, 4], ["bull", 6, 3]]);
    assert.match(f.layers[1]!.wait.description, /\(2\^n − 1\)/);
    assert.match(f.layers[0]!.attemptsNote, /bull 4\.x/);
    assert.deepEqual(f.functions.find((x) => x.handler)?.handler, { method: "TASK", route: "/video", library: "bull" });
    assert.deepEqual(f.queueSends?.map((s) => [s.library, s.taskName]), [["bull", "video"], ["bull", "video"]]);
  });

  test("CommonJS require('bull') and a near miss: a Queue class of another module", () => {
    const f = extract(`const Queue = require("bull");\nconst q = new Queue("a", { defaultJobOptions: { attempts: 3 } });\nmodule.exports = q;\n`, "svc/q.js");
    assert.equal(f.layers[0]!.maxAttempts, 3);
    assert.equal(extract(`import { Queue } from "./queue";\nconst q = new Queue("a", { defaultJobOptions: { attempts: 3 } });\n`).layers.length, 0);
  });
});
