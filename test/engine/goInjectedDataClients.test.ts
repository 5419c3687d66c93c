// Go data-store clients handed in through constructors (docs/reference/mongodb.md, redis.md): a
// `*mongo.Client` / `redis.UniversalClient` built by a factory in one package, stored in a field
// by `main`/`server`, passed to a repository constructor in another package and used behind an
// interface still sends under the client's layer (ClientFact.fromParam → the callers' argument).
// A factory client whose callers only call local methods on it and store it where nothing sends
// is inert (engine/inertLayers.ts). Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const GO_MOD = `//- go.mod
module example.com/shop

go 1.22

require (
	github.com/redis/go-redis/v9 v9.7.0
	go.mongodb.org/mongo-driver v1.17.1
)
`;

/** pkg/db: a factory returning the mongo client (or the redis one), no calls of its own */
const FACTORIES = `//- pkg/db/mongo.go
package db

import (
	"context"

	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

func NewMongoConn(ctx context.Context, uri string) (*mongo.Client, error) {
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(uri))
	// ^ layer ×2 RL001
	if err != nil {
		return nil, err
	}
	return client, nil
}
//- pkg/cache/redis.go
package cache

import "github.com/redis/go-redis/v9"

func NewRedis(addr string) redis.UniversalClient {
	rdb := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{addr}, MinIdleConns: 4})
	// ^ layer ×4 RL001
	return rdb
}
`;

/** orders/repository: the repositories, constructed with the client; interfaces in front of them */
const REPOSITORIES = `//- orders/repository/repository.go
package repository

import "context"

type Repository interface {
	Create(ctx context.Context, id string) error
}

type Cache interface {
	Put(ctx context.Context, id string)
}
//- orders/repository/mongo.go
package repository

import (
	"context"

	"go.mongodb.org/mongo-driver/mongo"
)

type mongoRepository struct {
	db *mongo.Client
}

func NewMongoRepository(db *mongo.Client) *mongoRepository {
	return &mongoRepository{db: db}
}

func (r *mongoRepository) Create(ctx context.Context, id string) error {
	collection := r.db.Database("shop").Collection("orders")
	_, err := collection.InsertOne(ctx, map[string]string{"_id": id})
	return err
}
//- orders/repository/redis.go
package repository

import (
	"context"

	"github.com/redis/go-redis/v9"
)

type redisRepository struct {
	rdb redis.UniversalClient
}

func NewRedisRepository(rdb redis.UniversalClient) *redisRepository {
	return &redisRepository{rdb: rdb}
}

func (r *redisRepository) Put(ctx context.Context, id string) {
	r.rdb.Set(ctx, "order:"+id, id, 0)
}
`;

describe("Go data-store clients handed to repositories through constructors", () => {
  test("the server stores the factory's mongo and redis clients in fields and constructs the repositories; a retried handler reaches InsertOne (3 × 2) and Set (3 × 4)", async () => {
    const result = await checkFixture(`
//! rules RL001
${GO_MOD}${FACTORIES}${REPOSITORIES}//- orders/server/server.go
package server

import (
	"context"
	"net/http"
	"time"

	"example.com/shop/orders/repository"
	"example.com/shop/pkg/cache"
	"example.com/shop/pkg/db"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/mongo"
)

type server struct {
	mongoClient *mongo.Client
	redisClient redis.UniversalClient
	repo        repository.Repository
	cache       repository.Cache
}

func (s *server) Run(ctx context.Context) error {
	conn, err := db.NewMongoConn(ctx, "mongodb://orders-db:27017")
	if err != nil {
		return err
	}
	s.mongoClient = conn
	s.redisClient = cache.NewRedis("orders-cache:6379")
	s.repo = repository.NewMongoRepository(s.mongoClient)
	s.cache = repository.NewRedisRepository(s.redisClient)
	http.HandleFunc("/orders", s.create)
	return http.ListenAndServe(":8080", nil)
}

