import { NativeConnection, Worker } from "@temporalio/worker";
import * as activities from "./activities";

async function run() {
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const worker = await Worker.create({ connection, taskQueue: "tickets", workflowsPath: require.resolve("./workflows"), activities });
  await worker.run();
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
