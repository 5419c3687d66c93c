// The Celery app's publish retry (docs/reference/celery.md "Message sending retry") is reported
// at Celery(...) but multiplies no path: a handler's task.delay() path through the worker keeps
// the task's and its body's layers only.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Celery publish retry on request paths", () => {
  test("reported at the app, off the paths: POST → delay → worker task (4) → billing stays 4", async () => {
    const result = await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  web:
    build: ./web
    command: gunicorn web.app:app
  worker:
    build: ./worker
    command: celery -A worker worker --loglevel=info
  billing:
    image: shop/billing
//- worker/tasks.py
import requests
from celery import Celery

app = Celery("worker", broker="amqp://rabbit")
# ^ layer ×4


@app.task(autoretry_for=(requests.RequestException,), retry_backoff=True)
# ^ layer ×4 RL001
def charge(order_id):
    requests.post(f"http://billing/charges/{order_id}")
//- web/app.py
from flask import Flask
from worker.tasks import charge

app = Flask(__name__)


@app.post("/orders/<order_id>/pay")
def pay(order_id):
    charge.delay(order_id)
    return "", 202
//! path 4 billing
//! paths 1
`);
    const publish = result.model.layers.find((l) => l.kind === "celery-publish-retry")!;
    assert.match(publish.offPath ?? "", /task itself is not run again/);
  });
});
