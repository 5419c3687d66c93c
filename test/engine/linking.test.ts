// Linking: services, imports across files, targets from URLs/env/DNS, gateway and mesh hops,
// path products. Fixtures are workspaces; expectations sit beside the code (test/harness.ts).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("linking Python across modules", () => {
  test("decorator → imported function → session built by a factory in another module: 3 × 3", async () => {
    await checkFixture(`
//- shared/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

def make_session():
    s = requests.Session()
    s.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.1, backoff_jitter=0.1)))
    # ^ layer ×3
    return s
//- orders/clients.py
from tenacity import retry, stop_after_attempt, wait_random_exponential
from shared.http import make_session

session = make_session()

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
# ^ layer ×3 RL009
def get_stock(sku):
    return session.get(f"http://inventory:8080/stock/{sku}")
//- orders/app.py
from orders.clients import get_stock

def handler(sku):
    return get_stock(sku)
//! rules RL009
//! path 9 inventory
//! paths 1
`);
  });

  test("relative imports and a retry helper taking a callable", async () => {
    await checkFixture(`
//- billing/retrying.py
import random, time

def with_retries(op, attempts=4):
    for i in range(attempts):
    # ^ layer ×4
        resp = op()
        if resp.status_code < 500:
            return resp
        time.sleep(random.uniform(0, 2 ** i))
    return resp
//- billing/client.py
import requests
from .retrying import with_retries

def charge(order_id):
    def send():
        return requests.get(f"http://payments/charges/{order_id}")
    return with_retries(send)
//! rules none
//! path 4 payments
//! paths 1
`);
  });

  test("calls through self.session in a class", async () => {
    await checkFixture(`
//- orders/client.py
import requests
from requests.adapters import HTTPAdapter

class InventoryClient:
    def __init__(self):
        self.session = requests.Session()
        self.session.mount("http://", HTTPAdapter(max_retries=2))
        # ^ layer ×3

    def reserve(self, sku):
        return self.session.put(f"http://inventory/reservations/{sku}")
//! rules none
//! path 3 inventory
`);
  });
});

describe("targets", () => {
  test("the env var value from the caller's Deployment wins over the code default; k8s DNS names map to services", async () => {
    await checkFixture(`
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers:
        - name: orders
          env:
            - name: STOCK_URL
              value: http://warehouse.shop.svc.cluster.local:8080
//- orders/stock.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

STOCK_URL = os.environ.get("STOCK_URL", "http://inventory:8080")

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=None)
# ^ layer ×2
def level(sku):
    return requests.get(f"{STOCK_URL}/level/{sku}", timeout=1)
//! rules none
//! path 2 warehouse
//! paths 1
`);
  });

  test("a DSN's host is the database target; an httpx base_url resolves relative paths", async () => {
    await checkFixture(`
//- ledger/db.py
import psycopg
from tenacity import retry, stop_after_attempt, wait_random_exponential

@retry(stop=stop_after_attempt(5), wait=wait_random_exponential(max=2))
# ^ layer ×5
def write(entry):
    with psycopg.connect("postgresql://ledger@ledger-db:5432/ledger") as conn:
        conn.execute("INSERT ...")
//- catalog/client.py
import httpx
client = httpx.Client(base_url="http://pricing:8080", transport=httpx.HTTPTransport(retries=2))
# ^ layer ×3

def price(sku):
    return client.get(f"/prices/{sku}")
//! rules none
//! path 5 ledger-db
//! path 3 pricing
`);
  });

  test("service names are normalised: a checkout-service folder is the checkout Deployment", async () => {
    const result = await checkFixture(`
//- checkout-service/app.py
import requests
from requests.adapters import HTTPAdapter
s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=1))
# ^ layer ×2
def go():
    s.get("http://payments-svc/x")
//- deploy/checkout.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout
spec:
  template:
    spec:
      containers: [{name: checkout}]
//! rules none
//! path 2 payments
`);
    assert.deepEqual(result.model.paths[0]!.services, ["checkout", "payments"]);
  });

  test("docker-compose environment and build contexts", async () => {
    const result = await checkFixture(`
//- docker-compose.yml
services:
  api:
    build: ./src/api-server
    environment:
      - USERS_URL=http://users:9000
  users:
    image: example/users:1
//- src/api-server/main.py
import os, requests
from requests.adapters import HTTPAdapter
from urllib3 import Retry
s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×4
def me():
    return s.get(os.environ["USERS_URL"] + "/me")
//! rules none
//! path 4 users
`);
    assert.deepEqual(result.model.paths[0]!.services, ["api", "users"]);
  });
});

