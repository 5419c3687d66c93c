import { Worker } from "bullmq";
import axios from "axios";
import axiosRetry from "axios-retry";

const mailer = axios.create({ baseURL: "http://mailer", timeout: 5000 });
axiosRetry(mailer, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

new Worker("emails", async (job) => {
  await mailer.get(`/templates/${job.name}`);
}, { connection: { host: "redis" } });
