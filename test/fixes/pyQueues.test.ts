/**
 * Fixes on the Python job-queue retries of docs/reference/job-queues-python.md: counts are written
 * in retries (N executions → N-1) where the layer reads them — Dramatiq `max_retries`, Huey
 * `retries`, Airflow `retries` on the task, Ray `max_retries`, RQ `Retry(max=…)` on the send;
 * Prefect gets `retry_jitter_factor` / `exponential_backoff`, Airflow `retry_exponential_backoff`.
 */
import { fixCases } from "./fixCases";

const file = (path: string, header: string, decorator: string, def = "def sync(sku):") => `
//- ${path}
${header}

${decorator}
${def}
    requests.get(f"http://inventory/items/{sku}", timeout=5)
`;
const DRAMATIQ = (d: string) => file("svc/tasks.py", "import dramatiq\nimport requests", d);
const HUEY = (d: string) => file("svc/tasks.py", "import requests\nfrom huey import RedisHuey\n\nhuey = RedisHuey(\"svc\")", d);
const PREFECT = (d: string, extra = "") => file("svc/flows.py", `import requests\nfrom prefect import task${extra}`, d);
const RAY = (d: string) => file("svc/tasks.py", "import ray\nimport requests", d);

fixCases("python job queues", [
  {
    name: "Dramatiq RL001: max_retries=5 lowered to the threshold (max_retries counts retries)",
    workspace: `${DRAMATIQ("@dramatiq.actor(max_retries=5)")}//! threshold 3\n`,
    finding: "RL001 svc/tasks.py:4",
    fix: "Lower to 3 executions",
    safety: "unsafe",
    after: DRAMATIQ("@dramatiq.actor(max_retries=2)"),
  },
  {
    name: "Dramatiq RL001: a bare @dramatiq.actor (default 20 retries) gets max_retries=2",
    workspace: `${DRAMATIQ("@dramatiq.actor")}//! threshold 3\n`,
    finding: "RL001 svc/tasks.py:4",
    fix: "Lower to 3 executions",
    after: DRAMATIQ("@dramatiq.actor(max_retries=2)"),
  },
  {
    name: "Dramatiq RL002: max_retries=None gets a bound",
    workspace: `${DRAMATIQ("@dramatiq.actor(max_retries=None)")}//! threshold 100\n`,
    finding: "RL002 svc/tasks.py:4",
    fix: "Stop after 3 executions",
    after: DRAMATIQ("@dramatiq.actor(max_retries=2)"),
  },
  {
    name: "Huey RL001: retries=5 → retries=2",
    workspace: `${HUEY("@huey.task(retries=5, retry_delay=10)")}//! threshold 3\n`,
    finding: "RL001 svc/tasks.py:6",
    fix: "Lower to 3 executions",
    after: HUEY("@huey.task(retries=2, retry_delay=10)"),
  },
  {
    name: "Prefect RL004: a fixed delay gets retry_jitter_factor=0.5",
    workspace: `${PREFECT("@task(retries=2, retry_delay_seconds=10)")}//! threshold 100\n`,
    finding: "RL004 svc/flows.py:4",
    fix: "Jitter the retry delays",
    safety: "safe",
    after: PREFECT("@task(retries=2, retry_delay_seconds=10, retry_jitter_factor=0.5)"),
  },
  {
    name: "Prefect RL003: no delay → exponential_backoff(backoff_factor=1) with jitter (import added)",
    workspace: `${PREFECT("@task(retries=2)")}//! threshold 100\n`,
    finding: "RL003 svc/flows.py:4",
    fix: "Exponential backoff with jitter",
    safety: "safe",
    after: PREFECT("@task(retries=2, retry_delay_seconds=exponential_backoff(backoff_factor=1), retry_jitter_factor=0.5)", "\nfrom prefect.tasks import exponential_backoff"),
  },
  {
    name: "Ray RL002: max_retries=-1 with retry_exceptions gets a bound",
    workspace: `${RAY("@ray.remote(max_retries=-1, retry_exceptions=True)")}//! threshold 100\n`,
    finding: "RL002 svc/tasks.py:4",
    fix: "Stop after 3 executions",
    after: RAY("@ray.remote(max_retries=2, retry_exceptions=True)"),
  },
  {
    name: "Airflow RL004: a fixed retry_delay → retry_exponential_backoff=True on the operator",
    workspace: `
//- dags/etl.py
import requests
from airflow import DAG
from airflow.operators.python import PythonOperator


def pull():
    requests.get("http://inventory/items", timeout=5)


with DAG("etl") as dag:
    PythonOperator(task_id="pull", python_callable=pull, retries=2)
//! threshold 100
`,
    finding: "RL004 dags/etl.py:11",
    fix: "Exponential backoff",
    safety: "safe",
    after: `
//- dags/etl.py
import requests
from airflow import DAG
from airflow.operators.python import PythonOperator


def pull():
    requests.get("http://inventory/items", timeout=5)


with DAG("etl") as dag:
    PythonOperator(task_id="pull", python_callable=pull, retries=2, retry_exponential_backoff=True)
`,
  },
  {
    name: "RQ RL001: Retry(max=5) on the send lowered to Retry(max=2)",
    workspace: `
//- web/app.py
from rq import Queue, Retry
from svc.jobs import sync

q = Queue()


def handler(sku):
    q.enqueue(sync, sku, retry=Retry(max=5, interval=[10, 30, 60]))
//- svc/jobs.py
import requests


def sync(sku):
    requests.get(f"http://inventory/items/{sku}", timeout=5)
//! threshold 3
`,
    finding: "RL001 web/app.py:8",
    fix: "Lower to 3 executions",
    after: `
//- web/app.py
from rq import Queue, Retry
from svc.jobs import sync

q = Queue()


def handler(sku):
    q.enqueue(sync, sku, retry=Retry(max=2, interval=[10, 30, 60]))
`,
  },
  {
    name: "RQ RL003: a Retry without interval gets a rising interval list (RQ has no jitter)",
    workspace: `
//- web/app.py
from rq import Queue, Retry
from svc.jobs import sync

q = Queue()


def handler(sku):
    q.enqueue(sync, sku, retry=Retry(max=2))
//- svc/jobs.py
import requests


def sync(sku):
    requests.get(f"http://inventory/items/{sku}", timeout=5)
//! threshold 100
`,
    finding: "RL003 web/app.py:8",
    fix: "Wait between retries",
    safety: "safe",
    after: `
//- web/app.py
from rq import Queue, Retry
from svc.jobs import sync

q = Queue()


def handler(sku):
    q.enqueue(sync, sku, retry=Retry(max=2, interval=[10, 30, 60]))
`,
  },
  {
    name: "Airflow RL004: a bare @task under default_args retries gets an argument list",
    workspace: `
//- dags/etl.py
import requests
from airflow.decorators import dag, task


@dag(default_args={"retries": 2})
def etl():
    @task
    def pull():
        requests.get("http://inventory/items", timeout=5)

    pull()


etl()
//! threshold 100
`,
    finding: "RL004 dags/etl.py:7",
    fix: "Exponential backoff",
    after: `
//- dags/etl.py
import requests
from airflow.decorators import dag, task


@dag(default_args={"retries": 2})
def etl():
    @task(retry_exponential_backoff=True)
    def pull():
        requests.get("http://inventory/items", timeout=5)

    pull()


etl()
`,
  },
]);
