/**
 * Bull job options held in constants of another module and wrapper methods that enqueue
 * (docs/reference/bullmq.md "Sends, tasks and linking"): `export const OPTS: JobOptions = { attempts }`
 * is the layer, anchored on the constant; `queue.add(name, data, { ...OPTS, jobId })` and a call
 * handing `{ name, data, opts: { ...OPTS } }` objects to a method whose body sends them
 * (`addJobs(jobs) { return this.queue.addBulk(jobs); }`) are sends carrying it to the NestJS
 * `@Processor` class, whose `@Process` methods wrap every retrying client they call.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const chain = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product ?? "∞"} ${p.layers.map((id) => `${result.model.layerById.get(id)!.label}×${result.model.layerById.get(id)!.maxAttempts ?? "∞"}`).join(" → ")}`).sort();

const common = (pricesRule = " RL001") => `//- package.json
{ "name": "api", "dependencies": { "bull": "4.16.5", "@nestjs/bull": "11.0.4", "axios": "^1.7.0", "axios-retry": "^4.4.0" } }
//- libs/config.ts
import { JobOptions } from "bull";

export const DATA_QUEUE = "data";
export const GATHER_JOB = "GATHER";
export const GATHER_OPTIONS: JobOptions = {
  attempts: 12,
// ^ layer ×12 RL001
  backoff: { delay: 60000, type: "exponential" },
  removeOnComplete: true
};
export const SNAPSHOT_OPTIONS: JobOptions = { removeOnComplete: true };
//- src/provider.service.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const prices = axios.create({ baseURL: "http://prices" });
axiosRetry(prices, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3${pricesRule}

export class ProviderService {
  async history(symbol: string) {
    return prices.get(\`/history/\${symbol}\`);
  }
}
//- src/data.processor.ts
import { Process, Processor } from "@nestjs/bull";
import { Job } from "bull";
import { DATA_QUEUE, GATHER_JOB } from "../libs/config";
import { ProviderService } from "./provider.service";

@Processor(DATA_QUEUE)
export class DataProcessor {
  constructor(private readonly providerService: ProviderService) {}

  @Process({ concurrency: 1, name: GATHER_JOB })
  async gather(job: Job) {
    await this.providerService.history(job.data.symbol);
  }
}
`;

describe("Bull job options constants across modules", () => {
  test("queue.add(name, data, { ...IMPORTED_OPTIONS, jobId }) on an @InjectQueue queue: the constant's 12 × axios-retry 3 = 36", async () => {
    const result = await checkFixture(`
//! rules RL001
${common()}//- src/stats.service.ts
import { InjectQueue } from "@nestjs/bull";
import { Queue } from "bull";
import { DATA_QUEUE, GATHER_OPTIONS, SNAPSHOT_OPTIONS } from "../libs/config";

export class StatsService {
  constructor(@InjectQueue(DATA_QUEUE) private readonly queue: Queue) {}

  async refresh(names: string[]) {
    return Promise.all(names.map((jobName) => this.queue.add(jobName, {}, { ...GATHER_OPTIONS, jobId: jobName })));
  }

  async snapshot() {
    return this.queue.add("snap", {}, { ...SNAPSHOT_OPTIONS, jobId: "s" });
  }
}
//! path 36 prices
//! path 3 prices
`);
    assert.deepEqual(chain(result), ["3 prices×3", "36 GATHER_OPTIONS×12 → prices×3"]);
  });

  test("a wrapper method sends what it is handed: addJobs(jobs) → queue.addBulk(jobs), addJob({ name, data, opts }) → queue.add(name, data, opts)", async () => {
    const result = await checkFixture(`
//! rules RL001
${common()}//- src/data.service.ts
import { InjectQueue } from "@nestjs/bull";
import { JobOptions, Queue } from "bull";
import { DATA_QUEUE, GATHER_JOB, GATHER_OPTIONS } from "../libs/config";

export class DataService {
  constructor(@InjectQueue(DATA_QUEUE) private readonly dataQueue: Queue) {}

  async addJob({ data, name, opts }: { data: any; name: string; opts?: JobOptions }) {
    return this.dataQueue.add(name, data, opts);
  }

  async addJobs(jobs: { data: any; name: string; opts?: JobOptions }[]) {
    return this.dataQueue.addBulk(jobs);
  }

  async gatherSymbols(symbols: string[]) {
    return this.addJobs(
      symbols.map((symbol) => {
        return { data: { symbol }, name: GATHER_JOB, opts: { ...GATHER_OPTIONS, jobId: symbol } };
      })
    );
  }
}
//- src/cron.service.ts
import { GATHER_JOB } from "../libs/config";
import { DataService } from "./data.service";

export class CronService {
  constructor(private readonly dataService: DataService) {}

  async daily() {
    await this.dataService.addJob({ data: { symbol: "X" }, name: GATHER_JOB, opts: { attempts: 4, priority: 1 } });
// ^ layer ×4 RL001
  }
}
//! path 36 prices
//! path 12 prices
//! path 3 prices
`);
    assert.deepEqual(chain(result), ["12 this.dataService.addJob×4 → prices×3", "3 prices×3", "36 GATHER_OPTIONS×12 → prices×3"]);
  });

  test("Bull routes a job by its name: @Process({ name }) methods of one @Processor class each take their own jobs", async () => {
    const result = await checkFixture(`
//! rules RL001
${common("")}//- src/profile.processor.ts
import { Process, Processor } from "@nestjs/bull";
import axios from "axios";
import axiosRetry from "axios-retry";

const profiles = axios.create({ baseURL: "http://profiles" });
axiosRetry(profiles, { retries: 4, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×5 RL001

@Processor("profiles")
export class ProfileProcessor {
  @Process("refresh")
  async refresh(job) {
    await profiles.get("/refresh");
  }

  @Process({ name: "purge" })
  async purge(job) {
    await profiles.delete("/purge");
  }
}
//- src/profile.service.ts
import { InjectQueue } from "@nestjs/bull";
import { Queue } from "bull";
import { GATHER_OPTIONS } from "../libs/config";

export class ProfileService {
  constructor(@InjectQueue("profiles") private readonly queue: Queue) {}

  async refreshAll() {
    await this.queue.add("refresh", {}, GATHER_OPTIONS);
  }
}
//! path 60 profiles
//! path 5 profiles
//! path 3 prices
`);
    const viaJob = result.model.paths.find((p) => p.product === 60)!;
    const calls = result.model.hops.filter((h) => viaJob.layers.every((id) => h.layerIds.includes(id))).flatMap((h) => h.calls.map((c) => c.method));
    assert.deepEqual(calls, ["GET"]);
  });
});
