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

  test("gRPC: a dial address from env, written as http://orders:8080 in another build's manifest, is no target where the gRPC address can connect", async () => {
    const deployment = (addr: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout
spec:
  template:
    spec:
      containers:
        - name: checkout
          env:
            - name: ORDERS_ADDR
              value: "${addr}"
`;
    const result = await checkFixture(`
//- checkout/go.mod
module github.com/shop/checkout
//- k8s/rest/checkout.yaml
${deployment("http://orders.shop.svc.cluster.local:8080")}
//- k8s/grpc/checkout.yaml
${deployment("orders.shop.svc.cluster.local:50051")}
//- checkout/server.go
package main

import (
	"net/http"
	"os"

	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

const serviceConfig = \`{"methodConfig": [{"name": [{"service": "orders.OrderService"}],
  "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\`

func checkout(w http.ResponseWriter, r *http.Request) {
	conn, _ := grpc.NewClient(os.Getenv("ORDERS_ADDR"), grpc.WithDefaultServiceConfig(serviceConfig))
	// ^ layer ×3
	orders := pb.NewOrderServiceClient(conn)
	orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
}

func main() {
	http.HandleFunc("POST /checkout", checkout)
}
//! path 3 orders
//! paths 1
`);
    assert.deepEqual(result.model.hops.filter((h) => h.caller === "checkout").map((h) => h.callee), ["orders"]);
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
${ns("gateway").replace("---\n", "").replace("istio-injection: enabled", "istio-injection: enabled\n    # ^ layer ×3")}${ns("catalog").replace("istio-injection: enabled", "istio-injection: enabled\n    # ^ layer ×3")}
//! rules none
//! path 3 catalog
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["gateway", "catalog"]);
    assert.equal(result.model.hops[0]!.protocol, "grpc");
  });
});

describe("Go values injected through constructors and package vars", () => {
  // one binary run as two workloads; the module is named like the image, the folders are not
  const counter = (mesh: string) => `
//- go.mod
module github.com/acme/counter-demo
//- app/main.go
package main

import (
	"net/http"
	"os"

	"github.com/acme/counter-demo/app/internal/base"
)

var kvURL = ""

func main() {
	if h := os.Getenv("KV_URL"); h != "" {
		kvURL = h
	}
	run()
}

func run() {
	handler := base.NewServerImpl(kvURL)
	http.HandleFunc("POST /api/counter", handler.PostCounter)
	http.ListenAndServe(":5050", nil)
}
//- app/internal/base/handler.go
package base

type ServerImpl struct {
	kvURL string
}

func NewServerImpl(kvURL string) *ServerImpl {
	return &ServerImpl{kvURL: kvURL}
}
//- app/internal/base/counter.go
package base

import (
	"bytes"
	"net/http"
	"net/url"
)

const counterKey = "counter"

func (s *ServerImpl) PostCounter(w http.ResponseWriter, r *http.Request) {
	for i := 0; ; i++ {
	// ^ layer ×6${mesh ? "" : " RL001"}
		if s.tryIncrement(r) {
			return
		}
		if i == 5 {
			return
		}
	}
}

func (s *ServerImpl) tryIncrement(r *http.Request) bool {
	path, _ := url.JoinPath(s.kvURL, "/api/key-value", counterKey)
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, path, bytes.NewReader(nil))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return true
	}
	defer res.Body.Close()
	return res.StatusCode != http.StatusConflict
}
//- k8s/deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: demo-app
spec:
  template:
    spec:
      containers:
        - name: app
          image: ghcr.io/acme/counter-demo:latest
          env:
            - name: KV_URL
              value: http://kv.demo.svc.cluster.local:5050
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: kv
spec:
  template:
    spec:
      containers:
        - name: app
          image: ghcr.io/acme/counter-demo:latest
${mesh}`;

  test("url.JoinPath on a field a constructor set from its parameter, given a package var main sets from the env", async () => {
    const result = await checkFixture(`${counter("")}
//! rules RL001
//! path 6 kv
//! paths 1
`);
    const path = result.model.paths[0]!;
    // the module's code is the workload named like the image's last word (demo-app, not kv)
    assert.deepEqual(path.services, ["demo", "kv"]);
    const call = result.model.hops[path.hops[0]!]!.calls[0]!;
    assert.equal(`${call.method} ${call.path}`, "POST /api/key-value/counter");
  });

  test("a local named like a package function (`shortcodes := shortcodes(url)`; `len(shortcodes)`) does not call the function again", async () => {
    const result = await checkFixture(`
//- go.mod
module github.com/demo/bot
//- cmd/vote-bot/main.go
package main

import (
	"net/http"
	"os"
)

func main() {
	base := "http://" + os.Getenv("WEB_HOST")
	shortcodes, err := shortcodes(base)
	if err == nil && len(shortcodes) > 0 {
		os.Exit(0)
	}
}

func shortcodes(webURL string) ([]string, error) {
	_, err := http.Get(webURL + "/api/list")
	return nil, err
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
//! paths 0
`);
    assert.deepEqual(result.model.hops.map((h) => `${h.caller} → ${h.callee}`), ["vote-bot → web"]);
    // `len(shortcodes)` hands over the local slice, not the function: nothing is invoked or referenced
    const facts = result.facts.find((f) => f.path === "cmd/vote-bot/main.go")!;
    assert.equal(facts.calls.find((c) => c.callee === "len")!.invokesArg, undefined);
    assert.deepEqual(facts.referencedFunctions, []);
  });

  test("with a Mesh the sidecar's mesh-retry-all multiplies the loop: 6 × 6", async () => {
    await checkFixture(`${counter(`---
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
`)}
//! rules none
//! path 36 kv
//! paths 1
`);
  });
});

