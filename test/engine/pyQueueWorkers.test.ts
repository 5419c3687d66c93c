/**
 * The worker commands of the Python job-queue adapters (engine/queues/, docs/reference/job-queues-python.md):
 * which workload commands start a worker of each library, and the app module they name.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { WorkloadFact } from "../../server/src/model/facts";
import { airflow } from "../../server/src/engine/queues/airflow";
import { arq } from "../../server/src/engine/queues/arq";
import { dramatiq } from "../../server/src/engine/queues/dramatiq";
import { huey } from "../../server/src/engine/queues/huey";
import { prefect } from "../../server/src/engine/queues/prefect";
import { ray } from "../../server/src/engine/queues/ray";
import { rq } from "../../server/src/engine/queues/rq";
import type { JobQueueAdapter } from "../../server/src/engine/jobQueues";

const workload = (name: string, images: string[] = []): WorkloadFact => ({ name, codeDir: "worker", images } as unknown as WorkloadFact);

describe("python job-queue worker commands", () => {
  const cases: Array<[JobQueueAdapter, string, string, string | null | undefined, string[]?]> = [
    [dramatiq, "worker", "dramatiq app.tasks --processes 2", "app.tasks"],
    [dramatiq, "worker", "python -m dramatiq app.tasks:broker", "app.tasks"],
    [dramatiq, "worker", "python manage.py rundramatiq", null],
    [dramatiq, "web", "gunicorn app:app", undefined],
    [rq, "worker", "rq worker --url redis://redis:6379 high default", null],
    [rq, "worker", "python manage.py rqworker default", null],
    [rq, "dashboard", "rq-dashboard", undefined],
    [rq, "info", "rq info", undefined],
    [huey, "worker", "huey_consumer main.huey -w 4", "main"],
    [huey, "worker", "huey_consumer.py app.tasks.huey", "app.tasks"],
    [huey, "worker", "python manage.py run_huey", null],
    [arq, "worker", "arq app.worker.WorkerSettings", "app.worker"],
    [arq, "worker", "arq --watch app app.worker.WorkerSettings", "app.worker"],
    [airflow, "airflow-scheduler", "airflow scheduler", null],
    [airflow, "worker", "airflow celery worker", null],
    [airflow, "airflow-scheduler", "scheduler", null],
    [airflow, "airflow-worker", "celery worker", null],
    [airflow, "web", "airflow webserver", undefined],
    [airflow, "flower", "celery worker", undefined],
    [ray, "ray-head", "ray start --head --port=6379 --block", null],
    [ray, "ray-status", "ray status", undefined],
  ];
  for (const [adapter, name, command, app] of cases) {
    test(`${adapter.library}: ${name} \`${command}\` → ${app === undefined ? "no worker" : `app ${app}`}`, () => {
      const spec = adapter.workerOf?.(workload(name), command) ?? null;
      if (app === undefined) assert.equal(spec, null);
      else assert.deepEqual(spec, { app, codeDir: "worker" });
    });
  }
  test("prefect: no worker command (tasks run in the flow's process)", () => assert.equal(prefect.workerOf, undefined));
});
