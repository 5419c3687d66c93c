// grpc-go service-config retries (reference §3.11, §3.12) through the shared parser; stubs and RPCs.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, onlyLayer } from "./helpers";

const policy = (attempts: number) =>
  `{"methodConfig": [{"name": [{"service": "orders.OrderService"}], "retryPolicy": {"maxAttempts": ${attempts}, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`;

/** `grpc.NewClient(…)` on line 10 with `options` after the target */
const dial = (options: string, before = "") => `package checkout

import (
	"context"
	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

func Place(ctx context.Context) error {${before}
	conn, err := grpc.NewClient("dns:///orders:50051", ${options})
	if err != nil {
		return err
	}
	client := pb.NewOrderServiceClient(conn)
	_, err = client.PlaceOrder(ctx, &pb.PlaceOrderRequest{})
	return err
}
`;

describe("grpc-go WithDefaultServiceConfig (§3.11)", () => {
  test("maxAttempts 4 in a raw-string config → 4 attempts, ±20% jitter, anchored on the option", async () => {
    const l = await onlyLayer(dial(`grpc.WithDefaultServiceConfig(\`${policy(4)}\`)`));
    assert.equal(l.kind, "grpc-service-config");
    assert.equal(l.library, "grpc-go");
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.anchor.line, 10);
    assert.equal(l.wait.jitter, true);
    assert.deepEqual(l.condition.retryOn, ["UNAVAILABLE"]);
  });

  test("maxAttempts 6 is capped at 5 (defaultMaxCallAttempts)", async () => {
    const l = await onlyLayer(dial(`grpc.WithDefaultServiceConfig(${JSON.stringify(policy(6))})`));
    assert.equal(l.maxAttempts, 5);
    assert.match(l.attemptsNote, /capped at 5/);
  });

  test("a const config; WithMaxCallAttempts(3) lowers the cap, WithMaxCallAttempts(1) keeps 5", async () => {
    const withConst = (opts: string) => dial(opts).replace("func Place", `const cfg = \`${policy(6)}\`\n\nfunc Place`);
    assert.equal((await onlyLayer(withConst("grpc.WithDefaultServiceConfig(cfg)"))).maxAttempts, 5);
    assert.equal((await onlyLayer(withConst("grpc.WithDefaultServiceConfig(cfg), grpc.WithMaxCallAttempts(3)"))).maxAttempts, 3);
    assert.equal((await onlyLayer(withConst("grpc.WithDefaultServiceConfig(cfg), grpc.WithMaxCallAttempts(1)"))).maxAttempts, 5);
  });

  test("options passed through a slice (opts...)", async () => {
    const l = await onlyLayer(dial("opts...", `\n\topts := []grpc.DialOption{grpc.WithDefaultServiceConfig(\`${policy(3)}\`)}`));
    assert.equal(l.maxAttempts, 3);
  });

  test("WithDisableRetry, no retryPolicy, or no service config → no layer", async () => {
    for (const opts of [
      `grpc.WithDefaultServiceConfig(\`${policy(4)}\`), grpc.WithDisableRetry()`,
      'grpc.WithDefaultServiceConfig(`{"loadBalancingConfig": [{"round_robin": {}}]}`)',
      "grpc.WithTransportCredentials(insecure.NewCredentials())",
    ]) {
      const f = await go(dial(opts));
      assert.equal(f.layers.length, 0, opts);
    }
  });

  test("invalid JSON is one problem, not a throw", async () => {
    const f = await go(dial("grpc.WithDefaultServiceConfig(`{not json`)"));
    assert.equal(f.layers.length, 0);
    assert.equal(f.problems.length, 1);
  });

  test("the stub is a gRPC client of OrderService at grpc://orders:50051; its RPCs are gRPC requests", async () => {
    const f = await go(dial(`grpc.WithDefaultServiceConfig(\`${policy(4)}\`)`));
    const stub = f.clients.find((c) => c.name === "Place.client")!;
    assert.equal(stub.grpcService, "OrderService");
    assert.deepEqual(stub.baseUrl, { kind: "string", value: "grpc://orders:50051" });
    assert.deepEqual(stub.layerIds, [f.layers[0]!.localId]);
    const rpc = f.calls.find((c) => c.callee === "client.PlaceOrder")!;
    assert.equal(rpc.request?.protocol, "grpc");
  });
});

describe("grpc-go stubs on a conn made elsewhere", () => {
  test("a stub on a *grpc.ClientConn parameter names its proto service, without layers or target", async () => {
    const f = await go(`package checkout

import (
	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

func newOrders(cc *grpc.ClientConn) pb.OrderServiceClient {
	orders := pb.NewOrderServiceClient(cc)
	return orders
}
`);
    assert.deepEqual(f.clients.map((c) => [c.name, c.grpcService, c.layerIds, c.baseUrl]), [["newOrders.orders", "OrderService", [], null]]);
  });

  test("near miss: inventory.NewInventoryClient(url) is no gRPC stub", async () => {
    const f = await go(`package checkout\n\nimport "github.com/shop/inventory"\n\nfunc f(url string) {\n\tc := inventory.NewInventoryClient(url)\n\t_ = c\n}\n`);
    assert.equal(f.clients.some((c) => c.grpcService), false);
  });
});
