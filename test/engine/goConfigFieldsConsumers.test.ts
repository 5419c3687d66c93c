// Go: (1) a nested field of a config struct overridden from the environment through a local read
// (`v := os.Getenv(K); if v != "" { cfg.Grpc.ReaderAddr = v }`, detectors/go/module.ts
// structFieldsFromEnv) is the value a `cfg.Grpc.ReaderAddr` of a `*config.Config` parameter reads
// (detectors/go/values.ts); (2) a hop sent from a consumer's message loop (FileFacts.longRunningLoops)
// is sent per message, so a request into the service does not continue into it (Hop.perItemOnly,
// engine/endpoints.ts hopsConnect): its paths start at the service. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Go config fields and consumer loops", () => {
  test("a gRPC dial target held in a nested config field set from the environment: the conn's retry reaches the service the env names", async () => {
    await checkFixture(`
//- gateway/go.mod
module github.com/shop/gateway

go 1.22
//- gateway/config/config.go
package config

import "os"

type Config struct {
	Grpc Grpc
}

type Grpc struct {
	ReaderAddr string
}

func InitConfig() *Config {
	cfg := &Config{}
	readerAddr := os.Getenv("READER_ADDR")
	if readerAddr != "" {
		cfg.Grpc.ReaderAddr = readerAddr
	}
	return cfg
}
//- gateway/main.go
package main

import (
	"context"
	"net/http"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/shop/gateway/config"
	pb "github.com/shop/gen/reader"
	"google.golang.org/grpc"
)

func dial(ctx context.Context, cfg *config.Config) (*grpc.ClientConn, error) {
	conn, err := grpc.DialContext(
		ctx,
		cfg.Grpc.ReaderAddr,
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))),
		// ^ layer ×3
	)
	return conn, err
}

func main() {
	cfg := config.InitConfig()
	conn, _ := dial(context.Background(), cfg)
	stub := pb.NewReaderServiceClient(conn)
	http.HandleFunc("/products", func(w http.ResponseWriter, r *http.Request) {
		_, _ = stub.GetProduct(r.Context(), &pb.GetProductRequest{})
	})
	http.ListenAndServe(":8080", nil)
}
//- docker-compose.yml
services:
  gateway:
    build: ./gateway
    environment:
      - READER_ADDR=reader:5003
  reader:
    image: shop/reader
//! rules none
//! path 3 reader
//! paths 1
`);
  });

  test("a hop sent from a consumer's fetch loop does not continue the requests into the service; its own path starts there", async () => {
    const result = await checkFixture(`
//- reader/main.go
package main

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"
)

func main() {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "products"})
	// ^ layer ×3
	go consume(context.Background(), r)
	http.HandleFunc("/products", getProduct)
	http.ListenAndServe(":8080", nil)
}

func consume(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		save(m)
	}
}

func save(m kafka.Message) {
	_ = retry.Do(func() error {
	// ^ layer ×3
		_, err := http.Post("http://store:8080/products", "application/json", nil)
		return err
	}, retry.Attempts(3))
}

func getProduct(w http.ResponseWriter, r *http.Request) {
	http.Get("http://store:8080/products/1")
}
//- gateway/main.go
package main

import (
	"net/http"

	"github.com/avast/retry-go/v4"
)

func main() {
	http.HandleFunc("/", proxy)
	http.ListenAndServe(":8080", nil)
}

func proxy(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(func() error {
	// ^ layer ×2
		_, err := http.Get("http://reader:8080/products")
		return err
	}, retry.Attempts(2))
}
//! rules none
`);
    const chains = result.model.paths.map((p) => `${p.product} ${p.services.join(">")}`).sort();
    assert.deepEqual(chains, ["2 gateway>reader>store", "3 reader>store"]);
  });
});
