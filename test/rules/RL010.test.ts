/**
 * RL010 implicit-mesh-retry: Istio sidecars retry every outbound HTTP route twice when no
 * VirtualService sets `retries` (reference §4.1, §5.3). The implicit layer is anchored on the
 * line that turns injection on (namespace `istio-injection: enabled`, or the pod's
 * `sidecar.istio.io/inject`) and reported when code on the same path also retries. An explicit
 * `retries` block (even `attempts: 0`), no injection, or no code retry keeps it silent.
 */
import assert from "node:assert/strict";
import { RL010 } from "../../server/src/rules/RL010-implicit-mesh-retry";
import { findingAt, ruleTester } from "./helpers";

const namespace = (labels: string) => `
//- k8s/namespaces.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
${labels}`;

const ordersDeployment = (podLabels = "      labels: { app: orders }") => `
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
${podLabels}
    spec:
      containers:
        - name: orders
          image: registry.example.com/shop/orders:2.7.1
          env:
            - name: INVENTORY_URL
              value: http://inventory.shop.svc.cluster.local:8080
`;

/** orders calls inventory; `decorator` is the retry on the call (or nothing) */
const ordersCode = (decorator: string) => `
//- orders/__init__.py
//- orders/stock.py
import os

import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

INVENTORY_URL = os.environ["INVENTORY_URL"]

${decorator}
def stock_level(sku):
    return requests.get(f"{INVENTORY_URL}/stock/{sku}", timeout=1).json()["level"]
`;

const retrying = (note: string) =>
  `@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.Timeout))\n# ^ ${note}`;

const inventoryVirtualService = (retries: string) => `
//- k8s/inventory-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: inventory
  namespace: shop
spec:
  hosts:
    - inventory.shop.svc.cluster.local
  http:
    - timeout: 5s
      route:
        - destination:
            host: inventory.shop.svc.cluster.local
${retries}`;

ruleTester(RL010, {
  valid: [
    {
      name: "an explicit VirtualService with retries: {attempts: 0} where the code owns retries",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n")}
${ordersDeployment()}
${inventoryVirtualService("      retries:\n# ^ layer disabled\n        attempts: 0\n")}
${ordersCode(retrying("layer ×3"))}
//! path 3 inventory
`,
    },
    {
      name: "an injected namespace but no code retry on the path: the mesh owns retries",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n# ^ layer ×3\n")}
${ordersDeployment()}
${ordersCode("")}
//! path 3 inventory
`,
    },
    {
      name: "a namespace with istio-injection: disabled has no sidecar default",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: disabled\n")}
${ordersDeployment()}
${ordersCode(retrying("layer ×3"))}
//! path 3 inventory
//! paths 1
`,
    },
    {
      name: "explicit mesh retries are configured on purpose (not implicit), and external hosts get no route default",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n")}
${ordersDeployment()}
${inventoryVirtualService("      retries:\n# ^ layer ×2\n        attempts: 1\n        retryOn: connect-failure,refused-stream\n")}
${ordersCode(retrying("layer ×3"))}
//- orders/fx.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def fx_rate(currency):
    return requests.get(f"https://api.exchange.example.com/rates/{currency}", timeout=1).json()
//! path 6 inventory
//! path 2 api.exchange.example.com
`,
    },
    {
      name: "a workload that opts out with sidecar.istio.io/inject: \"false\" in an injected namespace",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n")}
${ordersDeployment('      labels:\n        app: orders\n        sidecar.istio.io/inject: "false"')}
${ordersCode(retrying("layer ×3"))}
//! path 3 inventory
//! paths 1
`,
    },
  ],
  invalid: [
    {
      name: "a namespace labelled istio-injection: enabled under a tenacity retry (reported on the label line)",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n# ^ layer ×3 RL010\n")}
${ordersDeployment()}
${ordersCode(retrying("layer ×3"))}
//! path 9 inventory
`,
      check(result) {
        const f = findingAt(result, "RL010", "k8s/namespaces.yaml:6");
        assert.match(f.message, /stock_level ×3 → istio default ×3 → inventory/);
        assert.deepEqual(f.related.map((r) => `${r.file}:${r.span.line}`), ["orders/stock.py:8"]);
        const layer = result.model.layers.find((l) => l.implicit)!;
        assert.equal(layer.kind, "istio-default");
      },
    },
    {
      name: "injection turned on per workload with the sidecar.istio.io/inject pod label",
      code: `
//! rules RL010
${namespace("")}
${ordersDeployment('      labels:\n        app: orders\n        sidecar.istio.io/inject: "true"\n# ^ layer ×3 RL010')}
${ordersCode(retrying("layer ×3"))}
//! path 9 inventory
`,
    },
    {
      name: "a VirtualService for the host that sets a timeout but no retries keeps the default",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n# ^ layer ×3 RL010\n")}
${ordersDeployment()}
${inventoryVirtualService("")}
${ordersCode(retrying("layer ×3"))}
//! path 9 inventory
`,
    },
    {
      name: "istio.io/rev turns injection on; a gateway-bound VirtualService for the host does not configure the sidecar",
      code: `
//! rules RL010
${namespace("  labels:\n    istio.io/rev: canary\n# ^ layer ×3 RL010\n")}
${ordersDeployment()}
//- k8s/inventory-public.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: inventory-public
  namespace: shop
spec:
  hosts:
    - inventory.example.com
    - inventory.shop.svc.cluster.local
  gateways:
    - istio-system/public-gateway
  http:
    - route:
        - destination:
            host: inventory.shop.svc.cluster.local
      retries:
# ^ layer disabled
        attempts: 0
${ordersCode(retrying("layer ×3"))}
//! path 9 inventory
`,
    },
    {
      name: "code retries upstream of the injected hop: checkout retries orders, orders' sidecar retries inventory",
      code: `
//! rules RL010
${namespace("  labels:\n    istio-injection: enabled\n# ^ layer ×3 RL010\n")}
${ordersDeployment()}
//- k8s/checkout.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout
  namespace: edge
spec:
  selector:
    matchLabels: { app: checkout }
  template:
    metadata:
      labels: { app: checkout }
    spec:
      containers:
        - name: checkout
          image: registry.example.com/shop/checkout:1.2.0
//- checkout/__init__.py
//- checkout/orders_client.py
import backoff
import requests


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3)
# ^ layer ×3
def place_order(order):
    return requests.put(f"http://orders.shop.svc.cluster.local:8080/orders/{order['id']}", json=order, timeout=3).json()
${ordersCode("")}
//- orders/app.py
from flask import Flask, jsonify

from orders.stock import stock_level

app = Flask(__name__)


@app.put("/orders/<order_id>")
def put_order(order_id):
    return jsonify({"id": order_id, "stock": stock_level("sku-1")})
//! path 9 inventory
`,
    },
  ],
});
