/**
 * Fixes on Istio (reference §4.1): a VirtualService's `retries` lowered or turned off
 * (attempts: 0, RL001), narrowed to pre-send failures on a gateway-bound route (RL013), and the
 * implicit sidecar default turned off for the hosts code already retries — a new VirtualService
 * file beside the one that turns injection on (RL010), never overwriting an existing file.
 */
import { fixCases } from "./fixCases";

const namespace = `
//- k8s/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled`;

const orders = `
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
          image: registry.example.com/shop/orders:2.8.0`;

/** orders' code: one GET to payments, no retry of its own */
const ordersCode = `
//- orders/__init__.py
//- orders/payments.py
import requests


def payment(payment_id):
    return requests.get(f"http://payments.shop.svc.cluster.local:8080/payments/{payment_id}", timeout=2).json()`;

/** orders' code retrying its calls to inventory (and pricing) */
const retryingCode = (extra = "") => `
//- orders/__init__.py
//- orders/stock.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
def stock_level(sku):
    return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()["level"]
${extra}`;

const newVirtualService = (host: string, ns: string | null) => `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: ${host}-no-mesh-retries
${ns ? `  namespace: ${ns}\n` : ""}spec:
  hosts:
    - ${host}
  http:
    - route:
        - destination:
            host: ${host}
      # the calling code owns retries on this hop (Retry Lens RL010)
      retries:
        attempts: 0`;

