/**
 * RL002 unbounded-retry: a layer with no attempt count bound (reference §1.1 tenacity
 * stop_never, §1.2 backoff without max_tries/max_time, §5.2). Layers bounded only by time
 * (`stop_after_delay`, `max_time`, a loop against a deadline) are reported with severity info;
 * count-bounded layers are silent.
 */
import assert from "node:assert/strict";
import { RL002 } from "../../server/src/rules/RL002-unbounded-retry";
import { findingAt, ruleTester } from "./helpers";

const severity = (at: string, expected: string) => (result: Parameters<typeof findingAt>[0]) => {
  assert.equal(findingAt(result, "RL002", at).severity, expected);
};

ruleTester(RL002, {
  valid: [
    {
      name: "tenacity stop_after_attempt(3) is count-bounded",
      code: `
//! rules RL002
//- catalog/inventory_client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.1, max=2))
# ^ layer ×3
def get_inventory(sku):
    return requests.get(f"{INVENTORY}/inventory/{sku}", timeout=1).json()
`,
    },
    {
      name: "a count and a time bound (stop_after_attempt(5) | stop_after_delay(10)) stops at the count",
      code: `
//! rules RL002
//- catalog/inventory_client.py
import requests
from tenacity import retry, stop_after_attempt, stop_after_delay, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(5) | stop_after_delay(10), wait=wait_random_exponential(max=2))
# ^ layer ×5
def get_inventory(sku):
    return requests.get(f"{INVENTORY}/inventory/{sku}", timeout=1).json()
`,
    },
    {
      name: "backoff with max_tries (and max_time) is count-bounded",
      code: `
//! rules RL002
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=4, max_time=30)
# ^ layer ×4
def post_entry(entry):
    return requests.put(f"{LEDGER}/entries/{entry['id']}", json=entry, timeout=2)
`,
    },
    {
      name: "a hand-rolled for-range loop and a urllib3 Retry(total=3) have counts",
      code: `
//! rules RL002
//- reports/fetch.py
import random
import time

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×4


def fetch_report(report_id):
    for attempt in range(3):
# ^ layer ×3
        try:
            return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 2 ** attempt))
    raise RuntimeError("storage unavailable")


def head_report(report_id):
    return session.head(f"http://storage:9000/reports/{report_id}", timeout=5)
`,
    },
  ],
  invalid: [
    {
      name: "a bare tenacity @retry never stops (stop_never): warning",
      code: `
//! rules RL002
//- catalog/__init__.py
//- catalog/app.py
from fastapi import FastAPI

from catalog.inventory_client import get_inventory

app = FastAPI()


@app.get("/products/{sku}")
def product(sku: str):
    return {"sku": sku, "stock": get_inventory(sku)}
//- catalog/inventory_client.py
import httpx
from tenacity import retry

client = httpx.Client(base_url="http://inventory:8080")


@retry  # library defaults: no stop condition, no wait
# ^ layer ×∞ RL002
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
//! path ∞ inventory
`,
      check(result) {
        severity("catalog/inventory_client.py:7", "warning")(result);
        assert.match(findingAt(result, "RL002", "catalog/inventory_client.py:7").message, /Add a stop condition such as stop_after_attempt\(3\)\.$/);
      },
    },
    {
      name: "backoff.on_exception without max_tries or max_time retries forever: warning",
      code: `
//! rules RL002
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError)
# ^ layer ×∞ RL002
def post_entry(entry):
    return requests.put(f"{LEDGER}/entries/{entry['id']}", json=entry, timeout=2)
`,
      check(result) {
        severity("billing/ledger.py:7", "warning")(result);
        assert.match(findingAt(result, "RL002", "billing/ledger.py:7").message, /Add max_tries=3\.$/);
      },
    },
    {
      name: "a while True loop with no attempt counter: warning (the request's timeout= is not a time bound)",
      code: `
//! rules RL002
//- reports/fetch.py
import random
import time

import requests


def fetch_report(report_id):
    while True:
# ^ layer ×∞ RL002
        try:
            return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 1))
`,
      check(result) {
        severity("reports/fetch.py:8", "warning")(result);
        // the advice speaks the layer's language: a loop gets a counter, not a tenacity option
        assert.match(findingAt(result, "RL002", "reports/fetch.py:8").message, /Bound the loop with an attempt counter/);
      },
    },
    {
      name: "time-bounded only: tenacity stop_after_delay(10) is info",
      code: `
//! rules RL002
//- catalog/inventory_client.py
import requests
from tenacity import retry, stop_after_delay, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_delay(10), wait=wait_random_exponential(max=2))
# ^ layer ×∞ RL002
def get_inventory(sku):
    return requests.get(f"{INVENTORY}/inventory/{sku}", timeout=1).json()
`,
      check(result) {
        const f = findingAt(result, "RL002", "catalog/inventory_client.py:7");
        assert.equal(f.severity, "info");
        assert.match(f.message, /only a time limit \(stop_after_delay\(10\)\)/);
      },
    },
    {
      name: "time-bounded only: backoff max_time=30 without max_tries is info",
      code: `
//! rules RL002
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_time=30)
# ^ layer ×∞ RL002
def post_entry(entry):
    return requests.put(f"{LEDGER}/entries/{entry['id']}", json=entry, timeout=2)
`,
      check: severity("billing/ledger.py:7", "info"),
    },
    {
      name: "stop_after_attempt(3) & stop_after_delay(10) stops only when both say so: time-bounded, info",
      code: `
//! rules RL002
//- catalog/inventory_client.py
import requests
from tenacity import retry, stop_after_attempt, stop_after_delay, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(3) & stop_after_delay(10), wait=wait_random_exponential(max=2))
# ^ layer ×∞ RL002
def get_inventory(sku):
    return requests.get(f"{INVENTORY}/inventory/{sku}", timeout=1).json()
`,
      check: severity("catalog/inventory_client.py:7", "info"),
    },
    {
      name: "a loop bounded by a deadline only is info",
      code: `
//! rules RL002
//- reports/fetch.py
import random
import time

import requests


def fetch_report(report_id, deadline):
    while time.monotonic() < deadline:
# ^ layer ×∞ RL002
        try:
            return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 1))
    raise TimeoutError(report_id)
`,
      check: severity("reports/fetch.py:8", "info"),
    },
  ],
});
