/**
 * docs/reference/job-queues-python.md: each default and number trap of the Python job queues
 * beyond Celery — Dramatiq 2.2.0 (same since 1.0), RQ 2.10 (Retry since 1.5), Huey 3.3.0/2.5.0,
 * arq 0.26.1, Prefect 2.x/3.x, Airflow 2.x/3.x, Ray 2.x — run through the real extractors and
 * linker (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const rows: Row[] = [
  // ------------------------------------------------------------------------------- Dramatiq
  {
    id: "dramatiq", name: "a bare @dramatiq.actor retries by default: Retries middleware max_retries 20 → 21 executions; 15 s ×2 with ×1–2 jitter, up to 7 days", covers: ["default", "§5.3"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      import dramatiq
      @dramatiq.actor
      def sync(): ...
    `,
    expect: { maxAttempts: 21, attemptsSource: "default", wait: ["exponential", true, 15, 604800], methods: "all", budget: null, note: /default max_retries 20 → 21 executions \(dramatiq/ },
  },
  {
    id: "dramatiq", name: "max_retries=3 counts retries → 4; min_backoff/max_backoff are milliseconds", covers: ["§5.1"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      from dramatiq import actor
      @actor(max_retries=3, min_backoff=1000, max_backoff=60000)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 1, 60], note: /max_retries=3 → 4 executions/ },
  },
  {
    id: "dramatiq", name: "max_retries=0: one execution (disabled)", covers: ["trap"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      import dramatiq
      @dramatiq.actor(max_retries=0)
      def sync(): ...
    `,
    expect: { maxAttempts: 1, wait: ["exponential", true] },
  },
  {
    id: "dramatiq", name: "max_retries=None: retries forever", covers: ["§5.2"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      import dramatiq
      @dramatiq.actor(max_retries=None)
      def sync(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", true] },
  },
  {
    id: "dramatiq", name: "retry_when= decides instead of max_retries: count not known", covers: ["trap"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      import dramatiq
      def should_retry(retries, exc): return retries < 3
      @dramatiq.actor(retry_when=should_retry, max_retries=9)
      def sync(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, countUnknown: true, wait: ["exponential", true], conditionNote: /retry_when=should_retry/ },
  },
  {
    id: "dramatiq", name: "a Retries(max_retries=2) middleware of the file sets its actors' default → 3", covers: ["trap"],
    file: "app/tasks.py", kind: "dramatiq-actor",
    code: src`
      import dramatiq
      from dramatiq.brokers.redis import RedisBroker
      from dramatiq.middleware import Retries
      broker = RedisBroker(host="redis")
      broker.add_middleware(Retries(max_retries=2))
      @dramatiq.actor
      def sync(): ...
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true, 15], note: /max_retries=2 \(Retries middleware\) → 3/ },
  },
  // ------------------------------------------------------------------------------------- RQ
  {
    id: "rq", name: "enqueue without retry=: no retry (a failed job fails once)", covers: ["default"],
    file: "web/app.py", kind: "rq-job",
    code: src`
      from rq import Queue
      from jobs import sync
      q = Queue()
      def handler(): q.enqueue(sync, 1)
    `,
    expect: "none",
  },
  {
    id: "rq", name: "Retry(max=3) counts retries → 4; interval default 0: re-enqueued at once", covers: ["default", "§5.1"],
    file: "web/app.py", kind: "rq-job",
    code: src`
      from rq import Queue, Retry
      from jobs import sync
      q = Queue()
      def handler(): q.enqueue(sync, 1, retry=Retry(max=3))
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false, 0, 0], methods: "all", note: /Retry\(max=3\) → 4 executions/ },
  },
  {
    id: "rq", name: "Retry(max=2, interval=[10, 60]): one delay per retry, the last repeats, no jitter", covers: ["trap"],
    file: "web/app.py", kind: "rq-job",
    code: src`
      from rq import Queue, Retry
      from jobs import sync
      q = Queue()
      RETRY = Retry(max=2, interval=[10, 60])
      def handler(): q.enqueue_call(func=sync, args=(1,), retry=RETRY)
    `,
    expect: { maxAttempts: 3, wait: ["linear", false, 10, 60] },
  },
  {
    id: "rq", name: "@job(retry=Retry(max=1, interval=30)) on the function: 2 executions, 30 s fixed", covers: ["trap"],
    file: "app/jobs.py", kind: "rq-job",
    code: src`
      from rq import Retry
      from rq.decorators import job
      @job("default", retry=Retry(max=1, interval=30))
      def sync(): ...
    `,
    expect: { maxAttempts: 2, wait: ["fixed", false, 30, 30] },
  },
  // ----------------------------------------------------------------------------------- Huey
  {
    id: "huey", name: "@huey.task() without retries: retries 0 → no layer", covers: ["default"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey import RedisHuey
      huey = RedisHuey("app")
      @huey.task()
      def sync(): ...
    `,
    expect: "none",
  },
  {
    id: "huey", name: "retries=3 counts retries → 4; retry_delay default 0: re-enqueued at once", covers: ["default", "§5.1"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey import SqliteHuey
      huey = SqliteHuey("app")
      @huey.task(retries=3)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false, 0, 0], note: /retries=3 → 4 executions/ },
  },
  {
    id: "huey", name: "periodic_task(retries=1, retry_delay=60): 2 executions, 60 s fixed, no jitter", covers: ["trap"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey import RedisHuey, crontab
      huey = RedisHuey("app")
      @huey.periodic_task(crontab(minute="*/5"), retries=1, retry_delay=60)
      def sweep(): ...
    `,
    expect: { maxAttempts: 2, wait: ["fixed", false, 60, 60] },
  },
  {
    id: "huey", name: "context_task(obj, retries=6 * 4, retry_delay=10 * 60) (huey 2.5.3: hands them to task()): 25 executions, 600 s fixed", covers: ["trap"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey import RedisHuey
      huey = RedisHuey("app")
      @huey.context_task(Session(), as_argument=True, retries=6 * 4, retry_delay=10 * 60)
      def renew(session): ...
    `,
    expect: { maxAttempts: 25, wait: ["fixed", false, 600, 600], note: /retries=24 → 25 executions/ },
  },
  {
    id: "huey", name: "raise RetryTask adds a retry each time it is raised: unbounded", covers: ["trap", "§5.2"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey import RedisHuey
      from huey.exceptions import RetryTask
      huey = RedisHuey("app")
      @huey.task()
      def sync():
          raise RetryTask(delay=10)
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["none", false] },
  },
  {
    id: "huey", name: "django-huey @db_task(retries=2) → 3", covers: ["trap"],
    file: "app/tasks.py", kind: "huey-task",
    code: src`
      from huey.contrib.djhuey import db_task
      @db_task(retries=2, retry_delay=5)
      def sync(): ...
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false, 5, 5] },
  },
  // ------------------------------------------------------------------------------------ arq
  {
    id: "arq", name: "a job that raises Retry: default max_tries 5 counts tries → 5; Retry(defer=…) as written", covers: ["default"],
    file: "app/worker.py", kind: "arq-job",
    code: src`
      from arq import Retry
      async def sync(ctx):
          raise Retry(defer=10)
    `,
    expect: { maxAttempts: 5, attemptsSource: "default", wait: ["fixed", false, 10, 10], note: /default max_tries 5 \(counts tries\)/ },
  },
  {
    id: "arq", name: "a job that never raises Retry: other exceptions fail it once → no layer", covers: ["trap"],
    file: "app/worker.py", kind: "arq-job",
    code: src`
      import httpx
      async def sync(ctx):
          await httpx.AsyncClient().get("http://x/y")
      class WorkerSettings:
          functions = [sync]
          max_tries = 10
    `,
    expect: "none",
  },
  {
    id: "arq", name: "func(sync, max_tries=3) overrides WorkerSettings.max_tries=8 → 3 (max_tries counts tries)", covers: ["§5.1"],
    file: "app/worker.py", kind: "arq-job",
    code: src`
      from arq import Retry, func
      async def sync(ctx):
          raise Retry(defer=ctx["job_try"] * 2)
      class WorkerSettings:
          functions = [func(sync, max_tries=3)]
          max_tries = 8
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["linear", false], note: /func\(max_tries=3\)/ },
  },
  // -------------------------------------------------------------------------------- Prefect
  {
    id: "prefect", name: "@task without retries: default 0 → no layer", covers: ["default"],
    file: "flows/etl.py", kind: "prefect-task",
    code: src`
      from prefect import task
      @task
      def sync(): ...
    `,
    expect: "none",
  },
  {
    id: "prefect", name: "@task(retries=3) counts retries → 4; retry_delay_seconds default 0, no jitter", covers: ["default", "§5.1"],
    file: "flows/etl.py", kind: "prefect-task",
    code: src`
      from prefect import task
      @task(retries=3)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false, 0, 0], note: /retries=3 → 4 executions/ },
  },
  {
    id: "prefect", name: "exponential_backoff(backoff_factor=2) with retry_jitter_factor=0.5: 2 s × 2^n, jittered", covers: ["trap"],
    file: "flows/etl.py", kind: "prefect-task",
    code: src`
      from prefect import task
      from prefect.tasks import exponential_backoff
      @task(retries=4, retry_delay_seconds=exponential_backoff(backoff_factor=2), retry_jitter_factor=0.5)
      def sync(): ...
    `,
    expect: { maxAttempts: 5, wait: ["exponential", true, 2] },
  },
  {
    id: "prefect", name: "@flow(retries=2, retry_delay_seconds=30): the flow re-runs → 3, 30 s fixed", covers: ["trap"],
    file: "flows/etl.py", kind: "prefect-flow",
    code: src`
      from prefect import flow
      @flow(retries=2, retry_delay_seconds=30)
      def nightly(): ...
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false, 30, 30] },
  },
  {
    id: "prefect", name: "retries=0 written: one execution (disabled)", covers: ["trap"],
    file: "flows/etl.py", kind: "prefect-task",
    code: src`
      import prefect
      @prefect.task(retries=0)
      def sync(): ...
    `,
    expect: { maxAttempts: 1, wait: ["none", false] },
  },
  {
    id: "prefect", name: "Prefect 1.x @task(max_retries=2, retry_delay=timedelta(seconds=10)) → 3, 10 s fixed", covers: ["trap"],
    file: "flows/etl.py", kind: "prefect-task",
    code: src`
      from datetime import timedelta
      from prefect import task
      @task(max_retries=2, retry_delay=timedelta(seconds=10))
      def sync(): ...
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false, 10, 10], note: /max_retries=2 \(prefect 1\.x\) → 3/ },
  },
  // -------------------------------------------------------------------------------- Airflow
  {
    id: "airflow", name: "a task without retries anywhere: [core] default_task_retries 0 → no layer", covers: ["default"],
    file: "dags/etl.py", kind: "airflow-task",
    code: src`
      from airflow.decorators import dag, task
      @dag(schedule=None)
      def etl():
          @task
          def pull(): ...
          pull()
      etl()
    `,
    expect: "none",
  },
  {
    id: "airflow", name: "default_args retries=2 → 3 tries; retry_delay default 300 s, fixed, no jitter", covers: ["default", "§5.1"],
    file: "dags/etl.py", kind: "airflow-task",
    code: src`
      from airflow import DAG
      from airflow.operators.python import PythonOperator
      def pull(): ...
      with DAG("etl", default_args={"retries": 2}) as dag:
          PythonOperator(task_id="pull", python_callable=pull)
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["fixed", false, 300, 300], note: /retries=2 \(default_args of DAG etl\) → 3 tries/ },
  },
  {
    id: "airflow", name: "the operator's retries=5 wins over default_args; retry_exponential_backoff: hash-spread exponential, max_retry_delay cap", covers: ["trap"],
    file: "dags/etl.py", kind: "airflow-task",
    code: src`
      from datetime import timedelta
      from airflow import DAG
      from airflow.operators.python import PythonOperator
      args = {"retries": 1, "retry_delay": timedelta(seconds=30)}
      def pull(): ...
      dag = DAG("etl", default_args=args)
      PythonOperator(task_id="pull", python_callable=pull, retries=5, retry_exponential_backoff=True, max_retry_delay=timedelta(minutes=10), dag=dag)
    `,
    expect: { maxAttempts: 6, wait: ["exponential", true, 30, 600] },
  },
  {
    id: "airflow", name: "TaskFlow @task(retries=1) inside @dag(default_args retries 4): the task's own wins → 2", covers: ["trap"],
    file: "dags/etl.py", kind: "airflow-task",
    code: src`
      from airflow.decorators import dag, task
      @dag(default_args={"retries": 4})
      def etl():
          @task(retries=1)
          def pull(): ...
          pull()
      etl()
    `,
    expect: { maxAttempts: 2, wait: ["fixed", false, 300] },
  },
  // ------------------------------------------------------------------------------------ Ray
  {
    id: "ray", name: "bare @ray.remote: max_retries 3 → 4 executions on worker/node failures only — exceptions not retried, so never multiplied", covers: ["default"],
    file: "app/tasks.py", kind: "ray-task",
    code: src`
      import ray
      @ray.remote
      def sync(): ...
    `,
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["none", false], note: /default max_retries 3 → 4 executions \(ray 2\.x\) on worker\/node failures only/, conditionNote: /retry_exceptions=False/ },
  },
  {
    id: "ray", name: "retry_exceptions=True: max_retries default 3 counts retries → 4 on every exception", covers: ["§5.1", "§5.3"],
    file: "app/tasks.py", kind: "ray-task",
    code: src`
      import ray
      @ray.remote(retry_exceptions=True)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["none", false] },
  },
  {
    id: "ray", name: "max_retries=-1 with retry_exceptions=[ConnectionError]: forever on those errors", covers: ["§5.2"],
    file: "app/tasks.py", kind: "ray-task",
    code: src`
      import ray
      @ray.remote(max_retries=-1, retry_exceptions=[ConnectionError])
      def sync(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["none", false] },
  },
  {
    id: "ray", name: "actors: max_task_retries defaults to 0 → no layer", covers: ["default"],
    file: "app/actors.py", kind: "ray-task",
    code: src`
      import ray
      @ray.remote(max_restarts=3)
      class Counter:
          def incr(self): ...
    `,
    expect: "none",
  },
];

runTable("Python job queues", ["dramatiq", "rq", "huey", "arq", "prefect", "airflow", "ray"], rows);
