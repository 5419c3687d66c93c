/**
 * Huey tasks declared through a project's task factory (docs/reference/job-queues-python.md,
 * "Huey" and "Decorator wrappers"): a name bound once to Huey's decorator —
 * `retrying_task = huey.context_task(Session(), as_argument=True, retries=6 * 4, retry_delay=10 * 60)`
 * in one module, `@tasks_huey.retrying_task` / `@retrying_task` in others — a `functools.partial`
 * of `huey.task`, or a function returning `huey.task(**kwargs)`. huey 2.5.3 `huey/api.py`:
 * `context_task(obj, as_argument, **kwargs)` → `self.task(**kwargs)`; `task(retries=0,
 * retry_delay=0, …)`; `_execute` requeues while `task.retries` is left, `_requeue_task` takes one:
 * retries=N → N+1 executions, unset → none. The count is simple constant arithmetic (`6 * 4`).
 * The task body's calls (a boto3 client built in a third module) link under the task's layer.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt, parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const FACTORY = `//- app/queue.py
import functools

from huey import RedisHuey

from app import db

huey = RedisHuey("app")

plain_task = huey.context_task(db.Session(), as_argument=True)

sessionless_task = huey.task()

retrying_task = huey.context_task(
    db.Session(), as_argument=True, retries=6 * 4, retry_delay=10 * 60
)

positional_task = huey.task(2, 30)

partial_task = functools.partial(huey.task, retries=3)


def my_task(**kwargs):
    kwargs.setdefault("retries", 4)
    return huey.task(**kwargs)
//- app/db.py
class Session:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False
//- app/cloud.py
import boto3

session = boto3.Session(region_name="us-east-1")
iam = session.client("iam")
s3 = session.client("s3")
`;

describe("Huey task factories", () => {
  test("@queue.retrying_task of another module: retries=6 * 4 → 25 executions × the body's boto3 client (5)", async () => {
    const result = await checkFixture(`
//! rules RL001
${FACTORY.replace('iam = session.client("iam")', 'iam = session.client("iam")\n# ^ layer ×5 RL001').replace('s3 = session.client("s3")', 's3 = session.client("s3")\n# ^ layer ×5 RL001')}//- app/tasks/certs.py
from app import queue
from app.cloud import iam


@queue.retrying_task
# ^ layer ×25 RL001
def upload_certificate(session, operation_id):
    iam.upload_server_certificate(ServerCertificateName=str(operation_id))
//- app/tasks/files.py
from app.cloud import s3
from app.queue import retrying_task


@retrying_task
# ^ layer ×25 RL001
def upload_files(session, operation_id):
    client = s3
    client.put_object(Bucket="b", Key=str(operation_id), Body=b"")
//! path 125 aws:iam
//! path 125 aws:s3
`);
    const l = layerAt(result, "app/tasks/certs.py:5");
    assert.equal(l.kind, "huey-task");
    assert.equal(l.label, "upload_certificate");
    assert.match(l.attemptsNote, /retries=6 \* 4 = 24 \(set by retrying_task\) → 25 executions/);
    assert.equal(l.wait.kind, "fixed");
    assert.equal(l.wait.initialSeconds, 600);
  });

  // table: the factory and how it is used
  const cases: Array<[string, string, string, number | null]> = [
    ["a bound context_task without retries: no layer", "from app.queue import plain_task", "@plain_task", null],
    ["a bound huey.task(): no layer", "from app.queue import sessionless_task", "@sessionless_task", null],
    ["a bound huey.task(2, 30): positional retries", "from app.queue import positional_task", "@positional_task", 3],
    ["a bound factory called again is no task of it", "from app.queue import retrying_task", "@retrying_task()", null],
    ["functools.partial(huey.task, retries=3)()", "from app.queue import partial_task", "@partial_task()", 4],
    ["functools.partial: the call's keyword wins", "from app.queue import partial_task", "@partial_task(retries=1)", 2],
    ["a wrapper function's setdefault", "from app.queue import my_task", "@my_task()", 5],
    ["a wrapper function: the caller's retries win", "from app.queue import my_task", "@my_task(retries=0)", 1],
  ];
  for (const [name, imports, decorator, attempts] of cases) {
    test(`${name}: ${decorator} → ${attempts === null ? "no layer" : `×${attempts}`}`, async () => {
      const { files, settings } = parseFixture(`${FACTORY}//- app/tasks/job.py
import thirdparty
${imports}


${decorator}
def job(x):
    thirdparty.go(x)
`);
      const result = await analyzeWorkspace(files, settings);
      const found = result.model.layers.filter((l) => l.kind === "huey-task").map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts]);
      assert.deepEqual(found, attempts === null ? [] : [["app/tasks/job.py:5", attempts]]);
    });
  }

  test("a Huey decorator written in place is still read by the Huey detector alone (no second layer)", async () => {
    const { files, settings } = parseFixture(`${FACTORY}//- app/tasks/direct.py
import thirdparty
from app.queue import huey


@huey.task(retries=2)
def direct(x):
    thirdparty.go(x)
`);
    const result = await analyzeWorkspace(files, settings);
    const found = result.model.layers.filter((l) => l.kind === "huey-task").map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts]);
    assert.deepEqual(found, [["app/tasks/direct.py:5", 3]]);
  });
});
