// stripe-python — docs/reference/stripe.md (15.3.1): max_network_retries counts RETRIES;
// StripeClient without it does not retry; the global resources default to 2 retries (≥ 11.0).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";
import { checkFixture, layerAt } from "../../harness";

describe("stripe-python StripeClient (max_network_retries counts retries; unset = no retries)", () => {
  const cases: Array<[string, number | null | "none", string]> = [
    ["StripeClient(key)", "none", "no max_network_retries: None → 0 retries, no layer"],
    ["StripeClient(key, max_network_retries=2)", 3, "N → N+1"],
    ["StripeClient(key, max_network_retries=0)", 1, "0 → off"],
    ["StripeClient(key, max_network_retries=None)", "none", "None: no retries"],
    ["StripeClient(key, max_network_retries=RETRIES)", 5, "a module constant"],
    ["StripeClient(key, max_network_retries=int(os.environ['R']))", null, "not known statically"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, async () => {
      const facts = await py(`import os\nfrom stripe import StripeClient\n\nRETRIES = 4\nclient = ${expr}\n`);
      assert.equal(facts.clients.filter((c) => c.library === "stripe").length, 1, "the client is recorded either way");
      if (expected === "none") return assert.equal(facts.layers.length, 0);
      assert.equal(facts.layers.length, 1);
      assert.equal(facts.layers[0]!.maxAttempts, expected);
      assert.equal(facts.layers[0]!.kind, "stripe-sdk");
    });
  }
});

describe("stripe-python global resources (stripe.max_network_retries)", () => {
  test("no setting in the file: the implicit default 2 → 3, anchored on `import stripe`", async () => {
    const facts = await py(`import stripe\n\n\ndef charge(c):\n    return stripe.PaymentIntent.create(amount=1, currency="eur", customer=c)\n`);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 1);
    assert.ok(l.versionDefaults);
  });
  const set: Array<[string, number]> = [["5", 6], ["0", 1], ["None", 1]];
  for (const [value, attempts] of set) {
    test(`stripe.max_network_retries = ${value} → ${attempts}`, async () => {
      const facts = await py(`import stripe\n\nstripe.max_network_retries = ${value}\n\n\ndef charge(c):\n    return stripe.checkout.Session.create(customer=c)\n`);
      assert.equal(facts.layers.length, 1);
      assert.equal(facts.layers[0]!.maxAttempts, attempts);
      assert.equal(facts.layers[0]!.anchor.line, 3);
    });
  }
  test("near misses: webhook signature checks only, errors, no stripe import", async () => {
    assert.equal((await py(`import stripe\n\n\ndef hook(p, s, k):\n    return stripe.Webhook.construct_event(p, s, k)\n`)).layers.length, 0);
    assert.equal((await py(`import stripe\n\n\ndef f():\n    raise stripe.error.CardError("m", "p", "c")\n`)).layers.length, 0);
    assert.equal((await py(`from billing import stripe\n\n\ndef charge():\n    return stripe.Charge.create()\n`)).layers.length, 0);
  });
});

describe("stripe-python linking and per-version default", () => {
  const app = `//- shop/billing.py
import stripe
# ^ layer ×N
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=5))
# ^ layer ×3 RLX
def charge(customer):
    return stripe.PaymentIntent.create(amount=100, currency="eur", customer=customer)
`;
  const cases: Array<[string | null, number]> = [["stripe>=11.0", 3], ["stripe==10.12.0", 1], [null, 3]];
  for (const [pin, attempts] of cases) {
    test(`${pin ?? "no pin"}: tenacity ×3 over the global default → ${3 * attempts}`, async () => {
      const manifest = pin ? `//- shop/pyproject.toml\n[project]\nname = "shop"\ndependencies = ["${pin}", "tenacity"]\n` : "";
      const result = await checkFixture(`//! rules RL009\n${manifest}${app.replace("×N", attempts === 1 ? "disabled" : `×${attempts}`).replace(" RLX", attempts === 1 ? "" : " RL009")}//! path ${3 * attempts} api.stripe.com\n`);
      assert.equal(layerAt(result, "shop/billing.py:1").maxAttempts, attempts);
    });
  }
  test("a StripeClient with max_network_retries built in a helper: calls through it go to stripe", async () => {
    await checkFixture(`
//! rules RL009
//- shop/clients.py
from stripe import StripeClient


def stripe_client():
    return StripeClient("sk", max_network_retries=3)
# ^ layer ×4
//- shop/orders.py
from shop.clients import stripe_client


def refund(pi):
    stripe_client().v1.refunds.create(params={"payment_intent": pi})
//! path 4 api.stripe.com
`);
  });
});
