/**
 * RL009 stacked-retry: a code retry (decorator, loop) around a client that already retries — a
 * requests Session with a mounted urllib3 Retry (reference §1.3, §1.4), an httpx transport with
 * retries (§1.5) — in the same module, across modules, and through a session factory. A session
 * whose Retry is disabled (`Retry(total=0)`) does not retry, so wrapping it is the fix, not a finding.
 */
import assert from "node:assert/strict";
import { RL009 } from "../../server/src/rules/RL009-stacked-retry";
import { findingAt, ruleTester } from "./helpers";

ruleTester(RL009, {
  valid: [
    {
      name: "a decorator around a no-retry session (Retry(total=0) is a disabled layer)",
      code: `
//! rules RL009
//- platform/__init__.py
//- platform/http.py
"""HTTP sessions shared by every service in the monorepo."""
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

# Retries are owned by the callers; this session never retries.
no_retry_session = requests.Session()
no_retry_session.mount("https://", HTTPAdapter(max_retries=Retry(total=0)))
# ^ layer disabled
no_retry_session.mount("http://", HTTPAdapter(max_retries=Retry(total=0)))
# ^ layer disabled
//- checkout/__init__.py
//- checkout/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

from platform.http import no_retry_session


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.1, max=2),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def stock_level(sku):
    return no_retry_session.get(f"http://inventory:8000/stock/{sku}", timeout=1).json()["level"]
//! path 3 inventory
`,
    },
    {
      name: "a decorator around plain requests calls (HTTPAdapter default: no retries)",
      code: `
//! rules RL009
//- orders/clients.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(
# ^ layer ×3
    retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)),
    stop=stop_after_attempt(3),
    wait=wait_random_exponential(multiplier=0.1, max=2),
    reraise=True,
)
def stock_level(sku):
    resp = requests.get(f"{INVENTORY}/stock/{sku}", timeout=1)
    resp.raise_for_status()
    return resp.json()["level"]
`,
    },
    {
      name: "a session with a mounted Retry that nobody wraps: one retry owner",
      code: `
//! rules RL009
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.3, backoff_jitter=0.3)))
# ^ layer ×3
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    },
  ],
  invalid: [
    {
      name: "same module: a decorator around a session that mounts Retry",
      code: `
//! rules RL009
//- catalog/inventory_client.py
import requests
from requests.adapters import HTTPAdapter
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.3, backoff_jitter=0.3)))
# ^ layer ×3


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3 RL009
       retry=retry_if_exception_type(requests.ConnectionError))
def get_inventory(sku):
    return session.get(f"http://inventory:8080/inventory/{sku}", timeout=2).json()
//! path 9 inventory
`,
      check(result) {
        const f = findingAt(result, "RL009", "catalog/inventory_client.py:10");
        assert.match(f.message, /get_inventory \(tenacity, ×3\) wraps session, which already retries \(urllib3, ×3, catalog\/inventory_client\.py:7\)/);
        assert.deepEqual(f.related.map((r) => `${r.file}:${r.span.line}`), ["catalog/inventory_client.py:7"]);
      },
    },
    {
      name: "across modules: the shared platform session retries, the checkout decorator does not know",
      code: `
//! rules RL009
//- platform/__init__.py
//- platform/http.py
"""HTTP session shared by every service in the monorepo."""
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(
# ^ layer ×3
    total=2,
    backoff_factor=0.2,
    backoff_jitter=0.2,
    status_forcelist=[502, 503, 504],
)
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=_retry))
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- checkout/__init__.py
//- checkout/app.py
from flask import Flask, request, jsonify

from checkout.inventory_client import reserve_stock

app = Flask(__name__)


@app.post("/checkout")
def checkout():
    order = request.get_json()
    return jsonify(reserve_stock(order["id"], order["items"]))
//- checkout/inventory_client.py
import os

import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type
from platform.http import session

INVENTORY_URL = os.environ.get("INVENTORY_URL", "http://inventory:8000")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3 RL009
       retry=retry_if_exception_type(requests.ConnectionError))
def reserve_stock(order_id, items):
    resp = session.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    return resp.json()
//! path 9 inventory
`,
    },
    {
      name: "through a session factory in another module (session = make_session())",
      code: `
//! rules RL009
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry


def make_session(retries=2):
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=Retry(total=retries, backoff_factor=0.3, backoff_jitter=0.3))
# ^ layer ×3
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
//- checkout/__init__.py
//- checkout/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

from platform.http import make_session

session = make_session()


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3 RL009
       retry=retry_if_exception_type(requests.ConnectionError))
def stock(sku):
    return session.get(f"http://inventory:8000/stock/{sku}", timeout=1).json()
//! path 9 inventory
`,
    },
    {
      name: "a decorator on a function that calls a helper which sends through the retrying session",
      code: `
//! rules RL009
//- billing/http.py
import requests
from requests.adapters import HTTPAdapter

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=2))
# ^ layer ×3
//- billing/ledger.py
import backoff
import requests

from billing.http import session


def _get(path):
    return session.get(f"http://ledger:9000{path}", timeout=2).json()


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3)
# ^ layer ×3 RL009
def balance(account_id):
    return _get(f"/accounts/{account_id}/balance")
//! path 9 ledger
`,
    },
    {
      name: "a hand-rolled loop around an httpx client whose transport retries connects",
      code: `
//! rules RL009
//- search/ranking.py
import random
import time

import httpx

ranking = httpx.Client(base_url="http://ranking:8080", transport=httpx.HTTPTransport(retries=2), timeout=2.0)
# ^ layer ×3


def rank(ids):
    for attempt in range(3):
# ^ layer ×3 RL009
        try:
            return ranking.get("/rank", params={"ids": ids}).json()
        except httpx.TransportError:
            time.sleep(random.uniform(0, 2 ** attempt))
    return []
//! path 9 ranking
`,
    },
    {
      name: "AWS SDK (§1.6): tenacity around a boto3 client imported from another module",
      code: `
//! rules RL009
//- orders/__init__.py
//- orders/aws.py
import boto3
from botocore.config import Config

dynamodb = boto3.client("dynamodb", config=Config(retries={"mode": "standard"}))
# ^ layer ×3
//- orders/store.py
from tenacity import retry, stop_after_attempt, wait_random_exponential

from orders.aws import dynamodb


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3 RL009
def save_order(order):
    dynamodb.put_item(TableName="orders", Item=order)
//! path 9 aws:dynamodb
`,
      check(result) {
        const f = findingAt(result, "RL009", "orders/store.py:6");
        assert.match(f.message, /wraps dynamodb, which already retries \(boto3, ×3, orders\/aws\.py:4\)/);
      },
    },
    {
      name: "AWS SDK (§1.6, §1.8): stamina around an unconfigured boto3 client (legacy default, 5 attempts)",
      code: `
//! rules RL009
//- uploads/app.py
import boto3
import stamina
from botocore.exceptions import ClientError

s3 = boto3.client("s3")
# ^ layer ×5


@stamina.retry(on=ClientError, attempts=3)
# ^ layer ×3 RL009
def upload(key, body):
    s3.put_object(Bucket="uploads", Key=key, Body=body)
//! path 15 aws:s3
`,
    },
  ],
});
