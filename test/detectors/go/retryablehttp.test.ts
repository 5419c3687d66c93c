// hashicorp/go-retryablehttp (reference §3.9) and the §5.1 trap: RetryMax counts retries.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, inFunc, onlyLayer } from "./helpers";

const IMPORTS = ['"context"', '"net/http"', '"time"', '"github.com/hashicorp/go-retryablehttp"'];
/** `c := retryablehttp.NewClient()` on line 11, then `config`, then a POST through c */
const client = (config = "") => inFunc(IMPORTS, `\tc := retryablehttp.NewClient()\n${config}\n\t_, err := c.Post("http://inventory:8080/reserve", "application/json", nil)\n\treturn err`);

describe("go-retryablehttp NewClient (§3.9)", () => {
  test("defaults: RetryMax 4 → 5 attempts, exponential 1 s … 30 s, no jitter, Retry-After honoured", async () => {
    const l = await onlyLayer(client());
    assert.equal(l.kind, "go-retryablehttp");
    assert.equal(l.category, "client");
    assert.equal(l.maxAttempts, 5);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 11, "anchor is the NewClient call");
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", false, 1, 30]);
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.deepEqual(l.attach, { kind: "client" });
  });

  test("DefaultRetryPolicy: every method, POST included; 429 and 5xx except 501", async () => {
    const l = await onlyLayer(client());
    assert.equal(l.condition.afterSendMethods, "all", "no method check: POST is retried");
    for (const s of [429, 500, 502, 503, 504]) assert.ok(l.condition.statuses.includes(s), `retries ${s}`);
    assert.ok(!l.condition.statuses.includes(501), "501 is not retried");
    assert.equal(l.condition.permanentErrors, null);
  });

  const counts: Array<[string, number | null, string]> = [
    ["c.RetryMax = 2", 3, "2 retries → 3 attempts"],
    ["c.RetryMax = 0", 1, "0 retries = one attempt (disabled)"],
    ["c.RetryMax = 10", 11, "10 retries → 11 attempts"],
    ["c.RetryMax = cfg.Retries", null, "not a literal: unknown"],
  ];
  for (const [config, want, why] of counts) {
    test(`${config} → ${want ?? "unknown"} (${why})`, async () => {
      const l = await onlyLayer(client(`\t${config}`));
      assert.equal(l.maxAttempts, want);
      assert.equal(l.attemptsSource, "config");
      assert.equal(l.countUnknown ?? false, want === null);
    });
  }

  const waits: Array<[string, string, boolean | null, number | null, number | null, boolean | null]> = [
    ["c.RetryWaitMin = 200 * time.Millisecond\n\tc.RetryWaitMax = 2 * time.Second", "exponential", false, 0.2, 2, true],
    ["c.Backoff = retryablehttp.LinearJitterBackoff", "linear", true, 1, 30, false],
    ["c.Backoff = retryablehttp.RateLimitLinearJitterBackoff", "linear", true, 1, 30, true],
    ["c.Backoff = retryablehttp.DefaultBackoff", "exponential", false, 1, 30, true],
    ["c.Backoff = myBackoff", "custom", null, 1, 30, null],
  ];
  for (const [config, kind, jitter, initial, max, retryAfter] of waits) {
    test(`${config.split("\n")[0]} → ${kind}, jitter ${jitter}`, async () => {
      const l = await onlyLayer(client(`\t${config}`));
      assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], [kind, jitter, initial, max]);
      assert.equal(l.condition.honoursRetryAfter, retryAfter);
      assert.equal(l.maxAttempts, 5, "count stays the default");
    });
  }

  test("a custom CheckRetry makes the condition unknown", async () => {
    const l = await onlyLayer(client("\tc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, nil }"));
    assert.deepEqual(l.condition.statuses, []);
    assert.match(l.condition.description, /custom CheckRetry/);
    const d = await onlyLayer(client("\tc.CheckRetry = retryablehttp.DefaultRetryPolicy"));
    assert.ok(d.condition.statuses.includes(503), "DefaultRetryPolicy named explicitly is the default");
  });

  test("the client and its StandardClient() carry the layer; requests go through them", async () => {
    const f = await go(inFunc(IMPORTS, `\tc := retryablehttp.NewClient()\n\thc := c.StandardClient()\n\treq, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://inventory:8080/reserve", nil)\n\t_, err := hc.Do(req)\n\treturn err`));
    const layer = f.layers[0]!;
    assert.deepEqual(f.clients.map((c) => [c.name, c.library, c.layerIds]), [
      ["Reserve.c", "go-retryablehttp", [layer.localId]],
      ["Reserve.hc", "go-retryablehttp", [layer.localId]],
    ]);
    const send = f.calls.find((c) => c.callee === "hc.Do")!;
    assert.equal(send.request?.method, "POST");
    assert.deepEqual(send.request?.url, { kind: "string", value: "http://inventory:8080/reserve" });
  });

  test("a factory returning c.StandardClient() returns a retrying client", async () => {
    const f = await go(`package inventory

import (
	"net/http"
	"github.com/hashicorp/go-retryablehttp"
)

func newHTTPClient() *http.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	return c.StandardClient()
}
`);
    const fn = f.functions.find((x) => x.id === "newHTTPClient")!;
    const built = f.clients.find((c) => c.id === fn.returnsClientId);
    assert.equal(built?.library, "go-retryablehttp");
    assert.deepEqual(built?.layerIds, [f.layers[0]!.localId]);
    assert.equal(f.layers[0]!.maxAttempts, 3);
  });

  test("package-level retryablehttp.Post uses a default client: 5 attempts", async () => {
    const f = await go(inFunc(IMPORTS, '\t_, err := retryablehttp.Post("http://inventory:8080/reserve", "application/json", nil)\n\treturn err'));
    assert.equal(f.layers.length, 1);
    assert.equal(f.layers[0]!.maxAttempts, 5);
    assert.equal(f.clients.find((c) => c.name === "retryablehttp")?.layerIds[0], f.layers[0]!.localId);
  });

  test("near misses: a type named Client elsewhere, a NewClient of another package → no layer", async () => {
    const f = await go(inFunc(['"github.com/acme/retryablehttp"'], "\tc := retryablehttp.NewClient()\n\tc.RetryMax = 3\n\treturn nil"));
    assert.equal(f.layers.length, 0);
  });
});

describe("go-retryablehttp through an http.Client", () => {
  test("&http.Client{Transport: &retryablehttp.RoundTripper{Client: c}} retries like c", async () => {
    const f = await go(inFunc(IMPORTS, '\tc := retryablehttp.NewClient()\n\tc.RetryMax = 1\n\thc := &http.Client{Timeout: 3 * time.Second, Transport: &retryablehttp.RoundTripper{Client: c}}\n\t_, err := hc.Get("http://inventory:8080/stock")\n\treturn err'));
    const hc = f.clients.find((c) => c.name === "Reserve.hc")!;
    assert.deepEqual([hc.library, hc.timeoutSeconds, hc.layerIds], ["net/http", 3, [f.layers[0]!.localId]]);
    assert.equal(f.layers[0]!.maxAttempts, 2);
  });
});
