/**
 * RL013 gateway-retries-server-errors: an edge route (Envoy listener route, Istio VirtualService
 * bound to a gateway) whose retry_on includes conditions under which the upstream may already
 * have processed the request — 5xx, gateway-error, reset, retriable status codes (reference
 * §4.2 retry_on values; Envoy does not gate retries by method). Retrying only
 * connect-failure, refused-stream and reset-before-request is safe; mesh-internal routes are not
 * edge routes.
 */
import assert from "node:assert/strict";
import { RL013 } from "../../server/src/rules/RL013-gateway-retries-server-errors";
import { findingAt, ruleTester } from "./helpers";

/** Envoy edge gateway with one /checkout route; `policy` holds the retry_policy lines */
const gateway = (policy: string) => `
//- deploy/gateway/envoy.yaml
# Edge gateway in front of the checkout service (Envoy static config).
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
                            timeout: 6s
${policy}
                http_filters:
                  - name: envoy.filters.http.router
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.router.v3.Router
  clusters:
    - name: checkout
      type: STRICT_DNS
      connect_timeout: 1s
      load_assignment:
        cluster_name: checkout
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: checkout, port_value: 8000 }
`;

const policy = (note: string, retryOn: string, extra = "") => `                            retry_policy:
# ^ ${note}
                              retry_on: "${retryOn}"
                              num_retries: 2
                              per_try_timeout: 2s${extra}`;

ruleTester(RL013, {
  valid: [
    {
      name: "an edge route that retries only failures before the request reached checkout",
      code: `
//! rules RL013
${gateway(policy("layer ×3", "connect-failure,refused-stream,reset-before-request"))}
//! path 3 checkout
`,
    },
    {
      name: "num_retries: 0 disables the edge route's retries",
      code: `
//! rules RL013
${gateway(`                            retry_policy:
# ^ layer disabled
                              retry_on: "5xx,reset"
                              num_retries: 0`)}
`,
    },
    {
      name: "a mesh-internal VirtualService (no gateways) retrying 5xx is not an edge route",
      code: `
//! rules RL013
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
  name: catalog
  namespace: shop
spec:
  hosts:
    - catalog
  http:
    - route:
        - destination:
            host: catalog
      retries:
# ^ layer ×3
        attempts: 2
        retryOn: 5xx,connect-failure
//- orders/catalog.py
import requests


def product(sku):
    return requests.get(f"http://catalog:8080/products/{sku}", timeout=2).json()
//! path 3 catalog
`,
      check(result) {
        assert.equal(result.model.layers[0]!.category, "mesh");
      },
    },
  ],
  invalid: [
    {
      name: "an edge route retrying 5xx,reset,connect-failure",
      code: `
//! rules RL013
${gateway(policy("layer ×3 RL013", "5xx,reset,connect-failure"))}
//! path 3 checkout
`,
      check(result) {
        const f = findingAt(result, "RL013", "deploy/gateway/envoy.yaml:23");
        assert.match(f.message, /retries 5xx, reset \(×3\)/);
        assert.doesNotMatch(f.message, /retries [^(]*connect-failure/);
      },
    },
    {
      name: "gateway-error (502/503/504) can come from an upstream that already ran the request",
      code: `
//! rules RL013
${gateway(policy("layer ×3 RL013", "gateway-error,connect-failure,refused-stream"))}
`,
    },
    {
      name: "reset alone: a reset after the request was sent",
      code: `
//! rules RL013
${gateway(policy("layer ×3 RL013", "reset"))}
`,
    },
    {
      name: "an Istio VirtualService bound to an ingress gateway retrying gateway-error",
      code: `
//! rules RL013
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
    - match:
        - uri:
            prefix: /checkout
      route:
        - destination:
            host: checkout.shop.svc.cluster.local
            port:
              number: 8080
      retries:
# ^ layer ×3 RL013
        attempts: 2
        retryOn: gateway-error,connect-failure
//! path 3 checkout
`,
    },
    {
      name: "a virtual-host retry_policy retrying 5xx applies to every route that sets none of its own",
      code: `
//! rules RL013
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
                      retry_policy:
# ^ layer ×3 RL013
                        retry_on: "5xx"
                        num_retries: 2
                      routes:
                        - match: { prefix: "/catalog" }
                          route:
                            cluster: catalog
                        - match: { prefix: "/orders" }
                          route:
                            cluster: orders
                            retry_policy:
# ^ layer ×2
                              retry_on: "connect-failure,refused-stream"
                              num_retries: 1
  clusters:
    - name: catalog
      type: STRICT_DNS
      load_assignment:
        cluster_name: catalog
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: catalog, port_value: 8080 }
    - name: orders
      type: STRICT_DNS
      load_assignment:
        cluster_name: orders
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: orders, port_value: 8080 }
//! path 3 catalog
//! path 2 orders
`,
    },
  ],
});