describe("Go: client packages other services build, config helpers, interfaces (hotrod-style)", () => {
  // one binary run as four workloads; each services/<name> folder is that workload's code, but
  // services/location/client.go and services/route/client.go are client packages the frontend
  // and the driver build (`location.NewClient(…, config.GetLocationAddr())`)
  const hotrod = (extra = "") => `
//- go.mod
module github.com/acme/hotrod
//- pkg/config/utils.go
package config

import (
	"os"
	"strings"
)

func EnvDefault(key, value string) string {
	e := os.Getenv(key)
	if e == "" {
		return value
	}
	return e
}

func GetNamespace() string {
	return EnvDefault("BASELINE_NAMESPACE", "hotrod")
}

func ExpandNamespace(v string) string {
	return strings.ReplaceAll(v, "<NAMESPACE>", GetNamespace())
}

func GetLocationAddr() string {
	return ExpandNamespace(EnvDefault("LOCATION_ADDR", "location:8081"))
}

func GetRouteAddr() string {
	return ExpandNamespace(EnvDefault("ROUTE_ADDR", "route:8083"))
}
//- pkg/tracing/http.go
package tracing

import (
	"context"
	"net/http"
)

// HTTPClient wraps an http.Client with tracing instrumentation.
type HTTPClient struct {
	Client *http.Client
}

func NewHTTPClient() *HTTPClient {
	return &HTTPClient{Client: &http.Client{}}
}

func (c *HTTPClient) GetJSON(ctx context.Context, endpoint string, url string, out interface{}) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := c.Client.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
//- pkg/tracing/mux.go
package tracing

import "net/http"

type TracedServeMux struct {
	mux *http.ServeMux
}

func NewServeMux() *TracedServeMux {
	return &TracedServeMux{mux: http.NewServeMux()}
}

func (tm *TracedServeMux) Handle(pattern string, handler http.Handler) {
	tm.mux.Handle(pattern, handler)
}
//- services/location/interface.go
package location

import "context"

type Location struct {
	ID int64
}

type Interface interface {
	Get(ctx context.Context, locationID int) (*Location, error)
	List(ctx context.Context) ([]Location, error)
	Put(ctx context.Context, location *Location) error
}
//- services/location/client.go
package location

import (
	"context"
	"fmt"

	"github.com/acme/hotrod/pkg/tracing"
)

type Client struct {
	client   *tracing.HTTPClient
	hostPort string
}

func NewClient(addr string) *Client {
	return &Client{
		client:   tracing.NewHTTPClient(),
		hostPort: addr,
	}
}

func (c *Client) Get(ctx context.Context, locationID int) (*Location, error) {
	url := fmt.Sprintf("http://"+c.hostPort+"/location?locationID=%d", locationID)
	var location Location
	if err := c.client.GetJSON(ctx, "/location", url, &location); err != nil {
		return nil, err
	}
	return &location, nil
}

func (c *Client) List(ctx context.Context) ([]Location, error) {
	url := fmt.Sprintf("http://%s/locations", c.hostPort)
	var locations []Location
	return locations, c.client.GetJSON(ctx, "/locations", url, &locations)
}

func (c *Client) Put(ctx context.Context, location *Location) error {
	url := fmt.Sprintf("http://%s/location?locationID=%d", c.hostPort, location.ID)
	return c.client.GetJSON(ctx, "/location", url, nil)
}
//- services/location/database.go
package location

import "context"

// the location service's own store: Get and List, no Put, so it is not a location.Interface
type database struct{}

func newDatabase() *database { return &database{} }

func (d *database) Get(ctx context.Context, locationID int) (*Location, error) { return nil, nil }

func (d *database) List(ctx context.Context) ([]Location, error) { return nil, nil }
//- services/location/server.go
package location

import "net/http"

type Server struct {
	database *database
}

func NewServer() *Server {
	return &Server{database: newDatabase()}
}

func (s *Server) Run() error {
	mux := http.NewServeMux()
	mux.Handle("GET /location", http.HandlerFunc(s.location))
	return http.ListenAndServe(":8081", mux)
}

func (s *Server) location(w http.ResponseWriter, r *http.Request) {
	s.database.Get(r.Context(), 1)
}
//- services/frontend/server.go
package frontend

import (
	"net/http"
	"path"

	"github.com/acme/hotrod/pkg/config"
	"github.com/acme/hotrod/pkg/tracing"
	"github.com/acme/hotrod/services/location"
)

type Server struct {
	basepath   string
	location   location.Interface
	dispatcher *dispatcher
}

func NewServer() *Server {
	locationClient := location.NewClient(config.GetLocationAddr())
	return &Server{
		location:   locationClient,
		dispatcher: newDispatcher(locationClient),
	}
}

func (s *Server) Run() error {
	mux := tracing.NewServeMux()
	p := path.Join("/", s.basepath)
	mux.Handle(path.Join(p, "/dispatch"), http.HandlerFunc(s.dispatch))
	return http.ListenAndServe(":8080", nil)
}

func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	s.dispatcher.ResolveLocations(r)
}
//- services/frontend/dispatcher.go
package frontend

import (
	"net/http"

	"github.com/acme/hotrod/services/location"
)

type dispatcher struct {
	location location.Interface
}

func newDispatcher(location location.Interface) *dispatcher {
	return &dispatcher{location: location}
}

func (d *dispatcher) ResolveLocations(r *http.Request) (*location.Location, error) {
	return d.location.Get(r.Context(), 1)
}
//- services/route/interface.go
package route

import "context"

type Route struct{}

type Interface interface {
	FindRoute(ctx context.Context, from, to string) (*Route, error)
}
//- services/route/route_grpc.pb.go
package route

import (
	"context"

	"google.golang.org/grpc"
)

type FindRouteRequest struct{ From, To string }
type FindRouteResponse struct{}

type RoutesServiceClient interface {
	FindRoute(ctx context.Context, in *FindRouteRequest, opts ...grpc.CallOption) (*FindRouteResponse, error)
}

type routesServiceClient struct {
	cc grpc.ClientConnInterface
}

func NewRoutesServiceClient(cc grpc.ClientConnInterface) RoutesServiceClient {
	return &routesServiceClient{cc}
}

// three parameters like Interface.FindRoute, of other types: not an implementation of it
func (c *routesServiceClient) FindRoute(ctx context.Context, in *FindRouteRequest, opts ...grpc.CallOption) (*FindRouteResponse, error) {
	out := new(FindRouteResponse)
	err := c.cc.Invoke(ctx, "/route.RoutesService/FindRoute", in, out, opts...)
	return out, err
}
//- services/route/client.go
package route

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

type Client struct {
	client RoutesServiceClient
}

func NewClient(hostPort string) *Client {
	conn, err := grpc.Dial(hostPort, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		panic(err)
	}
	client := NewRoutesServiceClient(conn)
	return &Client{client: client}
}

func (c *Client) FindRoute(ctx context.Context, from, to string) (*Route, error) {
	_, err := c.client.FindRoute(ctx, &FindRouteRequest{From: from, To: to})
	return &Route{}, err
}
//- services/route/server.go
package route

import "context"

type Server struct{}

func NewServer() *Server { return &Server{} }

func (s *Server) FindRoute(ctx context.Context, req *FindRouteRequest) (*FindRouteResponse, error) {
	return &FindRouteResponse{}, nil
}
//- services/driver/eta.go
package driver

import (
	"context"

	"github.com/acme/hotrod/pkg/config"
	"github.com/acme/hotrod/services/route"
)

type bestETA struct {
	route route.Interface
}

func newBestETA() *bestETA {
	return &bestETA{route: route.NewClient(config.GetRouteAddr())}
}

// runs for each Kafka message the driver consumes (a library calls it)
func (eta *bestETA) ConsumeClaim(ctx context.Context) error {
	_, err := eta.route.FindRoute(ctx, "a", "b")
	return err
}
//- cmd/main.go
package main

import (
	"github.com/acme/hotrod/services/driver"
	"github.com/acme/hotrod/services/frontend"
	"github.com/acme/hotrod/services/location"
	"github.com/acme/hotrod/services/route"
)

func main() {
	go location.NewServer().Run()
	go route.NewServer()
	_ = driver.Run
	frontend.NewServer().Run()
}
//- k8s/base.yaml
${["frontend", "location", "driver", "route"].map((name) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  template:
    metadata:
      labels:
        app: ${name}
        sidecar.istio.io/inject: "true"
${name === "frontend" || name === "driver" ? `        # ^ layer ×3\n` : ""}    spec:
      containers:
        - name: hotrod
          image: acme/hotrod:latest
          args: [${name}]
          env:
            - name: BASELINE_NAMESPACE
              valueFrom:
                fieldRef:
                  fieldPath: metadata.namespace
            - name: LOCATION_ADDR
              value: location.<NAMESPACE>:8081
            - name: ROUTE_ADDR
              value: route.<NAMESPACE>:8083
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
  selector:
    app: ${name}
  ports:
    - port: 80
`).join("---\n")}${extra}`;

  test("frontend → location and driver → route carry the callers' Istio defaults; no hop from the client packages' own workloads", async () => {
    const result = await checkFixture(`${hotrod()}
//! rules RL001
//! path 3 location
//! path 3 route
`);
    const hops = result.model.hops.map((h) => `${h.caller} → ${h.callee} ${h.protocol}`).sort();
    assert.deepEqual(hops, ["driver → route grpc", "frontend → location http"]);
    const frontend = result.model.hops.find((h) => h.caller === "frontend")!;
    // Get (the /dispatch handler through dispatcher.location, an Interface), and List and Put,
    // which nothing calls: methods of the client only the frontend builds run there, if anywhere;
    // all send through the wrapper's one request
    assert.deepEqual(frontend.calls.map((c) => `${c.file}:${c.span.line} ${c.method}`), ["pkg/tracing/http.go:22 GET"]);
    assert.match(frontend.calls[0]!.path ?? "", /^\/location/);
    const driver = result.model.hops.find((h) => h.caller === "driver")!;
    assert.deepEqual(driver.calls.map((c) => `${c.file}:${c.span.line}`), ["services/route/client.go:24"]);
  });
});

