/**
 * Python job queues beyond Celery across the linker (docs/reference/job-queues-python.md): one
 * example per library of a task whose own retries multiply the retries of the HTTP client it
 * calls (a urllib3 `Retry(total=2)` session: 3 attempts), across the queue hop from the service
 * that sends it to the worker that runs it — the hop carries no layer unless the send adds one
 * (RQ `enqueue(…, retry=Retry(…))`).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

/** a worker's HTTP client: urllib3 Retry(total=2) → 3 attempts */
const SESSION = `import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×3 RL001
`;

const compose = (workerCommand: string) => `//- docker-compose.yml
services:
  web:
    build: ./web
    command: gunicorn web.app:app
  worker:
    build: ./worker
    command: ${workerCommand}
  billing:
    image: shop/billing
`;

const hopOf = (result: Awaited<ReturnType<typeof checkFixture>>) => {
  const hop = result.model.hops.find((h) => h.caller === "web" && h.callee === "worker");
  assert.ok(hop, `web → worker hop; hops: ${result.model.hops.map((h) => `${h.caller}→${h.callee}`).join(", ")}`);
  assert.equal(hop.protocol, "queue");
  return hop;
};
const pathTo = (result: Awaited<ReturnType<typeof checkFixture>>, product: number) => {
  const path = result.model.paths.find((p) => p.product === product && p.target === "billing");
  assert.ok(path, `no ${product}× path to billing: ${result.model.paths.map((p) => `${p.product} ${p.services.join(">")}`).join(", ")}`);
  return path;
};

describe("Python job queues: a task retry multiplies the HTTP retries inside it, across the queue hop", () => {
  test("Dramatiq: actor.send() is a hop to the `dramatiq` worker; default max_retries 20 → 21 × 3 = 63", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("dramatiq worker.tasks --processes 2")}//- worker/tasks.py
import dramatiq
${SESSION}

@dramatiq.actor
# ^ layer ×21 RL001
def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})
//- web/app.py
from worker.tasks import charge


def pay(order_id):
    charge.send(order_id)
//! path 63 billing
`);
    assert.deepEqual(pathTo(result, 63).services, ["web", "worker", "billing"]);
    assert.deepEqual(hopOf(result).layerIds, []);
    assert.equal(layerAt(result, "worker/tasks.py:10").attemptsNote, "default max_retries 20 → 21 executions (dramatiq 1.x–2.x)");
  });

  test("RQ: the Retry(max=3) given to enqueue is a layer of the send; the plain function runs in the `rq worker`: 4 × 3 = 12", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("rq worker --url redis://redis:6379 default")}//- worker/jobs.py
${SESSION}

def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})
//- web/app.py
from redis import Redis
from rq import Queue, Retry
from worker.jobs import charge

queue = Queue(connection=Redis("redis"))
# ^ layer ×11


def pay(order_id):
    queue.enqueue(charge, order_id, retry=Retry(max=3, interval=[10, 30, 60]))
# ^ layer ×4 RL001
//! path 12 billing
`);
    const hop = hopOf(result);
    assert.deepEqual(hop.layerIds.map((id) => result.model.layerById.get(id)!.kind), ["rq-job"]);
    assert.deepEqual(pathTo(result, 12).services, ["web", "worker", "billing"]);
    assert.equal(layerAt(result, "web/app.py:9").attemptsNote, "Retry(max=3) → 4 executions");
  });

  test("RQ: a job enqueued by its dotted name (the web does not import the worker's code) reaches that function", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("rq worker default")}//- worker/jobs.py
${SESSION}

def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})
//- web/app.py
from redis import Redis
from rq import Queue, Retry

queue = Queue(connection=Redis("redis", retry=None))
# ^ layer disabled


def pay(order_id):
    queue.enqueue("worker.jobs.charge", order_id, retry=Retry(max=2))
# ^ layer ×3 RL001
//! path 9 billing
`);
    assert.deepEqual(pathTo(result, 9).services, ["web", "worker", "billing"]);
    assert.deepEqual(hopOf(result).calls.map((c) => c.path), ["/worker.jobs.charge"]);
  });

  test("Huey: calling the task enqueues it for `huey_consumer`; retries=2 → 3 × 3 = 9", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("huey_consumer worker.tasks.huey -w 2")}//- worker/tasks.py
from huey import RedisHuey
${SESSION}
huey = RedisHuey("shop", host="redis")


@huey.task(retries=2, retry_delay=10)
# ^ layer ×3 RL001
def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})
//- web/app.py
from worker.tasks import charge


def pay(order_id):
    charge(order_id)
//! path 9 billing
`);
    assert.deepEqual(pathTo(result, 9).services, ["web", "worker", "billing"]);
    assert.deepEqual(hopOf(result).calls.map((c) => c.path), ["/worker.tasks.charge"]);
  });

  test("arq: enqueue_job(\"name\") is a hop to the `arq` worker; a job raising Retry runs max_tries 4 × 3 = 12", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("arq worker.main.WorkerSettings")}//- worker/main.py
