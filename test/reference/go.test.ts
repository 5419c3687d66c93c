/**
 * Reference §3.9–§3.12 (Go: go-retryablehttp and ory/x's wrapper of it, cenkalti/backoff, gRPC service config and
 * retryThrottling): defaults and number traps, with §5's cross-cutting traps (./table.ts).
 * gRPC service configs are language-neutral (§3.11): rows cover grpc-go and a `.json` file.
 */
import { runTable, src, type Row } from "./table";

const GRPC_CONFIG = (policy: string, extra = "") =>
  `{"methodConfig":[{"name":[{"service":"orders.OrderService"}],"retryPolicy":{${policy},"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]${extra}}`;

const grpcGo = (config: string) => src`
  package orders

  import "google.golang.org/grpc"

  const serviceConfig = \`${config}\`

  func Dial() (*grpc.ClientConn, error) {
  	return grpc.NewClient("inventory:50051", grpc.WithDefaultServiceConfig(serviceConfig))
  }
`;

const rows: Row[] = [
  // §3.9 go-retryablehttp
  {
    id: "§3.9", name: "go-retryablehttp NewClient(): RetryMax 4 counts retries → 5, 1 s ×2 up to 30 s, no jitter, POST retried", covers: ["default", "§5.1"],
    file: "orders/client.go", kind: "go-retryablehttp",
    code: src`
      package orders

      import "github.com/hashicorp/go-retryablehttp"

      func New() *retryablehttp.Client {
      	c := retryablehttp.NewClient()
      	return c
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "default", wait: ["exponential", false, 1, 30], methods: "all", budget: null },
  },
  {
    id: "§3.9", name: "go-retryablehttp c.RetryMax = 3 → 4; LinearJitterBackoff adds jitter", covers: ["§5.1", "trap"],
    file: "orders/client.go", kind: "go-retryablehttp",
    code: src`
      package orders

      import (
      	"time"

      	"github.com/hashicorp/go-retryablehttp"
      )

      func New() *retryablehttp.Client {
      	c := retryablehttp.NewClient()
      	c.RetryMax = 3
      	c.RetryWaitMin = 500 * time.Millisecond
      	c.Backoff = retryablehttp.LinearJitterBackoff
      	return c
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["linear", true, 0.5, 30], methods: "all" },
  },
  // §3.9b ory/x httpx.NewResilientClient
  {
    id: "§3.9b", name: "ory/x httpx.NewResilientClient(): retryMax 4 counts retries → 5, 1 s ×2 up to 30 s, no jitter, POST retried", covers: ["default", "§5.1"],
    file: "orders/client.go", kind: "go-retryablehttp",
    code: src`
      package orders

      import (
      	"net/http"

      	"github.com/ory/x/httpx"
      )

      func New() *http.Client {
      	return httpx.NewResilientClient().StandardClient()
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "default", wait: ["exponential", false, 1, 30], methods: "all", budget: null },
  },
  {
    id: "§3.9b", name: "ory/x ResilientClientWithMaxRetry(5) counts retries → 6; WithMaxRetryWait(100 ms) below the 1 s min caps every sleep: fixed 0.1 s", covers: ["§5.1", "trap"],
    file: "orders/client.go", kind: "go-retryablehttp",
    code: src`
      package orders

      import (
      	"net/http"
      	"time"

      	"github.com/ory/x/httpx"
      )

      func New() interface{} {
      	return httpx.NewResilientClient(httpx.ResilientClientWithMaxRetry(5), httpx.ResilientClientWithMaxRetryWait(100*time.Millisecond))
      }
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["fixed", false, 0.1, 0.1], methods: "all" },
  },
  // §3.10 cenkalti/backoff
  {
    id: "§3.10", name: "cenkalti/backoff v4 Retry(op, NewExponentialBackOff()): no try limit, 15 min MaxElapsedTime; 0.5 s ×1.5, ±50 % jitter", covers: ["default", "§5.2"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import "github.com/cenkalti/backoff/v4"

      func Reserve() error {
      	return backoff.Retry(func() error { return call() }, backoff.NewExponentialBackOff())
      }
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: /15 min/, wait: ["exponential", true, 0.5, 60], methods: "all", budget: null },
  },
  {
    id: "§3.10", name: "cenkalti/backoff v4 WithMaxRetries(b, 3) counts retries → 4", covers: ["§5.1"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import "github.com/cenkalti/backoff/v4"

      func Reserve() error {
      	return backoff.Retry(func() error { return call() }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "§3.10", name: "cenkalti/backoff v5 Retry(ctx, op, WithBackOff(b)): MaxTries 0 = unlimited, 15 min elapsed cap", covers: ["default", "§5.2"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import (
      	"context"

      	"github.com/cenkalti/backoff/v5"
      )

      func Reserve(ctx context.Context) error {
      	_, err := backoff.Retry(ctx, func() (bool, error) { return call() }, backoff.WithBackOff(backoff.NewExponentialBackOff()))
      	return err
      }
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: /15 min/, wait: ["exponential", true] },
  },
  {
    id: "§3.10", name: "cenkalti/backoff v5 WithMaxTries(5) counts attempts → 5 (v4's WithMaxRetries counted retries)", covers: ["§5.1", "trap"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import (
      	"context"

      	"github.com/cenkalti/backoff/v5"
      )

      func Reserve(ctx context.Context) error {
      	_, err := backoff.Retry(ctx, func() (bool, error) { return call() }, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(5))
      	return err
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "§3.10", name: "cenkalti/backoff v4 MaxElapsedTime = 0 removes the only bound → retries forever", covers: ["trap", "§5.2"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import "github.com/cenkalti/backoff/v4"

      func Reserve() error {
      	b := backoff.NewExponentialBackOff()
      	b.MaxElapsedTime = 0
      	return backoff.Retry(func() error { return call() }, b)
      }
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", true] },
  },
  {
    id: "§3.10", name: "cenkalti/backoff RandomizationFactor = 0 turns the default jitter off", covers: ["trap"],
    file: "orders/reserve.go", kind: "cenkalti-backoff",
    code: src`
      package orders

      import "github.com/cenkalti/backoff/v4"

      func Reserve() error {
      	b := backoff.NewExponentialBackOff()
      	b.RandomizationFactor = 0
      	return backoff.Retry(func() error { return call() }, backoff.WithMaxRetries(b, 2))
      }
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false] },
  },
  // §3.11 gRPC service config retryPolicy
  {
    id: "§3.11", name: "grpc-go NewClient without a service config: no retry policy → no layer (transparent retries only)", covers: ["default", "§5.3"],
    file: "orders/dial.go", kind: "grpc-service-config",
    code: src`
      package orders

      import "google.golang.org/grpc"

      func Dial() (*grpc.ClientConn, error) {
      	return grpc.NewClient("inventory:50051")
      }
    `,
    expect: "none",
  },
  {
    id: "§3.11", name: "grpc-go retryPolicy maxAttempts: 4 includes the original RPC → 4; ×U(0.8, 1.2) jitter", covers: ["default", "§5.1"],
    file: "orders/dial.go", kind: "grpc-service-config", code: grpcGo(GRPC_CONFIG(`"maxAttempts":4`)),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.1, 1], budget: null },
  },
  {
    id: "§3.11", name: "grpc-go retryPolicy maxAttempts: 9 is silently capped at 5", covers: ["trap"],
    file: "orders/dial.go", kind: "grpc-service-config", code: grpcGo(GRPC_CONFIG(`"maxAttempts":9`)),
    expect: { maxAttempts: 5, wait: ["exponential", true] },
  },
  {
    id: "§3.11", name: "service-config .json file: maxAttempts 6 → capped at 5, any language", covers: ["trap", "§5.1"],
    file: "deploy/grpc/service_config.json", kind: "grpc-service-config", code: GRPC_CONFIG(`"maxAttempts":6`) + "\n",
    expect: { maxAttempts: 5, wait: ["exponential", true, 0.1, 1], budget: null },
  },
  // §3.12 retryThrottling
  {
    id: "§3.12", name: "retryThrottling {maxTokens 10, tokenRatio 0.1} is a budget: retries stop while tokens ≤ maxTokens/2", covers: ["default", "§5.5"],
    file: "orders/dial.go", kind: "grpc-service-config",
    code: grpcGo(GRPC_CONFIG(`"maxAttempts":3`, `,"retryThrottling":{"maxTokens":10,"tokenRatio":0.1}`)),
    expect: { maxAttempts: 3, wait: ["exponential", true], budget: /retryThrottling: maxTokens 10, tokenRatio 0\.1.*maxTokens\/2/ },
  },
  {
    id: "§3.12", name: "retryThrottling in a service-config .json file → budget on its layer", covers: ["§5.5"],
    file: "deploy/grpc/service_config.json", kind: "grpc-service-config",
    code: GRPC_CONFIG(`"maxAttempts":2`, `,"retryThrottling":{"maxTokens":100,"tokenRatio":0.5}`) + "\n",
    expect: { maxAttempts: 2, wait: ["exponential", true], budget: /maxTokens 100, tokenRatio 0\.5/ },
  },
];

runTable("§3.9–§3.12 Go and gRPC", ["§3.9", "§3.9b", "§3.10", "§3.11", "§3.12"], rows);
