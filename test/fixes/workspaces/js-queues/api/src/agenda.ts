import { Agenda, exponential } from "agenda";

export const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });

agenda.define("charge", async (job) => {
  await fetch(`http://billing/charges/${job.attrs.data.id}`, { method: "POST", signal: AbortSignal.timeout(5000) });
}, { backoff: exponential({ delay: 1000, maxRetries: 5 }) });

export async function checkout(id: string) {
  await agenda.now("charge", { id });
}
