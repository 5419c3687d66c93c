/**
 * Fixes on Linkerd ServiceProfiles, Consul service-routers and edge routes retrying after sending
 * (reference §4.4, §4.6, §4.12, §4.14, §4.15): Linkerd has no count (off = isRetryable: false);
 * Consul's NumRetries 0 means Envoy's 1, so off removes the retry conditions; RL013 narrows
 * Emissary, Gloo and Traefik to failures before the request was sent.
 */
import { fixCases } from "./fixCases";

const PENDING = "";

const app = `
//- web/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2))
def stock(sku):
    return requests.get(f"http://inventory.shop.svc.cluster.local/stock/{sku}", timeout=2)

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2))
def price(sku):
    return requests.get(f"http://pricing/price/{sku}", timeout=2)
`;

const egRoute = `
//- k8s/routes.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: eg}]
  rules:
    - matches: [{path: {type: PathPrefix, value: /orders}}]
      backendRefs: [{name: orders, port: 80}]
`;

fixCases("Linkerd, Consul, edge routes", [
  {
    name: "Linkerd ServiceProfile route: isRetryable: false",
    workspace: `${app}
//- mesh/profile.yaml
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: inventory.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
    - name: GET /stock
      condition: {method: GET, pathRegex: /stock/.*}
      isRetryable: true # mesh retries
//! threshold 2
`,
    finding: "RL001 mesh/profile.yaml:10",
    fix: "Turn off Linkerd retries",
    safety: "unsafe",
    remaining: [],
    after: `
//- mesh/profile.yaml
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: inventory.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
    - name: GET /stock
      condition: {method: GET, pathRegex: /stock/.*}
      isRetryable: false # mesh retries
`,
  },
  {
    name: "Consul ServiceRouter: off removes the retry conditions (NumRetries alone retries nothing)",
    workspace: `${app}
//- mesh/router.yaml
apiVersion: consul.hashicorp.com/v1alpha1
kind: ServiceRouter
metadata:
  name: pricing
spec:
  routes:
    - match:
        http:
          pathPrefix: /price
      destination:
        numRetries: 4
        retryOnConnectFailure: true
        retryOnStatusCodes: [503]
//! threshold 2
`,
    finding: "RL001 mesh/router.yaml:11",
    fix: "Turn off Consul retries",
    remaining: [],
    after: `
//- mesh/router.yaml
apiVersion: consul.hashicorp.com/v1alpha1
kind: ServiceRouter
metadata:
  name: pricing
spec:
  routes:
    - match:
        http:
          pathPrefix: /price
      destination:
        numRetries: 4
`,
  },
  {
    name: "Consul config entry (PascalCase), kept as the one owner: NumRetries lowered, the code's retry removed",
    workspace: `${app}
//- mesh/router.yaml
Kind: service-router
Name: pricing
Routes:
  - Match:
      HTTP:
        PathPrefix: /price
    Destination:
      NumRetries: 4
      RetryOn: [gateway-error]
//! threshold 2
`,
    finding: "RL001 mesh/router.yaml:8",
    fix: "Keep consul router",
    remaining: [],
    after: `
//- web/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2))
def stock(sku):
    return requests.get(f"http://inventory.shop.svc.cluster.local/stock/{sku}", timeout=2)

def price(sku):
    return requests.get(f"http://pricing/price/{sku}", timeout=2)
//- mesh/router.yaml
Kind: service-router
Name: pricing
Routes:
  - Match:
      HTTP:
        PathPrefix: /price
    Destination:
      NumRetries: 1
      RetryOn: [gateway-error]
`,
  },
  {
    name: "Emissary edge mapping: retry_on: connect-failure",
    workspace: `
//- edge/mapping.yaml
apiVersion: getambassador.io/v3alpha1
kind: Mapping
metadata: {name: orders}
spec:
  prefix: /orders/
  service: orders
  retry_policy:
    retry_on: 5xx
    num_retries: 2
`,
    finding: "RL013 edge/mapping.yaml:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- edge/mapping.yaml
apiVersion: getambassador.io/v3alpha1
kind: Mapping
metadata: {name: orders}
spec:
  prefix: /orders/
  service: orders
  retry_policy:
    retry_on: connect-failure
    num_retries: 2
`,
  },
  {
    name: "Gloo edge route in a flow map: retryOn quoted (a comma would split the flow map)",
    workspace: `
//- edge/gloo.yaml
apiVersion: gateway.solo.io/v1
kind: VirtualService
metadata: {name: v}
spec:
  virtualHost:
    routes:
      - matchers: [{prefix: /tax}]
        routeAction: {single: {kube: {ref: {name: tax}}}}
        options:
          retries: {retryOn: 5xx, numRetries: 2}
`,
    finding: "RL013 edge/gloo.yaml:10",
    fix: "preferred",
    after: `
//- edge/gloo.yaml
apiVersion: gateway.solo.io/v1
kind: VirtualService
metadata: {name: v}
spec:
  virtualHost:
    routes:
      - matchers: [{prefix: /tax}]
        routeAction: {single: {kube: {ref: {name: tax}}}}
        options:
          retries: {retryOn: "connect-failure,refused-stream", numRetries: 2}
`,
  },
  {
    name: "Traefik retrying statuses for any method: status removed (network errors before sending only); CRLF kept",
    crlf: true,
    workspace: `
//- edge/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
    attempts: 3
    status:
      - "500-599"
    retryNonIdempotentMethod: true
`,
    finding: "RL013 edge/traefik.yaml:5",
    fix: "preferred",
    after: `
//- edge/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
    attempts: 3
    retryNonIdempotentMethod: true
`,
  },
  {
    name: "Traefik retrying immediately (no initialInterval, §4.6): initialInterval: 100ms (exponential, 0.5 randomization)",
    workspace: `
//- edge/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
    attempts: 3
`,
    finding: "RL003 edge/traefik.yaml:5",
    fix: "preferred",
    after: `
//- edge/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
    attempts: 3
    initialInterval: 100ms
`,
  },
  {
    name: "Envoy Gateway BackendTrafficPolicy with the default retryOn (503 included): pre-send triggers added",
    workspace: `${egRoute}
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: orders-retry, namespace: shop}
spec:
  targetRefs:
    - {group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}
  retry:
    numRetries: 3
`,
    finding: "RL013 k8s/policy.yaml:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: orders-retry, namespace: shop}
spec:
  targetRefs:
    - {group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}
  retry:
    numRetries: 3
    retryOn:
      triggers: [connect-failure, refused-stream]
`,
  },
  {
    name: "Envoy Gateway BackendTrafficPolicy over the threshold: numRetries lowered",
    workspace: `${egRoute}
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: orders-retry, namespace: shop}
spec:
  targetRefs:
    - {group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}
  retry:
    retryOn: {triggers: [connect-failure]}
//! threshold 2
`,
    finding: "RL001 k8s/policy.yaml:7",
    fix: "Lower to 2 attempts",
    after: `
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: orders-retry, namespace: shop}
spec:
  targetRefs:
    - {group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}
  retry:
    retryOn: {triggers: [connect-failure]}
    numRetries: 1
`,
  },
]);
