/**
 * RL001 retry-amplification: a path whose product of active layers' maxAttempts exceeds the
 * threshold (default 3, DESIGN.md rule catalogue), reported on every layer of the path. A path
 * under a retry budget (reference §4.3) is softened to info; an unbounded layer on a multi-layer
 * path makes the product unbounded.
 */
import assert from "node:assert/strict";
import { RL001 } from "../../server/src/rules/RL001-retry-amplification";
import { findingAt, findingsOf, ruleTester } from "./helpers";

/** Envoy edge gateway routing /checkout to the checkout service, retrying pre-send failures twice (×3). */
const gateway = (cluster: string, note = "layer ×3 RL001") => `
//- deploy/gateway/envoy.yaml
static_resources:
  listeners:
    - name: public_http
      address:
        socket_address: { address: 0.0.0.0, port_value: 8080 }
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
                stat_prefix: ingress
                route_config:
                  name: public
                  virtual_hosts:
                    - name: shop
                      domains: ["*"]
                      routes:
                        - match: { prefix: "/checkout" }
                          route:
                            cluster: checkout
                            timeout: 10s
                            retry_policy:
# ^ ${note}
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 2
  clusters:
    - name: checkout
      type: STRICT_DNS
      connect_timeout: 1s
${cluster}      load_assignment:
        cluster_name: checkout
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: checkout, port_value: 8000 }
`;

const checkoutApp = `
//- checkout/__init__.py
//- checkout/app.py
from flask import Flask, request, jsonify

from checkout.inventory_client import reserve_stock

app = Flask(__name__)


@app.post("/checkout")
def checkout():
    order = request.get_json()
    return jsonify(reserve_stock(order["id"], order["items"]))
`;