describe("values real Python code builds URLs with (issue §2.2)", () => {
  test("env-or-default conditionals, str.format, a dict constant's entry, a local passed to a helper that sends it; the deepest folder a manifest names owns the code", async () => {
    const result = await checkFixture(`
//- samples/shop/src/storefront/app.py
import os
import requests

domain = "" if (os.environ.get("SERVICES_DOMAIN") is None) else "." + os.environ.get("SERVICES_DOMAIN")
stock_host = "stock" if (os.environ.get("STOCK_HOSTNAME") is None) else os.environ.get("STOCK_HOSTNAME")
stock = {
    "name": "http://{0}{1}:{2}".format(stock_host, domain, 9080),
    "endpoint": "levels",
}

def send_request(url, **kwargs):
    for _ in range(3):
    # ^ layer ×3
        try:
            return requests.get(url, timeout=1, **kwargs)
        except requests.exceptions.ConnectionError:
            pass

def level(sku):
    url = stock["name"] + "/" + stock["endpoint"]
    return send_request(url, headers={})
//- k8s/storefront.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: storefront
spec:
  template:
    spec:
      containers:
        - name: storefront
          env:
            - name: SERVICES_DOMAIN
              value: shop.svc.cluster.local
//! rules none
//! path 3 stock
`);
    const hop = result.model.hops[0]!;
    assert.equal(hop.caller, "storefront", "samples/ is no service; storefront/ below it is");
    assert.equal(hop.calls[0]!.path, "/levels");
  });
});

describe("Python call paths through classes and environment-chosen settings", () => {
  test("a retried static method calling another one on its class: both layers multiply; the URL comes from the branch FLASK_ENV picks", async () => {
    await checkFixture(`
//- app/services/inventory.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random

if os.getenv("FLASK_ENV") == "development":
    STOCK_URL = os.getenv("STOCK_URL")
elif os.getenv("FLASK_ENV") == "testing":
    STOCK_URL = os.getenv("STOCK_TEST_URL")


class Inventory:
    @retry(wait=wait_random(min=1, max=2), stop=stop_after_attempt(3))
    # ^ layer ×3
    @staticmethod
    def check(product_id):
        return requests.get(f"{STOCK_URL}/stock/{product_id}", timeout=2).json()

    @staticmethod
    @retry(wait=wait_random(min=1, max=2), stop=stop_after_attempt(2))
    # ^ layer ×2
    def sell(product_id):
        return Inventory.check(product_id)
//- docker-compose.yml
services:
  main:
    build: {context: app}
    environment:
      FLASK_ENV: development
      STOCK_URL: http://stock:5000
  stock:
    image: shop/stock
//! rules none
//! path 6 stock
//! paths 1
`);
  });

  test("a retry decorator on a function that calls nothing is inert: reported with one attempt, never on a path", async () => {
    const result = await checkFixture(`
//- app/saga.py
import requests
from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
# ^ layer disabled
def compensate(data):
    """to do"""
    pass


@retry(stop=stop_after_attempt(3))
# ^ layer ×3
def sell(data):
    return requests.post("http://stock/sell", json=data, timeout=2)
//! rules none
//! path 3 stock
//! paths 1
`);
    assert.match(result.model.layers.find((l) => l.anchor.line === 5)!.attemptsNote, /inert: the function it wraps calls nothing/);
  });
});

