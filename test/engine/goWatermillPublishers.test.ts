// Go clients handed in through positional struct literals and watermill publishers
// (docs/reference/kafka.md §watermill-kafka, detectors/go/values.ts positionalField):
// - `&RedisCacheImpl{client}` stores the constructor's parameter in the struct's first declared
//   field, so `rc.client.Get(…)` sends through the client the callers pass;
// - `infra.NewKafkaPublisher()` returns a watermill-kafka publisher (sarama SyncProducer, 11
//   attempts by watermill's default config); a repository constructor taking `message.Publisher`
//   stores it positionally and `r.p.Publish(…)` is a produce request to the broker;
// - a watermill publisher of another backend (gochannel) handed in is no Kafka client.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const INFRA = `//- go.mod
module example.com/chat

go 1.22
//- pkg/infra/kafka.go
package infra

import (
	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"
)

func NewKafkaPublisher(addrs []string) (message.Publisher, error) {
	kafkaPublisher, err := kafka.NewPublisher(
	// ^ layer ×11 RL001
		kafka.PublisherConfig{
			Brokers:   []string{"kafka:9092"},
			Marshaler: kafka.DefaultMarshaler{},
		},
		nil,
	)
	if err != nil {
		return nil, err
	}
	return kafkaPublisher, nil
}
//- pkg/infra/redis.go
package infra

import (
	"context"

	"github.com/redis/go-redis/v9"
)

type RedisCache interface {
	Get(ctx context.Context, key string) (string, error)
}

type RedisCacheImpl struct {
	client redis.UniversalClient
}

func NewRedisClient() (redis.UniversalClient, error) {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"redis:6379"}})
	// ^ layer ×4 RL001
	return rdb, nil
}

func NewRedisCacheImpl(client redis.UniversalClient) *RedisCacheImpl {
	return &RedisCacheImpl{client}
}

func (rc *RedisCacheImpl) Get(ctx context.Context, key string) (string, error) {
	return rc.client.Get(ctx, key).Result()
}
`;

const FORWARDER = `//- pkg/forwarder/repo.go
package forwarder

import (
	"context"
	"net/http"
	"time"

	"example.com/chat/pkg/infra"
	"github.com/ThreeDotsLabs/watermill/message"
)

type ForwardRepoImpl struct {
	r infra.RedisCache
	p message.Publisher
}

func NewForwardRepoImpl(r infra.RedisCache, p message.Publisher) *ForwardRepoImpl {
	return &ForwardRepoImpl{r, p}
}

func (repo *ForwardRepoImpl) Forward(w http.ResponseWriter, req *http.Request) {
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if _, err := repo.r.Get(req.Context(), "subs"); err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := repo.p.Publish("rc.msg", message.NewMessage("1", nil)); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func Serve(repo *ForwardRepoImpl) {
	http.HandleFunc("POST /forward", repo.Forward)
	http.ListenAndServe(":8080", nil)
}
`;

describe("watermill publishers and positional struct fields", () => {
  test("a handler retrying a redis read and a publish through clients stored positionally: 3 × 4 and 3 × 11", async () => {
    const result = await checkFixture(`
//! rules RL001
${INFRA}${FORWARDER}//- cmd/forwarder/main.go
package main

import (
	"example.com/chat/pkg/forwarder"
	"example.com/chat/pkg/infra"
)

func main() {
	rdb, _ := infra.NewRedisClient()
	cache := infra.NewRedisCacheImpl(rdb)
	publisher, _ := infra.NewKafkaPublisher(nil)
	forwarder.Serve(forwarder.NewForwardRepoImpl(cache, publisher))
}
//! path 12 redis
//! path 33 kafka
`);
    const kafka = result.model.paths.find((p) => p.product === 33)!;
    const hop = result.model.hops[kafka.hops[kafka.hops.length - 1]!]!;
    assert.deepEqual(hop.calls.map((c) => `${c.file}:${c.span.line}`), ["pkg/forwarder/repo.go:27"], "the Publish of the repository (the harness drops the marker lines)");
  });

  test("a gochannel publisher handed in instead: no hop to Kafka; the Kafka factory's layer is on no path", async () => {
    const result = await checkFixture(`
//! rules none
${FORWARDER.replace("// ^ layer ×3 RL001", "// ^ layer ×3")}//- cmd/forwarder/main.go
package main

import (
	"example.com/chat/pkg/forwarder"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

func main() {
	publisher := gochannel.NewGoChannel(gochannel.Config{}, nil)
	forwarder.Serve(forwarder.NewForwardRepoImpl(nil, publisher))
}
//- go.mod
module example.com/chat

go 1.22
`);
    assert.ok(!result.model.hops.some((h) => h.callee === "kafka" || h.callee.startsWith("kafka")), result.model.hops.map((h) => `${h.caller}→${h.callee}`).join(", "));
  });
});
