// Go constructors wired by a dependency-injection container (uber-go/fx `fx.Provide`, dig): fx calls
// `NewInfoService(rdb *redis.Client)` with what the registered `NewRedis` returns, so the client
// parameter is that client and its layer (go-redis v9: MaxRetries N → N + 1) is on the calls
// (engine/resolve.ts containerClient). Two registered constructors of the same client type: the
// container's choice is not known, nothing is linked. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const program = (providers: string, extra = "") => `
//- go.mod
module example.com/storage

go 1.22

require (
	github.com/redis/go-redis/v9 v9.7.0
	go.uber.org/fx v1.22.0
)
//- main.go
package main

import (
	"go.uber.org/fx"

	"example.com/storage/cache"
	"example.com/storage/services"
)

func main() {
	fx.New(
		fx.Provide(
			${providers}
			services.NewInfoService,
		),
		fx.Invoke(run),
	).Run()
}

func run(s *services.InfoService) {}
//- cache/redis.go
package cache

import redis "github.com/redis/go-redis/v9"

func NewRedis() *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: "redis:6379", MaxRetries: 4})
	// ^ layer ×5
	return rdb
}
${extra}
//- services/info.go
package services

import (
	"context"

	redis "github.com/redis/go-redis/v9"
)

type InfoService struct {
	rdb *redis.Client
}

func NewInfoService(rdb *redis.Client) *InfoService {
	return &InfoService{rdb: rdb}
}

func (s *InfoService) Converting(ctx context.Context, key string) (bool, error) {
	return s.rdb.Get(ctx, key).Bool()
}
`;

describe("Go clients handed in by an fx container", () => {
  test("fx.Provide(cache.NewRedis, services.NewInfoService): the service's redis calls go under NewRedis's ×5", async () => {
    await checkFixture(`${program("cache.NewRedis,")}
//! rules none
//! path 5 redis
`);
  });

  test("two registered constructors returning *redis.Client: no client is picked", async () => {
    await checkFixture(`${program("cache.NewRedis,\n\t\t\tcache.NewSessions,", `//- cache/sessions.go
package cache

import redis "github.com/redis/go-redis/v9"

func NewSessions() *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: "sessions:6379", MaxRetries: 1})
	// ^ layer ×2
	return rdb
}`)}
//! rules none
//! paths 0
`);
  });
});
