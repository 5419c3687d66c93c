/**
 * "One retry owner" fixes on amplified paths (RL001) and stacked retries (RL009): turn this
 * layer off; keep this layer and turn every other layer of the path off, in one multi-file
 * edit; and when the kept layer alone exceeds the threshold, lower it to the threshold in the
 * same edit (or the path would stay amplified). The innermost layer is the recommended owner.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { fixCases } from "./fixCases";
import { MemoryWorkspace } from "./fixHarness";

/** a shared requests session whose Retry is `retryArgs` */
const platform = (retryArgs: string) => `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(${retryArgs})
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`;

/** checkout's inventory client, retried by tenacity with `stop` around the shared session */
const checkout = (stop: string) => `
//- checkout/__init__.py
//- checkout/inventory_client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

from platform.http import session

INVENTORY_URL = "http://inventory:8000"


@retry(stop=${stop}, wait=wait_random_exponential(multiplier=0.2, max=2),
       retry=retry_if_exception_type(requests.ConnectionError))
def reserve_stock(order_id, items):
    resp = session.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
`;

const checkoutWithoutRetry = `
//- checkout/inventory_client.py
import requests

from platform.http import session

INVENTORY_URL = "http://inventory:8000"


def reserve_stock(order_id, items):
    resp = session.put(f"{INVENTORY_URL}/reservations/{order_id}", json={"items": items}, timeout=1.0)
    resp.raise_for_status()
    return resp.json()
`;

/** the edge gateway routing /checkout to checkout with `retryPolicy` */
const gateway = (retryPolicy: string) => `
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
                        - match: { prefix: "/checkout" }
                          route:
                            cluster: checkout
                            timeout: 10s
${retryPolicy}  clusters:
    - name: checkout
      type: STRICT_DNS
      connect_timeout: 1s
`;

const checkoutApp = `
//- checkout/app.py
from flask import Flask, jsonify, request

from checkout.inventory_client import reserve_stock

app = Flask(__name__)


@app.post("/checkout")
def checkout():
    order = request.get_json()
    return jsonify(reserve_stock(order["id"], order["items"]))
`;

const edgePolicy = `                            # the gateway team's default
                            retry_policy:
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 2
`;

