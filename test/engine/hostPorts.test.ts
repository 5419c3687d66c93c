// A gateway in a container routing to the machine it runs on (`http://host.docker.internal:8060`,
// `localhost:8060`): the service is what publishes that port (compose `ports: ["8060:8060"]`) or the
// workspace program serving on it (Go `e.Start(viper.GetString("server.address"))` with
// `server.address: ":1236"`): engine/hostPorts.ts, model/hostMachine.ts. Traefik §4.6: attempts N =
// N tries. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const aaa = `
//- aaa/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

const gateway = (port: number) => `
//- docker/traefik/dynamic/gateway.yml
http:
  middlewares:
    retry-middleware:
      retry:
      # ^ layer ×4
        attempts: 4
  routers:
    api:
      rule: "PathPrefix(\`/api\`)"
      service: api-service
      middlewares: [retry-middleware]
  services:
    api-service:
      loadBalancer:
        servers:
          - url: http://host.docker.internal:${port}
`;

describe("gateway routes to host.docker.internal:<port>", () => {
  test("the compose service publishing the port (\"8060:8060\", long syntax too): 4 × 2", async () => {
    const result = await checkFixture(`${aaa}${gateway(8060)}
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
    extra_hosts:
      - "host.docker.internal:host-gateway"
    volumes:
      - ./docker/traefik:/etc/traefik
  aaa:
    build: ./aaa
    ports:
      - "127.0.0.1:8060:8060/tcp"
  other:
    image: shop/other
    ports:
      - target: 80
        published: 8070
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "aaa", "inventory"]);
  });

  test("a port nothing publishes or serves stays the host machine", async () => {
    await checkFixture(`${aaa}${gateway(9999)}
//- docker-compose.yml
services:
  aaa:
    build: ./aaa
    ports:
      - "8060:8060"
//! rules none
//! path 4 host.docker.internal
`);
  });

  test("a Go program serving on the port its viper configuration names (echo e.Start)", async () => {
    await checkFixture(`${gateway(1236)}
//- storage/go.mod
module example.com/storage

go 1.22

require (
	github.com/labstack/echo/v4 v4.12.0
	github.com/redis/go-redis/v9 v9.7.0
	github.com/spf13/viper v1.19.0
)
//- storage/main.go
package main

import (
	"embed"
	"net/http"

	"github.com/labstack/echo/v4"
	redis "github.com/redis/go-redis/v9"
	"github.com/spf13/viper"
)

//go:embed config.yml
var config embed.FS

var rdb = redis.NewClient(&redis.Options{Addr: "redis:6379", MaxRetries: 2})
// ^ layer ×3

func status(c echo.Context) error {
	v, _ := rdb.Get(c.Request().Context(), "status").Result()
	return c.String(http.StatusOK, v)
}

func main() {
	e := echo.New()
	e.GET("/api/status", status)
	address := viper.GetString("server.address")
	_ = e.Start(address)
}
//- storage/config.yml
server:
  address: ":1236"
//! rules none
//! path 12 redis
`);
  });
});
