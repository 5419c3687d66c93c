import axios from "axios";
import axiosRetry from "axios-retry";
import OpenAI from "openai";

// no maxRetries: the SDK's default 2 retries → 3 attempts
const openai = new OpenAI();

const helpdesk = axios.create({ baseURL: "http://helpdesk" });
axiosRetry(helpdesk, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function summarize(text: string): Promise<string> {
  const r = await openai.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: `Summarize: ${text}` }] });
  return r.choices[0]?.message.content ?? "";
}

export async function postSummary(ticketId: string, summary: string): Promise<void> {
  await helpdesk.put(`/tickets/${ticketId}/summary`, { summary });
}
