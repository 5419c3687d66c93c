import { Queue } from "bullmq";

export const emailQueue = new Queue("emails", {
  connection: { host: "redis" },
  defaultJobOptions: { attempts: 5, backoff: { type: "exponential", delay: 1000 } },
});

export async function invite(to: string) {
  await emailQueue.add("invite", { to }, { attempts: 4, backoff: 2000 });
}
