// ory/x httpx.NewResilientClient: go-retryablehttp with the wrapper's defaults and options
// (reference §3.9b, ory/x v0.0.729 httpx/resilient_client.go).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, inFunc, onlyLayer } from "./helpers";

const IMPORTS = ['"context"', '"net/http"', '"time"', '"github.com/ory/x/httpx"'];
/** `hc := httpx.NewResilientClient(opts).StandardClient()` on line 11, then a POST through hc */
const client = (opts = "", after = "") =>
  inFunc(IMPORTS, `\thc := httpx.NewResilientClient(${opts}).StandardClient()\n${after}\n\t_, err := hc.Post("http://keto:4466/allowed", "application/json", nil)\n\treturn err`);

describe("ory/x httpx.NewResilientClient (§3.9b)", () => {
  test("a field typed *http.Client filled by StandardClient() takes the resilient client's timeout", async () => {
    const facts = await go(`package creds

import (
	"net/http"
	"time"

	"github.com/ory/x/httpx"
)

type Fetcher struct {
	client *http.Client
}

func NewFetcher() *Fetcher {
	return &Fetcher{client: httpx.NewResilientClient(httpx.ResilientClientWithConnectionTimeout(15 * time.Second)).StandardClient()}
}
`);
    const field = facts.clients.find((c) => c.name === "Fetcher.client")!;
    assert.equal(field.layerIds.length, 1);
    assert.equal(field.timeoutSeconds, 15);
  });

  test("defaults: RetryMax 4 → 5 attempts, DefaultBackoff 1 s … 30 s, per-attempt timeout 1 min", async () => {
    const l = await onlyLayer(client());
    assert.equal(l.kind, "go-retryablehttp");
    assert.equal(l.library, "go-retryablehttp");
    assert.equal(l.maxAttempts, 5);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 11, "anchor is the NewResilientClient call");
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", false, 1, 30]);
    assert.equal(l.perTryTimeoutSeconds, 60);
    assert.equal(l.condition.afterSendMethods, "all", "DefaultRetryPolicy: POST retried");
    assert.match(l.attemptsNote, /NewResilientClient/);
  });

  test("ResilientClientWithMaxRetry(5) counts retries → 6 attempts; MaxRetryWait caps the wait", async () => {
    const l = await onlyLayer(client("\n\t\thttpx.ResilientClientWithMaxRetryWait(100*time.Millisecond),\n\t\thttpx.ResilientClientWithMaxRetry(5),\n\t"));
    assert.equal(l.maxAttempts, 6);
    assert.equal(l.attemptsSource, "config");
    // DefaultBackoff caps each sleep at RetryWaitMax: 100 ms below the 1 s min is a fixed 100 ms
    assert.deepEqual([l.wait.kind, l.wait.initialSeconds, l.wait.maxSeconds], ["fixed", 0.1, 0.1]);
    assert.equal(l.anchor.line, 11);
  });

  test("ResilientClientWithConnectionTimeout is the per-attempt timeout; the count stays the default", async () => {
    const facts = await go(client("httpx.ResilientClientWithConnectionTimeout(15 * time.Second)"));
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 5);
    assert.equal(l.perTryTimeoutSeconds, 15);
    assert.equal(facts.clients.find((c) => c.name === "Reserve.hc")?.timeoutSeconds, 15, "the StandardClient's requests time out per attempt");
  });

  test("options through a slice passed as opts... (and the v0.0.729 MinxRetryWait spelling)", async () => {
    const facts = await go(
      inFunc(IMPORTS, [
        "\topts := []httpx.ResilientOptions{",
        "\t\thttpx.ResilientClientWithMinxRetryWait(200 * time.Millisecond),",
        "\t\thttpx.ResilientClientWithMaxRetry(2),",
        "\t}",
        "\thc := httpx.NewResilientClient(opts...).StandardClient()",
        '\t_, err := hc.Get("http://hydra:4444/keys")',
        "\treturn err",
      ].join("\n")),
    );
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.wait.initialSeconds, 0.2);
    assert.equal(l.anchor.line, 15);
    assert.ok(facts.clients.some((c) => c.name === "Reserve.hc" && c.layerIds.includes(l.localId)), "the StandardClient carries the layer");
  });

  test("a Transport that wraps the retrying one keeps the layer; one that replaces it disables it", async () => {
    const wrapped = await onlyLayer(client("", "\thc.Transport = otelhttp.NewTransport(hc.Transport)"));
    assert.equal(wrapped.maxAttempts, 5);
    const replaced = await onlyLayer(client("", "\thc.Transport = otelhttp.NewTransport(http.DefaultTransport)"));
    assert.equal(replaced.maxAttempts, 1, "the retrying RoundTripper is gone");
    assert.match(replaced.attemptsNote, /replaced/);
  });

  test("a package named httpx that is not ory/x is not the wrapper", async () => {
    const facts = await go(client().replace('"github.com/ory/x/httpx"', '"example.com/lib/httpx"'));
    assert.equal(facts.layers.length, 0);
  });
});
