// Celery task retries — docs/reference/celery.md (Celery 5.6.2: max_retries 3 counts retries,
// None = forever, default_retry_delay 180 s, retry_backoff ×2 capped at 600 s with full jitter).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { onlyLayer, py } from "./helpers";

const APP = "import requests\nfrom celery import Celery\n\napp = Celery(\"proj\", task_publish_retry=False)\n";
const task = (args: string, body = "    requests.get(\"http://inventory/items\")") => onlyLayer(`${APP}\n@app.task(${args})\ndef sync(sku):\n${body}\n`);

describe("celery counts (max_retries counts retries: N → N+1 executions)", () => {
  const cases: Array<[string, number | null, "config" | "default", string]> = [
    ["autoretry_for=(requests.RequestException,)", 4, "default", "default max_retries 3 → 4 executions (celery 5.x)"],
    ["autoretry_for=(requests.RequestException,), max_retries=5", 6, "config", "max_retries=5 → 6 executions"],
    ["autoretry_for=(requests.RequestException,), max_retries=1", 2, "config", "max_retries=1 → 2 executions"],
    ["autoretry_for=(requests.RequestException,), max_retries=0", 1, "config", "max_retries=0 → 1 executions"],
    ["autoretry_for=(requests.RequestException,), max_retries=None", null, "config", "max_retries=None: retries forever"],
    ["autoretry_for=[IOError], retry_kwargs={'max_retries': 9}", 10, "config", "retry_kwargs max_retries=9 → 10 executions"],
  ];
  for (const [args, attempts, source, note] of cases) {
    test(`@app.task(${args}) → ${attempts ?? "∞"}`, async () => {
      const l = await task(args);
      assert.equal(l.kind, "celery-task");
      assert.equal(l.category, "code");
      assert.equal(l.library, "celery");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.equal(l.attemptsNote, note);
      assert.deepEqual(l.attach, { kind: "function", functionId: "sync" });
      assert.equal(l.anchor.line, 6, "anchored on the @");
    });
  }
  test("a module constant; a count not known statically is unknown, not unbounded", async () => {
    const facts = await py(`${APP}N = 2\n\n@app.task(autoretry_for=(IOError,), max_retries=N)\ndef a():\n    pass\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 3);
    const unknown = await task("autoretry_for=(IOError,), max_retries=settings.RETRIES");
    assert.equal(unknown.maxAttempts, null);
    assert.equal(unknown.countUnknown, true);
  });
  test("self.retry(): several calls take the most retries; max_retries=None there keeps the task's", async () => {
    const facts = await py(`${APP}\n@app.task(bind=True, max_retries=2)\ndef sync(self, sku):\n    try:\n        requests.get('http://x/y')\n    except requests.Timeout as exc:\n        raise self.retry(exc=exc, max_retries=6)\n    except requests.ConnectionError as exc:\n        raise self.retry(exc=exc, max_retries=None)\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 7);
    assert.match(facts.layers[0]!.attemptsNote, /self\.retry\(max_retries=6\) → 7 executions/);
    assert.deepEqual(facts.layers[0]!.condition.exceptionTypes.sort(), ["requests.ConnectionError", "requests.Timeout"]);
  });
  test("an unbound task calling <task>.retry() retries too", async () => {
    const facts = await py(`${APP}\n@app.task\ndef sync(sku):\n    try:\n        requests.get('http://x/y')\n    except IOError as exc:\n        raise sync.retry(exc=exc, countdown=5)\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 4);
    assert.equal(facts.layers[0]!.wait.initialSeconds, 5);
  });
});

describe("celery waits (autoretry: retry_backoff ×2 capped at retry_backoff_max, full jitter unless retry_jitter=False; else countdown / default_retry_delay 180 s)", () => {
  const cases: Array<[string, string, boolean | null, number | null, number | null]> = [
    ["autoretry_for=(IOError,)", "fixed", false, 180, 180],
    ["autoretry_for=(IOError,), default_retry_delay=30", "fixed", false, 30, 30],
    ["autoretry_for=(IOError,), default_retry_delay=0", "none", false, 0, 0],
    ["autoretry_for=(IOError,), retry_backoff=True", "exponential", true, 1, 600],
    ["autoretry_for=(IOError,), retry_backoff=3, retry_backoff_max=30", "exponential", true, 3, 30],
    ["autoretry_for=(IOError,), retry_backoff=True, retry_jitter=False", "exponential", false, 1, 600],
    ["autoretry_for=(IOError,), retry_backoff=False", "fixed", false, 180, 180],
  ];
  for (const [args, kind, jitter, initial, max] of cases) {
    test(`@app.task(${args}) waits ${kind}`, async () => {
      const l = await task(args);
      assert.equal(l.wait.kind, kind);
      assert.equal(l.wait.jitter, jitter);
      assert.equal(l.wait.initialSeconds, initial);
      assert.equal(l.wait.maxSeconds, max);
    });
  }
  test("self.retry(countdown=random.uniform(…)) is jittered", async () => {
    const facts = await py(`${APP}import random\n\n@app.task(bind=True)\ndef s(self):\n    raise self.retry(countdown=random.uniform(1, 5))\n`);
    assert.equal(facts.layers[0]!.wait.jitter, true);
  });
});

describe("celery tasks, conditions and near misses", () => {
  test("every task is the worker's TASK entry under its registered name (name= or <module>.<function>)", async () => {
    const facts = await py(`${APP}\n@app.task\ndef a():\n    pass\n\n@app.task(name="billing.charge")\ndef b():\n    pass\n`, "proj/tasks.py");
    assert.deepEqual(facts.layers, []);
    assert.deepEqual(facts.functions.map((f) => [f.id, f.handler]), [
      ["a", { method: "TASK", route: "/proj.tasks.a", library: "celery" }],
      ["b", { method: "TASK", route: "/billing.charge", library: "celery" }],
    ]);
  });
  test("an imported app (from proj.celery import app) and @shared_task / @celery.shared_task", async () => {
    for (const head of ["from proj.celery import app\n\n@app.task(autoretry_for=(IOError,))", "from celery import shared_task\n\n@shared_task(autoretry_for=(IOError,))", "import celery\n\n@celery.shared_task(autoretry_for=(IOError,))"]) {
      const l = await onlyLayer(`${head}\ndef a():\n    pass\n`);
      assert.equal(l.maxAttempts, 4, head);
    }
  });
  test("autoretry_for=(Exception,) retries permanent errors (RL006 material); the task re-runs everything: any method", async () => {
    const l = await task("autoretry_for=(Exception,)");
    assert.ok(l.condition.permanentErrors);
    assert.equal(l.condition.afterSendMethods, "all");
  });
  test("task_annotations of the file: max_retries there wins over the decorator's; autoretry options only fill gaps", async () => {
    const facts = await py(
      `${APP}app.conf.task_annotations = {"*": {"max_retries": 1}, "proj.tasks.b": {"max_retries": 6, "autoretry_for": (KeyError,)}}\n\n@app.task(autoretry_for=(IOError,), max_retries=9)\ndef a():\n    pass\n\n@app.task\ndef b():\n    pass\n`,
      "proj/tasks.py",
    );
    assert.deepEqual(facts.layers.map((l) => [l.label, l.maxAttempts]), [["a", 2], ["b", 7]]);
    assert.deepEqual(facts.layers[1]!.condition.exceptionTypes, ["KeyError"]);
  });
  test("several **spreads of module dicts merge in order, a dict's own **spread first and its later keys winning; explicit keywords win", async () => {
    const facts = await py(
      `${APP}RETRYABLE = (IOError, requests.ConnectionError)\nLIMITS = {"time_limit": 30, "ignore_result": True}\nRETRY = {"autoretry_for": RETRYABLE, "retry_backoff": True, "max_retries": 5}\nSINGLE = {**RETRY, "autoretry_for": (KeyError, *RETRYABLE)}\nQUIET = dict(**RETRY, retry_jitter=False)\n\n@app.task(**LIMITS, **SINGLE)\ndef a():\n    pass\n\n@app.task(**LIMITS, **RETRY)\ndef b():\n    pass\n\n@app.task(**QUIET, max_retries=1)\ndef c():\n    pass\n`,
    );
    const [a, b, c] = facts.layers;
    assert.deepEqual(facts.layers.map((l) => [l.label, l.maxAttempts]), [["a", 6], ["b", 6], ["c", 2]]);
    assert.deepEqual(a!.condition.exceptionTypes, ["KeyError", "IOError", "requests.ConnectionError"]);
    assert.deepEqual(b!.condition.exceptionTypes, ["IOError", "requests.ConnectionError"]);
    assert.match(a!.attemptsNote, /max_retries=5 → 6 executions \(\*\*SINGLE ← \*\*RETRY\)/);
    assert.equal(a!.perTryTimeoutSeconds, 30);
    assert.equal(a!.wait.kind, "exponential");
    assert.equal(c!.wait.jitter, false);
  });
  test("time_limit is the per-execution timeout", async () => {
    assert.equal((await task("autoretry_for=(IOError,), time_limit=30")).perTryTimeoutSeconds, 30);
  });
  test("not Celery: huey, prefect, dramatiq decorators; autoretry_for=() is off", async () => {
    for (const code of [
      "from huey import RedisHuey\nhuey = RedisHuey()\n\n@huey.task(retries=3)\ndef a():\n    pass\n",
      "from prefect import task\n\n@task(retries=3)\ndef a():\n    pass\n",
      `${APP}\n@app.task(autoretry_for=())\ndef a():\n    pass\n`,
    ]) {
      // (huey and prefect have detectors of their own: docs/reference/job-queues-python.md)
      assert.deepEqual((await py(code)).layers.filter((l) => l.kind === "celery-task"), [], code);
    }
  });
});
