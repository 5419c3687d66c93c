import { proxyActivities } from "@temporalio/workflow";
import type * as activities from "./activities";

// no `retry`: Temporal's default activity policy — unlimited attempts, 1 s doubling to 100 s
const { summarize } = proxyActivities<typeof activities>({
  startToCloseTimeout: "1 minute",
});

const { postSummary } = proxyActivities<typeof activities>({
  startToCloseTimeout: "10 seconds",
  retry: { maximumAttempts: 4, initialInterval: "2s" },
});

export async function summarizeTicket(ticketId: string, text: string): Promise<void> {
  const summary = await summarize(text);
  await postSummary(ticketId, summary);
}
