// Google Cloud client libraries and Firebase functions — docs/reference/google-sdks.md:
// @google-cloud/storage retryOptions.maxRetries counts retries (default 3 → 4; 0 is falsy → 3);
// google-cloud-storage (Python) DEFAULT_RETRY is time-bounded (120 s, no count);
// Firebase event functions with retry: true are redelivered for up to 7 days.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";
import { py } from "../python/helpers";
import { checkFixture } from "../../harness";

describe("@google-cloud/storage retryOptions", () => {
  const cases: Array<[string, number | null, string]> = [
    ["new Storage()", 4, "default maxRetries 3 → 4"],
    ["new Storage({ projectId: 'p' })", 4, "no retryOptions"],
    ["new Storage({ retryOptions: { maxRetries: 5 } })", 6, "N → N+1"],
    ["new Storage({ retryOptions: { maxRetries: 0 } })", 4, "0 is falsy: the default 3"],
    ["new Storage({ retryOptions: { autoRetry: false } })", 1, "autoRetry false → off"],
    ["new Storage({ retryOptions: { idempotencyStrategy: IdempotencyStrategy.RetryNever } })", 1, "RetryNever → off"],
    ["new Storage({ retryOptions: { maxRetries: n } })", null, "not known statically"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const facts = extract(`import { Storage, IdempotencyStrategy } from "@google-cloud/storage";\nconst storage = ${expr};\n`);
      assert.equal(facts.layers.length, 1);
      assert.equal(facts.layers[0]!.maxAttempts, expected);
      assert.equal(facts.layers[0]!.kind, "google-cloud-sdk");
      assert.match(facts.layers[0]!.timeBound ?? "", /600 s/);
    });
  }
  test("uploads are retried only with a precondition under the default strategy; RetryAlways retries every call", () => {
    const def = extract(`import { Storage } from "@google-cloud/storage";\nconst s = new Storage();\n`).layers[0]!;
    assert.deepEqual(def.condition.afterSendMethods, ["GET", "HEAD", "PUT", "DELETE"]);
    const always = extract(`import { Storage, IdempotencyStrategy } from "@google-cloud/storage";\nconst s = new Storage({ retryOptions: { idempotencyStrategy: IdempotencyStrategy.RetryAlways } });\n`).layers[0]!;
    assert.equal(always.condition.afterSendMethods, "all");
  });
  for (const [how, body] of [
    ["bound", "await bucket.file(name).save(data);"],
    ["chained", "return storage.bucket(\"assets\").file(name).download();"],
  ] as const) {
    test(`calls through buckets and files (${how}) go to storage.googleapis.com`, async () => {
      await checkFixture(`
//! rules RL009
//- up/package.json
{ "name": "up" }
//- up/src/store.ts
import { Storage } from "@google-cloud/storage";

const storage = new Storage();
// ^ layer ×4
const bucket = storage.bucket("assets");

export async function save(name: string, data: string) {
  ${body}
}
//! path 4 storage.googleapis.com
//! paths 1
`);
    });
  }
});

describe("google-cloud-storage (Python): DEFAULT_RETRY, time-bounded", () => {
  test("storage.Client(): no count, 120 s deadline, implicit default", async () => {
    const facts = await py(`from google.cloud import storage\n\nclient = storage.Client()\n`);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, null);
    assert.match(l.timeBound ?? "", /120 s/);
    assert.equal(l.countUnknown, undefined, "not an unknown count: time-bounded");
  });
  test("retry=None on a call: that call does not retry; others go through the default", async () => {
    await checkFixture(`
//! rules RL009
//- up/store.py
from google.cloud import storage

client = storage.Client()
# ^ layer ×∞
bucket = client.bucket("assets")


def save(name, data):
    bucket.blob(name).upload_from_string(data, retry=None)


def read(name):
    return client.bucket("assets").blob(name).download_as_bytes()
//! path ∞ storage.googleapis.com
`);
  });
  test("near miss: another library's Client", async () => {
    assert.equal((await py(`from google.cloud import bigquery\n\nclient = bigquery.Client()\n`)).layers.length, 0);
  });
});

describe("firebase-functions event retries", () => {
  const H = `import { onMessagePublished } from "firebase-functions/v2/pubsub";\nimport { onDocumentCreated } from "firebase-functions/v2/firestore";\nimport * as functions from "firebase-functions/v1";\nimport { onRequest } from "firebase-functions/v2/https";\n`;
  test("v2 retry: true → a redelivery layer on the handler, 7-day window, no count", () => {
    const facts = extract(`${H}export const f = onMessagePublished({ topic: "orders", retry: true }, async (event) => {\n  await handle(event);\n});\n`);
    const l = facts.layers.find((x) => x.kind === "firebase-functions-retry");
    assert.ok(l);
    assert.equal(l!.maxAttempts, null);
    assert.match(l!.timeBound ?? "", /7 days/);
    assert.equal(l!.anchor.line, 5);
    assert.equal(l!.attach.kind, "function");
  });
  test("v1 runWith({ failurePolicy: true })", () => {
    const facts = extract(`${H}export const g = functions.runWith({ failurePolicy: true }).firestore.document("a/{id}").onCreate(async (snap) => {\n  await handle(snap);\n});\n`);
    assert.equal(facts.layers.filter((x) => x.kind === "firebase-functions-retry").length, 1);
  });
  test("defaults and near misses: no retry option, retry: false, HTTP functions", () => {
    for (const code of [
      `export const a = onDocumentCreated({ document: "a/{id}" }, async (e) => { await handle(e); });\n`,
      `export const b = onMessagePublished({ topic: "t", retry: false }, async (e) => { await handle(e); });\n`,
      `export const c = onRequest({ cors: true }, async (req, res) => { res.send("ok"); });\n`,
      `export const d = functions.pubsub.topic("t").onPublish(async (m) => { await handle(m); });\n`,
    ]) assert.equal(extract(`${H}${code}`).layers.filter((x) => x.kind === "firebase-functions-retry").length, 0, code);
  });
  test("the redelivery wraps the SDK calls of the handler", async () => {
    await checkFixture(`
//! rules RL009
//- fn/package.json
{ "name": "fn", "dependencies": { "stripe": "^16.0.0", "firebase-functions": "^6.0.0" } }
//- fn/src/index.ts
import { onMessagePublished } from "firebase-functions/v2/pubsub";
import Stripe from "stripe";

const stripe = new Stripe("sk");
// ^ layer ×2

export const charge = onMessagePublished({ topic: "charges", retry: true }, async (event) => {
// ^ layer ×∞ RL009
  await stripe.paymentIntents.create({ amount: 1, currency: "eur" });
});
//! path ∞ api.stripe.com
`);
  });
});