func (s *server) create(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if err := s.repo.Create(r.Context(), "1"); err == nil {
			s.cache.Put(r.Context(), "1")
			return
		}
		time.Sleep(time.Second)
	}
}
//! path 6 orders-db
//! path 12 orders-cache
`);
    const insert = result.model.paths.find((p) => p.product === 6)!;
    const hop = result.model.hops[insert.hops[insert.hops.length - 1]!]!;
    assert.deepEqual(
      hop.calls.map((c) => `${c.file}:${c.span.line}`),
      ["orders/repository/mongo.go:19"],
      "the InsertOne of the repository, through the handed-in client",
    );
  });

  test("a redis client the service builds but only asks for pool stats and stores in a field nobody reads: inert (one attempt); the one a repository uses stays a layer", async () => {
    await checkFixture(`
//! rules RL001
//- go.mod
module example.com/hotels

go 1.22

require github.com/redis/go-redis/v9 v9.7.0
//- pkg/redis/redis.go
package redis

import "github.com/redis/go-redis/v9"

func NewRedisClient(addr string) *redis.Client {
	client := redis.NewClient(&redis.Options{Addr: addr})
	// ^ layer disabled
	return client
}
//- pkg/cache/cache.go
package cache

import "github.com/redis/go-redis/v9"

func NewCacheClient(addr string) *redis.Client {
	client := redis.NewClient(&redis.Options{Addr: addr})
	// ^ layer ×4 RL001
	return client
}

func NewNeverCalled(addr string) *redis.Client {
	client := redis.NewClient(&redis.Options{Addr: addr})
	// ^ layer ×4
	return client
}
//- internal/server/server.go
package server

import (
	"context"
	"log"
	"net/http"

	"github.com/redis/go-redis/v9"
)

type Server struct {
	redisConn *redis.Client
	cache     *redis.Client
}

func NewServer(redisConn *redis.Client, cache *redis.Client) *Server {
	return &Server{redisConn: redisConn, cache: cache}
}

func (s *Server) Run() error {
	http.HandleFunc("/hotels", s.get)
	return http.ListenAndServe(":8080", nil)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	v, _ := s.cache.Get(context.Background(), "hotel").Result()
	log.Println(v)
}
//- cmd/main.go
package main

import (
	"log"

	"example.com/hotels/internal/server"
	"example.com/hotels/pkg/cache"
	"example.com/hotels/pkg/redis"
)

func main() {
	redisClient := redis.NewRedisClient("hotels-redis:6379")
	log.Printf("%v", redisClient.PoolStats())
	cacheClient := cache.NewCacheClient("hotels-cache:6379")
	s := server.NewServer(redisClient, cacheClient)
	log.Fatal(s.Run())
}
`);
  });

  test("Temporal: an activity named through a package-level `var a Activities` of another file runs under the workflow's default policy; its store interface has a mongo and a memory backend: the one holding the retrying client is followed (∞ × 2)", async () => {
    await checkFixture(`
//! rules RL001
${GO_MOD.replace("\tgo.mongodb.org/mongo-driver v1.17.1", "\tgo.mongodb.org/mongo-driver v1.17.1\n\tgo.temporal.io/sdk v1.31.0")}//- app/store/store.go
package store

import (
	"context"

	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

type Store interface {
	Save(ctx context.Context, id string) error
}

type MongoStore struct {
	client *mongo.Client
}

func (m *MongoStore) Connect(ctx context.Context) error {
	client, err := mongo.Connect(ctx, options.Client().ApplyURI("mongodb://orders-db:27017"))
	// ^ layer ×2 RL001
	m.client = client
	return err
}

func (m *MongoStore) Save(ctx context.Context, id string) error {
	_, err := m.client.Database("shop").Collection("orders").InsertOne(ctx, map[string]string{"_id": id})
	return err
}

type MemoryStore struct {
	ids []string
}

func (m *MemoryStore) Save(ctx context.Context, id string) error {
	m.ids = append(m.ids, id)
	return nil
}
//- app/activities.go
package app

import (
	"context"

	"example.com/shop/app/store"
)

type Activities struct {
	Store store.Store
}

var a Activities

func (a *Activities) SaveOrder(ctx context.Context, id string) error {
	return a.Store.Save(ctx, id)
}
//- app/workflows.go
package app

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

func OrderWorkflow(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, a.SaveOrder, id).Get(ctx, nil)
	// ^ layer ×∞ RL001
}
//! path ∞ orders-db
`);
  });
});