ruleTester(RL001, {
  valid: [
    {
      name: "threshold boundary: one layer of exactly 3 attempts is not reported (3 is not > 3)",
      code: `
//! rules RL001
//- catalog/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.1, max=2),
# ^ layer ×3
       retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)))
def stock_level(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()["level"]
//! path 3 inventory
//! paths 1
`,
    },
    {
      name: "a disabled session (Retry(total=0)) never multiplies: gateway ×3 alone stays at 3",
      code: `
//! rules RL001
${gateway("", "layer ×3")}
${checkoutApp}
//- checkout/inventory_client.py
import os

from platform.http import no_retry_session

INVENTORY_URL = os.environ.get("INVENTORY_URL", "http://inventory:8000")


def reserve_stock(order_id, items):
    resp = no_retry_session.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

no_retry_session = requests.Session()
no_retry_session.mount("http://", HTTPAdapter(max_retries=Retry(total=0)))
# ^ layer disabled
//! path 3 inventory
`,
    },
    {
      name: "//! threshold 9: a product of exactly 9 (decorator ×3 × session ×3) is not reported",
      code: `
//! rules RL001
//! threshold 9
//- orders/clients.py
import requests
from requests.adapters import HTTPAdapter
from tenacity import retry, stop_after_attempt, wait_random_exponential
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2)))
# ^ layer ×3


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3
def stock_level(sku):
    return session.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()
//! path 9 inventory
`,
    },
    {
      name: "a single unbounded layer is RL002's business, not an amplification path",
      code: `
//! rules RL001
//- catalog/inventory_client.py
import httpx
from tenacity import retry

client = httpx.Client(base_url="http://inventory:8080")


@retry
# ^ layer ×∞
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
//! path ∞ inventory
`,
    },
    {
      name: "products are per path: two ×3 layers on calls to different services do not multiply",
      code: `
//! rules RL001
//- orders/app.py
from flask import Flask, jsonify

from orders.clients import charge, stock_level

app = Flask(__name__)


@app.post("/orders")
def create_order():
    if stock_level("sku-1") < 1:
        return jsonify({"error": "out of stock"}), 409
    return jsonify(charge("o-1", 1200)), 201
//- orders/__init__.py
//- orders/clients.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"
PAYMENTS = "http://payments:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def stock_level(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()["level"]


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2),
# ^ layer ×3
       retry=retry_if_exception_type(requests.ConnectionError))
def charge(order_id, cents):
    resp = requests.post(f"{PAYMENTS}/charges", json={"order": order_id, "cents": cents},
                         headers={"Idempotency-Key": f"charge-{order_id}"}, timeout=2)
    return resp.json()
//! path 3 inventory
//! path 3 payments
//! paths 2
`,
    },
  ],
  invalid: [
    {
      name: "gateway ×3 → decorator ×3 → shared session ×3 = 27, reported on every layer of the path",
      code: `
//! rules RL001
${gateway("")}
${checkoutApp}
//- checkout/inventory_client.py
import os

import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type
from platform.http import session

INVENTORY_URL = os.environ.get("INVENTORY_URL", "http://inventory:8000")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.2, max=2),
# ^ layer ×3 RL001
       retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)))
def reserve_stock(order_id, items):
    resp = session.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.3, status_forcelist=[502, 503, 504])
# ^ layer ×3 RL001
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//! path 27 inventory
//! paths 1
`,
      check(result) {
        const f = findingAt(result, "RL001", "checkout/inventory_client.py:10");
        assert.equal(f.severity, "error");
        assert.equal(f.product, 27);
        assert.match(f.message, /27 calls reach inventory/);
        assert.match(f.message, /\/checkout ×3 → reserve_stock ×3 → session ×3/);
        // the other two layers are related locations
        assert.deepEqual(f.related.map((r) => `${r.file}:${r.span.line}`).sort(), ["deploy/gateway/envoy.yaml:22", "platform/http.py:5"]);
      },
    },
    {
      name: "threshold boundary: one layer of 4 attempts exceeds the default threshold 3",
      code: `
//! rules RL001
//- catalog/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(4), wait=wait_random_exponential(multiplier=0.1, max=2),
# ^ layer ×4 RL001
       retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)))
def stock_level(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()["level"]
//! path 4 inventory
`,
      check(result) {
        assert.match(findingAt(result, "RL001", "catalog/inventory_client.py:7").message, /\(threshold 3\)/);
      },
    },
    {
      name: "//! threshold 2: a lone urllib3 Retry(total=2) (3 attempts) is now over the threshold",
      code: `
//! rules RL001
//! threshold 2
//- reports/publisher.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×3 RL001


def publish(report_id):
    return session.get(f"https://storage:9000/reports/{report_id}", timeout=5)
//! path 3 storage
`,
      check(result) {
        assert.match(findingAt(result, "RL001", "reports/publisher.py:6").message, /\(threshold 2\)/);
      },
    },
    {
      name: "a budgeted path (Envoy retry_budget on the cluster) is still reported, softened to info",
      code: `
//! rules RL001
${gateway(`      circuit_breakers:
        thresholds:
          - priority: DEFAULT
            retry_budget:
              budget_percent: { value: 20.0 }
              min_retry_concurrency: 3
`)}
${checkoutApp}
//- checkout/inventory_client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

INVENTORY_URL = "http://inventory:8000"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.2, max=2),
# ^ layer ×3 RL001
       retry=retry_if_exception_type(requests.ConnectionError))
def reserve_stock(order_id, items):
    return requests.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0).json()
//! path 9 inventory
`,
      check(result) {
        const path = result.model.paths.find((p) => p.target === "inventory")!;
        assert.equal(path.budgeted, true);
        const findings = findingsOf(result, "RL001");
        assert.equal(findings.length, 2);
        for (const f of findings) {
          assert.equal(f.severity, "info", `${f.file}:${f.span.line} must be softened`);
          assert.match(f.message, /budgeted/);
        }
      },
    },
    {
      name: "a layer on both a budgeted and an unbudgeted path is reported as an error for the unbudgeted one",
      code: `
//! rules RL001
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
                        - match: { prefix: "/checkout" }
                          route:
                            cluster: checkout_budgeted
                            retry_policy:
# ^ layer ×3 RL001
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
                        - match: { prefix: "/v1/checkout" }
                          route:
                            cluster: checkout_plain
                            retry_policy:
# ^ layer ×2 RL001
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 1
  clusters:
    - name: checkout_budgeted
      type: STRICT_DNS
      circuit_breakers:
        thresholds:
          - retry_budget:
              budget_percent: { value: 20.0 }
      load_assignment:
        cluster_name: checkout_budgeted
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: checkout, port_value: 8080 }
    - name: checkout_plain
      type: STRICT_DNS
      load_assignment:
        cluster_name: checkout_plain
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: checkout, port_value: 8080 }
//- checkout/__init__.py
//- checkout/app.py
import requests
from flask import Flask, jsonify
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

app = Flask(__name__)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×3 RL001
def stock(sku):
    return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()


@app.get("/checkout/<sku>")
def checkout(sku):
    return jsonify(stock(sku))
//! path 9 inventory
//! path 6 inventory
`,
      check(result) {
        assert.deepEqual(result.model.paths.map((p) => `${p.product} budgeted=${p.budgeted}`), ["9 budgeted=true", "6 budgeted=false"]);
        // the public route is only on the budgeted path: softened
        assert.equal(findingAt(result, "RL001", "deploy/gateway/envoy.yaml:18").severity, "info");
        // the partner route and the decorator are on the unbudgeted path: a budget elsewhere does not cap them
        assert.equal(findingAt(result, "RL001", "deploy/gateway/envoy.yaml:36").severity, "error");
        const decorator = findingAt(result, "RL001", "checkout/app.py:8");
        assert.equal(decorator.severity, "error");
        assert.equal(decorator.product, 6);
        assert.doesNotMatch(decorator.message, /budgeted/);
      },
    },
    {
      name: "an unbounded layer on a multi-layer path makes the product unbounded (bare @retry over a retrying session)",
      code: `
//! rules RL001
//- catalog/inventory_client.py
import requests
from requests.adapters import HTTPAdapter
from tenacity import retry
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.3, backoff_jitter=0.3)))
# ^ layer ×3 RL001


@retry
# ^ layer ×∞ RL001
def get_inventory(sku):
    response = session.get(f"http://inventory:8080/inventory/{sku}", timeout=2)
    response.raise_for_status()
    return response.json()
//! path ∞ inventory
`,
      check(result) {
        for (const f of findingsOf(result, "RL001")) {
          assert.equal(f.product, null);
          assert.match(f.message, /^unbounded calls reach inventory/);
        }
      },
    },
    {
      name: "the implicit Istio sidecar default counts: code ×3 in an injected namespace → 9",
      code: `
//! rules RL001
//- k8s/namespaces.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
# ^ layer ×3 RL001
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  selector:
    matchLabels: { app: orders }
  template:
    metadata:
      labels: { app: orders }
    spec:
      containers:
        - name: orders
          image: registry.example.com/shop/orders:2.7.1
          env:
            - name: INVENTORY_URL
              value: http://inventory.shop.svc.cluster.local:8080
//- orders/stock.py
import os

import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY_URL = os.environ["INVENTORY_URL"]


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1),
# ^ layer ×3 RL001
       retry=retry_if_exception_type(requests.Timeout))
def stock_level(sku):
    return requests.get(f"{INVENTORY_URL}/stock/{sku}", timeout=1).json()["level"]
//! path 9 inventory
`,
    },
  ],
});
