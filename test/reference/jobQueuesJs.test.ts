/**
 * docs/reference/bullmq.md (bullmq 6.2.0 source, re-checked at 5.70.4 with @nestjs/bullmq 11.0.4, jitter from 5.54.0; bull 4.15.0; agenda 5.0.0
 * and 6.2.2): each default and number trap of Node job-queue retries, run through the real
 * extractors and linker (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const rows: Row[] = [
  {
    id: "bullmq", name: "no attempts (default 1): the job runs once, no layer", covers: ["default"],
    file: "api/queue.ts", kind: "bullmq-job",
    code: src`
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { removeOnComplete: true } });
    `,
    expect: "none",
  },
  {
    id: "bullmq", name: "attempts: 5 counts attempts → 5; no backoff → retried at once", covers: ["default", "§5.1"],
    file: "api/queue.ts", kind: "bullmq-job",
    code: src`
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { attempts: 5 } });
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["none", false, 0, 0], methods: "all", budget: null, note: /attempts: 5 → 5 attempts, the first run included/ },
  },
  {
    id: "bullmq", name: "attempts: 0 → 1 (disabled)", covers: ["trap"],
    file: "api/queue.ts", kind: "bullmq-job",
    code: src`
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { attempts: 0 } });
    `,
    expect: { maxAttempts: 1, wait: ["none", false] },
  },
  {
    id: "bullmq", name: "exponential 1000 ms: 2^(n−1) × delay, no cap, no jitter unless jitter > 0 (≥ 5.54)", covers: ["trap"],
    file: "api/queue.ts", kind: "bullmq-job",
    code: src`
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { attempts: 3, backoff: { type: "exponential", delay: 1000 } } });
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false, 1, null] },
  },
  {
    id: "bullmq", name: "backoff: { type: 'fixed', delay: 500, jitter: 0.5 } → fixed, jittered", covers: ["trap"],
    file: "api/queue.ts", kind: "bullmq-job",
    code: src`
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { attempts: 3, backoff: { type: "fixed", delay: 500, jitter: 0.5 } } });
    `,
    expect: { maxAttempts: 3, wait: ["fixed", true, 0.5, 0.5] },
  },
  {
    id: "bullmq", name: "NestJS queue options a function returns ({ name, defaultJobOptions }, @nestjs/bullmq 11.0.4): attempts 3 → 3 (bullmq 5.70.4)", covers: ["default"],
    file: "api/queues.utils.ts", kind: "bullmq-job",
    code: src`
      import { RegisterQueueOptions } from "@nestjs/bullmq";
      export function getMailQueueOptions(): RegisterQueueOptions {
        return { name: "mail", defaultJobOptions: { attempts: 3, backoff: { type: "exponential", delay: 10000 } } };
      }
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false, 10, null], note: /attempts: 3 → 3 attempts, the first run included/ },
  },
  {
    id: "bullmq", name: "attempts: process.env.X ? parseInt(process.env.X, 10) : 10, X set nowhere → the fallback 10", covers: ["trap"],
    file: "api/queue.ts", kind: "bullmq-job", workspace: true,
    code: src`
      //- api/queue.ts
      import { Queue } from "bullmq";
      export const q = new Queue("emails", { defaultJobOptions: { attempts: process.env.JOB_ATTEMPTS ? parseInt(process.env.JOB_ATTEMPTS, 10) : 10 } });
    `,
    expect: { maxAttempts: 10, note: /JOB_ATTEMPTS/, wait: ["none", false] },
  },
  {
    id: "bull", name: "Bull: attempts: 4 counts attempts → 4; exponential is delay × (2^n − 1), no jitter option", covers: ["default", "§5.1"],
    file: "api/queue.js", kind: "bullmq-job",
    code: src`
      const Queue = require("bull");
      const q = new Queue("video");
      q.add({ id: 1 }, { attempts: 4, backoff: { type: "exponential", delay: 1000 } });
    `,
    expect: { maxAttempts: 4, wait: ["exponential", false, 1, null], note: /bull 4\.x/ },
  },
  {
    id: "agenda", name: "Agenda ≤ 5 (and 6 without backoff): a failed job is never re-run — no layer", covers: ["default"],
    file: "app/jobs.ts", kind: "agenda-job",
    code: src`
      import { Agenda } from "agenda";
      const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
      agenda.define("charge", async () => {});
    `,
    expect: "none",
  },
  {
    id: "agenda", name: "Agenda 6: exponential() without maxRetries → default 3 retries → 4 runs, 1 s ×2, no jitter", covers: ["default", "§5.1"],
    file: "app/jobs.ts", kind: "agenda-job",
    code: src`
      import { Agenda, exponential } from "agenda";
      const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
      agenda.define("charge", async () => {}, { backoff: exponential() });
    `,
    expect: { maxAttempts: 4, wait: ["exponential", false, 1, null], note: /default 3 retries → 4 runs/ },
  },
  {
    id: "agenda", name: "Agenda 6: backoffStrategies.standard() → 5 retries → 6 runs, jitter 0.1", covers: ["trap"],
    file: "app/jobs.ts", kind: "agenda-job",
    code: src`
      import { Agenda, backoffStrategies } from "agenda";
      const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
      agenda.define("charge", async () => {}, { backoff: backoffStrategies.standard() });
    `,
    expect: { maxAttempts: 6, wait: ["exponential", true, 1, null] },
  },
  {
    id: "agenda", name: "Agenda 6: a custom backoff function decides the count itself", covers: ["trap"],
    file: "app/jobs.ts", kind: "agenda-job",
    code: src`
      import { Agenda } from "agenda";
      const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
      agenda.define("charge", async () => {}, { backoff: (ctx) => (ctx.attempt <= 3 ? 1000 : null) });
    `,
    expect: { maxAttempts: null, countUnknown: true, timeBound: null, wait: ["custom", null] },
  },
  {
    id: "bullmq", name: "a job's attempts multiply what the processor calls, across the queue hop: 5 × axios-retry 3 = 15", covers: ["§5.3"],
    file: "api/queue.ts", kind: "bullmq-job", workspace: true,
    code: src`
      //- api/package.json
      { "name": "api", "dependencies": { "bullmq": "^5.60.0" } }
      //- api/queue.ts
      import { Queue } from "bullmq";
      const q = new Queue("emails", { defaultJobOptions: { attempts: 5 } });
      export async function signup(to: string) { await q.add("welcome", { to }); }
      //- jobs/package.json
      { "name": "jobs", "dependencies": { "bullmq": "^5.60.0", "axios": "^1.7.0", "axios-retry": "^4.4.0" } }
      //- jobs/worker.ts
      import { Worker } from "bullmq";
      import axios from "axios";
      import axiosRetry from "axios-retry";
      const mailer = axios.create({ baseURL: "http://mailer" });
      axiosRetry(mailer, { retries: 2 });
      new Worker("emails", async (job) => { await mailer.get("/send"); });
    `,
    expect: { maxAttempts: 5, wait: ["none", false], path: { target: "mailer", product: 15 } },
  },
];

runTable("Node job queues", ["bullmq", "bull", "agenda"], rows);
