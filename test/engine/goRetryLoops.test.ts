// Hand-rolled Go retry loops and retry helpers, linked along call paths (fixtures: test/harness.ts).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Go hand-rolled retry loops on call paths", () => {
  test("a loop around a retryablehttp client in another package: 3 × 3 from the handler", async () => {
    const result = await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/main.go
package main

import (
	"net/http"

	"github.com/shop/orders/internal/inventory"
)

func main() {
	http.HandleFunc("POST /orders", createOrder)
	http.ListenAndServe(":8080", nil)
}

func createOrder(w http.ResponseWriter, r *http.Request) {
	_ = inventory.Reserve(r.Context(), "sku-1")
}
//- orders/internal/inventory/client.go
package inventory

import (
	"context"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

const maxAttempts = 3

var client = newClient()

func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	// ^ layer ×3 RL001
	c.RetryMax = 2
	return c
}

func Reserve(ctx context.Context, sku string) error {
	for attempt := 1; attempt <= maxAttempts; attempt++ {
	// ^ layer ×3 RL001
		resp, err := client.Post("http://inventory:8080/reserve", "application/json", nil)
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
	return nil
}
//! rules RL001
//! path 9 inventory
//! paths 1
`);
    const path = result.model.paths[0]!;
    const loop = result.model.layerById.get(path.layers[0]!)!;
    assert.deepEqual([loop.kind, loop.label, loop.anchor.line], ["retry-loop", "Reserve", 21], "the loop is the outer layer");
  });

  test("a retry helper in its own package wraps each caller's closure and function value", async () => {
    const result = await checkFixture(`
//- orders/go.mod
module github.com/shop/orders
//- orders/internal/retry/retry.go
package retry

import (
	"context"
	"time"
)

func Do(ctx context.Context, op func() error) error {
	var err error
	for i := 0; i < 4; i++ {
	// ^ layer ×4 RL001
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(1<<i) * 100 * time.Millisecond):
		}
	}
	return err
}
//- orders/main.go
package main

import (
	"context"
	"net/http"

	"github.com/shop/orders/internal/retry"
)

type Server struct{}

func (s *Server) reserve() error {
	_, err := http.Post("http://inventory:8080/reserve", "application/json", nil)
	return err
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(r.Context(), func() error {
		_, err := http.Get("http://stock:8080/levels")
		return err
	})
	_ = retry.Do(r.Context(), s.reserve)
}

func main() {
	s := &Server{}
	http.HandleFunc("POST /orders", s.handle)
	_ = context.Background()
}
//! rules RL001
//! path 4 stock
//! path 4 inventory
//! paths 2
`);
    assert.equal(result.model.hops.length, 2, "no second, unretried hop through the closure");
  });

  test("an unbounded for {} loop is ∞ (RL002) and a poll loop beside it is no layer", async () => {
    await checkFixture(`
//- payments/go.mod
module github.com/shop/payments
//- payments/main.go
package main

import (
	"context"
	"log"
	"net/http"
	"time"
)

func charge(ctx context.Context) error {
	for {
	// ^ layer ×∞ RL002
		resp, err := http.Post("http://ledger:8080/entries", "application/json", nil)
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func watch(ctx context.Context) {
	for {
		if _, err := http.Get("http://ledger:8080/health"); err != nil {
			log.Printf("ledger down: %v", err)
		}
		time.Sleep(10 * time.Second)
	}
}

func handle(w http.ResponseWriter, r *http.Request) {
	_ = charge(r.Context())
}

func main() {
	go watch(context.Background())
	http.HandleFunc("POST /charge", handle)
}
//! rules RL002
//! path ∞ ledger
//! paths 1
`);
  });

  test("a count each caller chooses (a parameter) is unknown: ∞ on the path but no RL002", async () => {
    const result = await checkFixture(`
//- payments/go.mod
module github.com/shop/payments
//- payments/main.go
package main

import (
	"context"
	"net/http"
	"time"
)

func withRetries(ctx context.Context, attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
	// ^ layer ×∞
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func handle(w http.ResponseWriter, r *http.Request) {
	_ = withRetries(r.Context(), 3, func() error {
		_, err := http.Get("http://ledger:8080/balance")
		return err
	})
}

func main() {
	http.HandleFunc("GET /balance", handle)
}
//! rules RL002
//! path ∞ ledger
//! paths 1
`);
    const layer = result.model.layers.find((l) => l.kind === "retry-loop")!;
    assert.equal(layer.countUnknown, true);
    assert.match(layer.attemptsNote, /attempts is a parameter/);
  });
});
