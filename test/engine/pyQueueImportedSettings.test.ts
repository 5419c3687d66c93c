/**
 * Python job-queue settings written in another module, and what a task's body calls:
 * - Airflow `default_args` imported from another module (`from dags import default_args`), passed
 *   to `DAG(default_args=…)` / `with DAG(...)`: its `retries` applies to every operator of the DAG
 *   that sets none (Airflow 2.x–3.x `BaseOperator`: `retries` counts retries → N+1 tries; a dict
 *   without it leaves `[core] default_task_retries` 0); also for mapped operators,
 *   `PythonOperator.partial(…).expand(…)` (docs/reference/job-queues-python.md#airflow).
 * - A hand-rolled loop whose attempt runs in `async with` items (`async with session.request(…) as
 *   response:`): the items' calls are the loop's operation (detectors/python/retryLoop.ts).
 * - A local bound only to other names (`s3 = s3_a` / `s3 = s3_b` in two branches), or to a boto3
 *   waiter/paginator of a client (`waiter = client.get_waiter(…)`; botocore's `Waiter.wait` calls
 *   the client's operation): a call through it is a call through each (FunctionFact.localAliases,
 *   engine/link.ts).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const DAGS = `//- src/dags/__init__.py
from datetime import timedelta

default_args = {
    "owner": "data",
    "retries": 2,
    "retry_delay": timedelta(seconds=10),
}
//- src/dags/no_retries.py
default_args = {"owner": "data"}
//- src/tasks/jobs.py
import requests


def pull():
    requests.get("http://api:8080/items")
`;

async function layers(text: string, kind: string) {
  const { files, settings } = parseFixture(text);
  const result = await analyzeWorkspace(files, settings);
  return { result, found: result.model.layers.filter((l) => l.kind === kind).map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts]) };
}

describe("Airflow default_args of another module", () => {
  test("from dags import default_args: retries 2 → 3 tries on each operator, the mapped one too", async () => {
    const { result, found } = await layers(`${DAGS}//- src/dags/pipeline.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from dags import default_args
from tasks.jobs import pull

with (DAG(
    dag_id="pipeline",
    default_args=default_args,
) as dag):
    first = PythonOperator(task_id="first", python_callable=pull)
    own = PythonOperator(task_id="own", python_callable=pull, retries=0)
    mapped = PythonOperator.partial(
        task_id="mapped",
        python_callable=pull,
    ).expand(op_kwargs=[{}])
`, "airflow-task");
    assert.deepEqual(found, [["src/dags/pipeline.py:10", 3], ["src/dags/pipeline.py:11", 1], ["src/dags/pipeline.py:12", 3]]);
    const l = result.model.layers.find((x) => x.file === "src/dags/pipeline.py" && x.anchor.line === 10)!;
    assert.match(l.attemptsNote, /retries=2 \(default_args of DAG pipeline: default_args, imported\) → 3 tries/);
    assert.ok(result.model.paths.some((p) => p.product === 3 && p.target === "api"));
  });

  test("a dict without retries, or a name the workspace does not hold: Airflow's default, one try (disabled)", async () => {
    const { found } = await layers(`${DAGS}//- src/dags/plain.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from dags.no_retries import default_args
from tasks.jobs import pull

with DAG(dag_id="plain", default_args=default_args) as dag:
    PythonOperator(task_id="t", python_callable=pull)
//- src/dags/external.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from company_airflow_defaults import default_args
from tasks.jobs import pull

with DAG(dag_id="external", default_args=default_args) as dag:
    PythonOperator(task_id="t", python_callable=pull)
`, "airflow-task");
    assert.deepEqual(found.sort(), [["src/dags/external.py:7", 1], ["src/dags/plain.py:7", 1]]);
  });

  test("a task whose callable calls nothing keeps its tries: Airflow also retries a task instance that died (zombie), unlike an inert decorator", async () => {
    const { result, found } = await layers(`${DAGS}//- src/dags/trigger.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from dags import default_args

def triggerer():
    return True

with DAG(dag_id="trigger", default_args=default_args) as dag:
    PythonOperator(task_id="triggerer", python_callable=triggerer)
`, "airflow-task");
    assert.deepEqual(found, [["src/dags/trigger.py:9", 3]]);
    const l = result.model.layers.find((x) => x.file === "src/dags/trigger.py")!;
    assert.doesNotMatch(l.attemptsNote, /inert/);
    assert.equal(l.disabled, false);
  });

  test("default_args bound in the file is read there, as before", async () => {
    const { found } = await layers(`${DAGS}//- src/dags/local.py
from airflow import DAG
from airflow.operators.python import PythonOperator
from tasks.jobs import pull

default_args = {"retries": 4}

with DAG(dag_id="local", default_args=default_args) as dag:
    PythonOperator(task_id="t", python_callable=pull)
`, "airflow-task");
    assert.deepEqual(found, [["src/dags/local.py:8", 5]]);
  });
});

describe("a retry loop whose attempt runs in async with items", () => {
  test("for attempt in range(retries) around async with session.request(…): 10 attempts", async () => {
    const { found } = await layers(`//- src/http.py
import asyncio

import aiohttp

RETRYABLE = [429, 500, 503]


async def fetch_json(method, url, retries=10):
    for attempt in range(retries):
        try:
            async with aiohttp.ClientSession() as session:
                async with session.request(method, url) as response:
                    response.raise_for_status()
                    return await response.json()
        except aiohttp.ClientResponseError as e:
            if e.status in RETRYABLE and attempt == retries - 1:
                raise RuntimeError("gave up") from e
        except asyncio.TimeoutError:
            if attempt == retries - 1:
                raise
        await asyncio.sleep(2 ** attempt)
    raise RuntimeError("all attempts failed")
`, "retry-loop");
    assert.deepEqual(found, [["src/http.py:9", 10]]);
  });

  test("near miss: a loop over files opened in a with item is no retry", async () => {
    const { found } = await layers(`//- src/files.py
def read_all(paths):
    out = []
    for p in paths:
        with open(p) as fh:
            out.append(fh.read())
    return out
`, "retry-loop");
    assert.deepEqual(found, []);
  });
});

describe("calls through a local bound to other names", () => {
  const CLIENTS = `//- app/cloud.py
import boto3

east = boto3.client("s3", region_name="us-east-1")
west = boto3.client("s3", region_name="us-west-2")
//- app/queue.py
from huey import RedisHuey

huey = RedisHuey("app")
`;
  test("s3 = east / s3 = west in two branches: a path through each client", async () => {
    const { result } = await layers(`${CLIENTS}//- app/tasks.py
from app.cloud import east, west
from app.queue import huey


@huey.task(retries=2)
def upload(region, key):
    if region == "east":
        s3 = east
    else:
        s3 = west
    s3.put_object(Bucket="b", Key=key, Body=b"")
`, "huey-task");
    const paths = result.model.paths.filter((p) => p.product === 15).map((p) => p.layers.map((id) => result.model.layers.find((l) => l.id === id)?.anchor.line));
    assert.deepEqual(paths.sort(), [[5, 3], [5, 4]]);
  });

  test("a boto3 waiter of the client: waiter.wait(…) polls through the client's retries", async () => {
    const { result } = await layers(`${CLIENTS}//- app/tasks.py
from app.cloud import east
from app.queue import huey


@huey.task(retries=2)
def wait_for_object(key):
    waiter = east.get_waiter("object_exists")
    waiter.wait(Bucket="b", Key=key)
`, "huey-task");
    const paths = result.model.paths.filter((p) => p.product === 15).map((p) => p.layers.map((id) => result.model.layers.find((l) => l.id === id)?.anchor.line));
    assert.deepEqual(paths, [[5, 3]]);
  });

  test("near miss: a local also bound to something else is no alias", async () => {
    const { result } = await layers(`${CLIENTS}//- app/tasks.py
from app.cloud import east
from app.queue import huey


@huey.task(retries=2)
def upload(key, other):
    s3 = east
    if other:
        s3 = make_client()
    s3.put_object(Bucket="b", Key=key, Body=b"")
`, "huey-task");
    assert.deepEqual(result.model.paths.filter((p) => p.product === 15), []);
  });
});
