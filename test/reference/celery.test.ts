/**
 * docs/reference/celery.md (Celery 5.6.2 source; the same numbers since 4.4): each default and
 * number trap of Celery task retries, run through the real extractors and linker (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "celery";

const rows: Row[] = [
  {
    id: ENTRY, name: "autoretry_for without max_retries: default max_retries 3 counts retries → 4 executions; countdown default_retry_delay 180 s, no jitter", covers: ["default", "§5.1"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      import requests
      from celery import shared_task
      @shared_task(autoretry_for=(requests.ConnectionError,))
      def sync(): ...
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 180, 180], methods: "all", budget: null, note: /default max_retries 3 → 4 executions/ },
  },
  {
    id: ENTRY, name: "retry_backoff=True: 1 s ×2 up to retry_backoff_max 600 s, full jitter (retry_jitter defaults to True)", covers: ["default"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      import requests
      from celery import Celery
      app = Celery("proj")
      @app.task(autoretry_for=(requests.ConnectionError,), retry_backoff=True)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, wait: ["exponential", true, 1, 600] },
  },
  {
    id: ENTRY, name: "retry_backoff=5, retry_backoff_max=60, retry_jitter=False: 5 s ×2 up to 60 s, no jitter", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import Celery
      app = Celery("proj")
      @app.task(autoretry_for=(IOError,), retry_backoff=5, retry_backoff_max=60, retry_jitter=False)
      def sync(): ...
    `,
    expect: { maxAttempts: 4, wait: ["exponential", false, 5, 60] },
  },
  {
    id: ENTRY, name: "max_retries=5 → 6 executions", covers: ["§5.1"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(autoretry_for=(IOError,), max_retries=5)
      def sync(): ...
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["fixed", false], note: /max_retries=5 → 6/ },
  },
  {
    id: ENTRY, name: "max_retries=None: retries forever", covers: ["trap", "§5.2"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(autoretry_for=(IOError,), max_retries=None)
      def sync(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["fixed", false] },
  },
  {
    id: ENTRY, name: "max_retries=0: one execution (disabled)", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(autoretry_for=(IOError,), max_retries=0)
      def sync(): ...
    `,
    expect: { maxAttempts: 1, wait: ["fixed", false] },
  },
  {
    id: ENTRY, name: "retry_kwargs={'max_retries': 2} wins over the task's max_retries for autoretry → 3", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(autoretry_for=(IOError,), max_retries=7, retry_kwargs={"max_retries": 2, "countdown": 5})
      def sync(): ...
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false, 5, 5] },
  },
  {
    id: ENTRY, name: "bind=True, self.retry(exc=exc) in an except: the task's default 3 retries → 4; countdown default 180 s", covers: ["default"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      import requests
      from celery import shared_task
      @shared_task(bind=True)
      def sync(self):
          try:
              requests.get("http://inventory/items")
          except requests.Timeout as exc:
              raise self.retry(exc=exc)
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 180, 180], conditionNote: /requests\.Timeout/ },
  },
  {
    id: ENTRY, name: "self.retry(max_retries=10, countdown=30) overrides the task's max_retries → 11", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(bind=True, max_retries=2)
      def sync(self):
          try:
              pass
          except KeyError as exc:
              raise self.retry(exc=exc, max_retries=10, countdown=30)
    `,
    expect: { maxAttempts: 11, attemptsSource: "config", wait: ["fixed", false, 30, 30] },
  },
  {
    id: ENTRY, name: "self.retry(max_retries=None) means 'not given': the task's max_retries=2 applies → 3", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(bind=True, max_retries=2)
      def sync(self):
          raise self.retry(max_retries=None)
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false] },
  },
  {
    id: ENTRY, name: "class-based task: autoretry_for / max_retries class attributes (Celery ≥ 4.4)", covers: ["default"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import Task
      class Sync(Task):
          autoretry_for = (IOError,)
          max_retries = 4
          def run(self): ...
    `,
    expect: { maxAttempts: 5, wait: ["fixed", false] },
  },
  {
    id: ENTRY, name: "base= class of the file supplies autoretry_for; the decorator's max_retries wins", covers: ["trap"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import Celery, Task
      app = Celery("proj")
      class Retrying(Task):
          autoretry_for = (IOError,)
          retry_backoff = True
          max_retries = 8
      @app.task(base=Retrying, max_retries=1)
      def sync(): ...
    `,
    expect: { maxAttempts: 2, wait: ["exponential", true, 1, 600] },
  },
  {
    id: ENTRY, name: "a task without autoretry_for or self.retry() never retries: no layer", covers: ["default"],
    file: "proj/tasks.py", kind: "celery-task",
    code: src`
      from celery import shared_task
      @shared_task(max_retries=5, retry_backoff=True)
      def sync(): ...
    `,
    expect: "none",
  },
  {
    id: ENTRY, name: "near miss: broker_connection_retry settings are the connection at start-up, not task retries (publish retry off)", covers: ["trap"],
    file: "proj/celery.py", kind: "any",
    code: src`
      from celery import Celery
      app = Celery("proj")
      app.conf.broker_connection_retry_on_startup = True
      app.conf.broker_connection_max_retries = 10
      app.conf.task_publish_retry = False
    `,
    expect: "none",
  },
  {
    id: ENTRY, name: "task_publish_retry on by default: policy max_retries 3 counts retries → 4 publish attempts, 0 s +0.2 s up to 1 s, off the request paths", covers: ["default"],
    file: "proj/celery.py", kind: "celery-publish-retry",
    code: src`
      from celery import Celery
      app = Celery("proj", broker="amqp://rabbit")
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["linear", false, 0, 1], note: /max_retries 3 → 4 publish attempts/ },
  },
  {
    id: ENTRY, name: "a task_publish_retry_policy without max_retries: kombu's ensure(max_retries=None) retries forever", covers: ["trap"],
    file: "proj/celery.py", kind: "celery-publish-retry",
    code: src`
      from celery import Celery
      app = Celery("proj")
      app.conf.task_publish_retry_policy = {"interval_start": 1}
    `,
    expect: { maxAttempts: null, attemptsSource: "config", timeBound: null, wait: ["linear", false, 1, 1], note: /without a max_retries bound/ },
  },
  {
    id: ENTRY, name: "a task's layer multiplies what its body calls, across the queue hop: 4 × urllib3 4 = 16", covers: ["§5.3"],
    file: "worker/tasks.py", kind: "celery-task", workspace: true,
    code: src`
      //- docker-compose.yml
      services:
        web:
          build: ./web
        worker:
          build: ./worker
          command: ["celery", "-A", "worker.tasks", "worker"]
      //- worker/tasks.py
      import requests
      from requests.adapters import HTTPAdapter
      from urllib3.util import Retry
      from celery import shared_task
      session = requests.Session()
      session.mount("http://", HTTPAdapter(max_retries=Retry(total=3)))
      @shared_task(autoretry_for=(requests.RequestException,))
      def sync(sku):
          session.get(f"http://inventory/items/{sku}")
      //- web/app.py
      from worker.tasks import sync
      def handler(sku):
          sync.delay(sku)
    `,
    expect: { maxAttempts: 4, wait: ["fixed", false], path: { target: "inventory", product: 16 } },
  },
];

runTable("Celery", [ENTRY], rows);
