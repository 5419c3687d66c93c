// stripe-node — docs/reference/stripe.md: maxNetworkRetries counts RETRIES (N → N+1 attempts);
// the default is 2 from 17.0.0 (1 from 13.0.0, 0 before), read from package.json at link time.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer } from "./helpers";
import { checkFixture, layerAt } from "../../harness";

function layerOf(code: string) {
  const facts = extract(code);
  return { layer: onlyLayer(facts), facts };
}

describe("stripe-node counts (maxNetworkRetries counts retries)", () => {
  const cases: Array<[string, string, number | null, string]> = [
    ["import Stripe from 'stripe';", "new Stripe(key)", 3, "default 2 retries (≥ 17) → 3"],
    ["import Stripe from 'stripe';", "new Stripe(key, { apiVersion: '2023-10-16' })", 3, "options without maxNetworkRetries: the default"],
    ["import Stripe from 'stripe';", "new Stripe(key, { maxNetworkRetries: 5 })", 6, "N → N+1"],
    ["import Stripe from 'stripe';", "new Stripe(key, { maxNetworkRetries: 0 })", 1, "0 turns retries off"],
    ["import Stripe from 'stripe';", "new Stripe(key, { maxNetworkRetries: Number(process.env.R) })", null, "not known statically"],
    ["import { Stripe } from 'stripe';", "new Stripe(key, { maxNetworkRetries: 1 })", 2, "named import"],
    ["const Stripe = require('stripe');", "Stripe(key, { maxNetworkRetries: 3 })", 4, "the CommonJS export called without new"],
    ["", "require('stripe')(key)", 3, "require('stripe')(key) inline"],
    ["import Stripe from 'stripe';\nconst opts = { maxNetworkRetries: 4 };", "new Stripe(key, opts)", 5, "options from a const"],
  ];
  for (const [head, expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const { layer } = layerOf(`${head}\nexport const stripe = ${expr};\n`);
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.kind, "stripe-sdk");
      assert.equal(layer.category, "client");
      if (expected === null) assert.equal(layer.countUnknown, true);
    });
  }
  test("the default carries the per-version table; a written count does not", () => {
    assert.ok(layerOf("import Stripe from 'stripe';\nconst s = new Stripe(k);\n").layer.versionDefaults);
    assert.equal(layerOf("import Stripe from 'stripe';\nconst s = new Stripe(k, { maxNetworkRetries: 2 });\n").layer.versionDefaults, undefined);
  });
  test("maxNetworkRetries: 0 says closed connections are still retried once", () => {
    assert.match(layerOf("import Stripe from 'stripe';\nconst s = new Stripe(k, { maxNetworkRetries: 0 });\n").layer.attemptsNote, /ECONNRESET/);
  });
  test("condition: 409 and 5xx, never 429; POSTs carry an automatic Idempotency-Key", () => {
    const { layer } = layerOf("import Stripe from 'stripe';\nconst s = new Stripe(k);\n");
    assert.deepEqual(layer.condition.statuses, [409, 500, 502, 503, 504]);
    assert.match(layer.condition.description, /Idempotency-Key/);
    assert.equal(layer.wait.jitter, true);
    assert.equal(layer.wait.maxSeconds, 5);
  });
  test("near misses: another package's Stripe, a Stripe type annotation", () => {
    const facts = extract("import { Stripe } from '@stripe/stripe-js';\nconst s = new Stripe(k);\nlet t: Stripe;\n");
    assert.equal(facts.layers.length, 0);
  });
});

describe("stripe-node per-version default (package.json pins it)", () => {
  const client = `//- web/src/billing.ts
import Stripe from "stripe";

const stripe = new Stripe(process.env.STRIPE_KEY as string, { apiVersion: "2023-10-16" });
// ^ layer ×N

export async function charge(customer: string) {
  return stripe.paymentIntents.create({ amount: 100, currency: "eur", customer });
}
`;
  const cases: Array<[string | null, number, RegExp]> = [
    ["^18.1.1", 3, /2 → 3 attempts \(stripe-node ≥ 17\).*\^18\.1\.1/],
    ["^17.0.0", 3, /≥ 17/],
    ["~16.12.0", 2, /1 → 2 attempts \(stripe-node 13–16\)/],
    ["13.0.0", 2, /13–16/],
    ["^12.18.0", 1, /no retries \(stripe-node < 13\)/],
    [null, 3, /not pinned.*≥ 17 assumed/],
  ];
  for (const [range, attempts, note] of cases) {
    test(`${range ?? "no stripe dependency"} → ${attempts}`, async () => {
      const manifest = `//- web/package.json\n{ "name": "web", "dependencies": { ${range ? `"stripe": "${range}"` : `"next": "14.0.0"`} } }\n`;
      const result = await checkFixture(`//! rules RL009\n${manifest}${client.replace("×N", attempts === 1 ? "disabled" : `×${attempts}`)}${attempts > 1 ? "//! path " + attempts + " api.stripe.com\n" : ""}`);
      const layer = layerAt(result, "web/src/billing.ts:3");
      assert.equal(layer.maxAttempts, attempts);
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.implicit, true);
    });
  }
});
