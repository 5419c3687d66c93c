// Go linking: go.mod module paths → package folders, same-package calls across files, handlers,
// retry layers multiplied along the path (reference §3.9, §3.10, §3.11). Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("linking Go across packages of a module", () => {
  test("handler POST /orders → another package's function: cenkalti around a retryablehttp POST = 3 × 5", async () => {
    const result = await checkFixture(`
//- orders/go.mod
module github.com/shop/orders

go 1.22

require (
	github.com/cenkalti/backoff/v4 v4.3.0
	github.com/hashicorp/go-retryablehttp v0.7.8
)
//- orders/main.go
package main

import (
	"net/http"

	"github.com/shop/orders/internal/inventory"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", createOrder)
	http.ListenAndServe(":8080", mux)
}

func createOrder(w http.ResponseWriter, r *http.Request) {
	if err := inventory.Reserve(r.Context(), "sku-1"); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
//- orders/internal/inventory/client.go
package inventory

import (
	"context"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

func Reserve(ctx context.Context, sku string) error {
	client := newClient()
	return backoff.Retry(func() error {
	// ^ layer ×3 RL001
		_, err := client.Post(inventoryURL+"/reserve", "application/json", nil)
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}
//- orders/internal/inventory/http.go
package inventory

import "github.com/hashicorp/go-retryablehttp"

const inventoryURL = "http://inventory:8080"

func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	// ^ layer ×5 RL001
	return c
}
//! rules RL001
//! path 15 inventory
//! paths 1
`);
    const path = result.model.paths[0]!;
    assert.deepEqual(path.services, ["orders", "inventory"], "go.mod names the service; the URL the callee");
    const hop = result.model.hops[path.hops[0]!]!;
    assert.deepEqual(hop.calls.map((c) => `${c.file}:${c.span.line} ${c.method}`), ["orders/internal/inventory/client.go:13 POST"]);
  });

  test("a method on a field's type in another package, a client built in its constructor, constants across files", async () => {
    await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/cmd/api/main.go
package main

import (
	"net/http"

	"github.com/shop/orders/internal/inventory"
)

type API struct {
	inv *inventory.Client
}

func main() {
	api := &API{inv: inventory.NewClient()}
	http.HandleFunc("POST /orders", api.create)
	http.ListenAndServe(":8080", nil)
}

func (a *API) create(w http.ResponseWriter, r *http.Request) {
	_ = a.inv.Reserve(r.Context(), "sku-1")
}
//- orders/internal/inventory/client.go
package inventory

import (
	"context"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	http *retryablehttp.Client
	base string
}

func NewClient() *Client {
	c := retryablehttp.NewClient()
	// ^ layer ×3
	c.RetryMax = 2
	c.Backoff = retryablehttp.LinearJitterBackoff
	return &Client{http: c, base: defaultURL}
}

func (c *Client) Reserve(ctx context.Context, sku string) error {
	req, _ := retryablehttp.NewRequestWithContext(ctx, "POST", c.base+"/reserve", nil)
	_, err := c.http.Do(req)
	return err
}
//- orders/internal/inventory/urls.go
package inventory

const defaultURL = "http://inventory:8080"
//! rules RL001
//! path 3 inventory
//! paths 1
`);
  });

  test("gRPC: a stub on a conn with maxAttempts 6 (capped at 5), called from a handler in another file of the package", async () => {
    const result = await checkFixture(`
//- checkout/go.mod
module github.com/shop/checkout
//- checkout/server.go
package main

import (
	"net/http"

	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

const serviceConfig = \`{"methodConfig": [{"name": [{"service": "orders.OrderService"}],
  "retryPolicy": {"maxAttempts": 6, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\`

type Server struct {
	orders pb.OrderServiceClient
}

func main() {
	conn, err := grpc.NewClient("dns:///orders:50051", grpc.WithDefaultServiceConfig(serviceConfig))
	// ^ layer ×5 RL001
	if err != nil {
		panic(err)
	}
	s := &Server{orders: pb.NewOrderServiceClient(conn)}
	http.HandleFunc("POST /checkout", s.checkout)
}
//- checkout/handlers.go
package main

import (
	"net/http"

	pb "github.com/shop/proto/orders"
)

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	s.orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
	cache.Get(r.Context(), "not an rpc: cache is no stub")
}
//! rules RL001
//! path 5 orders
//! paths 1
`);
    const hop = result.model.hops[result.model.paths[0]!.hops[0]!]!;
    assert.equal(hop.protocol, "grpc");
    assert.equal(hop.caller, "checkout");
  });

  test("near misses: a local Retry function and an unrelated backoff package add no layer", async () => {
    const result = await checkFixture(`
//- billing/go.mod
module github.com/shop/billing
//- billing/main.go
package main

import (
	"net/http"

	"github.com/acme/backoff"
)

func Retry(op func() error, n int) error { return op() }

func main() {
	_ = Retry(func() error { _, err := http.Get("http://ledger:9000/x"); return err }, 3)
	_ = backoff.Retry(func() error { _, err := http.Get("http://ledger:9000/y"); return err }, backoff.NewExponentialBackOff())
}
//! paths 0
`);
    assert.deepEqual(result.model.layers, []);
    const hops = result.model.hops.map((h) => `${h.caller}→${h.callee} ${h.layerIds.length} layers, ${h.calls.length} calls`);
    assert.deepEqual(hops, ["billing→ledger 0 layers, 2 calls"]);
  });

  test("a value from a New<T> constructor calls T's methods: the handler's retry wraps the client's", async () => {
    await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/main.go
package main

import (
	"net/http"

	"github.com/cenkalti/backoff/v5"
	"github.com/shop/orders/internal/inventory"
)

func main() {
	client := inventory.NewClient()
	http.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		_, _ = backoff.Retry(r.Context(), func() (bool, error) {
		// ^ layer ×2
			return true, client.Reserve(r.Context(), "sku")
		}, backoff.WithMaxTries(2))
	})
}
//- orders/internal/inventory/client.go
package inventory

