/**
 * RL003 no-backoff: retries with zero delay between attempts — tenacity's default wait_none
 * (reference §1.1), urllib3 backoff_factor 0 and `HTTPAdapter(max_retries=N)` (§1.3, §1.4),
 * axios-retry's default noDelay (§2.1), Spring Cloud Gateway without `backoff` (§3.3), Traefik
 * without `initialInterval` (§4.6). Mesh layers use Envoy's jittered back-off; gateways with no
 * wait setting at all (Kong, ingress-nginx, NGINX, HAProxy) are not reported.
 */
import assert from "node:assert/strict";
import { RL003 } from "../../server/src/rules/RL003-no-backoff";
import { findingAt, ruleTester } from "./helpers";

const bffPackage = `
//- bff/package.json
{
  "name": "bff",
  "private": true,
  "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0", "express": "^4.21.0" }
}
//- bff/src/server.ts
import express from "express";
import { orders } from "./ordersClient.js";

const app = express();

app.get("/api/orders/:id", async (req, res) => {
  const { data } = await orders.get(\`/orders/\${req.params.id}\`);
  res.json(data);
});

app.listen(3000);
`;

ruleTester(RL003, {
  valid: [
    {
      name: "tenacity with wait_fixed waits between attempts (no jitter is RL004's business)",
      code: `
//! rules RL003
//- reports/fetch.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_fixed


@retry(stop=stop_after_attempt(3), wait=wait_fixed(1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×3
def fetch_report(report_id):
    return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
`,
    },
    {
      name: "tenacity wait_random_exponential and urllib3 backoff_factor=0.5 back off",
      code: `
//! rules RL003
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×3
//- catalog/inventory_client.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

from platform.http import session


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(multiplier=0.1, max=2),
# ^ layer ×2
       retry=retry_if_exception_type(requests.Timeout))
def stock(sku):
    return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    },
    {
      name: "axios-retry with retryDelay: axiosRetry.exponentialDelay backs off",
      code: `
//! rules RL003
${bffPackage}
//- bff/src/ordersClient.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const orders = axios.create({ baseURL: "http://orders:8080", timeout: 2_000 });

axiosRetry(orders, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3
`,
    },
    {
      name: "the Istio sidecar default is a mesh layer with Envoy's jittered back-off, not an immediate retry",
      code: `
//! rules RL003
//- k8s/namespaces.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
# ^ layer ×3
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
//- orders/app.py
import requests
from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/orders/<order_id>")
def get_order(order_id):
    stock = requests.get(f"http://inventory:8080/stock/{order_id}", timeout=2).json()
    return jsonify({"id": order_id, "stock": stock})
`,
    },
    {
      name: "§4.6 a Traefik retry middleware with initialInterval backs off; §4.7 Kong has no wait setting, so its immediate retries are not reported",
      code: `
//! rules RL003
//- k8s/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
  # ^ layer ×3
    attempts: 3
    initialInterval: 100ms
---
apiVersion: traefik.io/v1alpha1
kind: IngressRoute
metadata: {name: shop}
spec:
  routes:
    - match: PathPrefix(\`/orders\`)
      middlewares: [{name: retry}]
      services: [{name: orders, port: 80}]
//- kong/kong.yml
_format_version: "3.0"
services:
  - name: orders
  # ^ layer ×6
    url: http://orders:8080
    routes:
      - name: orders
        paths: [/api/orders]
//- orders/app.py
import requests
from flask import Flask

app = Flask(__name__)


@app.get("/orders/<order_id>")
def get_order(order_id):
    return requests.get(f"http://inventory:8080/stock/{order_id}", timeout=2).json()
`,
    },
  ],
  invalid: [
    {
      name: "tenacity without wait= uses wait_none: retries immediately",
      code: `
//! rules RL003
//- reports/fetch.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt


@retry(stop=stop_after_attempt(3), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×3 RL003
def fetch_report(report_id):
    return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
`,
      check(result) {
        assert.match(findingAt(result, "RL003", "reports/fetch.py:5").message, /wait_none/);
      },
    },
    {
      name: "urllib3 Retry without backoff_factor (default 0) and requests HTTPAdapter(max_retries=3) retry immediately",
      code: `
//! rules RL003
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504])))
# ^ layer ×3 RL003
legacy = requests.Session()
legacy.mount("http://", HTTPAdapter(max_retries=3))
# ^ layer ×4 RL003
//- catalog/clients.py
from platform.http import legacy, session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()


def stock(sku):
    return legacy.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()
`,
    },
    {
      name: "axios-retry with only retries: 3 uses noDelay",
      code: `
//! rules RL003
${bffPackage}
//- bff/src/ordersClient.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const orders = axios.create({
  baseURL: process.env.ORDERS_URL ?? "http://orders:8080",
  timeout: 2_000,
});

axiosRetry(orders, { retries: 3 });
// ^ layer ×4 RL003
`,
      check(result) {
        assert.match(findingAt(result, "RL003", "bff/src/ordersClient.ts:9").message, /noDelay/);
      },
    },
    {
      name: "a hand-rolled loop that sleeps 0 s between attempts",
      code: `
//! rules RL003
//- reports/fetch.py
import time

import requests


def fetch_report(report_id):
    for attempt in range(4):
# ^ layer ×4 RL003
        try:
            return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        except requests.ConnectionError:
            time.sleep(0)
    raise RuntimeError("storage unavailable")
`,
    },
    {
      name: "§4.6 a Traefik retry middleware without initialInterval retries immediately",
      code: `
//! rules RL003
//- k8s/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
  # ^ layer ×3 RL003
    attempts: 3
---
apiVersion: traefik.io/v1alpha1
kind: IngressRoute
metadata: {name: shop}
spec:
  routes:
    - match: PathPrefix(\`/orders\`)
      middlewares: [{name: retry}]
      services: [{name: orders, port: 80}]
//- orders/app.py
import requests
from flask import Flask

app = Flask(__name__)


@app.get("/orders/<order_id>")
def get_order(order_id):
    return requests.get(f"http://inventory:8080/stock/{order_id}", timeout=2).json()
`,
    },
    {
      name: "§3.3 a Spring Cloud Gateway Retry filter has no backoff by default",
      code: `
//! rules RL003
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: gateway
  cloud:
    gateway:
      routes:
        - id: orders
          uri: http://orders:8080
          predicates:
            - Path=/orders/**
          filters:
            - name: Retry
            # ^ layer ×4 RL003
              args:
                retries: 3
//- orders/app.py
import requests
from flask import Flask

app = Flask(__name__)


@app.get("/orders/<order_id>")
def get_order(order_id):
    return requests.get(f"http://inventory:8080/stock/{order_id}", timeout=2).json()
`,
      check(result) {
        assert.match(findingAt(result, "RL003", "gateway/src/main/resources/application.yml:12").message, /retries immediately/);
      },
    },
  ],
});
