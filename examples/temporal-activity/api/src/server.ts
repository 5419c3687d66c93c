import express from "express";
import { Client, Connection } from "@temporalio/client";
import { summarizeTicket } from "../../worker/src/workflows";

const app = express();
app.use(express.json());

app.post("/tickets/:id/summary", async (req, res) => {
  const client = new Client({ connection: await Connection.connect({ address: process.env.TEMPORAL_ADDRESS }) });
  const handle = await client.workflow.start(summarizeTicket, {
    taskQueue: "tickets",
    workflowId: `summary-${req.params.id}`,
    args: [req.params.id, req.body.text],
  });
  res.status(202).json({ workflowId: handle.workflowId });
});

app.listen(3000);
