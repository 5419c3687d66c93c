// Go programs configured through viper (github.com/spf13/viper v1): `viper.GetInt("redis.maxRetries")`
// reads the configuration file the program loads — embedded with `//go:embed` and read with
// `viper.ReadConfig`, or found by `SetConfigFile` / `AddConfigPath` + `SetConfigName` — and the
// environment overrides it (`SetEnvPrefix("storage")` + `AutomaticEnv()`: `STORAGE_REDIS.MAXRETRIES`).
// go-redis v9 (docs/reference/redis.md): MaxRetries N → N + 1 attempts, 0 → the default 3 → 4.
// engine/viperConfig.ts, detectors/go/viper.ts. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const module = `
//- storage/go.mod
module example.com/storage

go 1.22

require (
	github.com/redis/go-redis/v9 v9.7.0
	github.com/spf13/viper v1.19.0
)
//- storage/config/config.go
package config

import (
	"bytes"
	"embed"

	"github.com/spf13/viper"
)

//go:embed config-dev
var configDev embed.FS

func InitViper() {
	viper.SetConfigType("yaml")
	b, _ := configDev.ReadFile("config-dev/config.yml")
	_ = viper.ReadConfig(bytes.NewBuffer(b))
	viper.SetEnvPrefix("STORAGE")
	viper.AutomaticEnv()
}
//- storage/cache/redis.go
package cache

import (
	redis "github.com/redis/go-redis/v9"
	"github.com/spf13/viper"
)

func NewRedis() *redis.Client {
	return redis.NewClient(&redis.Options{
		Addr:       viper.GetString("redis.address"),
		MaxRetries: viper.GetInt("redis.maxRetries"),
		// ^ layer ×ATTEMPTS
	})
}
`;

const config = (maxRetries: string) => `
//- storage/config/config-dev/config.yml
server:
  address: ":1236"
redis:
  address: redis:6379
  maxRetries: ${maxRetries}
`;

describe("viper settings in Go code", () => {
  test("the embedded config.yml sets redis.maxRetries: 10000 → 10001 attempts", async () => {
    const result = await checkFixture(`${module.replace("ATTEMPTS", "10001")}${config("10000")}
//! rules none
`);
    const l = layerAt(result, "storage/cache/redis.go:11");
    assert.match(l.attemptsNote, /viper\.GetInt\("redis\.maxRetries"\) = 10000 → 10001 attempts/);
  });

  test("maxRetries: 0 is go-redis's default: 3 retries → 4 attempts", async () => {
    await checkFixture(`${module.replace("ATTEMPTS", "4")}${config("0")}
//! rules none
`);
  });

  test("the service's environment wins: STORAGE_REDIS.MAXRETRIES=2 in the compose file → 3 attempts", async () => {
    await checkFixture(`${module.replace("ATTEMPTS", "3")}${config("10000")}
//- docker-compose.yml
services:
  storage:
    build: ./storage
    environment:
      - STORAGE_REDIS.MAXRETRIES=2
//! rules none
`);
  });

  test("a YAML file nobody loads sets nothing: the count stays unknown", async () => {
    const unloaded = module.replace("ATTEMPTS", "∞").replace("//go:embed config-dev", "//go:embed other");
    const result = await checkFixture(`${unloaded}${config("10000")}
//! rules none
`);
    assert.equal(layerAt(result, "storage/cache/redis.go:11").countUnknown, true);
  });

  test("AddConfigPath + SetConfigName: config/app.yaml under the module root", async () => {
    await checkFixture(`
//- go.mod
module example.com/app

go 1.22

require (
	github.com/redis/go-redis/v9 v9.7.0
	github.com/spf13/viper v1.19.0
)
//- main.go
package main

import (
	redis "github.com/redis/go-redis/v9"
	"github.com/spf13/viper"
)

func main() {
	viper.SetConfigName("app")
	viper.AddConfigPath("./config")
	_ = viper.ReadInConfig()
	rdb := redis.NewClient(&redis.Options{MaxRetries: viper.GetInt("cache.retries")})
	// ^ layer ×6
	_ = rdb
}
//- config/app.yaml
cache:
  retries: 5
//- config/other.yaml
cache:
  retries: 9
//! rules none
`);
  });
});
