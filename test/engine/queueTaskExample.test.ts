/**
 * examples/queue-task (docs/reference/celery.md): a web request enqueues a Celery task whose
 * chain of two Celery tasks, each with autoretry (default max_retries 3 → 4 executions): one wraps
 * a tenacity-decorated call through a urllib3-retrying session (4 × 3 × 4 = 48), the other a boto3
 * SES client with botocore's default (legacy, 5 attempts: 4 × 5 = 20). The queue hop
 * web → worker carries no layer of its own.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { readWorkspace } from "../../server/src/host/workspace";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const DIR = join(__dirname, "..", "..", "examples", "queue-task");

describe("examples/queue-task", () => {
  test("the task's 4 executions multiply the layers inside it, across the queue hop web → worker", async () => {
    const read = await readWorkspace(DIR, {});
    const result = await analyzeWorkspace(read.files, DEFAULT_SETTINGS);
    const model = result.model;
    const chain = (p: (typeof model.paths)[number]) => p.layers.map((id) => `${model.layerById.get(id)!.label}×${model.layerById.get(id)!.maxAttempts}`).join(" → ");
    const paths = model.paths.map((p) => `${p.product} ${p.services.join(">")} ${p.target}: ${chain(p)}`);
    assert.deepEqual(paths, [
      "48 web>worker>invoices.partner.example invoices.partner.example: render_invoice×4 → fetch_invoice×3 → session×4",
      "20 web>worker>aws:ses aws:ses: email_receipt×4 → ses×5",
    ]);
    const task = model.layers.find((l) => l.kind === "celery-task" && l.label === "render_invoice")!;
    assert.equal(`${task.file}:${task.anchor.line}`, "worker/tasks.py:10");
    assert.equal(task.attemptsNote, "default max_retries 3 → 4 executions (celery 5.x)");
    assert.equal(task.service, "worker");
    const hop = model.hops.find((h) => h.caller === "web" && h.callee === "worker")!;
    assert.equal(hop.protocol, "queue");
    assert.deepEqual(hop.layerIds, []);
    assert.deepEqual(hop.calls.map((c) => `${c.file}:${c.span.line} ${c.method} ${c.path}`), ["web/app.py:12 TASK /worker.tasks.render_invoice", "web/app.py:12 TASK /worker.tasks.email_receipt"]);
    const rl001 = result.findings.filter((f) => f.rule === "RL001").map((f) => `${f.file}:${f.span.line}`).sort();
    assert.deepEqual(rl001, ["worker/invoices.py:11", "worker/invoices.py:14", "worker/mailer.py:4", "worker/tasks.py:10", "worker/tasks.py:15"]);
  });
});
