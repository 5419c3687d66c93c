// `retry-lens: ignore RLxxx -- reason` on the finding's line or the line above, in every language.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { parseSuppression } from "../../server/src/model/suppression";

describe("suppression directive", () => {
  const cases: Array<[string, string[] | null, string | null]> = [
    ["# retry-lens: ignore RL004 -- fixed wait is intentional", ["RL004"], "fixed wait is intentional"],
    ["// retry-lens: ignore rl004, RL005", ["RL004", "RL005"], null],
    ["# retry-lens: ignore no-jitter", ["no-jitter"], null],
    ["# retry-lens: ignore -- all of it", [], "all of it"],
    ["/* retry-lens: ignore RL010 */", ["RL010"], null],
    ["# retry-lens: please RL004", null, null],
    ["# retries are ignored here", null, null],
  ];
  for (const [comment, rules, reason] of cases) {
    test(comment, () => {
      const s = parseSuppression(comment, 7);
      if (rules === null) assert.equal(s, null);
      else assert.deepEqual(s, { line: 7, rules, reason });
    });
  }
});

describe("suppressed findings", () => {
  test("Python: on the line above and on the same line", async () => {
    await checkFixture(`
//- svc/a.py
import requests
from tenacity import retry, stop_after_attempt, wait_fixed, retry_if_exception_type
# retry-lens: ignore RL004 -- the partner API wants exactly 1 s between tries
@retry(stop=stop_after_attempt(3), wait=wait_fixed(1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×3
def f():
    return requests.get("http://inventory/x", timeout=1)

@retry(stop=stop_after_attempt(2), wait=wait_fixed(1), retry=retry_if_exception_type(requests.ConnectionError))  # retry-lens: ignore no-jitter
# ^ layer ×2
def g():
    return requests.get("http://inventory/y", timeout=1)

@retry(stop=stop_after_attempt(2), wait=wait_fixed(1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2 RL004
def h():
    return requests.get("http://inventory/z", timeout=1)
//! rules RL004
`);
  });

  test("a suppression names only the rules it lists", async () => {
    await checkFixture(`
//- svc/a.py
import requests
from tenacity import retry, stop_after_attempt, wait_fixed
# retry-lens: ignore RL004
@retry(stop=stop_after_attempt(3), wait=wait_fixed(1))
# ^ layer ×3 RL006
def f():
    return requests.get("http://inventory/x", timeout=1)
//! rules RL004,RL006
`);
  });

  test("YAML and TypeScript comments", async () => {
    await checkFixture(`
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
                        - match: { prefix: "/" }
                          route:
                            cluster: web
                            # retry-lens: ignore RL013 -- idempotent reads only behind this route
                            retry_policy:
                            # ^ layer ×2
                              retry_on: 5xx
                              num_retries: 1
  clusters:
    - name: web
      load_assignment:
        endpoints:
          - lb_endpoints:
              - endpoint: { address: { socket_address: { address: web, port_value: 80 } } }
//- web/src/api.ts
import axios from "axios";
import axiosRetry from "axios-retry";
export const api = axios.create({ baseURL: "http://catalog:8080", timeout: 1000 });
// retry-lens: ignore RL003 -- the SDK adds its own delay
axiosRetry(api, { retries: 2 });
// ^ layer ×3
export async function items() {
  return api.get("/items");
}
//! rules RL003,RL013
`);
  });
  test("Spring .properties comments (# and !)", async () => {
    await checkFixture(`
//- gateway/src/main/resources/application.properties
spring.application.name=gateway
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=http://orders:8080
spring.cloud.gateway.routes[0].predicates[0]=Path=/orders/**
# retry-lens: ignore RL003 -- orders answers 503 only while starting; an immediate retry lands on another pod
spring.cloud.gateway.routes[0].filters[0]=Retry=2
# ^ layer ×3
spring.cloud.gateway.routes[1].id=billing
spring.cloud.gateway.routes[1].uri=http://billing:8080
spring.cloud.gateway.routes[1].predicates[0]=Path=/billing/**
! retry-lens: ignore no-backoff
spring.cloud.gateway.routes[1].filters[0]=Retry=2
# ^ layer ×3
spring.cloud.gateway.routes[2].id=stock
spring.cloud.gateway.routes[2].uri=http://stock:8080
spring.cloud.gateway.routes[2].predicates[0]=Path=/stock/**
spring.cloud.gateway.routes[2].filters[0]=Retry=2
# ^ layer ×3 RL003
//- orders/app.py
import requests

def handler():
    return requests.get("http://inventory:8080/x", timeout=1)
//! rules RL003
`);
  });
});
