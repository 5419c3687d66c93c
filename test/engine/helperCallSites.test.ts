// A retry helper whose count is a parameter default (`def with_retries(op, attempts=4)`): a call
// passing another number for it gets that many attempts at that call site; the others keep the
// default. Counts follow the helper's own shape (`range(attempts)` → attempts; `attempts - 1`
// retries after the first try → the same offset).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { parseFixture } from "../harness";

async function pathsOf(text: string) {
  const { files, settings } = parseFixture(text);
  const result = await analyzeWorkspace(files, settings);
  return result.model.paths.map((p) => `${p.product ?? "∞"}→${p.target}`).sort();
}

const helper = `
//- billing/retrying.py
import random, time

def with_retries(op, attempts=4):
    for i in range(attempts):
        resp = op()
        if resp.status_code < 500:
            return resp
        time.sleep(random.uniform(0, 2 ** i))
    return resp
`;

describe("retry helpers: the count passed at the call site", () => {
  test("attempts=2 by keyword at one call site, the default (4) at another", async () => {
    const paths = await pathsOf(`${helper}
//- billing/client.py
import requests
from .retrying import with_retries

def charge(order_id):
    def send():
        return requests.post(f"http://payments/charges/{order_id}", timeout=2, headers={"Idempotency-Key": order_id})
    return with_retries(send, attempts=2)

def refund(order_id):
    def send():
        return requests.post(f"http://ledger/refunds/{order_id}", timeout=2, headers={"Idempotency-Key": order_id})
    return with_retries(send)
`);
    assert.deepEqual(paths, ["2→payments", "4→ledger"]);
  });

  test("a positional count, and a count that is not a literal keeps the default", async () => {
    const paths = await pathsOf(`${helper}
//- billing/client.py
import requests
from .retrying import with_retries

TRIES = 6

def charge(order_id):
    def send():
        return requests.get(f"http://payments/charges/{order_id}", timeout=2)
    return with_retries(send, 3)

def audit(order_id, n):
    def send():
        return requests.get(f"http://ledger/audit/{order_id}", timeout=2)
    return with_retries(send, n)
`);
    assert.deepEqual(paths, ["3→payments", "4→ledger"]);
  });

  test("the call-site layer says where its count comes from", async () => {
    const { files, settings } = parseFixture(`${helper}
//- billing/client.py
import requests
from .retrying import with_retries

def charge(order_id):
    def send():
        return requests.get(f"http://payments/charges/{order_id}", timeout=2)
    return with_retries(send, attempts=7)
`);
    const result = await analyzeWorkspace(files, settings);
    const layer = result.model.layers.find((l) => l.maxAttempts === 7);
    assert.ok(layer, result.model.layers.map((l) => `${l.file}:${l.anchor.line} ×${l.maxAttempts}`).join(", "));
    assert.equal(layer.anchor.line, 4, "anchored at the helper's loop");
    assert.match(layer.attemptsNote, /^attempts=7 at billing\/client\.py:7 → 7 attempts/);
  });
  test("TS: withRetry(fn, 5) gets 5 there; withRetry(fn) keeps the default 3", async () => {
    const paths = await pathsOf(`
//- web/src/retry.ts
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (e) {
      await sleep(Math.random() * 100 * 2 ** i);
    }
  }
  throw new Error("gave up");
}
//- web/src/clients.ts
import { withRetry } from "./retry";

export const stock = (sku: string) => withRetry(() => fetch(\`http://inventory:8080/stock/\${sku}\`), 5);
export const price = (sku: string) => withRetry(() => fetch(\`http://pricing:8080/price/\${sku}\`));
`);
    assert.deepEqual(paths, ["3→pricing", "5→inventory"]);
  });
});