import (
	"context"
	"net/http"
)

type Client struct {
	http *http.Client
}

func NewClient() *Client {
	return &Client{http: &http.Client{}}
}

func (c *Client) Reserve(ctx context.Context, sku string) error {
	_, err := c.http.Post("http://inventory:8080/reserve", "application/json", nil)
	return err
}
//! rules RL001
//! path 2 inventory
//! paths 1
`);
  });

  test("a field typed *http.Client in one file, built from a retryablehttp StandardClient in another, used in a third", async () => {
    await checkFixture(`
//- pay/go.mod
module github.com/shop/pay
//- pay/types.go
package main

import "net/http"

type Gateway struct {
	http *http.Client
	url  string
}
//- pay/gateway.go
package main

import "github.com/hashicorp/go-retryablehttp"

func NewGateway() *Gateway {
	c := retryablehttp.NewClient()
	// ^ layer ×5 RL001
	return &Gateway{http: c.StandardClient(), url: "http://ledger:9000"}
}
//- pay/charge.go
package main

import "net/http"

func (g *Gateway) Charge() error {
	req, _ := http.NewRequest(http.MethodPost, g.url+"/charge", nil)
	_, err := g.http.Do(req)
	return err
}
//! rules RL001
//! path 5 ledger
//! paths 1
`);
  });

  test("a retry helper taking the operation as a parameter wraps what its callers pass (across files)", async () => {
    const result = await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/retry.go
package main

import (
	"context"

	"github.com/cenkalti/backoff/v4"
)

func withRetry(ctx context.Context, op func() error) error {
	return backoff.Retry(op, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
	// ^ layer ×4 RL001
}
//- orders/main.go
package main

import (
	"context"
	"net/http"
)

func (s *Server) reserve() error {
	_, err := http.Post("http://inventory:8080/reserve", "application/json", nil)
	return err
}

type Server struct{}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	_ = withRetry(r.Context(), func() error {
		_, err := http.Get("http://stock:8080/x")
		return err
	})
	_ = withRetry(r.Context(), s.reserve)
}

func main() {
	s := &Server{}
	http.HandleFunc("POST /orders", s.handle)
}
//! rules RL001
//! path 4 stock
//! path 4 inventory
//! paths 2
`);
    assert.equal(result.model.hops.length, 2, "no second, unretried hop through the closure");
  });

  test("a method through a struct field declared in another file of the package", async () => {
    await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/server.go
package main

import "github.com/shop/orders/internal/inventory"

type Server struct {
	inv *inventory.Client
}
//- orders/handlers.go
package main

import (
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	_ = backoff.Retry(func() error { return s.inv.Reserve(r.Context(), "sku-1") }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 1))
	// ^ layer ×2 RL001
}

func main() {
	s := &Server{}
	http.HandleFunc("POST /orders", s.create)
}
//- orders/internal/inventory/client.go
package inventory

import (
	"context"

	"github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
)

type Client struct{}

func (c *Client) Reserve(ctx context.Context, sku string) error {
	_, err := backoff.Retry(ctx, func() (bool, error) {
	// ^ layer ×2 RL001
		_, err := retryablehttp.Post("http://inventory:8080/reserve", "application/json", nil)
		// ^ layer ×5 RL001
		return err == nil, err
	}, backoff.WithMaxTries(2))
	return err
}
//! rules RL001
//! path 20 inventory
//! paths 1
`);
  });
});

describe("Go: clients built by wrapper functions, stubs passed as parameters, values through parameters (issue §2.1–§2.3)", () => {
  const web = `
//- go.mod
module github.com/demo/voting

go 1.22
//- web-app/cmd/server.go
package main

import (
	"os"

	"github.com/demo/voting/web-app/web"
	pb "github.com/demo/voting/web-app/gen/proto"
	"google.golang.org/grpc"
)

var votingHost = os.Getenv("VOTING_HOST")

func main() {
	conn := openConnection(votingHost)
	votingClient := pb.NewVotingServiceClient(conn)
	web.StartServer(":8080", votingClient)
}

func openConnection(host string) *grpc.ClientConn {
	conn, err := grpc.Dial(host, grpc.WithInsecure())
	if err != nil {
		panic(err)
	}
	return conn
}
//- web-app/web/web.go
package web

import (
	"net/http"

	pb "github.com/demo/voting/web-app/gen/proto"
)

type App struct {
	voting pb.VotingServiceClient
}

func (a *App) voteHandler(w http.ResponseWriter, r *http.Request) {
	_, err := a.voting.Vote(r.Context(), &pb.VoteRequest{})
	if err != nil {
		w.WriteHeader(500)
	}
}

func handle(path string, h func(w http.ResponseWriter, r *http.Request)) {
	http.Handle(path, http.HandlerFunc(h))
}

func StartServer(port string, votingClient pb.VotingServiceClient) {
	app := &App{voting: votingClient}
	handle("/api/vote", app.voteHandler)
	http.ListenAndServe(port, nil)
}
//- k8s/web.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          image: registry.example.com/demo/web-app:v3
          env:
            - name: VOTING_HOST
              value: voting.demo:8080
---
apiVersion: v1
kind: Namespace
metadata:
  name: demo
`;
  test("a stub on a conn a wrapper dialled with its parameter, called through a struct field typed as the stub interface from a handler a local helper registers", async () => {
    const result = await checkFixture(`${web}
//- k8s/profile.yaml
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: voting.demo.svc.cluster.local
spec:
  routes:
    - name: Vote
      condition:
        method: POST
        pathRegex: /demo\\.v1\\.VotingService/Vote
      isRetryable: true
      # ^ layer ×∞
    - name: Results
      condition:
        method: POST
        pathRegex: /demo\\.v1\\.VotingService/Results
      isRetryable: true
      # ^ layer ×∞
//! rules none
//! path ∞ voting
//! paths 1
`);
    const hop = result.model.hops.find((h) => h.callee === "voting")!;
    // the web-app folder's code is the web workload's (its image), the target the conn's argument
    assert.equal(hop.caller, "web");
    assert.equal(hop.protocol, "grpc");
    // the Vote call goes through the Vote route only (the Results route cannot match it)
    assert.deepEqual(hop.layerIds, ["k8s/profile.yaml#L11"]);
    assert.deepEqual(hop.entryRoutes, [{ method: null, route: "/api/vote" }]);
  });

  test("a URL built from a parameter takes the value the call passes; a cmd/<name> folder is that workload's code", async () => {
    const result = await checkFixture(`
//- go.mod
module github.com/demo/bots
//- tools/cmd/vote-bot/main.go
package main

import (
	"net/http"
	"os"
	"time"
)

func main() {
	webURL := "http://" + os.Getenv("WEB_HOST")
	for {
		vote(webURL)
		time.Sleep(time.Second)
	}
}

func vote(base string) {
	for i := 0; i < 3; i++ {
	// ^ layer ×3
		resp, err := http.Get(base + "/api/vote")
		if err == nil && resp.StatusCode < 500 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
//- k8s/bot.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vote-bot
spec:
  template:
    spec:
      containers:
        - name: bot
          env:
            - name: WEB_HOST
              value: web:80
//! rules none
//! path 3 web
//! paths 1
`);
    assert.equal(result.model.hops[0]!.caller, "vote-bot");
    assert.equal(result.model.hops[0]!.calls[0]!.path, "/api/vote");
  });
});

describe("Go: grpc-gateway and workloads named alike in every namespace (issue §2.1, §2.3)", () => {
  test("RegisterXHandlerClient serves REST by calling the stub; a Deployment `app` per namespace is its Service's service", async () => {
    const ns = (name: string) => `
---
apiVersion: v1
kind: Namespace
metadata:
  name: ${name}
  labels:
    istio-injection: enabled
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  namespace: ${name}
spec:
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers: [{name: app, image: shop/${name}:latest}]
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${name}
spec:
  selector: {app: ${name}}`;
    const result = await checkFixture(`
//- go.mod
module github.com/shop/platform
//- services/gateway/main.go
package main

import (
	"context"
	"net/http"

	catalogpb "github.com/shop/platform/services/catalog/proto"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
)

func main() {
	run(context.Background())
}

func run(ctx context.Context) error {
	mux := runtime.NewServeMux()
	conn, err := grpc.DialContext(ctx, "catalog.catalog.svc.cluster.local:5000", grpc.WithInsecure())
	if err != nil {
		return err
	}
	if err = catalogpb.RegisterCatalogServiceHandlerClient(ctx, mux, catalogpb.NewCatalogServiceClient(conn)); err != nil {
		return err
	}
	return http.ListenAndServe(":4000", mux)
}
//- k8s/all.yaml
${ns("gateway").replace("---\n", "").replace("istio-injection: enabled", "istio-injection: enabled\n    # ^ layer ×3")}${ns("catalog")}
//! rules none
//! path 3 catalog
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["gateway", "catalog"]);
    assert.equal(result.model.hops[0]!.protocol, "grpc");
  });
});
