// avast/retry-go, go-resty and go-grpc-middleware retry layers on call paths
// (docs/reference/retry-go.md, resty.md, go-grpc-middleware.md). Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("linking Go retry libraries", () => {
  test("retry.Do (3) around a resty POST (SetRetryCount(2) → 3): 9 calls reach payments", async () => {
    await checkFixture(`
//- orders/main.go
package main

import (
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
)

var client = resty.New().
	SetBaseURL("http://payments:8080").
	SetRetryCount(2).
	// ^ layer ×3 RL001
	SetRetryWaitTime(200 * time.Millisecond)

func main() {
	http.HandleFunc("/checkout", checkout)
	http.ListenAndServe(":8080", nil)
}

func checkout(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(func() error {
	// ^ layer ×3 RL001
		_, err := client.R().SetBody(map[string]string{"order": "1"}).Post("/charges")
		return err
	}, retry.Attempts(3))
}
//! rules RL001
//! path 9 payments
//! paths 1
`);
  });

  test("retry options declared in another file of the package: the count is read there", async () => {
    await checkFixture(`
//- worker/options.go
package worker

import (
	"time"

	"github.com/avast/retry-go"
)

const retryAttempts = 4

var retryOptions = []retry.Option{retry.Attempts(retryAttempts), retry.Delay(300 * time.Millisecond)}
//- worker/main.go
package worker

import (
	"net/http"

	"github.com/avast/retry-go"
)

func main() {
	http.HandleFunc("/run", run)
	http.ListenAndServe(":8080", nil)
}

func run(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(func() error {
	// ^ layer ×4 RL001
		_, err := http.Get("http://inventory:8080/stock")
		return err
	}, retryOptions...)
}
//! rules RL001
//! path 4 inventory
//! paths 1
`);
  });

  test("a retry interceptor on the conn wraps the stub's RPCs: WithMax(3) × retry.Do(2) = 6", async () => {
    await checkFixture(`
//- gateway/main.go
package main

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"
	pb "github.com/shop/gen/orders"
)

func main() {
	http.HandleFunc("/orders", list)
	http.ListenAndServe(":8080", nil)
}

func list(w http.ResponseWriter, r *http.Request) {
	conn, _ := grpc.NewClient("orders:50051", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))
	// ^ layer ×3 RL001
	stub := pb.NewOrderServiceClient(conn)
	_ = retry.Do(func() error {
	// ^ layer ×2 RL001
		_, err := stub.ListOrders(r.Context(), &pb.ListOrdersRequest{})
		return err
	}, retry.Attempts(2))
}
//! rules RL001
//! path 6 orders
//! paths 1
`);
  });

  for (const [version, attempts] of [["v2.2.0", 3], ["v2.6.0", 4]] as const) {
    test(`resty ${version} pinned in go.mod: SetRetryCount(3) → ${attempts}`, async () => {
      await checkFixture(`
//- billing/go.mod
module github.com/shop/billing

go 1.21

require github.com/go-resty/resty/v2 ${version}
//- billing/main.go
package main

import (
	"net/http"

	"github.com/go-resty/resty/v2"
)

var api = resty.New().SetRetryCount(3)
// ^ layer ×${attempts}${attempts > 3 ? " RL001" : ""}

func main() {
	http.HandleFunc("/pay", pay)
	http.ListenAndServe(":8080", nil)
}

func pay(w http.ResponseWriter, r *http.Request) {
	_, _ = api.R().Get("http://ledger:8080/balance")
}
//! rules RL001
//! path ${attempts} ledger
//! paths 1
`);
    });
  }

  test("retry.Do around a call through a field chain into other packages (s.ps.Commands.Create.Handle, an interface field)", async () => {
    await checkFixture(`
//- svc/go.mod
module github.com/x/svc

go 1.20

require github.com/avast/retry-go v3.0.0+incompatible
//- svc/internal/commands/commands.go
package commands

import (
	"context"
	"net/http"
)

type CreateProductCmdHandler interface {
	Handle(ctx context.Context, id string) error
}

type createProductHandler struct{}

func NewCreateProductHandler() *createProductHandler { return &createProductHandler{} }

func (c *createProductHandler) Handle(ctx context.Context, id string) error {
	_, err := http.Post("http://inventory:8080/products", "application/json", nil)
	return err
}

type ProductCommands struct {
	CreateProduct CreateProductCmdHandler
}
//- svc/internal/service/service.go
package service

import "github.com/x/svc/internal/commands"

type ProductService struct {
	Commands *commands.ProductCommands
}
//- svc/internal/delivery/processor.go
package delivery

import "github.com/x/svc/internal/service"

type processor struct {
	ps *service.ProductService
}
//- svc/internal/delivery/consumer.go
package delivery

import (
	"context"

	"github.com/avast/retry-go"
)

func (s *processor) Process(ctx context.Context, id string) {
	_ = retry.Do(func() error {
	// ^ layer ×3
		return s.ps.Commands.CreateProduct.Handle(ctx, id)
	}, retry.Attempts(3))
}
//! rules RL001
//! path 3 inventory
//! paths 1
`);
  });
});

