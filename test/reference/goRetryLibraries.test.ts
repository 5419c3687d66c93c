/**
 * docs/reference/go-grpc-middleware.md (v1.3.0/v1.4.0 retry/, v2.3.3 interceptors/retry/),
 * retry-go.md (avast/retry-go v3.0.0, v4.6.1, v5.0.0) and resty.md (go-resty v1.12, v2.0–v2.16,
 * v3.0.0-alpha): each default and number trap, through the real extractors (see ./table.ts).
 * The trap all three share: go-grpc-middleware `WithMax(n)` and retry-go `Attempts(n)` are
 * totals, resty `SetRetryCount(n)` counts retries (from v2.3.0).
 */
import { runTable, src, type Row } from "./table";

const GRPC = "go-grpc-middleware";
const RETRY_GO = "retry-go";
const RESTY = "resty";

const dial = (opts: string, imp = 'grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"') => src`
  package client

  import (
  	"time"

  	${imp}
  	"google.golang.org/grpc"
  	"google.golang.org/grpc/codes"
  )

  func Open() (*grpc.ClientConn, error) {
  	return grpc.NewClient("orders:50051", grpc.WithUnaryInterceptor(${opts}))
  }
`;
const retryDo = (opts: string, imp = "github.com/avast/retry-go/v4") => src`
  package worker

  import (
  	"net/http"
  	"time"

  	"${imp}"
  )

  func Run() error {
  	_ = time.Second
  	return retry.Do(func() error { _, err := http.Get("http://inventory:8080/stock"); return err }${opts})
  }
`;
const resty = (chain: string, imp = "github.com/go-resty/resty/v2") => src`
  package payments

  import (
  	"time"

  	"${imp}"
  )

  var _ = time.Second

  func NewClient() *resty.Client {
  	return resty.New()${chain}
  }
`;

const rows: Row[] = [
  // go-grpc-middleware
  {
    id: GRPC, name: "no WithMax: default max 0 → the interceptor does not retry (1)", covers: ["default"],
    file: "client/dial.go", kind: "go-grpc-middleware-retry",
    code: dial("grpc_retry.UnaryClientInterceptor()"),
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["fixed", true, 0.05], note: /default max 0/ },
  },
  {
    id: GRPC, name: "WithMax(3) → 3 attempts (max counts the first call, not 3 retries + 1)", covers: ["§5.1", "trap"],
    file: "client/dial.go", kind: "go-grpc-middleware-retry",
    code: dial("grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))"),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["fixed", true, 0.05], methods: "all", note: /not max retries \+ 1/ },
  },
  {
    id: GRPC, name: "v2 WithMax(5) with BackoffExponential(100ms): 5, exponential without jitter", covers: ["trap"],
    file: "client/dial.go", kind: "go-grpc-middleware-retry",
    code: dial("retry.UnaryClientInterceptor(retry.WithMax(5), retry.WithBackoff(retry.BackoffExponential(100 * time.Millisecond)))", '"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"'),
    expect: { maxAttempts: 5, wait: ["exponential", false, 0.1], note: /v2/ },
  },
  {
    id: GRPC, name: "Disable() = WithMax(0) → 1", covers: ["trap"],
    file: "client/dial.go", kind: "go-grpc-middleware-retry",
    code: dial("grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.Disable())"),
    expect: { maxAttempts: 1, wait: ["fixed", true] },
  },
  // avast/retry-go
  {
    id: RETRY_GO, name: "retry.Do(fn): default Attempts 10 → 10; 100 ms ×2 + random 0–100 ms, no cap", covers: ["default"],
    file: "worker/run.go", kind: "retry-go",
    code: retryDo(""),
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["exponential", true, 0.1, null], methods: "all" },
  },
  {
    id: RETRY_GO, name: "Attempts(3) → 3 (a total, not retries)", covers: ["§5.1", "trap"],
    file: "worker/run.go", kind: "retry-go",
    code: retryDo(", retry.Attempts(3)"),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true], note: /Attempts counts every call/ },
  },
  {
    id: RETRY_GO, name: "v4 Attempts(0) retries until success: unbounded", covers: ["§5.2", "trap"],
    file: "worker/run.go", kind: "retry-go",
    code: retryDo(", retry.Attempts(0)"),
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", true] },
  },
  {
    id: RETRY_GO, name: "v3 (unversioned path) Attempts(0): the function never runs → 1", covers: ["trap"],
    file: "worker/run.go", kind: "retry-go",
    code: retryDo(", retry.Attempts(0)", "github.com/avast/retry-go"),
    expect: { maxAttempts: 1, wait: ["exponential", true], note: /never called/ },
  },
  {
    id: RETRY_GO, name: "DelayType(FixedDelay): fixed, no jitter", covers: ["trap"],
    file: "worker/run.go", kind: "retry-go",
    code: retryDo(", retry.Attempts(4), retry.Delay(time.Second), retry.DelayType(retry.FixedDelay)"),
    expect: { maxAttempts: 4, wait: ["fixed", false, 1, 1] },
  },
  // go-resty
  {
    id: RESTY, name: "resty.New() without SetRetryCount: RetryCount 0 → no layer", covers: ["default"],
    file: "payments/client.go", kind: "resty-retry",
    code: resty(".SetTimeout(5 * time.Second)"),
    expect: "none",
  },
  {
    id: RESTY, name: "v2 SetRetryCount(3) counts retries → 4; 100 ms … 2 s with jitter; any method", covers: ["default", "§5.1", "trap"],
    file: "payments/client.go", kind: "resty-retry",
    code: resty(".SetRetryCount(3)"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.1, 2], methods: "all", note: /≥ v2\.3\.0 assumed/ },
  },
  {
    id: RESTY, name: "v1 SetRetryCount(3) → 3 in total (attempt < count)", covers: ["trap"],
    file: "payments/client.go", kind: "resty-retry",
    code: resty(".SetRetryCount(3)", "gopkg.in/resty.v1"),
    expect: { maxAttempts: 3, wait: ["exponential", true], note: /in total/ },
  },
  {
    id: RESTY, name: "v3 SetRetryCount(2) → 3, idempotent methods only", covers: ["trap"],
    file: "payments/client.go", kind: "resty-retry",
    code: resty(".SetRetryCount(2)", "resty.dev/v3"),
    expect: { maxAttempts: 3, wait: ["exponential", true], methods: ["DELETE", "GET", "HEAD", "OPTIONS", "PUT", "TRACE"] },
  },
  {
    id: RESTY, name: "v2.2.0 pinned in go.mod: SetRetryCount(3) → 3 (before the v2.3.0 fix)", covers: ["trap"],
    file: "payments/client.go", kind: "resty-retry", workspace: true,
    code: `
//- payments/go.mod
module github.com/shop/payments

go 1.20

require github.com/go-resty/resty/v2 v2.2.0
//- payments/client.go
${resty(".SetRetryCount(3)")}`,
    expect: { maxAttempts: 3, wait: ["exponential", true], note: /v2\.2\.0 in payments\/go\.mod/ },
  },
];

runTable("Go retry libraries", [GRPC, RETRY_GO, RESTY], rows);
