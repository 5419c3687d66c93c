// stripe-go — docs/reference/stripe.md: MaxNetworkRetries counts retries; the default is 2 from
// v71 (read from the import path's major version), none before; BackendConfig sets it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";
import { checkFixture } from "../../harness";

describe("stripe-go attempts (the import path's major version decides the default)", () => {
  const cases: Array<[string, string, number | null, "config" | "default"]> = [
    [`"github.com/stripe/stripe-go/v76/client"`, `sc := client.New("sk", nil)`, 3, "default"],
    [`"github.com/stripe/stripe-go/v86"`, `sc := stripe.NewClient("sk")`, 3, "default"],
    [`"github.com/stripe/stripe-go/v70/client"`, `sc := client.New("sk", nil)`, 1, "default"],
    [`"github.com/stripe/stripe-go/v76"\n\t"github.com/stripe/stripe-go/v76/client"`, `sc := client.New("sk", &stripe.Backends{API: stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(5)})})`, 6, "config"],
    [`"github.com/stripe/stripe-go/v76"\n\t"github.com/stripe/stripe-go/v76/client"`, `sc := client.New("sk", &stripe.Backends{API: stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(0)})})`, 1, "config"],
  ];
  for (const [imp, line, expected, source] of cases) {
    test(`${imp.split("\n").pop()} ${line} → ${expected}`, async () => {
      const facts = await go(`package pay\n\nimport (\n\t${imp}\n)\n\nfunc run() {\n\t${line}\n\t_ = sc\n}\n`);
      const layers = facts.layers.filter((l) => l.kind === "stripe-sdk");
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.attemptsSource, source);
    });
  }
  test("no stripe-go import: nothing", async () => {
    assert.equal((await go(`package pay\n\nimport "example.com/client"\n\nfunc run() { sc := client.New("sk", nil); _ = sc }\n`)).layers.length, 0);
  });
});

describe("stripe-go linking", () => {
  test("global resource packages and a client's service fields are requests to api.stripe.com", async () => {
    await checkFixture(`
//! rules RL009
//- pay/go.mod
module example.com/pay

go 1.22
//- pay/main.go
package main

import (
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
	"github.com/stripe/stripe-go/v76/customer"
// ^ layer ×3
)

func charge() {
	sc := client.New("sk", nil)
// ^ layer ×3
	sc.PaymentIntents.New(&stripe.PaymentIntentParams{})
}

func signup() {
	customer.New(&stripe.CustomerParams{})
}

func main() {
	charge()
	signup()
}
//! path 3 api.stripe.com
//! path 3 api.stripe.com
`);
  });
});