fixCases("istio", [
  {
    name: "a VirtualService's retries lowered to the threshold; comments and the other documents stay",
    workspace: `${namespace}${orders}${ordersCode}
//- k8s/payments-vs.yaml
# Payments routing (owned by the payments team)
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 4  # raised during INC-42
        perTryTimeout: 2s
        retryOn: connect-failure,refused-stream
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: payments
  namespace: shop
spec:
  host: payments.shop.svc.cluster.local
`,
    finding: "RL001 k8s/payments-vs.yaml:14",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- k8s/payments-vs.yaml
# Payments routing (owned by the payments team)
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 2  # raised during INC-42
        perTryTimeout: 2s
        retryOn: connect-failure,refused-stream
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: payments
  namespace: shop
spec:
  host: payments.shop.svc.cluster.local
`,
  },
  {
    name: "flow-style retries turned off: attempts: 0 in place",
    workspace: `${namespace}${orders}${ordersCode}
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: { name: payments, namespace: shop }
spec:
  hosts: [payments.shop.svc.cluster.local]
  http:
    - route: [{ destination: { host: payments.shop.svc.cluster.local } }]
      retries: { attempts: 4, perTryTimeout: 2s, retryOn: "connect-failure,refused-stream" }  # see INC-42
`,
    finding: "RL001 k8s/payments-vs.yaml:8",
    fix: "Turn off mesh retries",
    safety: "unsafe",
    after: `
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: { name: payments, namespace: shop }
spec:
  hosts: [payments.shop.svc.cluster.local]
  http:
    - route: [{ destination: { host: payments.shop.svc.cluster.local } }]
      retries: { attempts: 0, perTryTimeout: 2s, retryOn: "connect-failure,refused-stream" }  # see INC-42
`,
  },
  {
    name: "a gateway-bound route retrying gateway-error: retryOn narrowed, its quotes kept, the anchored match untouched",
    workspace: `
//- mesh/storefront.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: storefront
  namespace: edge
spec:
  hosts:
    - shop.example.com
  gateways:
    - istio-system/public-gateway
  http:
    - match: &checkout
        - uri:
            prefix: /checkout
      route:
        - destination:
            host: checkout.shop.svc.cluster.local
            port:
              number: 8080
      retries:
        attempts: 2
        retryOn: "gateway-error,connect-failure"  # SRE-1290
    - match: *checkout
      headers:
        request:
          set: { x-canary: "true" }
      route:
        - destination:
            host: checkout-canary.shop.svc.cluster.local
`,
    finding: "RL013 mesh/storefront.yaml:20",
    fix: "preferred",
    safety: "safe",
    after: `
//- mesh/storefront.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: storefront
  namespace: edge
spec:
  hosts:
    - shop.example.com
  gateways:
    - istio-system/public-gateway
  http:
    - match: &checkout
        - uri:
            prefix: /checkout
      route:
        - destination:
            host: checkout.shop.svc.cluster.local
            port:
              number: 8080
      retries:
        attempts: 2
        retryOn: "connect-failure,refused-stream,reset-before-request"  # SRE-1290
    - match: *checkout
      headers:
        request:
          set: { x-canary: "true" }
      route:
        - destination:
            host: checkout-canary.shop.svc.cluster.local
`,
  },
  {
    name: "the implicit default under a code retry: a new VirtualService beside the namespace (callee namespace unknown)",
    workspace: `${namespace}${orders}${retryingCode()}`,
    finding: "RL010 k8s/namespace.yaml:6",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- k8s/inventory-no-mesh-retries.yaml
# Mesh retries off: the services calling these hosts retry in code.
${newVirtualService("inventory", null)}
`,
  },
  {
    name: "the implicit default: the new VirtualService goes in the callee's namespace when a manifest says it",
    workspace: `${namespace}${orders}${retryingCode()}
//- k8s/inventory.yaml
apiVersion: v1
kind: Service
metadata:
  name: inventory
  namespace: stock
spec:
  selector: { app: inventory }
  ports:
    - port: 8080
`,
    finding: "RL010 k8s/namespace.yaml:6",
    fix: "preferred",
    after: `
//- k8s/inventory-no-mesh-retries.yaml
# Mesh retries off: the services calling these hosts retry in code.
${newVirtualService("inventory", "stock")}
`,
  },
  {
    name: "the implicit default: an existing file of that name is not overwritten (-2)",
    workspace: `${namespace}${orders}${retryingCode()}
//- k8s/inventory-no-mesh-retries.yaml
# kept for reference; not applied
`,
    finding: "RL010 k8s/namespace.yaml:6",
    fix: "preferred",
    after: `
//- k8s/inventory-no-mesh-retries-2.yaml
# Mesh retries off: the services calling these hosts retry in code.
${newVirtualService("inventory", null)}
`,
  },
  {
    name: "the implicit default over two retried hosts: one file, one VirtualService per host",
    workspace: `${namespace}${orders}${retryingCode(`

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1))
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`)}`,
    finding: "RL010 k8s/namespace.yaml:6",
    fix: "preferred",
    after: `
//- k8s/no-mesh-retries.yaml
# Mesh retries off: the services calling these hosts retry in code.
${newVirtualService("inventory", null)}
---
${newVirtualService("pricing", null)}
`,
  },
  {
    name: "Windows line endings: attempts lowered in a CRLF VirtualService",
    crlf: true,
    workspace: `${namespace}${orders}${ordersCode}
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 5
`,
    finding: "RL001 k8s/payments-vs.yaml:13",
    fix: "preferred",
    after: `
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 2
`,
  },
  {
    name: "a gateway VirtualService without retries: its routes get retries: attempts: 0, the redirect entry and comments stay",
    workspace: `${orders}${retryingCode()}
//- mesh/edge.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: edge
  namespace: shop
spec:
  hosts: [shop.example.com]
  gateways:
    - istio-system/public-gateway  # the public edge
  http:
    - match: [{ uri: { prefix: /stock } }]
      route:
        - destination:
            host: orders.shop.svc.cluster.local
    - match: [{ uri: { prefix: /old } }]
      redirect: { uri: /stock }
    - route: [{ destination: { host: orders.shop.svc.cluster.local } }]
`,
    finding: "RL010 mesh/edge.yaml:8",
    fix: "Turn off the gateway's default retries",
    safety: "unsafe",
    after: `
//- mesh/edge.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: edge
  namespace: shop
spec:
  hosts: [shop.example.com]
  gateways:
    - istio-system/public-gateway  # the public edge
  http:
    - match: [{ uri: { prefix: /stock } }]
      route:
        - destination:
            host: orders.shop.svc.cluster.local
      retries:
        attempts: 0
    - match: [{ uri: { prefix: /old } }]
      redirect: { uri: /stock }
    - route: [{ destination: { host: orders.shop.svc.cluster.local } }]
      retries:
        attempts: 0
`,
  },
]);
