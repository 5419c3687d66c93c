/**
 * Celery queue hops across the linker (docs/reference/celery.md): sending a task (`delay`,
 * `apply_async`, `.s()`, `send_task("name")`) is a hop from the sending service to the worker
 * that runs the task (a workload whose command runs `celery … worker`), and the task's retry
 * layer wraps every layer its body calls through — the product multiplies across the hop.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const COMPOSE = `//- docker-compose.yml
services:
  web:
    build: ./web
    command: gunicorn web.app:app
  worker:
    build: ./worker
    command: celery -A worker worker --loglevel=info
  billing:
    image: shop/billing
`;

const TASKS = `//- worker/tasks.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry
from celery import Celery
from tenacity import retry, stop_after_attempt, wait_random_exponential

app = Celery("worker", task_publish_retry=False)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×4 RL001


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=4))
# ^ layer ×3 RL001
def charge_card(order_id):
    return session.get(f"http://billing/charges/{order_id}")


@app.task(autoretry_for=(requests.RequestException,), retry_backoff=True)
# ^ layer ×4 RL001
def charge(order_id):
    charge_card(order_id)
`;

describe("Celery linking", () => {
  test("task.delay() is a hop to the worker; the task's 4 executions multiply 3 × 4 inside it: 48", async () => {
    const result = await checkFixture(`
//! rules RL001
${COMPOSE}${TASKS}//- web/app.py
from flask import Flask
from worker.tasks import charge

app = Flask(__name__)


@app.post("/orders/<order_id>/pay")
def pay(order_id):
    charge.delay(order_id)
    return "", 202
//! path 48 billing
`);
    const path = result.model.paths.find((p) => p.product === 48)!;
    assert.deepEqual(path.services, ["web", "worker", "billing"]);
    const hop = result.model.hops.find((h) => h.caller === "web" && h.callee === "worker")!;
    assert.equal(hop.protocol, "queue");
    assert.deepEqual(hop.layerIds, []);
    assert.match(layerAt(result, "worker/tasks.py:17").attemptsNote, /default max_retries 3 → 4 executions/);
  });

  test("apply_async, .s()/.si() in a chain, send_task and signature by name reach the task; apply() runs in-process and is no queue hop", async () => {
    const result = await checkFixture(`
//! rules RL001
${COMPOSE}${TASKS}//- web/app.py
from celery import Celery, chain
from worker.tasks import charge

client = Celery("web", task_publish_retry=False)


def pay_async(order_id):
    charge.apply_async(args=[order_id], countdown=5)


def pay_chain(order_id):
    chain(charge.s(order_id), charge.si(order_id))()


def pay_by_name(order_id):
    client.send_task("worker.tasks.charge", args=[order_id])


def pay_eagerly(order_id):
    charge.apply(args=[order_id])


def pay_by_signature(order_id):
    client.signature("worker.tasks.charge", args=[order_id]).delay()
//! path 48 billing
`);
    const hop = result.model.hops.find((h) => h.caller === "web" && h.callee === "worker")!;
    assert.deepEqual(hop.calls.map((c) => c.span.line).sort((a, b) => a - b), [8, 12, 16, 24]);
  });

  test("a path through the worker goes on only from the task that was sent", async () => {
    const result = await checkFixture(`
//! rules RL001
${COMPOSE}${TASKS}
@app.task(autoretry_for=(Exception,), max_retries=9)
# ^ layer ×10 RL001
def audit():
    requests.get("http://audit/log")
//- web/app.py
from worker.tasks import charge


def pay(order_id):
    charge.delay(order_id)
//! path 48 billing
//! path 10 audit
`);
    assert.ok(!result.model.paths.some((p) => p.services.join(">") === "web>worker>audit"), "the web never sends audit");
  });

  test("no worker command: the task's own folder service runs it; sender and worker alike follow the task inline", async () => {
    await checkFixture(`
//! rules RL001
//- app/tasks.py
import requests
from celery import shared_task


@shared_task(bind=True, max_retries=2)
# ^ layer ×3
def notify(self, user):
    try:
        requests.post("http://mailer/send", json={"to": user}, headers={"Idempotency-Key": user})
    except requests.ConnectionError as exc:
        raise self.retry(exc=exc, countdown=30)


def signup(user):
    notify.delay(user)
//! path 3 mailer
`);
  });

  test("no mesh default on a queue hop: the broker, not the worker's sidecar, carries the task", async () => {
    const result = await checkFixture(`
//! rules RL001
//- k8s.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      containers:
        - name: web
          image: shop/web
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
  namespace: shop
spec:
  template:
    spec:
      containers:
        - name: worker
          image: shop/worker
          command: ["celery"]
          args: ["-A", "worker", "worker"]
//- web/app.py
from worker.tasks import audit


def pay():
    audit.delay()
//- worker/tasks.py
from celery import Celery

app = Celery("worker", task_publish_retry=False)


@app.task(autoretry_for=(KeyError,))
# ^ layer disabled
def audit():
    pass
`);
    const hop = result.model.hops.find((h) => h.caller === "web" && h.callee === "worker");
    assert.ok(hop, "web → worker queue hop");
    assert.deepEqual(hop!.layerIds, []);
  });
});
