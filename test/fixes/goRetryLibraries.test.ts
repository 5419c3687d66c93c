/**
 * Fixes on avast/retry-go (Attempts counts attempts; jitter via CombineDelay(…, RandomDelay)),
 * go-resty (SetRetryCount counts retries from v2.3.0) and go-grpc-middleware (WithMax counts
 * attempts): docs/reference/retry-go.md, resty.md, go-grpc-middleware.md.
 */
import { fixCases } from "./fixCases";

const FILE = "orders/main.go";
const main = (imports: string, body: string, top = "") => `
//- ${FILE}
package main

import (
	"net/http"
	"time"

	${imports}
)
${top}
func main() {
	http.HandleFunc("/checkout", checkout)
	http.ListenAndServe(":8080", nil)
}

func checkout(w http.ResponseWriter, r *http.Request) {
${body}
	_ = time.Second
}
`;
const retryDo = (opts: string) => main('"github.com/avast/retry-go/v4"', `\t_ = retry.Do(func() error {\n\t\t_, err := http.Get("http://inventory:8080/stock")\n\t\treturn err\n\t}${opts})`);
const after = (text: string) => text.replace(/^\n\/\/- orders\/main\.go\n/, "\n//- orders/main.go\n");

fixCases("Go retry libraries", [
  {
    name: "retry-go RL001: Attempts(5) lowered to 3",
    workspace: retryDo(", retry.Attempts(5)"),
    finding: `RL001 ${FILE}:16`,
    fix: "Lower to 3 attempts",
    after: after(retryDo(", retry.Attempts(3)")),
    remaining: [],
  },
  {
    name: "retry-go RL001: the default 10 lowered by adding Attempts(3)",
    workspace: retryDo(", retry.Delay(time.Second)"),
    finding: `RL001 ${FILE}:16`,
    fix: "Lower to 3 attempts",
    after: after(retryDo(", retry.Delay(time.Second), retry.Attempts(3)")),
    remaining: [],
  },
  {
    name: "retry-go RL004: DelayType(BackOffDelay) → CombineDelay(BackOffDelay, RandomDelay)",
    workspace: retryDo(", retry.Attempts(3), retry.DelayType(retry.BackOffDelay)"),
    finding: `RL004 ${FILE}:16`,
    fix: "preferred",
    safety: "safe",
    after: after(retryDo(", retry.Attempts(3), retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay))")),
  },
  {
    name: "retry-go RL002: Attempts(0) (until success, v4) → Attempts(3)",
    workspace: retryDo(", retry.Attempts(0)"),
    finding: `RL002 ${FILE}:16`,
    fix: "preferred",
    after: after(retryDo(", retry.Attempts(3)")),
  },
  {
    name: "resty RL001: SetRetryCount(5) (6 attempts) lowered to 3 → SetRetryCount(2)",
    workspace: main('"github.com/go-resty/resty/v2"', '\t_, _ = api.R().Get("http://ledger:8080/balance")', "\nvar api = resty.New().SetRetryCount(5)\n"),
    finding: `RL001 ${FILE}:10`,
    fix: "Lower to 3 attempts",
    after: after(main('"github.com/go-resty/resty/v2"', '\t_, _ = api.R().Get("http://ledger:8080/balance")', "\nvar api = resty.New().SetRetryCount(2)\n")),
    remaining: [],
  },
  {
    name: "go-grpc-middleware RL001: WithMax(5) lowered to 3",
    workspace: main('grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"\n\t"google.golang.org/grpc"\n\tpb "github.com/shop/gen/orders"', '\tconn, _ := grpc.NewClient("catalog:50051", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5))))\n\tstub := pb.NewOrderServiceClient(conn)\n\t_, _ = stub.ListOrders(r.Context(), &pb.ListOrdersRequest{})'),
    finding: `RL001 ${FILE}:18`,
    fix: "Lower to 3 attempts",
    after: after(main('grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"\n\t"google.golang.org/grpc"\n\tpb "github.com/shop/gen/orders"', '\tconn, _ := grpc.NewClient("catalog:50051", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))\n\tstub := pb.NewOrderServiceClient(conn)\n\t_, _ = stub.ListOrders(r.Context(), &pb.ListOrdersRequest{})')),
    remaining: [],
  },
]);