describe("Go: targets that stay unknown, interfaces with several implementations", () => {
  test("a gRPC conn dialled to an address known only at run time is unresolved, not a host named grpc", async () => {
    const result = await checkFixture(`
//- go.mod
module github.com/acme/shop
//- orders/main.go
package main

import (
	"context"
	"flag"
	"net/http"

	"google.golang.org/grpc"

	pb "github.com/acme/shop/gen/stock"
)

var stockAddr = flag.String("stock", "", "stock service address")

func main() {
	flag.Parse()
	conn, _ := grpc.Dial(*stockAddr)
	stock := pb.NewStockServiceClient(conn)
	http.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		stock.Reserve(context.Background(), &pb.ReserveRequest{})
	})
	http.ListenAndServe(":8080", nil)
}
//! paths 0
`);
    const callees = result.model.hops.map((h) => h.callee);
    assert.equal(callees.length, 1);
    assert.match(callees[0]!, /^unresolved/);
  });

  test("an interface two types of its package implement alike is not followed; the one with other parameter types does not count", async () => {
    const result = await checkFixture(`
//- go.mod
module github.com/acme/shop
//- orders/main.go
package main

import (
	"net/http"

	"github.com/acme/shop/orders/store"
)

type server struct {
	store store.Store
	cache store.Cache
}

func main() {
	s := &server{}
	http.HandleFunc("GET /orders", s.list)
	http.ListenAndServe(":8080", nil)
}

func (s *server) list(w http.ResponseWriter, r *http.Request) {
	s.store.Load("1")
	s.cache.Fetch("1")
}
//- orders/store/store.go
package store

import "net/http"

type Store interface {
	Load(id string) error
}

type Cache interface {
	Fetch(id string) error
}

type remote struct{}
type mirror struct{}

func (remote) Load(id string) error {
	_, err := http.Get("http://inventory:8080/items/" + id)
	return err
}

func (mirror) Load(id string) error {
	_, err := http.Get("http://inventory-mirror:8080/items/" + id)
	return err
}

type cacheClient struct{}
type cacheServer struct{}

func (cacheClient) Fetch(id string) error {
	_, err := http.Get("http://cache:8080/items/" + id)
	return err
}

func (cacheServer) Fetch(id int) error {
	_, err := http.Get("http://cache-admin:8080/items")
	return err
}
//! paths 0
`);
    const fromOrders = result.model.hops.filter((h) => h.caller === "orders").map((h) => h.callee).sort();
    // Load: two implementations, not followed from the handler (each is an uncalled method of its own)
    assert.ok(fromOrders.includes("cache"), "Fetch(id string) has one implementation: cacheClient");
    const cacheHop = result.model.hops.find((h) => h.callee === "cache")!;
    assert.deepEqual(cacheHop.entryRoutes, [{ method: "GET", route: "/orders" }], "reached from the handler through the interface");
    const inventory = result.model.hops.filter((h) => h.callee === "inventory" || h.callee === "inventory-mirror");
    assert.ok(inventory.every((h) => h.entryRoutes == null), "the ambiguous Load is not followed from the handler");
  });
});

