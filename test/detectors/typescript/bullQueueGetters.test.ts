// Bull queues reached through functions (docs/reference/bullmq.md "Queues from functions and getters"):
// a queue factory's call-site defaults, a send on the queue a function returns, and job options a send
// reads from a getter of its own class.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("Bull queues from functions and getters", () => {
  test("a workspace queue factory called with a name and job options (attempts with a backoff) is a layer at the call; options without attempts or backoff are none", () => {
    const f = extract(`import { createQueue } from "@server/queues/queue";
export const events = () => createQueue("globalEvents", {
  attempts: 5,
  backoff: { type: "exponential", delay: 1000 },
});
export const sockets = () => createQueue("websockets", { timeout: 10000 });
export const other = () => createQueue("other", { attempts: 3 });
`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.library, l.anchor.line, l.maxAttempts, l.wait.kind]), [["globalEvents defaultJobOptions (createQueue)", "bull", 3, 5, "exponential"]]);
  });

  test("taskQueue().add(data, opts): a send on the queue an imported function returns, its attempts a layer", () => {
    const f = extract(`import type Bull from "bull";
import { taskQueue } from "@server/queues";
export class Email {
  schedule(options?: Bull.JobOptions) {
    return taskQueue().add({ name: "EmailTask" }, { priority: 1, attempts: 5, backoff: { type: "exponential", delay: 60000 }, ...options });
  }
}
`);
    assert.deepEqual(f.queueSends?.filter((s) => s.library === "bull").map((s) => [s.callee, s.layerIds.length]), [["taskQueue().add", 1]]);
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[5, 5]]);
  });

  test("add(data, { ...options, ...this.options }): the attempts of the class's own getter are the send's layer; a getter without attempts gives none", () => {
    const f = extract(`import type { Job, JobOptions } from "bull";
import { taskQueue } from "../../";
export abstract class BaseTask<T> {
  public schedule(props: T, options?: JobOptions): Promise<Job> {
    return taskQueue().add({ name: this.constructor.name, props }, { ...options, ...this.options });
  }
  public get options(): JobOptions {
    return {
      priority: 20,
      attempts: 5,
    };
  }
}
export class Quiet {
  public schedule(props: object) { return taskQueue().add(props, this.options); }
  public get options() { return { priority: 1 }; }
}
`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.anchor.line, l.maxAttempts]), [["taskQueue().add (BaseTask.options)", 10, 5]]);
    assert.deepEqual(f.queueSends?.filter((s) => s.library === "bull").map((s) => [s.callee, s.layerIds.length]), [["taskQueue().add", 1], ["taskQueue().add", 0]]);
  });

  test("a subclass getter overriding job options (attempts with priority), or one typed JobOptions, is a layer; other getters are none", () => {
    const f = extract(`import type { JobOptions } from "bull";
import { BaseTask } from "./base/BaseTask";
export default class UploadAvatarTask extends BaseTask<object> {
  public get options() {
    return {
      attempts: 3,
      priority: 20,
    };
  }
}
export class Retrying extends Base {
  get config() { return { attempts: 3, delay: 100 }; }
}
export abstract class ImportTask {
  public get options(): JobOptions {
    return { attempts: 2 };
  }
}
`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.anchor.line, l.maxAttempts]), [["UploadAvatarTask.options job options", 6, 3], ["ImportTask.options job options", 16, 2]]);
  });
});
