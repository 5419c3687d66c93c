// Python job queues beyond Celery — docs/reference/job-queues-python.md: which functions are
// tasks (their worker's entry, `TASK /<name>`), what the sends record, and the near misses
// that are no layers. The numbers of each default and trap are in test/reference/jobQueuesPython.test.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const handlers = async (text: string, path = "svc/mod.py") =>
  (await py(text, path)).functions.filter((f) => f.handler).map((f) => `${f.id} ${f.handler!.library} ${f.handler!.route}`);
const layers = async (text: string) => (await py(text)).layers.map((l) => `${l.kind}@${l.anchor.line} ×${l.maxAttempts ?? "∞"}`);

describe("python job queues: task functions are their worker's entries", () => {
  const cases: Array<[string, string, string[]]> = [
    ["dramatiq: the function name, or actor_name=", "import dramatiq\n@dramatiq.actor\ndef a(): ...\n@dramatiq.actor(actor_name=\"b2\")\ndef b(): ...\n", ["a dramatiq /a", "b dramatiq /b2"]],
    ["rq @job: <module>.<function>", "from rq.decorators import job\n@job(\"default\")\ndef a(): ...\n", ["a rq /svc.mod.a"]],
    ["huey: <module>.<name>", "from huey import RedisHuey\nhuey = RedisHuey()\n@huey.task()\ndef a(): ...\n@huey.periodic_task(None, name=\"sweep\")\ndef b(): ...\n", ["a huey /svc.mod.a", "b huey /svc.mod.sweep"]],
    ["arq: listed in WorkerSettings, func(name=…) renames", "from arq import func\nasync def a(ctx): ...\nasync def b(ctx): ...\nclass WorkerSettings:\n    functions = [a, func(b, name=\"bee\")]\n", ["a arq /a", "b arq /bee"]],
    ["prefect: tasks and flows, name=", "from prefect import flow, task\n@task(name=\"fetch-it\")\ndef a(): ...\n@flow\ndef b(): a()\n", ["a prefect /fetch-it", "b prefect /b"]],
    ["airflow: <dag_id>.<task_id>", "from airflow import DAG\nfrom airflow.operators.python import PythonOperator\nfrom airflow.decorators import task\ndef a(): ...\n@task\ndef b(): ...\nwith DAG(\"etl\") as dag:\n    PythonOperator(task_id=\"pull\", python_callable=a)\n    b()\n", ["a airflow /etl.pull", "b airflow /etl.b"]],
    ["ray: <module>.<function>", "import ray\n@ray.remote(num_cpus=1)\ndef a(): ...\n", ["a ray /svc.mod.a"]],
  ];
  for (const [name, text, want] of cases) test(name, async () => assert.deepEqual((await handlers(text)).sort(), want));
});

describe("python job queues: near misses are no layers", () => {
  const cases: Array<[string, string, string[]]> = [
    ["a `.task` decorator on something that is no Huey instance", "class Registry:\n    def task(self, **kw): return lambda f: f\nregistry = Registry()\n@registry.task(retries=3)\ndef a(): ...\n", []],
    ["a `remote` decorator that is not Ray's", "from myrpc import remote\n@remote(max_retries=5, retry_exceptions=True)\ndef a(): ...\n", []],
    ["urllib3's Retry given to enqueue is no RQ retry", "from urllib3.util import Retry\nfrom rq import Queue\nq = Queue()\ndef go(): q.enqueue(print, retry=Retry(total=3))\n", ["urllib3-retry@4 ×4"]],
    ["Prefect retries=None is the setting default (0)", "from prefect import task\n@task(retries=None)\ndef a(): ...\n", []],
    ["an arq Retry raised outside any job function of the file", "from arq import Retry\ndef helper():\n    return 1\n", []],
    ["an Airflow operator that runs no Python of the file keeps no layer", "from airflow import DAG\nfrom airflow.operators.bash import BashOperator\nwith DAG(\"etl\", default_args={\"retries\": 3}) as dag:\n    BashOperator(task_id=\"b\", bash_command=\"true\")\n", []],
  ];
  for (const [name, text, want] of cases) test(name, async () => assert.deepEqual(await layers(text), want));
});

describe("python job queues: sends the linker follows", () => {
  test("RQ: every enqueue of a function records a send, with its retry layer", async () => {
    const facts = await py("from rq import Queue, Retry\nfrom jobs import fetch\nq = Queue()\ndef go(u):\n    q.enqueue(fetch, u)\n    q.enqueue_in(60, fetch, u, retry=Retry(max=2))\n    q.enqueue(\"jobs.fetch\", u)\n");
    assert.deepEqual(
      (facts.queueSends ?? []).map((s) => `${s.library} ${s.callee}:${s.line} ${s.taskRef ?? s.taskName} [${s.layerIds.join(",")}]`),
      ["rq q.enqueue:5 fetch []", `rq q.enqueue_in:6 fetch [${facts.layers[0]!.localId}]`, "rq q.enqueue:7 jobs.fetch []"],
    );
    assert.deepEqual(facts.layers[0]!.attach, { kind: "client" }, "a layer of the send: attached to no function");
  });
  test("RQ: a receiver named like a queue counts where the file does not import rq; other enqueues do not", async () => {
    const facts = await py("from app.queues import default_queue, scheduler\nfrom jobs import fetch\ndef go(u):\n    default_queue.enqueue(fetch, u)\n    scheduler.enqueue(fetch, u)\n");
    assert.deepEqual((facts.queueSends ?? []).map((s) => s.callee), ["default_queue.enqueue"]);
  });
  test("Ray actors: max_task_retries with retry_exceptions puts a layer on each public method", async () => {
    assert.deepEqual(
      await layers("import ray\n@ray.remote(max_restarts=2, max_task_retries=3, retry_exceptions=True)\nclass Worker:\n    def run(self): ...\n    def _private(self): ...\n    def stop(self): ...\n"),
      ["ray-task@2 ×4", "ray-task@2 ×4"],
    );
  });
});