describe("Go: ory/x httpx.NewResilientClient on request paths (reference §3.9b)", () => {
  test("an authorizer's resilient client retries its POST 6 times; one stored in a field nothing reads is inert", async () => {
    const result = await checkFixture(`
//- go.mod
module github.com/acme/gate
//- main.go
package main

import (
	"net/http"

	"github.com/acme/gate/authz"
)

func main() {
	a := authz.NewAuthorizer()
	http.HandleFunc("POST /decisions", a.Authorize)
	http.ListenAndServe(":4456", nil)
}
//- authz/remote.go
package authz

import (
	"bytes"
	"net/http"
	"time"

	"github.com/ory/x/httpx"
	"github.com/hashicorp/go-retryablehttp"
)

type Authorizer struct {
	client *retryablehttp.Client
	unused *http.Client
}

func NewAuthorizer() *Authorizer {
	a := &Authorizer{
		client: httpx.NewResilientClient(
		// ^ layer ×6 RL001 RL004 RL005
			httpx.ResilientClientWithMaxRetryWait(100*time.Millisecond),
			httpx.ResilientClientWithMaxRetry(5),
		),
	}
	a.configure()
	return a
}

func (a *Authorizer) configure() {
	a.unused = httpx.NewResilientClient().StandardClient()
	// ^ layer disabled
}

func (a *Authorizer) Authorize(w http.ResponseWriter, r *http.Request) {
	req, _ := retryablehttp.NewRequest("POST", "http://keto:4466/allowed", bytes.NewBuffer(nil))
	a.client.Do(req)
}
//! path 6 keto
//! paths 1
`);
    const layer = result.model.layers.find((l) => l.maxAttempts === 1)!;
    assert.match(layer.attemptsNote, /nothing in the package reads/);
  });
});
