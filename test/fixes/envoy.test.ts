/**
 * Fixes on Envoy route retry_policy (reference §4.2) and cluster retry budgets (§4.3): retry_on
 * narrowed to pre-send failures on an edge route (RL013), num_retries lowered or the policy
 * removed (RL001), a retry_budget on the route's cluster (RL011). The edits are minimal text
 * edits: comments, anchors, quoting and flow or block style around them stay byte for byte.
 */
import { fixCases } from "./fixCases";

/** An edge gateway with a /checkout route (its retry lines are `policy`) and the checkout cluster. */
const gateway = (policy: string, cluster = "") => `
//- deploy/gateway/envoy.yaml
# Edge gateway in front of the shop (Envoy static config).
x-defaults: &timeouts
  connect_timeout: 1s
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
      <<: *timeouts
      load_assignment:
        cluster_name: checkout
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: checkout, port_value: 8000 }  # the checkout pods
${cluster}`;

/** a second caller of checkout, so checkout is a fan-in dependency (RL011) */
const billing = `
//- billing/__init__.py
//- billing/client.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
def cart(cart_id):
    return requests.get(f"http://checkout:8000/carts/{cart_id}", timeout=1).json()
`;

fixCases("envoy", [
  {
    name: "unquoted retry_on with a comment after it: the value changes, the comment stays",
    workspace: gateway(`                            retry_policy:
                              retry_on: 5xx,reset  # the old default, see RUNBOOK.md
                              num_retries: 2
                              per_try_timeout: 2s`),
    finding: "RL013 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    safety: "safe",
    after: gateway(`                            retry_policy:
                              retry_on: connect-failure,refused-stream,reset-before-request  # the old default, see RUNBOOK.md
                              num_retries: 2
                              per_try_timeout: 2s`),
  },
  {
    name: "double-quoted retry_on keeps its quotes",
    workspace: gateway(`                            retry_policy:
                              retry_on: "5xx,gateway-error,connect-failure"
                              num_retries: 2`),
    finding: "RL013 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    after: gateway(`                            retry_policy:
                              retry_on: "connect-failure,refused-stream,reset-before-request"
                              num_retries: 2`),
  },
  {
    name: "single-quoted retry_on keeps its quotes",
    workspace: gateway(`                            retry_policy:
                              num_retries: 1
                              retry_on: 'reset'`),
    finding: "RL013 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    after: gateway(`                            retry_policy:
                              num_retries: 1
                              retry_on: 'connect-failure,refused-stream,reset-before-request'`),
  },
  {
    name: "a flow-style retry_policy ({ … }) with a comment after it",
    workspace: gateway(`                            retry_policy: { retry_on: "5xx", num_retries: 2 }  # tuned in INC-42`),
    finding: "RL013 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    after: gateway(`                            retry_policy: { retry_on: "connect-failure,refused-stream,reset-before-request", num_retries: 2 }  # tuned in INC-42`),
  },
  {
    name: "a policy that merges an anchored default (<<: *alias): the override is written in the route, the anchor is untouched",
    workspace: gateway(`                            retry_policy:
                              <<: *edge_retry
                              per_try_timeout: 2s`).replace(
      "x-defaults: &timeouts\n",
      "x-defaults: &timeouts\n  connect_timeout: 1s\nx-retry: &edge_retry\n  retry_on: 5xx,connect-failure\n  num_retries: 2\nx-unused: &unused\n",
    ),
    finding: "RL013 deploy/gateway/envoy.yaml:30",
    fix: "preferred",
    after: gateway(`                            retry_policy:
                              <<: *edge_retry
                              per_try_timeout: 2s
                              retry_on: connect-failure,refused-stream,reset-before-request`).replace(
      "x-defaults: &timeouts\n",
      "x-defaults: &timeouts\n  connect_timeout: 1s\nx-retry: &edge_retry\n  retry_on: 5xx,connect-failure\n  num_retries: 2\nx-unused: &unused\n",
    ),
  },
  {
    name: "num_retries lowered to the threshold (a single route of 5 attempts)",
    workspace: gateway(`                            retry_policy:
                              retry_on: connect-failure,refused-stream
                              num_retries: 4  # was 2 before the Black Friday incident
                              per_try_timeout: 1s`),
    finding: "RL001 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    safety: "unsafe",
    after: gateway(`                            retry_policy:
                              retry_on: connect-failure,refused-stream
                              num_retries: 2  # was 2 before the Black Friday incident
                              per_try_timeout: 1s`),
  },
  {
    name: "removing a block retry_policy: only its own lines go, the comment above stays",
    workspace: gateway(`                            # retries owned by the gateway team
                            retry_policy:
                              retry_on: connect-failure,refused-stream
                              num_retries: 4
                              retry_back_off: { base_interval: 0.1s, max_interval: 1s }`),
    finding: "RL001 deploy/gateway/envoy.yaml:26",
    fix: "Remove the retry_policy",
    safety: "unsafe",
    after: gateway(`                            # retries owned by the gateway team`),
  },
  {
    name: "a retry budget on the route's cluster (an item of clusters:), in block style after its last line",
    workspace:
      gateway(`                            retry_policy:
                              retry_on: connect-failure,refused-stream
                              num_retries: 1`) + billing,
    finding: "RL011 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    safety: "unsafe",
    after: gateway(
      `                            retry_policy:
                              retry_on: connect-failure,refused-stream
                              num_retries: 1`,
      `      circuit_breakers:
        thresholds:
          - priority: DEFAULT
            retry_budget:
              budget_percent: { value: 20.0 }
              min_retry_concurrency: 3
`,
    ),
    // billing's decorator is on the same fan-in hop; the budget sits on the gateway's hop only
    remaining: ["RL011 billing/client.py:5"],
  },
  {
    name: "a retry budget on a flow-style cluster ({ name: …, … }): the budget is written in flow style",
    workspace:
      `
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
                          route: { cluster: checkout, retry_policy: { retry_on: connect-failure, num_retries: 1 } }
  clusters:
    - { name: checkout, type: STRICT_DNS, connect_timeout: 1s }  # pods behind a headless service
` + billing,
    finding: "RL011 deploy/gateway/envoy.yaml:16",
    fix: "preferred",
    after: `
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
                          route: { cluster: checkout, retry_policy: { retry_on: connect-failure, num_retries: 1 } }
  clusters:
    - { name: checkout, type: STRICT_DNS, connect_timeout: 1s, circuit_breakers: { thresholds: [{ priority: DEFAULT, retry_budget: { budget_percent: { value: 20.0 }, min_retry_concurrency: 3 } }] } }  # pods behind a headless service
`,
    remaining: ["RL011 billing/client.py:5"],
  },
  {
    name: "Windows line endings: retry_on replaced, the budget's lines end in CRLF",
    crlf: true,
    workspace:
      gateway(`                            retry_policy:
                              retry_on: "5xx"
                              num_retries: 1`) + billing,
    finding: "RL011 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    after: gateway(
      `                            retry_policy:
                              retry_on: "5xx"
                              num_retries: 1`,
      `      circuit_breakers:
        thresholds:
          - priority: DEFAULT
            retry_budget:
              budget_percent: { value: 20.0 }
              min_retry_concurrency: 3
`,
    ),
    remaining: ["RL011 billing/client.py:5"],
  },
  {
    name: "Windows line endings: narrowing a flow-style policy",
    crlf: true,
    workspace: gateway(`                            retry_policy: { retry_on: 'gateway-error', num_retries: 2 }`),
    finding: "RL013 deploy/gateway/envoy.yaml:25",
    fix: "preferred",
    after: gateway(`                            retry_policy: { retry_on: 'connect-failure,refused-stream,reset-before-request', num_retries: 2 }`),
  },
]);