import arq
${SESSION}

async def charge(ctx, order_id):
    try:
        session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})
    except requests.RequestException:
        raise arq.Retry(defer=ctx["job_try"] * 5)
# ^ layer ×4 RL001


class WorkerSettings:
    functions = [charge]
    max_tries = 4
//- web/app.py
from arq import create_pool


async def pay(order_id):
    redis = await create_pool()
    await redis.enqueue_job("charge", order_id)
//! path 12 billing
`);
    assert.deepEqual(pathTo(result, 12).services, ["web", "worker", "billing"]);
  });

  test("Prefect: a flow's retries multiply the task's it calls (submit or direct): 3 × 4 × 3 = 36", async () => {
    const result = await checkFixture(`
//! rules RL001
//- flows/pipeline.py
from prefect import flow, task
${SESSION}

@task(retries=3, retry_delay_seconds=[1, 5, 30], retry_jitter_factor=0.5)
# ^ layer ×4 RL001
def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})


@flow(retries=2, retry_delay_seconds=60)
# ^ layer ×3 RL001
def nightly(order_ids):
    for order_id in order_ids:
        charge.submit(order_id)
//! path 36 billing
`);
    const path = result.model.paths.find((p) => p.product === 36)!;
    assert.deepEqual(path.layers.map((id) => result.model.layerById.get(id)!.kind), ["prefect-flow", "prefect-task", "urllib3-retry"]);
  });

  test("Airflow: default_args retries=2 wrap a PythonOperator's callable, run by the scheduler: 3 × 3 = 9", async () => {
    const result = await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  airflow-scheduler:
    image: apache/airflow:2.9.3
    command: airflow scheduler
    volumes:
      - ./dags:/opt/airflow/dags
  billing:
    image: shop/billing
//- dags/charges.py
from datetime import datetime, timedelta
from airflow import DAG
from airflow.operators.python import PythonOperator
${SESSION}
default_args = {"retries": 2, "retry_delay": timedelta(minutes=1), "retry_exponential_backoff": True}


def charge_all():
    session.post("http://billing/charges/run", headers={"Idempotency-Key": "nightly"})


with DAG("charges", default_args=default_args, start_date=datetime(2024, 1, 1), schedule="@daily") as dag:
    PythonOperator(task_id="charge_all", python_callable=charge_all)
# ^ layer ×3 RL001
//! path 9 billing
`);
    const path = result.model.paths.find((p) => p.product === 9)!;
    assert.deepEqual(path.services, ["airflow-scheduler", "billing"]);
    assert.equal(layerAt(result, "dags/charges.py:19").attemptsNote, "retries=2 (default_args of DAG charges) → 3 tries");
  });

  test("Airflow: a callable imported from another file is sent by the operator, its retries a layer of the send; the official image's `command: scheduler` runs it: 4 × 3 = 12", async () => {
    const result = await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  airflow-scheduler:
    image: apache/airflow:2.9.3
    command: scheduler
  billing:
    image: shop/billing
//- plugins/charges.py
${SESSION}

def charge_all():
    session.post("http://billing/charges/run", headers={"Idempotency-Key": "nightly"})
//- dags/charges.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from plugins.charges import charge_all

with DAG("charges", default_args={"retries": 3}) as dag:
    PythonOperator(task_id="charge_all", python_callable=charge_all)
# ^ layer ×4 RL001
//! path 12 billing
`);
    const path = result.model.paths.find((p) => p.product === 12)!;
    assert.deepEqual(path.layers.map((id) => result.model.layerById.get(id)!.kind), ["airflow-task", "urllib3-retry"]);
    assert.equal(path.services[path.services.length - 2], "airflow-scheduler", path.services.join(">"));
  });

  test("Ray: retry_exceptions=True makes max_retries=2 re-run the task on the call's errors: 3 × 3 = 9; the default retries only system failures", async () => {
    const result = await checkFixture(`
//! rules RL001
${compose("ray start --address=ray-head:6379 --block")}//- worker/tasks.py
import ray
${SESSION}

@ray.remote(max_retries=2, retry_exceptions=True)
# ^ layer ×3 RL001
def charge(order_id):
    session.post(f"http://billing/charges/{order_id}", headers={"Idempotency-Key": order_id})


@ray.remote
# ^ layer disabled
def refund(order_id):
    session.post(f"http://billing/refunds/{order_id}", headers={"Idempotency-Key": order_id})
//- web/app.py
from worker.tasks import charge, refund


def pay(order_id):
    charge.remote(order_id)
    refund.options(num_cpus=1).remote(order_id)
//! path 9 billing
`);
    assert.deepEqual(pathTo(result, 9).services, ["web", "worker", "billing"]);
    assert.match(layerAt(result, "worker/tasks.py:15").attemptsNote, /default max_retries 3 → 4 executions \(ray 2\.x\) on worker\/node failures only/);
    assert.deepEqual(hopOf(result).calls.map((c) => c.path).sort(), ["/worker.tasks.charge", "/worker.tasks.refund"]);
  });
});
