/**
 * One Go program deployed as several workloads, with its service URLs in a config struct:
 * - a config struct built with defaults and overridden field by field from the environment
 *   (`conf := AppConfig{URL: "…"}`, `if p := os.Getenv("X"); p != "" { conf.URL = p }`) gives the
 *   field the env value of the running service, the literal its fallback; a field read through a
 *   parameter of that type (`cfg.URL` with `cfg config.AppConfig`) is that field (detectors/go/module.ts,
 *   values.ts);
 * - workloads sharing one build context and told by their arguments which parts to run
 *   (`-s orders`, `-s billing`) own those parts' folders (engine/services.ts argumentClaims);
 * - a service calling its own endpoint goes on with what the called handler sends, under the
 *   call's layers, and a path may end at such a call (engine/selfCalls.ts, engine/paths.ts);
 * - a Temporal client held in a struct field starts the workflow from the handler (the send is
 *   matched to the call the linker names through the field's type), and `client := http.DefaultClient`
 *   sends like the default client.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const chains = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product ?? "∞"} ${p.services.join(">")}: ${p.layers.map((id) => result.model.layerById.get(id)!.label).join(" → ")}`).sort();

const configGo = `//- go.mod
module github.com/acme/shop

go 1.22
//- app/config/config.go
package config

import "os"

type AppConfig struct {
	MongoURL   string
	BillingURL string
}

func FromEnv() AppConfig {
	conf := AppConfig{
		MongoURL:   "",
		BillingURL: "http://127.0.0.1:8081",
	}
	if p := os.Getenv("MONGO_URL"); p != "" {
		conf.MongoURL = p
	}
	if p := os.Getenv("BILLING_API_URL"); p != "" {
		conf.BillingURL = p
	}
	return conf
}
`;

describe("one Go program, several workloads, URLs in a config struct", () => {
  test("a config struct field set from the environment in an `if` with a default: the service's env value (not the function's first `p`)", async () => {
    const result = await checkFixture(`${configGo}//- orders/main.go
package main

import (
	"net/http"

	"github.com/acme/shop/app/config"
	"github.com/hashicorp/go-retryablehttp"
)

type Charger struct {
	BillingURL string
	http       *retryablehttp.Client
}

func run(cfg config.AppConfig) *Charger {
	c := retryablehttp.NewClient()
	// ^ layer ×5 RL001
	return &Charger{BillingURL: cfg.BillingURL, http: c}
}

func (c *Charger) charge(w http.ResponseWriter, r *http.Request) {
	_, _ = c.http.Post(c.BillingURL+"/charge", "application/json", nil)
}

func main() {
	c := run(config.FromEnv())
	http.HandleFunc("POST /orders", c.charge)
	http.ListenAndServe(":8080", nil)
}
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      - MONGO_URL=mongodb://mongo:27017
      - BILLING_API_URL=http://payments:8081
  payments:
    image: acme/payments
//! rules RL001
//! path 5 payments
`);
    assert.deepEqual(chains(result), ["5 orders>payments: run.c"]);
  });

  const parts = (billingHost: string) => `${configGo}//- app/orders/worker.go
package orders

import (
	"github.com/acme/shop/app/config"
	"github.com/hashicorp/go-retryablehttp"
)

type Jobs struct {
	BillingURL string
	http       *retryablehttp.Client
}

func RunWorker(cfg config.AppConfig) {
	c := retryablehttp.NewClient()
	// ^ layer ×5 RL001
	j := &Jobs{BillingURL: cfg.BillingURL, http: c}
	j.settle("o-1")
}

func (j *Jobs) settle(id string) {
	_, _ = j.http.Post(j.BillingURL+"/charges/"+id+"/settle", "application/json", nil)
}
//- app/billing/api.go
package billing

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

var ledger = newLedger()

func newLedger() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	// ^ layer ×3 RL001
	c.RetryMax = 2
	return c
}

func settle(w http.ResponseWriter, r *http.Request) {
	_, _ = ledger.Post("http://ledger:9000/entries", "application/json", nil)
}

func Router() {
	http.HandleFunc("POST /charges/{id}/settle", settle)
}
//- cmd/shop/main.go
package main

func main() {}
//- docker-compose.yml
services:
  ledger:
    image: acme/ledger
`;

  test("workloads sharing a build context own the parts their arguments name (`-s billing`, `-s orders`)", async () => {
    const result = await checkFixture(`${parts("front")}  front:
    build: .
    command: ["api", "-s", "billing"]
  back:
    build: .
    command: ["worker", "-s", "orders"]
    environment:
      - BILLING_API_URL=http://front:8081
//! rules RL001
//! path 15 ledger
`);
    assert.equal(result.model.fileService.get("app/billing/api.go"), "front");
    assert.equal(result.model.fileService.get("app/orders/worker.go"), "back");
    assert.deepEqual(chains(result), ["15 back>front>ledger: RunWorker.c → newLedger.c"]);
  });

  test("one workload running the whole program: the worker's call into its own API goes on with what the called handler sends", async () => {
    const result = await checkFixture(`${parts("front")}  front:
    build: .
    environment:
      - BILLING_API_URL=http://front:8081
//! rules RL001
//! path 15 ledger
`);
    assert.equal(result.model.fileService.get("app/orders/worker.go"), "front");
    assert.deepEqual(chains(result), ["15 front>ledger: RunWorker.c → newLedger.c", "3 front>ledger: newLedger.c"]);
  });

  test("a handler's Temporal client (a struct field) starts the workflow in its own service; the activity's `client := http.DefaultClient` call ends at a self call", async () => {
    const result = await checkFixture(`//- go.mod
module github.com/acme/shop

go 1.22
//- billing/api.go
package billing

import (
	"context"
	"net/http"

	"go.temporal.io/sdk/client"
)

type handlers struct {
	temporal client.Client
}

func (h *handlers) handleCharge(w http.ResponseWriter, r *http.Request) {
	wf, _ := h.temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{TaskQueue: "billing"}, Charge, "c-1")
	_ = wf.Get(r.Context(), nil)
}

func (h *handlers) handleCheck(w http.ResponseWriter, r *http.Request) {}

func Router(c client.Client) {
	h := handlers{temporal: c}
	http.HandleFunc("POST /charge", h.handleCharge)
	http.HandleFunc("POST /check", h.handleCheck)
}
//- billing/workflows.go
package billing

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

var a Activities

func Charge(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, a.ChargeCustomer, id).Get(ctx, nil)
// ^ layer ×∞ RL001
}
//- billing/activities.go
package billing

import (
	"context"
	"net/http"
)

type Activities struct{}

func (a *Activities) ChargeCustomer(ctx context.Context, id string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://billing:8084/check", nil)
	client := http.DefaultClient
	_, err := client.Do(req)
	return err
}
//- orders/main.go
package main

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func order(w http.ResponseWriter, r *http.Request) {
	c := retryablehttp.NewClient()
	// ^ layer ×5 RL001
	_, _ = c.Post("http://billing:8081/charge", "application/json", nil)
}

func main() {
	http.HandleFunc("POST /orders", order)
	http.ListenAndServe(":8080", nil)
}
//! rules RL001
//! path ∞ billing
`);
    assert.deepEqual(chains(result), ["5 orders>billing: order.c", "∞ orders>billing>billing: order.c → ChargeCustomer"]);
  });
});
