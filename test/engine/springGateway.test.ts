// Spring Cloud Gateway routes on paths (reference §3.3): a route to `lb://orders` is a hop from
// the gateway (named after its spring.application.name) to orders, and its Retry filter
// multiplies every layer behind it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

describe("Spring Cloud Gateway routes", () => {
  test("§3.3 `- Retry` with no arguments: retries 3 → ×4 at the edge, × orders' ×2 = 8", async () => {
    const result = await checkFixture(`${orders}
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - Retry
            # ^ layer ×4
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["edge", "orders", "inventory"]);
    const edge = layerAt(result, "gateway/src/main/resources/application.yml:12");
    assert.equal(edge.service, "edge");
    assert.equal(edge.wait.kind, "none", "no backoff by default");
    assert.deepEqual(edge.condition.afterSendMethods, ["GET"], "GET only by default");
  });

  test("§3.3 an ingress in front of the gateway application, and route URIs from its Deployment's env: one path, 3 × 4 × 2", async () => {
    const result = await checkFixture(`${orders}
//- edge-service/src/main/resources/application.yml
spring:
  application:
    name: edge-service
  cloud:
    gateway:
      routes:
        - id: orders-route
          uri: \${ORDERS_URL:http://localhost:9002}/orders
          predicates:
            - Path=/orders/**
      default-filters:
        - name: Retry
        # ^ layer ×4
          args:
            retries: 3
            methods: GET,PUT
//- edge-service/k8s/deployment.yml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: edge-service
spec:
  template:
    spec:
      containers:
        - name: edge-service
          env:
            - name: ORDERS_URL
              value: http://orders
//- edge-service/k8s/ingress.yml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: polar
spec:
  ingressClassName: nginx
  # ^ layer ×3
  rules:
    - http:
        paths:
          - path: /
            pathType: Prefix
            backend: {service: {name: edge-service, port: {number: 80}}}
//! rules none
//! path 24 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["ingress-nginx", "edge", "orders", "inventory"]);
  });

  test("§3.3 a route URI placeholder with no value in the environment keeps its default", async () => {
    const result = await checkFixture(`
//- edge/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: local
          uri: \${ORDERS_URL:http://orders-dev:9002}
          filters:
            - Retry=2
            # ^ layer ×3
//! rules none
//! path 3 orders-dev
//! paths 1
`);
    assert.equal(result.model.hops.find((h) => h.fromGateway)!.callee, "orders-dev");
  });

  test("§3.3 application.properties with the args form: retries 1 → ×2, × ×2 = 4", async () => {
    await checkFixture(`${orders}
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=http://orders:8080
spring.cloud.gateway.routes[0].filters[0].name=Retry
# ^ layer ×2
spring.cloud.gateway.routes[0].filters[0].args.retries=1
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("§3.3 a default-filters Retry around a route's own Retry: ×2 × ×3 at the edge, × orders' ×2 = 12", async () => {
    const result = await checkFixture(`${orders}
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      default-filters:
        - name: Retry
        # ^ layer ×2
          args: {retries: 1, backoff: {firstBackoff: 50ms}}
      routes:
        - id: orders
          uri: lb://orders
          filters:
            - name: Retry
            # ^ layer ×3
              args: {retries: 2, backoff: {firstBackoff: 50ms}}
//! rules none
//! path 12 inventory
//! paths 1
`);
    assert.equal(result.model.paths[0]!.layers.length, 3);
  });

  test("spring.application.name gives the project's code its service, which the route names", async () => {
    const result = await checkFixture(`
//- services/stock-app/app.py
import requests
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(3))
# ^ layer ×3
def reserve():
    return requests.put("http://warehouse:8080/reservations")
//- services/stock-app/src/main/resources/application.yml
spring.application.name: inventory
//- gateway/src/main/resources/application.yml
spring.cloud.gateway.routes:
  - id: inventory
    uri: lb://inventory
    filters: [Retry=2]
    # ^ layer ×3
//! rules none
//! path 9 warehouse
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["spring-cloud-gateway:gateway", "inventory", "warehouse"]);
  });
});
