// Traefik through the Docker provider (compose labels) and the file provider (YAML and TOML
// dynamic configuration): docs/reference/traefik.md, reference §4.6. Each fixture: traefik ×N →
// orders ×2 (tenacity) → inventory.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

describe("Traefik Docker labels in docker-compose", () => {
  test("a retry middleware label on the router's container: attempts=4 → 4 tries → 8", async () => {
    const result = await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
    command: ["--providers.docker=true"]
  orders:
    build: ./orders
    labels:
      - "traefik.enable=true"
      - "traefik.http.routers.orders.rule=PathPrefix(\`/orders\`)"
      - "traefik.http.routers.orders.middlewares=retry4@docker"
      - "traefik.http.middlewares.retry4.retry.attempts=4"
      # ^ layer ×4
      - "traefik.http.middlewares.retry4.retry.initialinterval=100ms"
  inventory:
    image: shop/inventory
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "orders", "inventory"]);
    const l = result.model.layers.find((x) => x.kind === "traefik-retry")!;
    assert.match(l.attemptsNote, /attempts: 4 → 4 tries in total .*Docker label/);
    assert.equal(l.wait.kind, "exponential");
  });

  test("a middleware defined on another container (the Traefik one), map-form labels, mixed case", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  proxy:
    image: docker.io/library/traefik:v2.11
    labels:
      traefik.http.middlewares.Retry.retry.Attempts: 3
      # ^ layer ×3
  orders:
    build: ./orders
    labels:
      traefik.http.routers.orders.middlewares: "retry@docker"
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("a chain middleware passes its retry on; a router without a retry middleware is no route", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
  orders:
    build: ./orders
    labels:
      - "traefik.http.middlewares.r.retry.attempts=2"
      # ^ layer ×2
      - "traefik.http.middlewares.secure.chain.middlewares=auth,r"
      - "traefik.http.middlewares.auth.basicauth.users=a:b"
      - "traefik.http.routers.orders.middlewares=secure"
  inventory:
    image: shop/inventory
    labels:
      - "traefik.http.routers.inv.middlewares=auth@docker"
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("the router's service names another container: the route goes there", async () => {
    const result = await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
  edge:
    image: nginx
    labels:
      - "traefik.http.routers.shop.service=orders-svc"
      - "traefik.http.routers.shop.middlewares=r"
      - "traefik.http.middlewares.r.retry.attempts=3"
      # ^ layer ×3
  orders:
    build: ./orders
    labels:
      - "traefik.http.services.orders-svc.loadbalancer.server.port=8080"
//! rules none
//! path 6 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "orders", "inventory"]);
  });

  test("traefik.enable=false: the container's labels are ignored", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
  orders:
    build: ./orders
    labels:
      - "traefik.enable=false"
      - "traefik.http.middlewares.r.retry.attempts=3"
      - "traefik.http.routers.orders.middlewares=r"
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("an entry point's middlewares (--entrypoints.web.http.middlewares) apply to its routers", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
    command:
      - --entrypoints.web.address=:80
      - --entrypoints.web.http.middlewares=retry@docker
    labels:
      - "traefik.http.middlewares.retry.retry.attempts=5"
      # ^ layer ×5
  orders:
    build: ./orders
    labels:
      - "traefik.enable=true"
      - "traefik.http.routers.orders.entrypoints=web"
      - "traefik.http.routers.orders.rule=Host(\`shop\`)"
//! rules none
//! path 10 inventory
//! paths 1
`);
  });
});

describe("Traefik file provider", () => {
  test("YAML dynamic configuration: router → service URL host, retry middleware", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
    volumes: ["./traefik:/etc/traefik"]
  orders:
    build: ./orders
//- traefik/dynamic.yml
http:
  routers:
    orders:
      rule: PathPrefix(\`/orders\`)
      service: orders
      middlewares: [retry]
  middlewares:
    retry:
      retry:
      # ^ layer ×3
        attempts: 3
        initialInterval: 100ms
  services:
    orders:
      loadBalancer:
        servers:
          - url: http://orders:8000/
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("TOML dynamic configuration, and a Docker router naming the file's middleware (retry@file)", async () => {
    await checkFixture(`${orders}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v2.11
  orders:
    build: ./orders
    labels:
      - "traefik.http.routers.orders.middlewares=retry@file"
//- traefik/dynamic.toml
[http.middlewares]
  [http.middlewares.retry.retry]
  # ^ layer ×4
    attempts = 4
//! rules none
//! path 8 inventory
//! paths 1
`);
  });

  test("TOML routers and services in one file", async () => {
    await checkFixture(`${orders}
//- traefik/rules.toml
[http.routers.orders]
  rule = "PathPrefix(\`/orders\`)"
  service = "orders"
  middlewares = ["retry"]

[http.middlewares.retry.retry]
# ^ layer ×2
  attempts = 2

[[http.services.orders.loadBalancer.servers]]
  url = "http://orders:8000"
//- docker-compose.yml
services:
  traefik:
    image: traefik:v2.11
  orders:
    build: ./orders
//! rules none
//! path 4 inventory
//! paths 1
`);
  });
});

describe("Traefik static configuration: entry-point middlewares", () => {
  const compose = `
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
    volumes: ["./traefik.yml:/etc/traefik/traefik.yml"]
  orders:
    build: ./orders
    labels:
      - "traefik.enable=true"
      - "traefik.http.routers.orders.entrypoints=web"
  inventory:
    image: shop/inventory
`;
  test("traefik.yml entryPoints.web.http.middlewares: [retry@file] → every router on web, the middleware from the file provider", async () => {
    await checkFixture(`${orders}${compose}
//- traefik.yml
entryPoints:
  web:
    address: ":80"
    http:
      middlewares: [retry@file]
providers:
  docker: {}
  file: {filename: /etc/traefik/dynamic.yml}
//- dynamic.yml
http:
  middlewares:
    retry:
      retry:
      # ^ layer ×3
        attempts: 3
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("TOML static configuration; a router on another entry point is not under it", async () => {
    await checkFixture(`${orders}${compose.replace("entrypoints=web", "entrypoints=admin")}
//- traefik.toml
[entryPoints.web]
  address = ":80"
  [entryPoints.web.http]
    middlewares = ["retry@file"]
//- dynamic.toml
[http.middlewares.retry.retry]
# ^ layer ×3
  attempts = 3
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("entry-point middlewares that do not retry add no route", async () => {
    const result = await checkFixture(`${orders}${compose}
//- traefik.yml
entryPoints:
  web:
    http:
      middlewares: [compress@file]
//! rules none
//! path 2 inventory
//! paths 1
`);
    assert.ok(!result.model.hops.some((h) => h.fromGateway));
  });
});
