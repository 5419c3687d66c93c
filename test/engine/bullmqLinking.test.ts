/**
 * BullMQ, Bull and Agenda across the linker (docs/reference/bullmq.md): `queue.add(…)` is a queue
 * hop to the service whose code runs the queue's Worker; the job's `attempts` (its own, else the
 * queue's defaultJobOptions) wrap every layer the processor calls through.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const chain = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product ?? "∞"} ${p.services.join(">")}: ${p.layers.map((id) => `${result.model.layerById.get(id)!.label}×${result.model.layerById.get(id)!.maxAttempts ?? "∞"}`).join(" → ")}`).sort();

const worker = (rl001: string) => `//- jobs/package.json
{ "name": "jobs", "dependencies": { "bullmq": "^5.60.0", "@aws-sdk/client-ses": "^3.600.0" } }
//- jobs/src/worker.ts
import { Worker } from "bullmq";
import { SESClient, SendEmailCommand } from "@aws-sdk/client-ses";

const ses = new SESClient({});
// ^ layer ×3${rl001}

new Worker("emails", async (job) => {
  await ses.send(new SendEmailCommand({ Destination: { ToAddresses: [job.data.to] }, Message: { Body: {}, Subject: { Data: "hi" } }, Source: "a@b.c" }));
}, { connection: { host: "redis" } });
`;

describe("BullMQ linking", () => {
  test("queue.add in the api → the jobs worker; defaultJobOptions attempts 5 × the SES client's 3 = 15; an add's own attempts replaces them", async () => {
    const result = await checkFixture(`
//! rules RL001
//- api/package.json
{ "name": "api", "dependencies": { "bullmq": "^5.60.0", "express": "^4.19.0" } }
//- api/src/queue.ts
import { Queue } from "bullmq";

export const emailQueue = new Queue("emails", {
// ^ layer ×21
  connection: { host: "redis" },
  defaultJobOptions: { attempts: 5, backoff: { type: "exponential", delay: 1000, jitter: 0.5 } },
// ^ layer ×5 RL001
});
//- api/src/server.ts
import express from "express";
import { emailQueue } from "./queue";

const app = express();
app.post("/signup", async (req, res) => {
  await emailQueue.add("welcome", { to: req.body.email });
  res.sendStatus(202);
});
app.post("/invite", async (req, res) => {
  await emailQueue.add("invite", { to: req.body.email }, { attempts: 2 });
// ^ layer ×2 RL001
  res.sendStatus(202);
});
${worker(" RL001")}//! path 15 aws:ses
//! path 6 aws:ses
`);
    assert.deepEqual(chain(result), ["15 api>jobs>aws:ses: emails defaultJobOptions×5 → ses×3", "6 api>jobs>aws:ses: emailQueue.add×2 → ses×3"]);
    const hops = result.model.hops.filter((h) => h.caller === "api" && h.callee === "jobs");
    assert.ok(hops.length > 0 && hops.every((h) => h.protocol === "queue"));
  });

  test("attempts 1 (the default): the hop carries no layer; the path is the SES client's alone", async () => {
    const result = await checkFixture(`
//! rules RL001
//- api/package.json
{ "name": "api", "dependencies": { "bullmq": "^5.60.0" } }
//- api/src/send.ts
import { Queue } from "bullmq";

const emailQueue = new Queue("emails");
// ^ layer ×21

export async function signup(to: string) {
  await emailQueue.add("welcome", { to });
}
${worker("")}`);
    assert.deepEqual(chain(result), ["3 api>jobs>aws:ses: ses×3"]);
  });
});

describe("Agenda linking", () => {
  test("agenda.now('charge') runs the defined job under its backoff (maxRetries 5 → 6) × axios-retry 3 = 18; a job without backoff adds nothing", async () => {
    const result = await checkFixture(`
//! rules RL001
//- app/package.json
{ "name": "app", "dependencies": { "agenda": "^6.2.0", "axios": "^1.7.0", "axios-retry": "^4.4.0" } }
//- app/jobs.ts
import { Agenda, exponential } from "agenda";
import axios from "axios";
import axiosRetry from "axios-retry";

const billing = axios.create({ baseURL: "http://billing" });
axiosRetry(billing, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3 RL001

export const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });

agenda.define("charge", async (job) => {
  await billing.post("/charges", job.attrs.data, { headers: { "Idempotency-Key": job.attrs.data.id } });
}, { backoff: exponential({ delay: 1000, maxRetries: 5, jitter: 0.2 }) });
// ^ layer ×6 RL001

agenda.define("report", async () => {
  await billing.get("/reports");
});
//- app/server.ts
import { agenda } from "./jobs";

export async function checkout(id: string) {
  await agenda.now("charge", { id });
  await agenda.now("report", { id });
}
//! path 18 billing
//! path 3 billing
`);
    assert.deepEqual(chain(result), ["18 app>billing: charge×6 → billing×3", "3 app>billing: billing×3"]);
  });
});
