/**
 * RL008 deadline-overrun: attempts × per-try timeout (+ back-off) exceeding the overall timeout
 * that covers them — Istio `perTryTimeout` vs the route `timeout` (reference §4.1: the route
 * timeout is off by default), Envoy `per_try_timeout` vs the route `timeout` (§4.2: default 15 s,
 * `0s` = none) — and code retries that outlast a gateway's per-try timeout in front of them.
 */
import assert from "node:assert/strict";
import { RL008 } from "../../server/src/rules/RL008-deadline-overrun";
import { findingAt, ruleTester } from "./helpers";

/** orders (injected into shop) calls payments; the VirtualService for payments is given per case */
const paymentsMesh = (http: string) => `
//- mesh/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- mesh/orders.yaml
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
          image: registry.example.com/shop/orders:2.8.0
//- mesh/virtual-services.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
${http}
//- orders/clients.py
import requests

PAYMENTS = "http://payments.shop.svc.cluster.local:8080"


def refund_status(refund_id):
    resp = requests.get(f"{PAYMENTS}/refunds/{refund_id}", timeout=4)
    resp.raise_for_status()
    return resp.json()
`;

/** Envoy edge gateway with one route to `cluster`; `route` holds the route's timeout and retry_policy lines */
const gateway = (cluster: string, route: string) => `
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
                        - match: { prefix: "/${cluster}" }
                          route:
                            cluster: ${cluster}
${route}
  clusters:
    - name: ${cluster}
      type: STRICT_DNS
      load_assignment:
        cluster_name: ${cluster}
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: ${cluster}, port_value: 8000 }
`;

const checkout = (decorator: string, note: string) => `
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
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_fixed, wait_random_exponential


${decorator}
# ^ ${note}
def reserve_stock(order_id, items):
    resp = requests.put(f"http://inventory:8000/reservations/{order_id}", json={"items": items},
                        headers={"Idempotency-Key": f"reserve-{order_id}"}, timeout=1.0)
    return resp.json()
`;

ruleTester(RL008, {
  valid: [
    {
      name: "a retry around a request with a timeout, or with a timeout passed from a variable",
      code: `
//! rules RL008
//- orders/client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
# ^ layer ×3
def stock(sku, timeout):
    requests.get(f"http://inventory/stock/{sku}", timeout=1)
    return requests.get(f"http://inventory/level/{sku}", timeout=timeout)
`,
    },
    {
      name: "httpx has a default timeout (5 s), so a retry around it has a bound",
      code: `
//! rules RL008
//- orders/client.py
import httpx
client = httpx.Client(base_url="http://inventory", transport=httpx.HTTPTransport(retries=2))
# ^ layer ×3
def stock(sku):
    return client.get(f"/stock/{sku}")
`,
    },
    {
      name: "Istio: 3 attempts × perTryTimeout 1s fit the 5s route timeout",
      code: `
//! rules RL008
${paymentsMesh(`    - timeout: 5s
      route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
# ^ layer ×3
        attempts: 2
        perTryTimeout: 1s
        retryOn: connect-failure,refused-stream`)}
`,
    },
    {
      name: "Istio: perTryTimeout with no route timeout (Istio's route timeout is off by default)",
      code: `
//! rules RL008
${paymentsMesh(`    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
# ^ layer ×5
        attempts: 4
        perTryTimeout: 2s
        retryOn: connect-failure,refused-stream`)}
`,
    },
    {
      name: "Envoy boundary: 3 attempts × 2s = exactly the 6s route timeout",
      code: `
//! rules RL008
${gateway("checkout", `                            timeout: 6s
                            retry_policy:
# ^ layer ×3
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 2
                              per_try_timeout: 2s`)}
`,
    },
    {
      name: "Envoy timeout: 0s disables the overall deadline",
      code: `
//! rules RL008
${gateway("reports", `                            timeout: 0s
                            retry_policy:
# ^ layer ×3
                              retry_on: "connect-failure"
                              num_retries: 2
                              per_try_timeout: 10s`)}
`,
    },
    {
      name: "code retries that fit the gateway's per-try timeout (3 × 1s ≤ 5s)",
      code: `
//! rules RL008
${gateway("checkout", `                            timeout: 12s
                            retry_policy:
# ^ layer ×2
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 1
                              per_try_timeout: 5s`)}
${checkout(`@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))`, "layer ×3")}
//! path 6 inventory
`,
    },
  ],
  invalid: [
    {
      name: "a decorator around requests without a timeout: each attempt can hang forever",
      code: `
//! rules RL008
//- orders/client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
# ^ layer ×3 RL008
def stock(sku):
    return requests.get(f"http://inventory/stock/{sku}")
`,
      check(result) {
        assert.match(findingAt(result, "RL008", "orders/client.py:4").message, /no timeout \(requests sets none by default\)/);
      },
    },
    {
      name: "axios-retry on an instance without a timeout (axios sets none)",
      code: `
//! rules RL008
//- web/src/api.ts
import axios from "axios";
import axiosRetry from "axios-retry";
export const api = axios.create({ baseURL: "http://catalog:8080" });
axiosRetry(api, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3 RL008
export async function items() {
  return api.get("/items");
}
`,
    },
    {
      name: "Istio: 5 attempts × perTryTimeout 2s = 10s under a 5s route timeout",
      code: `
//! rules RL008
${paymentsMesh(`    - timeout: 5s
      route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
# ^ layer ×5 RL008
        attempts: 4
        perTryTimeout: 2s
        retryOn: connect-failure,refused-stream`)}
//! path 5 payments
`,
      check(result) {
        assert.match(findingAt(result, "RL008", "mesh/virtual-services.yaml:14").message, /5 attempts × 2 s per try = 10 s, but the overall timeout is 5 s/);
      },
    },
    {
      name: "Envoy: 4 attempts × per_try_timeout 2s = 8s under a 5s route timeout",
      code: `
//! rules RL008
${gateway("checkout", `                            timeout: 5s
                            retry_policy:
# ^ layer ×4 RL008
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 3
                              per_try_timeout: 2s`)}
`,
    },
    {
      name: "Envoy: no route timeout means Envoy's 15s default covers all attempts (3 × 6s = 18s)",
      code: `
//! rules RL008
${gateway("reports", `                            retry_policy:
# ^ layer ×3 RL008
                              retry_on: "connect-failure"
                              num_retries: 2
                              per_try_timeout: 6s`)}
`,
      check(result) {
        assert.match(findingAt(result, "RL008", "deploy/gateway/envoy.yaml:18").message, /overall timeout is 15 s/);
      },
    },
    {
      name: "a decorator behind a gateway outlasts its per-try timeout: 3 × 1s + 2 × 0.5s = 4s > 2s",
      code: `
//! rules RL008
${gateway("checkout", `                            timeout: 10s
                            retry_policy:
# ^ layer ×2
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 1
                              per_try_timeout: 2s`)}
${checkout(`@retry(stop=stop_after_attempt(3), wait=wait_fixed(0.5), retry=retry_if_exception_type(requests.ConnectionError))`, "layer ×3 RL008")}
//! path 6 inventory
`,
      check(result) {
        const f = findingAt(result, "RL008", "checkout/inventory_client.py:5");
        assert.match(f.message, /up to 4 s, but [^:]*\/checkout gives each try only 2 s/);
        assert.deepEqual(f.related.map((r) => `${r.file}:${r.span.line}`), ["deploy/gateway/envoy.yaml:19"]);
      },
    },
  ],
});
