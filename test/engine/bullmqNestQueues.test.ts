/**
 * NestJS queues registered by name (docs/reference/bullmq.md "Sends, tasks and linking"):
 * `BullModule.registerQueue(getWorkQueueOptions())` with the options built by a function of another
 * file (`{ name, defaultJobOptions }`), or `registerQueueAsync({ name, useFactory })`; a service's
 * `@InjectQueue(name)` queue sends to it, and the `@Processor(name)` class's `process` runs the job:
 * the queue's attempts wrap what the processor calls (@nestjs/bullmq 11.0.4 creates
 * `new Queue(name, options)` from the registered options; bullmq 5.70.4 counts attempts).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { extractTypeScript } from "../../server/src/detectors/typescript/index";

const app = (register: string, utils: string, moduleNote = "") => `
//! rules RL001
//- package.json
{ "name": "app", "dependencies": { "bullmq": "5.70.4", "@nestjs/bullmq": "11.0.4", "openai": "4.104.0" } }
//- src/queues/queues.types.ts
export enum Queues {
  WORK = "work",
}
${utils}//- src/queues/queues.module.ts
import { BullModule } from "@nestjs/bullmq";
import { Module } from "@nestjs/common";
import { getWorkQueueOptions } from "./queues.utils";
import { Queues } from "./queues.types";
import { QueuesService } from "./queues.service";

@Module({ imports: [${register}], providers: [QueuesService] })
${moduleNote}export class QueuesModule {}
//- src/queues/queues.service.ts
import { InjectQueue } from "@nestjs/bullmq";
import { Queue, JobsOptions } from "bullmq";
import { Queues } from "./queues.types";

export class QueuesService {
  constructor(@InjectQueue(Queues.WORK) private workQueue: Queue) {}
  async addToWorkQueue(type: string, data: unknown, opts?: JobsOptions) {
    return this.workQueue.add(type, data, opts);
  }
}
//- src/mails/mails.controller.ts
import { Controller, Post } from "@nestjs/common";
import { QueuesService } from "src/queues/queues.service";

@Controller("mails")
export class MailsController {
  constructor(private queuesService: QueuesService) {}
  @Post()
  async send() {
    await this.queuesService.addToWorkQueue("extract", {});
  }
}
//- src/queues/work.processor.ts
import { Processor, WorkerHost } from "@nestjs/bullmq";
import { Job } from "bullmq";
import { Queues } from "./queues.types";
import { AiService } from "src/ai/ai.service";

@Processor(Queues.WORK)
export class WorkProcessor extends WorkerHost {
  constructor(private ai: AiService) { super(); }
  async process(job: Job) {
    return this.ai.extract(job.data);
  }
}
//- src/ai/ai.service.ts
import OpenAI from "openai";
export class AiService {
  private openai: OpenAI;
  constructor() {
    this.openai = new OpenAI({ apiKey: process.env.KEY });
// ^ layer ×3 RL001
  }
  async extract(data: unknown) {
    return this.openai.chat.completions.create({ model: "x", messages: [] });
  }
}
//- tsconfig.json
{ "compilerOptions": { "baseUrl": "." } }
`;

describe("NestJS BullModule.registerQueue by name", () => {
  test("options returned by a function of another file (`JOBS_NB_ATTEMPS ? parseInt(…) : 10`): 10 attempts × OpenAI's 3 = 30 from the controller", async () => {
    const result = await checkFixture(`${app("BullModule.registerQueue(getWorkQueueOptions())", `//- src/queues/queues.utils.ts
import { RegisterQueueOptions } from "@nestjs/bullmq";
import { Queues } from "./queues.types";

export function getWorkQueueOptions(): RegisterQueueOptions {
  return {
    name: Queues.WORK,
    defaultJobOptions: {
      attempts: process.env.JOBS_NB_ATTEMPS ? parseInt(process.env.JOBS_NB_ATTEMPS, 10) : 10,
// ^ layer ×10 RL001
      backoff: { type: "exponential", delay: 60000 },
    },
  };
}

export const getCronQueueOptions = (): RegisterQueueOptions => ({
  name: "cron",
  defaultJobOptions: { attempts: 1 },
// ^ layer disabled
});
`)}//! path 30 openai
`);
    const layer = result.model.layers.find((l) => l.kind === "bullmq-job" && l.maxAttempts === 10)!;
    assert.equal(layer.label, "Queues.WORK defaultJobOptions");
    assert.match(layer.attemptsNote, /JOBS_NB_ATTEMPS/);
  });

  test("registerQueueAsync({ name, useFactory: () => ({ defaultJobOptions }) }) in the module: 4 × 3 = 12", async () => {
    await checkFixture(`${app(
      "BullModule.registerQueueAsync({ name: Queues.WORK, useFactory: () => ({ defaultJobOptions: { attempts: 4 } }) })",
      "//- src/queues/queues.utils.ts\nexport const getWorkQueueOptions = () => null;\n",
      "// ^ layer ×4 RL001\n",
    )}//! path 12 openai
`);
  });
});

describe("queue options built by a function: near misses", () => {
  test("a `{ name, defaultJobOptions }` object in a file that imports neither bull nor bullmq is not a queue registration", () => {
    const f = extractTypeScript("src/config.ts", `export function opts() {\n  return { name: "work", defaultJobOptions: { attempts: 5 } };\n}\n`);
    assert.deepEqual(f.layers, []);
  });
});