fixCases("one retry owner", [
  {
    name: "decorator ×3 over a session ×3: keep the decorator (this layer), the session's Retry goes to total=0",
    workspace: checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504]"),
    finding: "RL001 checkout/inventory_client.py:9",
    fix: "Keep reserve_stock ×3 and turn off the other 1 layer",
    safety: "unsafe",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504])
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "decorator ×3 over a session ×3: the preferred owner is the session (innermost), the decorator and its imports go",
    workspace: checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504]"),
    finding: "RL001 checkout/inventory_client.py:9",
    fix: "preferred",
    safety: "unsafe",
    after: checkoutWithoutRetry,
  },
  {
    name: "the same path from the session's finding: keep this layer (recommended) is the preferred fix",
    workspace: checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504]"),
    finding: "RL001 platform/http.py:5",
    fix: "preferred",
    after: checkoutWithoutRetry,
  },
  {
    name: "turn this layer off (the session): Retry(total=0), the decorator stays",
    workspace: checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504]"),
    finding: "RL001 platform/http.py:5",
    fix: "Turn off these retries",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503, 504])
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "gateway ×3 → decorator ×3 → session ×3 = 27: keeping the session edits two other files in one fix",
    workspace: gateway(edgePolicy) + checkoutApp + checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL001 deploy/gateway/envoy.yaml:20",
    fix: "Keep session ×3",
    after: gateway(`                            # the gateway team's default
`) + checkoutWithoutRetry,
  },
  {
    name: "gateway ×3 → decorator ×3 → session ×3: turning only the gateway's retries off leaves a path of 9",
    workspace: gateway(edgePolicy) + checkoutApp + checkout("stop_after_attempt(3)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL001 deploy/gateway/envoy.yaml:20",
    fix: "Remove the retry_policy",
    after: gateway(`                            # the gateway team's default
`),
    remaining: ["RL001 checkout/inventory_client.py:9", "RL001 platform/http.py:5"],
  },
  {
    name: "keeping a decorator of 5 attempts (over the threshold): lowered to 3 in the same fix, the session turned off",
    workspace: checkout("stop_after_attempt(5)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL001 checkout/inventory_client.py:9",
    fix: "Keep reserve_stock (lowered to ×3)",
    after:
      checkout("stop_after_attempt(3)").replace("//- checkout/__init__.py\n", "") +
      `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "keeping the innermost session of 6 attempts: lowered to Retry(total=2), the decorator removed",
    workspace: checkout("stop_after_attempt(3)") + platform("total=5, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL001 platform/http.py:5",
    fix: "preferred",
    after:
      checkoutWithoutRetry +
      `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "//! threshold 4: the kept layer is lowered to the configured threshold, not 3",
    workspace: "\n//! threshold 4" + checkout("stop_after_attempt(6)") + platform("total=2, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL001 checkout/inventory_client.py:9",
    fix: "Keep reserve_stock (lowered to ×4)",
    after:
      checkout("stop_after_attempt(4)").replace("//- checkout/__init__.py\n", "") +
      `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "axios-retry ×3 under the Istio default ×3: keeping the code's retries creates the VirtualService that turns the mesh's off",
    workspace: `
//- k8s/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- k8s/bff.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bff
  namespace: shop
spec:
  selector:
    matchLabels: { app: bff }
  template:
    metadata:
      labels: { app: bff }
    spec:
      containers:
        - name: bff
          image: registry.example.com/shop/bff:1.4.0
//- bff/package.json
{ "name": "bff", "private": true, "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0" } }
//- bff/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
    finding: "RL001 bff/src/catalog.ts:5",
    fix: "Keep catalog ×3",
    after: `
//- k8s/catalog-no-mesh-retries.yaml
# Mesh retries off: the services calling these hosts retry in code.
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: catalog-no-mesh-retries
spec:
  hosts:
    - catalog
  http:
    - route:
        - destination:
            host: catalog
      # the calling code owns retries on this hop (Retry Lens RL010)
      retries:
        attempts: 0
`,
  },
  {
    name: "a tenacity decorator ×3 over an httpx transport ×3: keeping the decorator sets retries=0 on the transport",
    workspace: `
//- orders/__init__.py
//- orders/ledger.py
import httpx
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

ledger = httpx.Client(base_url="http://ledger:9000", transport=httpx.HTTPTransport(retries=2), timeout=2.0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(httpx.ConnectError))
def balance(account_id):
    return ledger.get(f"/accounts/{account_id}/balance").json()
`,
    finding: "RL001 orders/ledger.py:7",
    fix: "Keep balance ×3",
    after: `
//- orders/ledger.py
import httpx
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

ledger = httpx.Client(base_url="http://ledger:9000", transport=httpx.HTTPTransport(retries=0), timeout=2.0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(httpx.ConnectError))
def balance(account_id):
    return ledger.get(f"/accounts/{account_id}/balance").json()
`,
  },
  {
    name: "RL009 stacked retry: the preferred fix drops the outer decorator",
    workspace: checkout("stop_after_attempt(2)") + platform("total=1, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL009 checkout/inventory_client.py:9",
    fix: "preferred",
    safety: "unsafe",
    after: checkoutWithoutRetry,
  },
  {
    name: "RL009 stacked retry: or the shared client's retries go (Retry(total=0))",
    workspace: checkout("stop_after_attempt(2)") + platform("total=1, backoff_factor=0.2, backoff_jitter=0.2"),
    finding: "RL009 checkout/inventory_client.py:9",
    fix: "Turn off these retries",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
]);

test("one retry owner: keep-only is all or nothing — not offered when another layer cannot be turned off mechanically", async () => {
  // the hand-rolled loop has no "disable" edit, so "keep the session" cannot be done in one fix
  const { files } = parseFixture(`
//- orders/__init__.py
//- orders/stock.py
import time

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2)))


def stock(sku):
    for attempt in range(3):
        try:
            return session.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()
        except requests.ConnectionError:
            time.sleep(0.5 * 2 ** attempt)
    raise RuntimeError("inventory unreachable")
`);
  const ws = new MemoryWorkspace(files);
  const result = await ws.analyze();
  const onSession = result.findings.find((f) => f.rule === "RL001" && f.file === "orders/stock.py" && f.span.line === 8);
  assert.ok(onSession, `RL001 on the session; findings: ${result.findings.map((f) => `${f.rule}:${f.span.line}`).join(", ")}`);
  const titles = ws.fixes(result, onSession).map((f) => f.title);
  assert.ok(!titles.some((t) => t.startsWith("Keep session")), `keep-only offered: ${titles.join(" | ")}`);
  assert.ok(titles.some((t) => t.startsWith("Turn off these retries")), `turning the session off is still offered: ${titles.join(" | ")}`);
});