describe("gateways and meshes", () => {
  const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;
  const namespace = `
//- k8s/ns.yaml
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
  template:
    spec:
      containers: [{name: orders}]
`;
  test("the Istio default multiplies hops from injected workloads", async () => {
    await checkFixture(`${orders}${namespace}
//! rules none
//! path 6 inventory
`);
  });

  test("an explicit VirtualService with attempts 0 disables the mesh layer", async () => {
    await checkFixture(`${orders}${namespace.replace("    # ^ layer ×3\n", "")}
//- k8s/vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: inventory
  namespace: shop
spec:
  hosts: [inventory]
  http:
    - route:
        - destination: {host: inventory}
      retries:
      # ^ layer disabled
        attempts: 0
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("§4.1 a VirtualService's retries apply where the workspace does not say whether the caller is injected, not where it says it is not", async () => {
    const vs = `
//- k8s/vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: inventory
spec:
  hosts: [inventory]
  http:
    - route:
        - destination: {host: inventory}
      retries:
      # ^ layer ×4
        attempts: 3
`;
    // no namespace or pod says anything about injection: the route is the evidence of the mesh
    await checkFixture(`${orders}${vs}
//! rules none
//! path 8 inventory
//! paths 1
`);
    // the caller's namespace is written here without injection: no sidecar, the route does nothing for it
    await checkFixture(`${orders}${vs}
//- k8s/ns.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: orders}]
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("a workload that opts out of injection gets no mesh layer", async () => {
    await checkFixture(`${orders}${namespace.replace("    # ^ layer ×3\n", "").replace("containers: [{name: orders}]", "containers: [{name: orders}]\n    metadata:\n      annotations:\n        sidecar.istio.io/inject: \"false\"").replace("  template:\n    spec:", "  template:\n    metadata:\n      annotations:\n        sidecar.istio.io/inject: \"false\"\n    spec:")}
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("§4.1 a gateway VirtualService without retries: the ingress gateway's default ×3 in front of the service, sidecars or not", async () => {
    await checkFixture(`${orders}
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
//- k8s/gateway.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: shop-edge
spec:
  hosts: ["shop.example.com"]
  gateways:
  # ^ layer ×3
    - istio-system/public-gw
  http:
    - match: [{uri: {prefix: /orders}}]
      route:
        - destination: {host: orders}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("§4.1 a sidecar.istio.io/inject: \"true\" annotation alone injects nothing (the webhooks select pods by label); the label does", async () => {
    const deployment = (meta: string) => `
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    metadata:
${meta}
    spec:
      containers: [{name: orders}]
`;
    await checkFixture(`${orders}${deployment('      annotations:\n        sidecar.istio.io/inject: "true"')}
//! rules none
//! path 2 inventory
//! paths 1
`);
    await checkFixture(`${orders}${deployment('      labels:\n        sidecar.istio.io/inject: "true"\n        # ^ layer ×3')}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("an Envoy route is a hop from the gateway to the cluster's service", async () => {
    const result = await checkFixture(`${orders}
//- edge/envoy.yaml
static_resources:
  listeners:
    - name: edge
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                route_config:
                  virtual_hosts:
                    - name: all
                      domains: ["*"]
                      routes:
                        - match: { prefix: "/orders" }
                          route:
                            cluster: orders_cluster
                            retry_policy:
                            # ^ layer ×4
                              retry_on: connect-failure
                              num_retries: 3
  clusters:
    - name: orders_cluster
      load_assignment:
        endpoints:
          - lb_endpoints:
              - endpoint: { address: { socket_address: { address: orders.shop.svc.cluster.local, port_value: 80 } } }
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.equal(result.model.paths[0]!.services.length, 3);
  });
});

describe("path enumeration", () => {
  test("a call cycle between services terminates, and each maximal chain is reported once", async () => {
    const result = await checkFixture(`
//- a/app.py
import requests
from requests.adapters import HTTPAdapter
s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=1))
# ^ layer ×2
def go():
    s.get("http://b/x")
//- b/app.py
import requests
from requests.adapters import HTTPAdapter
s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=2))
# ^ layer ×3
def go():
    s.get("http://a/x")
//! rules none
`);
    // a → b (a's ×2) and b → a (b's ×3): the cycle is cut before a service repeats
    assert.deepEqual(result.model.paths.map((p) => `${p.services.join("→")} ${p.product}`).sort(), ["a→b 2", "b→a 3"]);
  });

  test("a layer that retries nothing reachable is still reported, and disabled layers never enter a path", async () => {
    await checkFixture(`
//- svc/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry
quiet = requests.Session()
quiet.mount("http://", HTTPAdapter(max_retries=Retry(total=0)))
# ^ layer disabled
def f():
    return quiet.post("http://payments/x")
//! rules none
//! paths 0
`);
  });
});

describe("TypeScript services", () => {
  test("an axios instance imported from another module, with its baseURL from the Deployment env", async () => {
    await checkFixture(`
//- web/package.json
{ "name": "@shop/web-frontend" }
//- web/src/api.ts
import axios from "axios";
import axiosRetry from "axios-retry";
export const api = axios.create({ baseURL: process.env.API_URL ?? "http://localhost:3000" });
axiosRetry(api, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3
//- web/src/routes.ts
import { api } from "./api";
export async function load() {
  return api.get("/items");
}
//- k8s/web.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-frontend
spec:
  template:
    spec:
      containers:
        - name: web
          env:
            - name: API_URL
              value: http://catalog-api:8080
//! rules none
//! path 3 catalog
`);
  });
});

describe("TypeScript clients configured in another module", () => {
  test("axiosRetry on an imported instance applies where the instance is used elsewhere", async () => {
    await checkFixture(`
//- web/src/http.ts
import axios from "axios";
export const api = axios.create({ baseURL: "http://catalog:8080" });
//- web/src/retries.ts
import axiosRetry from "axios-retry";
import { api } from "./http";
axiosRetry(api, { retries: 4, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×5
//- web/src/items.ts
import { api } from "./http";
export async function items() {
  return api.get("/items");
}
//! rules none
//! path 5 catalog
`);
  });

  test("axiosRetry(axios) configures the default instance for direct axios calls in that service", async () => {
    await checkFixture(`
//- web/src/setup.ts
import axios from "axios";
import axiosRetry from "axios-retry";
axiosRetry(axios, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3
//- web/src/orders.ts
import axios from "axios";
export async function place() {
  return axios.get("http://orders:8080/orders");
}
//! rules none
//! path 3 orders
`);
  });
});

describe("TypeScript exports under another name", () => {
  test("a default-exported instance and a renamed export are followed to their local symbols", async () => {
    await checkFixture(`
//- shop/src/client.ts
import axios from "axios";
import axiosRetry from "axios-retry";
const orders = axios.create({ baseURL: "http://orders:8080", timeout: 1000 });
axiosRetry(orders, { retries: 1, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×2
export default orders;
//- shop/src/helpers.ts
import client from "./client";
function loadAll() {
  return client.get("/all");
}
export { loadAll as fetchEverything };
//- shop/src/main.ts
import { fetchEverything } from "./helpers";
export function run() {
  return fetchEverything();
}
//! rules none
//! path 2 orders
//! paths 1
`);
  });
});
