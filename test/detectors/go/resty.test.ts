// go-resty (docs/reference/resty.md): SetRetryCount counts retries from v2.3.0 (n → n+1), was a
// total in v1 and v2.0–v2.2; default 0 = no layer; 100 ms / 2 s jittered backoff; v3 retries
// idempotent methods only.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const PATHS: Record<string, string> = { v1: "gopkg.in/resty.v1", v2: "github.com/go-resty/resty/v2", v3: "resty.dev/v3" };
/** a client built on line 9 with `chain` after `resty.New()` */
const client = (chain: string, v = "v2", after = "") => `package payments

import (
	"time"

	"${PATHS[v]}"
)

func NewClient() *resty.Client {
	c := resty.New()${chain}
${after}	return c
}

func Charge(c *resty.Client) error {
	_, err := c.R().SetBody(map[string]int{"amount": 1}).Post("http://payments:8080/charges")
	return err
}
`;

const restyLayers = async (text: string) => (await go(text)).layers.filter((l) => l.kind === "resty-retry");

describe("go-resty counts", () => {
  const rows: Array<[string, string, string, number | null, RegExp]> = [
    ["v2 SetRetryCount(3) counts retries → 4", ".SetRetryCount(3)", "v2", 4, /counts retries → 4 attempts.*resty v2 \(≥ v2\.3\.0 assumed\)/],
    ["v2 SetRetryCount(0) → 1 (disabled)", ".SetRetryCount(0)", "v2", 1, /no retries → 1 attempt/],
    ["v3 SetRetryCount(2) → 3", ".SetRetryCount(2)", "v3", 3, /resty v3/],
    ["v3 negative count is 0 → 1", ".SetRetryCount(-1)", "v3", 1, /no retries/],
    ["v1 SetRetryCount(3) → 3 in total (the loop was attempt < count)", ".SetRetryCount(3)", "v1", 3, /3 attempts in total \(resty v1/],
  ];
  for (const [name, chain, v, want, note] of rows) {
    test(name, async () => {
      const [l, ...rest] = await restyLayers(client(chain, v));
      assert.equal(rest.length, 0);
      assert.equal(l?.maxAttempts, want, l?.attemptsNote);
      assert.match(l!.attemptsNote, note);
      assert.equal(l!.category, "client");
    });
  }

  test("no SetRetryCount: default RetryCount 0 → no layer", async () => {
    assert.deepEqual(await restyLayers(client(".SetTimeout(5 * time.Second)")), []);
  });

  test("SetRetryCount on the variable, a constant count; anchored on SetRetryCount", async () => {
    const text = client("", "v2", "\tc.SetRetryCount(retries).SetRetryWaitTime(300 * time.Millisecond)\n").replace("func NewClient", "const retries = 2\n\nfunc NewClient");
    const [l] = await restyLayers(text);
    assert.equal(l?.maxAttempts, 3);
    assert.match(l!.attemptsNote, /SetRetryCount\(retries = 2\)/);
    assert.equal(l!.anchor.line, 13);
    assert.deepEqual([l!.wait.initialSeconds, l!.wait.maxSeconds, l!.wait.source], [0.3, 2, "config"]);
  });

  test("a multi-line chain anchors on the SetRetryCount line", async () => {
    const [l] = await restyLayers(client(".\n\t\tSetTimeout(time.Second).\n\t\tSetRetryCount(3)"));
    assert.equal(l?.anchor.line, 12);
  });

  test("a non-literal count → unknown, with the name left to the linker", async () => {
    const [l] = await restyLayers(client(".SetRetryCount(cfg.Retries)"));
    assert.equal(l?.maxAttempts, null);
    assert.equal(l?.countUnknown, true);
  });
});

describe("go-resty waits, conditions and requests", () => {
  test("default wait: exponential 100 ms … 2 s with jitter", async () => {
    const [l] = await restyLayers(client(".SetRetryCount(3)"));
    assert.deepEqual([l!.wait.kind, l!.wait.jitter, l!.wait.initialSeconds, l!.wait.maxSeconds, l!.wait.source], ["exponential", true, 0.1, 2, "default"]);
  });

  test("v2: request errors only, any method (POST re-sent); AddRetryCondition decides instead", async () => {
    const [plain] = await restyLayers(client(".SetRetryCount(3)"));
    assert.equal(plain!.condition.afterSendMethods, "all");
    assert.deepEqual(plain!.condition.statuses, []);
    assert.equal(plain!.condition.honoursRetryAfter, false);
    const [custom] = await restyLayers(client(".SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool { return r.StatusCode() >= 500 })"));
    assert.match(custom!.condition.description, /AddRetryCondition/);
  });

  test("v3: idempotent methods only unless SetAllowNonIdempotentRetry(true); 429/5xx; Retry-After", async () => {
    const [l] = await restyLayers(client(".SetRetryCount(3)", "v3"));
    assert.deepEqual([...(l!.condition.afterSendMethods as string[])].sort(), ["DELETE", "GET", "HEAD", "OPTIONS", "PUT", "TRACE"]);
    assert.ok(l!.condition.statuses.includes(429));
    assert.equal(l!.condition.honoursRetryAfter, true);
    const [all] = await restyLayers(client(".SetRetryCount(3).SetAllowNonIdempotentRetry(true)", "v3"));
    assert.equal(all!.condition.afterSendMethods, "all");
  });

  test("the client carries the layer; c.R()…Post(url) is a request through it", async () => {
    const f = await go(client(".SetBaseURL(\"http://payments:8080\").SetRetryCount(1)"));
    const c = f.clients.find((k) => k.name === "NewClient.c");
    assert.equal(c?.layerIds.length, 1);
    assert.deepEqual(c?.baseUrl, { kind: "string", value: "http://payments:8080" });
    const post = f.calls.find((k) => k.request?.method === "POST");
    assert.equal(post?.callee, "c.Post");
    assert.deepEqual(post?.request?.url, { kind: "string", value: "http://payments:8080/charges" });
  });

  test("req := c.R(); req.Execute(\"PUT\", url)", async () => {
    const f = await go(client(".SetRetryCount(1)").replace("_, err := c.R().SetBody(map[string]int{\"amount\": 1}).Post(\"http://payments:8080/charges\")", "req := c.R()\n\t_, err := req.Execute(\"PUT\", \"/charges/1\")"));
    const put = f.calls.find((k) => k.request?.method === "PUT");
    assert.equal(put?.callee, "c.Execute");
  });
});

describe("go-resty clients in struct fields", () => {
  test("&Service{http: resty.New().SetRetryCount(2)} and s.http.R().Get(url)", async () => {
    const f = await go(`package payments

import "github.com/go-resty/resty/v2"

type Service struct {
	http *resty.Client
}

func New() *Service {
	return &Service{http: resty.New().SetRetryCount(2)}
}

func (s *Service) Balance() error {
	_, err := s.http.R().Get("http://ledger:8080/balance")
	return err
}
`);
    const c = f.clients.find((k) => k.name === "Service.http");
    assert.equal(c?.layerIds.length, 1);
    const get = f.calls.find((k) => k.request?.method === "GET");
    assert.match(get?.callee ?? "", /http\.Get$/);
  });
});
