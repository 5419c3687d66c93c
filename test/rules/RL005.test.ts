/**
 * RL005 unsafe-write-retry: a POST/PATCH that some layer can re-send after it may have reached
 * the server, with no Idempotency-Key. urllib3 retries read errors/statuses only for
 * allowed_methods (POST excluded by default; None = every verb, reference §1.3); httpx transport
 * retries happen only while connecting (§1.5); tenacity retries whatever exceptions it is told
 * to (§1.1); axios-retry retries network errors for any method (§2.1); Istio `retryOn: 5xx` is
 * not method-gated (§4.1, §4.2) while its default retries only pre-send failures.
 */
import assert from "node:assert/strict";
import { RL005 } from "../../server/src/rules/RL005-unsafe-write-retry";
import { findingAt, ruleTester } from "./helpers";

const platformSession = (retryArgs: string, note: string) => `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504]${retryArgs})
# ^ ${note}
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=_retry))
session.mount("http://", HTTPAdapter(max_retries=_retry))
`;

/** orders (namespace shop, sidecar injected) POSTs a charge to payments without an Idempotency-Key */
const shopMesh = (injectionNote: string | null) => `
//- mesh/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
${injectionNote ? `# ^ ${injectionNote}` : ""}
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
//- orders/__init__.py
//- orders/app.py
from flask import Flask, request, jsonify

from orders.clients import charge

app = Flask(__name__)


@app.post("/orders")
def create_order():
    order = request.get_json()
    receipt = charge(order["id"], order["total_cents"])
    return jsonify({"id": order["id"], "receipt": receipt}), 201
//- orders/clients.py
import requests

PAYMENTS = "http://payments.shop.svc.cluster.local:8080"


def charge(order_id, amount_cents):
    resp = requests.post(
        f"{PAYMENTS}/charges",
        json={"order": order_id, "amount": amount_cents},
        timeout=4,
    )
    resp.raise_for_status()
    return resp.json()
`;

ruleTester(RL005, {
  valid: [
    {
      name: "POST through a session whose Retry keeps urllib3's default allowed_methods (POST excluded)",
      code: `
//! rules RL005
${platformSession("", "layer ×3")}
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(order_id, items):
    resp = session.post("http://inventory:8000/reservations", json={"order_id": order_id, "items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
`,
    },
    {
      name: "a retried POST that carries an Idempotency-Key",
      code: `
//! rules RL005
${platformSession(", allowed_methods=None", "layer ×3")}
//- checkout/inventory_client.py
from tenacity import retry, stop_after_attempt, wait_random_exponential

from platform.http import session


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2))
# ^ layer ×2
def reserve_stock(order_id, items):
    resp = session.post(
        "http://inventory:8000/reservations",
        json={"order_id": order_id, "items": items},
        headers={"Idempotency-Key": f"reserve-{order_id}"},
        timeout=1.0,
    )
    resp.raise_for_status()
    return resp.json()
`,
    },
    {
      name: "httpx transport retries (connect phase only) and tenacity retrying only httpx.ConnectError never re-send a POST",
      code: `
//! rules RL005
//- payments/client.py
import httpx
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

transport = httpx.HTTPTransport(retries=2)
# ^ layer ×3
ledger = httpx.Client(base_url="http://ledger:9000", transport=transport, timeout=2.0)
fraud = httpx.Client(base_url="http://fraud:9000", timeout=2.0)


def record(entry):
    return ledger.post("/entries", json=entry)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1),
# ^ layer ×3
       retry=retry_if_exception_type(httpx.ConnectError))
def screen(payment):
    return fraud.post("/screenings", json=payment)
//! path 3 ledger
//! path 3 fraud
`,
    },
    {
      name: "Istio's implicit default retries only pre-send failures (connect-failure, refused-stream, …)",
      code: `
//! rules RL005
${shopMesh("layer ×3")}
`,
    },
    {
      name: "allowed_methods=None only matters for writes: GETs through it are not reported",
      code: `
//! rules RL005
${platformSession(", allowed_methods=None", "layer ×3")}
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    },
  ],
  invalid: [
    {
      name: "POST through a shared session with Retry(allowed_methods=None)",
      code: `
//! rules RL005
${platformSession(", allowed_methods=None", "layer ×3 RL005")}
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(order_id, items):
    resp = session.post("http://inventory:8000/reservations", json={"order_id": order_id, "items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
`,
      check(result) {
        const f = findingAt(result, "RL005", "platform/http.py:5");
        assert.match(f.message, /POST session\.post at checkout\/inventory_client\.py:5/);
        assert.deepEqual(f.related.map((r) => `${r.file}:${r.span.line}`), ["checkout/inventory_client.py:5"]);
      },
    },
    {
      name: "tenacity's default condition (every exception) around a POST without Idempotency-Key",
      code: `
//! rules RL005
//- payments/client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = "http://payments:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3 RL005
def charge(order_id, cents):
    resp = requests.post(f"{PAYMENTS}/charges", json={"order": order_id, "cents": cents}, timeout=2)
    resp.raise_for_status()
    return resp.json()
`,
    },
    {
      name: "tenacity on requests.Timeout around a PATCH: a read timeout does not mean the write failed",
      code: `
//! rules RL005
//- orders/status.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2),
# ^ layer ×2 RL005
       retry=retry_if_exception_type(requests.Timeout))
def mark_shipped(order_id):
    return requests.patch(f"http://fulfilment:8080/orders/{order_id}", json={"status": "shipped"}, timeout=2)
`,
    },
    {
      name: "axios-retry's default condition retries network errors for any method, POST included",
      code: `
//! rules RL005
//- bff/package.json
{ "name": "bff", "private": true, "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0", "express": "^4.21.0" } }
//- bff/src/ordersClient.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const orders = axios.create({
  baseURL: process.env.ORDERS_URL ?? "http://orders:8080",
  timeout: 2_000,
});

axiosRetry(orders, { retries: 1, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×2 RL005
//- bff/src/server.ts
import express from "express";
import { orders } from "./ordersClient.js";

const app = express();
app.use(express.json());

app.post("/api/checkout", async (req, res) => {
  const { data } = await orders.post("/orders", req.body);
  res.status(201).json(data);
});

app.listen(3000);
`,
    },
    {
      name: "an Istio VirtualService retrying 5xx on a POST from an injected workload",
      code: `
//! rules RL005
${shopMesh(null)}
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
    - timeout: 10s
      route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
# ^ layer ×3 RL005
        attempts: 2
        perTryTimeout: 3s
        retryOn: 5xx,connect-failure
//! path 3 payments
`,
    },
  ],
});
