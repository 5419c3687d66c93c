/**
 * Fixes on Celery task retries (docs/reference/celery.md): `max_retries` counts retries, so N
 * executions are written `max_retries=N-1` (0 = off), where the count is read (the decorator,
 * `retry_kwargs`, `self.retry(max_retries=…)`, a class attribute); jitter comes from
 * `retry_backoff` (full jitter by default) or `retry_jitter=True`.
 */
import { fixCases } from "./fixCases";

const TASK = (decorator: string) => `
//- svc/tasks.py
import requests
from celery import Celery

app = Celery("svc", task_publish_retry=False)


${decorator}
def sync(sku):
    requests.get(f"http://inventory/items/{sku}", timeout=5)
`;

fixCases("celery", [
  {
    name: "RL001: lowered to the threshold in the unit max_retries counts (retries)",
    workspace: `${TASK("@app.task(autoretry_for=(requests.RequestException,), max_retries=5, retry_backoff=True)")}//! threshold 3\n`,
    finding: "RL001 svc/tasks.py:7",
    fix: "Lower to 3 executions",
    safety: "unsafe",
    after: TASK("@app.task(autoretry_for=(requests.RequestException,), max_retries=2, retry_backoff=True)"),
  },
  {
    name: "RL004: a fixed 180 s countdown becomes retry_backoff=180 (full jitter by default)",
    workspace: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=2)"),
    finding: "RL004 svc/tasks.py:7",
    fix: "Exponential backoff with full jitter",
    safety: "safe",
    after: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=2, retry_backoff=180)"),
  },
  {
    name: "RL004: retry_jitter=False with retry_backoff → retry_jitter=True",
    workspace: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=2, retry_backoff=True, retry_jitter=False)"),
    finding: "RL004 svc/tasks.py:7",
    fix: "Full jitter",
    safety: "safe",
    after: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=2, retry_backoff=True, retry_jitter=True)"),
  },
  {
    name: "RL002: max_retries=None gets a bound (3 executions)",
    workspace: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=None, retry_backoff=True)"),
    finding: "RL002 svc/tasks.py:7",
    fix: "Stop after 3 executions",
    after: TASK("@app.task(autoretry_for=(requests.ConnectionError,), max_retries=2, retry_backoff=True)"),
  },
  {
    name: "RL001 on a bound task: the self.retry(max_retries=…) that sets the count is lowered too",
    workspace: `
//- svc/tasks.py
import requests
from celery import shared_task


@shared_task(bind=True, max_retries=9)
def sync(self, sku):
    try:
        requests.get(f"http://inventory/items/{sku}", timeout=5)
    except requests.ConnectionError as exc:
        raise self.retry(exc=exc, countdown=2 ** self.request.retries, max_retries=9)
//! threshold 3
`,
    finding: "RL001 svc/tasks.py:5",
    fix: "Lower to 3 executions",
    after: `
//- svc/tasks.py
import requests
from celery import shared_task


@shared_task(bind=True, max_retries=2)
def sync(self, sku):
    try:
        requests.get(f"http://inventory/items/{sku}", timeout=5)
    except requests.ConnectionError as exc:
        raise self.retry(exc=exc, countdown=2 ** self.request.retries, max_retries=2)
`,
  },
]);
