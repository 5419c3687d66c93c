/**
 * RL007 ignores-retry-after: retrying 429/503 without honouring Retry-After. urllib3 honours it
 * by default (respect_retry_after_header=True, reference §1.3); Envoy only with
 * rate_limited_retry_back_off (§4.2); Istio never (§4.1); a hand-rolled loop when it reads the
 * header.
 */
import assert from "node:assert/strict";
import { RL007 } from "../../server/src/rules/RL007-ignores-retry-after";
import { findingAt, ruleTester } from "./helpers";

const searchGateway = (policy: string) => `
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
                        - match: { prefix: "/search" }
                          route:
                            cluster: search
${policy}
  clusters:
    - name: search
      type: STRICT_DNS
      load_assignment:
        cluster_name: search
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: { address: search, port_value: 8000 }
`;

const platformSession = (retryArgs: string, note: string) => `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5${retryArgs})
# ^ ${note}
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=_retry))
//- search/vendor.py
from platform.http import session


def query(q):
    return session.get("https://api.vendor.example/v1/search", params={"q": q}, timeout=3).json()
`;

ruleTester(RL007, {
  valid: [
    {
      name: "urllib3 Retry retrying 429/503 keeps respect_retry_after_header=True (the default)",
      code: `
//! rules RL007
${platformSession(", status_forcelist=[429, 503]", "layer ×4")}
`,
    },
    {
      name: "respect_retry_after_header=False is harmless when 429/503 are not retried",
      code: `
//! rules RL007
${platformSession(", status_forcelist=[502, 504], respect_retry_after_header=False", "layer ×4")}
`,
    },
    {
      name: "a hand-rolled loop on 429 that sleeps at least Retry-After",
      code: `
//! rules RL007
//- reports/fetch.py
import random
import time

import requests


def fetch_index():
    for attempt in range(3):
# ^ layer ×3
        resp = requests.get("http://storage:9000/index", timeout=5)
        if resp.status_code != 429:
            return resp
        delay = float(resp.headers.get("Retry-After", "1"))
        time.sleep(delay + random.uniform(0, 1))
    return resp
`,
    },
    {
      name: "an Envoy route retrying 429 with rate_limited_retry_back_off on Retry-After",
      code: `
//! rules RL007
${searchGateway(`                            retry_policy:
# ^ layer ×2
                              retry_on: "connect-failure,retriable-status-codes"
                              retriable_status_codes: [429]
                              num_retries: 1
                              rate_limited_retry_back_off:
                                reset_headers:
                                  - name: Retry-After
                                    format: SECONDS
                                max_interval: 10s`)}
`,
    },
  ],
  invalid: [
    {
      name: "urllib3 Retry on 429/503 with respect_retry_after_header=False",
      code: `
//! rules RL007
${platformSession(", status_forcelist=[429, 503], respect_retry_after_header=False", "layer ×4 RL007")}
`,
      check(result) {
        assert.match(findingAt(result, "RL007", "platform/http.py:5").message, /retries 429\/503 without honouring Retry-After/);
      },
    },
    {
      name: "a hand-rolled loop that retries 429 on its own schedule, never reading Retry-After",
      code: `
//! rules RL007
//- reports/fetch.py
import random
import time

import requests


def fetch_report(report_id):
    for attempt in range(3):
# ^ layer ×3 RL007
        resp = requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)
        if resp.status_code != 429:
            return resp
        time.sleep(random.uniform(0, 2 ** attempt))
    return resp
`,
    },
    {
      name: "an Envoy route retrying 503 without rate_limited_retry_back_off",
      code: `
//! rules RL007
${searchGateway(`                            retry_policy:
# ^ layer ×3 RL007
                              retry_on: "connect-failure,retriable-status-codes"
                              retriable_status_codes: [503]
                              num_retries: 2`)}
`,
    },
    {
      name: "an Istio VirtualService with 429 in retryOn (Istio has no Retry-After back-off)",
      code: `
//! rules RL007
//- mesh/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- mesh/search.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: search
  namespace: shop
spec:
  selector:
    matchLabels: { app: search }
  template:
    metadata:
      labels: { app: search }
    spec:
      containers:
        - name: search
          image: registry.example.com/shop/search:1.4.0
//- mesh/virtual-services.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: ranking
  namespace: shop
spec:
  hosts:
    - ranking
  http:
    - route:
        - destination:
            host: ranking
      retries:
# ^ layer ×3 RL007
        attempts: 2
        perTryTimeout: 1s
        retryOn: connect-failure,429
//- search/ranking.py
import requests


def rank(ids):
    return requests.get("http://ranking:8080/rank", params={"ids": ",".join(ids)}, timeout=2).json()
//! path 3 ranking
`,
    },
  ],
});
