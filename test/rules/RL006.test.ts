/**
 * RL006 retries-permanent-errors: retrying errors that fail the same way again — tenacity's
 * default condition (every Exception, reference §1.1), HTTP error base classes around code that
 * calls raise_for_status() (requests.RequestException includes the HTTPError raised for 4xx),
 * `except Exception` loops, and explicit 4xx statuses other than 408/425/429 (urllib3
 * status_forcelist §1.3, Envoy retriable_status_codes §4.2).
 */
import assert from "node:assert/strict";
import { RL006 } from "../../server/src/rules/RL006-retries-permanent-errors";
import { findingAt, ruleTester } from "./helpers";

ruleTester(RL006, {
  valid: [
    {
      name: "only ConnectionError/Timeout are retried, even though the function calls raise_for_status()",
      code: `
//! rules RL006
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
      name: "RequestException without raise_for_status(): 4xx responses are returned, not raised",
      code: `
//! rules RL006
//- orders/clients.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(retry=retry_if_exception_type(requests.RequestException), stop=stop_after_attempt(3),
# ^ layer ×3
       wait=wait_random_exponential(max=2))
def stock_level(sku):
    resp = requests.get(f"http://inventory:8080/stock/{sku}", timeout=1)
    return resp.json()["level"] if resp.ok else 0
`,
    },
    {
      name: "status_forcelist with only transient statuses (408, 429, 502, 503, 504)",
      code: `
//! rules RL006
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5, status_forcelist=[408, 429, 502, 503, 504])
# ^ layer ×3
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    },
    {
      name: "backoff on RequestException with a giveup predicate that stops on 4xx",
      code: `
//! rules RL006
//- billing/ledger.py
import backoff
import requests


def is_client_error(exc):
    return exc.response is not None and 400 <= exc.response.status_code < 500


@backoff.on_exception(backoff.expo, requests.RequestException, max_tries=3, giveup=is_client_error)
# ^ layer ×3
def get_entry(entry_id):
    resp = requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2)
    resp.raise_for_status()
    return resp.json()
`,
    },
  ],
  invalid: [
    {
      name: "tenacity without retry= retries every Exception (the default condition)",
      code: `
//! rules RL006
//- catalog/inventory_client.py
import httpx
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = httpx.Client(base_url="http://inventory:8080")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3 RL006
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
`,
      check(result) {
        assert.match(findingAt(result, "RL006", "catalog/inventory_client.py:7").message, /every exception/);
      },
    },
    {
      name: "retry_if_exception_type(requests.RequestException) around raise_for_status() retries 4xx",
      code: `
//! rules RL006
//- checkout/inventory_client.py
import os

import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

INVENTORY_URL = os.environ.get("INVENTORY_URL", "http://inventory:8000")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3 RL006
       retry=retry_if_exception_type(requests.RequestException))
def reserve_stock(order_id, items):
    resp = requests.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
`,
      check(result) {
        assert.match(findingAt(result, "RL006", "checkout/inventory_client.py:9").message, /raise_for_status\(\) raises for 4xx/);
      },
    },
    {
      name: "backoff on Exception, and a hand-rolled loop with except Exception",
      code: `
//! rules RL006
//- reports/fetch.py
import random
import time

import backoff
import requests


@backoff.on_exception(backoff.expo, Exception, max_tries=3)
# ^ layer ×3 RL006
def publish(report):
    return requests.put(f"http://storage:9000/reports/{report['id']}", json=report, timeout=5)


def fetch_report(report_id):
    for attempt in range(3):
# ^ layer ×3 RL006
        try:
            resp = requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
            resp.raise_for_status()
            return resp.json()
        except Exception:
            time.sleep(random.uniform(0, 2 ** attempt))
    raise RuntimeError("storage unavailable")
`,
    },
    {
      name: "urllib3 status_forcelist with 404",
      code: `
//! rules RL006
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5, status_forcelist=[404, 502, 503])
# ^ layer ×3 RL006
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
      check(result) {
        assert.match(findingAt(result, "RL006", "platform/http.py:5").message, /status_forcelist retries 404/);
      },
    },
    {
      name: "an Envoy route with retriable_status_codes [404, 503]",
      code: `
//! rules RL006
//- deploy/gateway/envoy.yaml
static_resources:
  listeners:
    - name: public_http
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
                stat_prefix: ingress
                route_config:
                  virtual_hosts:
                    - name: shop
                      domains: ["*"]
                      routes:
                        - match: { prefix: "/catalog" }
                          route:
                            cluster: catalog
                            retry_policy:
# ^ layer ×2 RL006
                              retry_on: "connect-failure,retriable-status-codes"
                              retriable_status_codes: [404, 503]
                              num_retries: 1
  clusters:
    - name: catalog
      type: STRICT_DNS
      load_assignment:
        cluster_name: catalog
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: catalog, port_value: 8000 }
//! path 2 catalog
`,
    },
  ],
});
