// Twilio clients — docs/reference/twilio.md: no retries by default (twilio-node autoRetry false,
// twilio-python no retry adapter); opt-in retries counted in retries; twilio-node maxRetries 0 = 3.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";
import { py } from "../python/helpers";
import { checkFixture } from "../../harness";

describe("twilio-node (autoRetry: 429 only; maxRetries counts retries, default 3, 0 means 3)", () => {
  const cases: Array<[string, number | null | "none", string]> = [
    ["twilio(sid, token)", "none", "autoRetry defaults to false: no layer"],
    ["twilio(sid, token, { autoRetry: false, maxRetries: 5 })", "none", "autoRetry false: maxRetries unused"],
    ["twilio(sid, token, { autoRetry: true })", 4, "default 3 retries → 4"],
    ["twilio(sid, token, { autoRetry: true, maxRetries: 5 })", 6, "N → N+1"],
    ["twilio(sid, token, { autoRetry: true, maxRetries: 0 })", 4, "0 is falsy: the default 3"],
    ["twilio(sid, token, { autoRetry: true, maxRetries: n })", null, "not known statically"],
    ["new Twilio(sid, token, { autoRetry: true, maxRetries: 2 })", 3, "the class"],
    ["require('twilio')(sid, token, { autoRetry: true })", 4, "require(…)(…) inline"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const facts = extract(`import twilio, { Twilio } from "twilio";\nconst client = ${expr};\n`);
      assert.equal(facts.clients.filter((c) => c.library === "twilio").length, 1);
      if (expected === "none") return assert.equal(facts.layers.length, 0);
      assert.equal(facts.layers.length, 1);
      assert.equal(facts.layers[0]!.maxAttempts, expected);
      assert.deepEqual(facts.layers[0]!.condition.statuses, [429]);
    });
  }
  test("a bare client's calls are still requests to api.twilio.com (a decorator around them is the only layer)", async () => {
    await checkFixture(`
//! rules RL009
//- notify/package.json
{ "name": "notify", "dependencies": { "twilio": "^5.3.0", "p-retry": "^6.0.0" } }
//- notify/src/sms.ts
import twilio from "twilio";
import pRetry from "p-retry";

const client = twilio(process.env.SID, process.env.TOKEN, { autoRetry: true });
// ^ layer ×4

export async function send(to: string, body: string) {
  return pRetry(() => client.messages.create({ to, from: "+1", body }), { retries: 2 });
// ^ layer ×3 RL009
}
//! path 12 api.twilio.com
`);
  });
});

describe("twilio-python (no retries unless TwilioHttpClient(max_retries=N))", () => {
  const cases: Array<[string, number | null | "none", string]> = [
    ["Client(sid, token)", "none", "default http client: no retry adapter"],
    ["Client(sid, token, http_client=TwilioHttpClient())", "none", "max_retries=None"],
    ["Client(sid, token, http_client=TwilioHttpClient(max_retries=3))", 4, "HTTPAdapter(max_retries=3) → 4"],
    ["Client(sid, token, http_client=TwilioHttpClient(max_retries=0))", 1, "0 → off"],
    ["Client(sid, token, http_client=HTTP)", 3, "a name bound to a TwilioHttpClient"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, async () => {
      const facts = await py(`from twilio.rest import Client\nfrom twilio.http.http_client import TwilioHttpClient\n\nHTTP = TwilioHttpClient(max_retries=2)\nclient = ${expr}\n`);
      assert.equal(facts.clients.filter((c) => c.library === "twilio").length, 1);
      if (expected === "none") return assert.equal(facts.layers.length, 0);
      assert.equal(facts.layers.length, 1);
      assert.equal(facts.layers[0]!.maxAttempts, expected);
      assert.deepEqual(facts.layers[0]!.condition.afterSendMethods, []);
    });
  }
  test("calls on the client link to api.twilio.com under an outer retry", async () => {
    await checkFixture(`
//! rules RL009
//- notify/sms.py
from tenacity import retry, stop_after_attempt, wait_random_exponential
from twilio.rest import Client

client = Client("sid", "token")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=5))
# ^ layer ×3
def send(to, body):
    return client.messages.create(to=to, from_="+1", body=body)
//! path 3 api.twilio.com
`);
  });
});
