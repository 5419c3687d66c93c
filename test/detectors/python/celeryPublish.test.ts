// Celery's publish retry — docs/reference/celery.md "Message sending retry" (celery 5.6.2
// defaults.py task_publish_retry True, task_publish_retry_policy {max_retries 3, interval_start 0,
// interval_step 0.2, interval_max 1}; kombu Connection.ensure: max_retries counts retries, None = forever).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

async function publishLayers(code: string) {
  const facts = await py(code, "proj/celery.py");
  return facts.layers.filter((l) => l.kind === "celery-publish-retry");
}

describe("celery publish retry (task_publish_retry / task_publish_retry_policy)", () => {
  const cases: Array<[string, string, number | null, "default" | "config"]> = [
    ["defaults: on, max_retries 3 → 4 publish attempts", `from celery import Celery\napp = Celery("proj", broker="amqp://rabbit")\n`, 4, "default"],
    ["policy in the constructor", `from celery import Celery\napp = Celery("proj", task_publish_retry_policy={"max_retries": 1, "interval_start": 0})\n`, 2, "config"],
    ["app.conf.task_publish_retry_policy = {…}", `from celery import Celery\napp = Celery("proj")\napp.conf.task_publish_retry_policy = {"max_retries": 5}\n`, 6, "config"],
    ["app.conf.update(task_publish_retry_policy=dict(…))", `from celery import Celery\napp = Celery("proj")\napp.conf.update(task_publish_retry_policy=dict(max_retries=2))\n`, 3, "config"],
    ["app.conf.update({…}) with max_retries None → forever", `from celery import Celery\napp = Celery("proj")\napp.conf.update({"task_publish_retry_policy": {"max_retries": None}})\n`, null, "config"],
    ["a policy without max_retries → kombu's ensure default None: forever", `from celery import Celery\napp = Celery("proj")\napp.conf.task_publish_retry_policy = {"interval_max": 2}\n`, null, "config"],
  ];
  for (const [name, code, attempts, source] of cases) {
    test(name, async () => {
      const [l, ...rest] = await publishLayers(code);
      assert.ok(l, "one publish layer");
      assert.equal(rest.length, 0);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.equal(l.anchor.line, 2, "anchored on the Celery(...) call");
      assert.equal(l.category, "client");
      assert.ok(l.offPath, "re-sends the message, never multiplies the worker's path");
    });
  }

  test("default wait: 0 s, +0.2 s per retry, at most 1 s, no jitter", async () => {
    const [l] = await publishLayers(`from celery import Celery\napp = Celery("proj")\n`);
    assert.deepEqual([l!.wait.kind, l!.wait.jitter, l!.wait.initialSeconds, l!.wait.maxSeconds], ["linear", false, 0, 1]);
  });

  test("config_from_object is named in the note (another module may turn it off)", async () => {
    const [l] = await publishLayers(`from celery import Celery\napp = Celery("proj")\napp.config_from_object("django.conf:settings", namespace="CELERY")\n`);
    assert.match(l!.attemptsNote, /config_from_object/);
  });

  const off: Array<[string, string]> = [
    ["task_publish_retry=False in the constructor", `from celery import Celery\napp = Celery("proj", task_publish_retry=False)\n`],
    ["app.conf.task_publish_retry = False", `from celery import Celery\napp = Celery("proj")\napp.conf.task_publish_retry = False\n`],
    ["max_retries 0", `from celery import Celery\napp = Celery("proj")\napp.conf.update(task_publish_retry_policy={"max_retries": 0})\n`],
    ["a Celery class that is not celery's", `from mylib import Celery\napp = Celery("proj")\n`],
  ];
  for (const [name, code] of off) {
    test(`no layer: ${name}`, async () => {
      assert.deepEqual(await publishLayers(code), []);
    });
  }
});
