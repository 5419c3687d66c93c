/**
 * RL004 no-jitter: fixed, linear or exponential delays with no random component — tenacity
 * wait_fixed / wait_exponential (reference §1.1: "No jitter; the docstring says so explicitly"),
 * backoff with jitter=None (§1.2: full_jitter is on by default), urllib3 backoff_factor with
 * backoff_jitter 0 (§1.3), axios-retry linearDelay (§2.1).
 */
import assert from "node:assert/strict";
import { RL004 } from "../../server/src/rules/RL004-no-jitter";
import { findingAt, ruleTester } from "./helpers";

ruleTester(RL004, {
  valid: [
    {
      name: "tenacity wait_random_exponential is full jitter",
      code: `
//! rules RL004
//- checkout/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY_URL = "http://inventory:8000"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.2, max=2),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def reserve_stock(order_id, items):
    return requests.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0).json()
`,
    },
    {
      name: "tenacity wait_exponential + wait_random and wait_exponential_jitter add randomness",
      code: `
//! rules RL004
//- reports/fetch.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential, wait_exponential_jitter, wait_random


@retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=0.5, max=4) + wait_random(0, 1),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def fetch_report(report_id):
    return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)


@retry(stop=stop_after_attempt(3), wait=wait_exponential_jitter(initial=0.2, max=4),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def fetch_index():
    return requests.get("http://storage:9000/reports", timeout=5)
`,
    },
    {
      name: "backoff keeps its default full_jitter, for expo and constant wait generators",
      code: `
//! rules RL004
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3)
# ^ layer ×3
def post_entry(entry):
    return requests.put(f"{LEDGER}/entries/{entry['id']}", json=entry, timeout=2)


@backoff.on_exception(backoff.constant, requests.ConnectionError, interval=2, max_tries=3)
# ^ layer ×3
def get_entry(entry_id):
    return requests.get(f"{LEDGER}/entries/{entry_id}", timeout=2)
`,
    },
    {
      name: "urllib3 Retry with backoff_factor and backoff_jitter",
      code: `
//! rules RL004
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×3
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    },
    {
      name: "a hand-rolled loop whose doubling delay adds random.random()",
      code: `
//! rules RL004
//- reports/fetch.py
import random
import time

import requests


def fetch_index(max_attempts=3):
    delay = 0.5
    attempt = 0
    while True:
# ^ layer ×3
        try:
            return requests.get("http://storage:9000/index", timeout=5)
        except requests.ConnectionError:
            attempt += 1
            if attempt >= max_attempts:
                raise
            time.sleep(delay + random.random())
            delay *= 2
`,
    },
  ],
  invalid: [
    {
      name: "tenacity wait_fixed(0.5): every client retries on the same half-second beat",
      code: `
//! rules RL004
//- checkout/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_fixed

INVENTORY_URL = "http://inventory:8000"


@retry(stop=stop_after_attempt(3), wait=wait_fixed(0.5),
# ^ layer ×3 RL004
       retry=retry_if_exception_type(requests.ConnectionError))
def reserve_stock(order_id, items):
    return requests.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0).json()
`,
      check(result) {
        assert.match(findingAt(result, "RL004", "checkout/inventory_client.py:7").message, /fixed 500 ms, no jitter/);
      },
    },
    {
      name: "tenacity wait_exponential has no jitter (database failover retry)",
      code: `
//! rules RL004
//- inventory/db.py
import os

import psycopg
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

DATABASE_URL = os.environ.get("DATABASE_URL", "postgresql://inventory@postgres:5432/shop")


@retry(stop=stop_after_attempt(3), wait=wait_exponential(multiplier=0.1, max=2),
# ^ layer ×3 RL004
       retry=retry_if_exception_type(psycopg.OperationalError))
def reserve(order_id, items):
    with psycopg.connect(DATABASE_URL) as conn:
        conn.execute("INSERT INTO reservations (order_id) VALUES (%s)", (order_id,))
//! path 3 postgres
`,
    },
    {
      name: "backoff with jitter=None turns the default full jitter off",
      code: `
//! rules RL004
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3, jitter=None)
# ^ layer ×3 RL004
def post_entry(entry):
    return requests.put(f"{LEDGER}/entries/{entry['id']}", json=entry, timeout=2)
`,
      check(result) {
        assert.match(findingAt(result, "RL004", "billing/ledger.py:7").message, /jitter=None/);
      },
    },
    {
      name: "urllib3 backoff_factor without backoff_jitter (default 0.0)",
      code: `
//! rules RL004
//- platform/__init__.py
//- platform/http.py
"""HTTP session shared by every service in the monorepo."""
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(
# ^ layer ×3 RL004
    total=2,
    backoff_factor=0.2,
    status_forcelist=[502, 503, 504],
)
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=_retry))
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
      check(result) {
        assert.match(findingAt(result, "RL004", "platform/http.py:6").message, /backoff_jitter 0/);
      },
    },
    {
      name: "axios-retry linearDelay grows by a fixed step with no randomness",
      code: `
//! rules RL004
//- bff/package.json
{ "name": "bff", "private": true, "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0" } }
//- bff/src/ordersClient.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const orders = axios.create({ baseURL: "http://orders:8080", timeout: 2_000 });
axiosRetry(orders, { retries: 2, retryDelay: axiosRetry.linearDelay() });
// ^ layer ×3 RL004

export async function listOrders() {
  const { data } = await orders.get("/orders");
  return data;
}
`,
    },
    {
      name: "a hand-rolled loop sleeping 2 ** attempt",
      code: `
//! rules RL004
//- reports/fetch.py
import time

import requests


def fetch_report(report_id):
    for attempt in range(4):
# ^ layer ×4 RL004
        try:
            return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        except requests.ConnectionError:
            time.sleep(2 ** attempt)
    raise RuntimeError("storage unavailable")
`,
    },
  ],
});
