/**
 * RL011 missing-retry-budget: retrying layers on hops into a fan-in dependency (called with
 * retries by two or more services) when no layer on the hop is capped by a budget — Envoy
 * cluster `retry_budget` (reference §4.3), a token bucket in code (§5.5). One retrying caller,
 * or a budget on every hop, keeps it silent.
 */
import assert from "node:assert/strict";
import { RL011 } from "../../server/src/rules/RL011-missing-retry-budget";
import { findingAt, ruleTester } from "./helpers";

/** Two Envoy listeners (public and partner) both route to the orders cluster. */
const twoListeners = (notes: [string, string], clusterExtra: string) => `
//- deploy/gateway/envoy.yaml
static_resources:
  listeners:
    - name: public_http
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
                stat_prefix: public
                route_config:
                  virtual_hosts:
                    - name: shop
                      domains: ["shop.example.com"]
                      routes:
                        - match: { prefix: "/api/orders" }
                          route:
                            cluster: orders
                            retry_policy:
# ^ ${notes[0]}
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 2
    - name: partner_http
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
                stat_prefix: partner
                route_config:
                  virtual_hosts:
                    - name: partners
                      domains: ["partners.example.com"]
                      routes:
                        - match: { prefix: "/v1/orders" }
                          route:
                            cluster: orders
                            retry_policy:
# ^ ${notes[1]}
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 1
  clusters:
    - name: orders
      type: STRICT_DNS
${clusterExtra}      load_assignment:
        cluster_name: orders
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: orders, port_value: 8080 }
`;

const retryBudget = `      circuit_breakers:
        thresholds:
          - priority: DEFAULT
            retry_budget:
              budget_percent: { value: 20.0 }
              min_retry_concurrency: 3
`;

/** `service` calls inventory; `decorator` is its retry (or nothing) */
const inventoryCaller = (service: string, fn: string, decorator: string) => `
//- ${service}/__init__.py
//- ${service}/inventory.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"

${decorator}
def ${fn}(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()
`;

const retrying = (note: string) =>
  `@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))\n# ^ ${note}`;

const budgetedHelper = `
//- platform/__init__.py
//- platform/retries.py
"""The one place that retries outbound calls: jittered backoff under a retry budget."""
import random
import threading
import time


class RetryBudget:
    """Token bucket: each request earns \`ratio\` tokens, each retry spends one."""

    def __init__(self, ratio=0.1, max_tokens=10.0):
        self.ratio, self.max_tokens = ratio, max_tokens
        self.tokens = max_tokens
        self._lock = threading.Lock()

    def on_request(self):
        with self._lock:
            self.tokens = min(self.max_tokens, self.tokens + self.ratio)

    def try_spend(self):
        with self._lock:
            if self.tokens >= 1.0:
                self.tokens -= 1.0
                return True
            return False


def call_with_retries(send, *, budget, max_attempts=3, base=0.1, cap=1.0):
    budget.on_request()
    attempt = 0
    while True:
# ^ layer ×3
        resp = send()
        attempt += 1
        if resp.status_code not in (502, 503, 504):
            return resp
        if attempt >= max_attempts or not budget.try_spend():
            return resp
        time.sleep(random.uniform(0, min(cap, base * 2 ** attempt)))
`;

const budgetedCaller = (service: string) => `
//- ${service}/__init__.py
//- ${service}/stock.py
import requests

from platform.retries import RetryBudget, call_with_retries

_budget = RetryBudget(ratio=0.1)


def stock_level(sku):
    def send():
        return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1)

    return call_with_retries(send, budget=_budget).json()["level"]
`;

ruleTester(RL011, {
  valid: [
    {
      name: "two gateway listeners retry into orders, capped by the cluster's Envoy retry_budget",
      code: `
//! rules RL011
${twoListeners(["layer ×3", "layer ×2"], retryBudget)}
`,
      check(result) {
        for (const l of result.model.layers) assert.match(l.budget ?? "", /retry_budget 20%/);
      },
    },
    {
      name: "a single retrying caller of inventory is not a fan-in",
      code: `
//! rules RL011
${inventoryCaller("orders", "stock_level", retrying("layer ×3"))}
`,
    },
    {
      name: "two callers, but only one of them retries",
      code: `
//! rules RL011
${inventoryCaller("orders", "stock_level", retrying("layer ×3"))}
${inventoryCaller("billing", "reserved", "")}
`,
    },
    {
      name: "two callers retry through a shared helper that spends a token-bucket budget",
      code: `
//! rules RL011
${budgetedHelper}
${budgetedCaller("orders")}
${budgetedCaller("billing")}
//! path 3 inventory
`,
    },
  ],
  invalid: [
    {
      name: "orders and billing both retry into inventory with no budget",
      code: `
//! rules RL011
${inventoryCaller("orders", "stock_level", retrying("layer ×3 RL011"))}
${inventoryCaller("billing", "reserved", retrying("layer ×3 RL011"))}
`,
      check(result) {
        const f = findingAt(result, "RL011", "orders/inventory.py:6");
        assert.equal(f.severity, "info");
        assert.match(f.message, /2 services retry into \(billing, orders\)/);
      },
    },
    {
      name: "two gateway listeners retry into orders and the cluster has no retry_budget",
      code: `
//! rules RL011
${twoListeners(["layer ×3 RL011", "layer ×2 RL011"], "")}
`,
    },
    {
      name: "a shared session's Retry (urllib3) used by two services into the same dependency",
      code: `
//! rules RL011
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.3, backoff_jitter=0.3)))
# ^ layer ×3 RL011
//- orders/__init__.py
//- orders/pricing.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
//- catalog/__init__.py
//- catalog/pricing.py
from platform.http import session


def list_price(sku):
    return session.get(f"http://pricing:8080/list-prices/{sku}", timeout=1).json()
`,
    },
  ],
});
