// go-grpc-middleware retry interceptors (docs/reference/go-grpc-middleware.md): WithMax counts
// attempts (the loop is `attempt < max`), default max 0 = no retries, default codes and backoff.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const V1 = "github.com/grpc-ecosystem/go-grpc-middleware/retry";
const V2 = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry";

/** a dial of `orders:50051` with `dialOpts`; the interceptor call sits on line 13 */
const dial = (dialOpts: string, imp = `grpc_retry "${V1}"`, before = "") => `package client

import (
	"time"

	${imp}
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	pb "shop/gen/orders"
)

func Open() (pb.OrderServiceClient, error) {
${before}	conn, err := grpc.NewClient("orders:50051", ${dialOpts})
	if err != nil {
		return nil, err
	}
	return pb.NewOrderServiceClient(conn), nil
}
`;

const retryLayer = async (text: string) => {
  const f = await go(text);
  const mine = f.layers.filter((l) => l.kind === "go-grpc-middleware-retry");
  assert.equal(mine.length, 1, `one interceptor layer; got ${f.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(", ")}; problems ${f.problems.map((p) => p.message).join("; ")}`);
  return { layer: mine[0]!, facts: f };
};

describe("go-grpc-middleware retry: counts", () => {
  const rows: Array<[string, string, number | null, RegExp, string?]> = [
    ["WithMax(3) counts attempts → 3 (not 3 retries + 1)", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3)))", 3, /WithMax\(3\) → 3 attempts.*not max retries \+ 1/],
    ["no WithMax: default max 0 → no retries (1)", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor())", 1, /default max 0/],
    ["WithMax(0) → 1", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(0)))", 1, /WithMax\(0\) → 1 attempt/],
    ["Disable() → 1", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4), grpc_retry.Disable()))", 1, /Disable\(\)/],
    ["the last WithMax wins", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(2), grpc_retry.WithMax(5)))", 5, /WithMax\(5\)/],
    ["WithChainUnaryInterceptor", "grpc.WithChainUnaryInterceptor(logging(), grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4)))", 4, /→ 4 attempts/],
    ["StreamClientInterceptor", "grpc.WithStreamInterceptor(grpc_retry.StreamClientInterceptor(grpc_retry.WithMax(2)))", 2, /→ 2 attempts/],
    ["a non-literal count → unknown", "grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(cfg.Retries)))", null, /not a literal/],
  ];
  for (const [name, opts, want, note] of rows) {
    test(name, async () => {
      const { layer } = await retryLayer(dial(opts));
      assert.equal(layer.maxAttempts, want, layer.attemptsNote);
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.category, "client");
      assert.equal(layer.library, "go-grpc-middleware");
      if (want === null) assert.equal(layer.countUnknown, true);
    });
  }

  test("options in a slice (`opts...`) with a constant; anchored on the interceptor call", async () => {
    const { layer } = await retryLayer(dial("grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(opts...))", `grpc_retry "${V1}"`, "\topts := []grpc_retry.CallOption{grpc_retry.WithMax(maxRetries), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(100 * time.Millisecond))}\n").replace("func Open", "const maxRetries = 3\n\nfunc Open").replace(/\n\n\tconn/, "\n\tconn"));
    assert.equal(layer.maxAttempts, 3);
    assert.match(layer.attemptsNote, /WithMax\(maxRetries = 3\)/);
    assert.deepEqual([layer.wait.kind, layer.wait.jitter, layer.wait.initialSeconds], ["fixed", false, 0.1]);
  });

  test("v2 package path: same semantics", async () => {
    const { layer } = await retryLayer(dial("grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithCodes(codes.Unavailable)))", `"${V2}"`));
    assert.equal(layer.maxAttempts, 3);
    assert.match(layer.attemptsNote, /go-grpc-middleware v2/);
    assert.deepEqual(layer.condition.retryOn, ["Unavailable"]);
  });

  test("an interceptor bound to a variable first, inside a middleware chain", async () => {
    const text = dial("grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(retrier))", `grpc_retry "${V1}"\n\tgrpc_middleware "github.com/grpc-ecosystem/go-grpc-middleware"`, "\tretrier := grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(2))\n");
    const { layer } = await retryLayer(text);
    assert.equal(layer.maxAttempts, 2);
  });

  test("grpc-go keeps the last WithUnaryInterceptor: an earlier retry interceptor never runs", async () => {
    const { layer } = await retryLayer(dial("grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))), grpc.WithUnaryInterceptor(logging())"));
    assert.equal(layer.maxAttempts, 1);
    assert.match(layer.attemptsNote, /replaced by a later/);
  });
});

describe("go-grpc-middleware retry: defaults and linking", () => {
  test("default backoff 50 ms ±10 %, default codes ResourceExhausted + Unavailable, every RPC", async () => {
    const { layer } = await retryLayer(dial("grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3)))"));
    assert.deepEqual([layer.wait.kind, layer.wait.jitter, layer.wait.initialSeconds, layer.wait.source], ["fixed", true, 0.05, "default"]);
    assert.deepEqual(layer.condition.retryOn, ["ResourceExhausted", "Unavailable"]);
    assert.equal(layer.condition.afterSendMethods, "all");
    assert.equal(layer.condition.permanentErrors, null);
  });

  test("WithCodes(NotFound) retries a permanent error; exponential backoffs", async () => {
    const { layer } = await retryLayer(dial("grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithCodes(codes.NotFound, codes.Aborted), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2))))"));
    assert.match(layer.condition.permanentErrors ?? "", /NotFound/);
    assert.deepEqual([layer.wait.kind, layer.wait.jitter, layer.wait.initialSeconds], ["exponential", true, 0.1]);
  });

  test("the conn and the stub built on it carry the layer", async () => {
    const { layer, facts } = await retryLayer(dial("grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3)))"));
    const conn = facts.clients.find((c) => c.name === "Open.conn");
    assert.ok(conn?.layerIds.includes(layer.localId), "conn has the layer");
    assert.equal(layer.anchor.line, 13);
  });

  test("near miss: importing the package without installing an interceptor is no layer", async () => {
    const f = await go(dial("grpc.WithTransportCredentials(insecure.NewCredentials())"));
    assert.deepEqual(f.layers.filter((l) => l.kind === "go-grpc-middleware-retry"), []);
  });
});
