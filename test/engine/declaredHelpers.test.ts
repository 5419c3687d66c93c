// Retry helpers declared in .retrylens.yaml (`helpers:`) that no detector recognises on its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const workspace = (signature: string) => `
//- platform/retrying.py
def ${signature}:
# ^ layer ${signature.includes("attempts=4") ? "×4" : signature.includes("retries=2") ? "×3" : "×∞"}
    return policy.run(op)
//- orders/client.py
import requests
from platform.retrying import retry_call

def place(order_id):
    def send():
        return requests.get(f"http://payments/orders/{order_id}", timeout=1)
    return retry_call(send)
//! helper platform.retrying.retry_call
//! rules RL002
`;

test("attempts= in the declared helper's signature counts attempts", async () => {
  await checkFixture(`${workspace("retry_call(op, attempts=4)")}//! path 4 payments\n`);
});

test("retries= counts retries", async () => {
  await checkFixture(`${workspace("retry_call(op, retries=2)")}//! path 3 payments\n`);
});

test("without a count the helper is unknown, not unbounded (no RL002)", async () => {
  const result = await checkFixture(`${workspace("retry_call(op)")}//! path ∞ payments\n`);
  const layer = layerAt(result, "platform/retrying.py:1");
  assert.equal(layer.countUnknown, true);
  assert.match(layer.attemptsNote, /declared as a retry helper/);
});

test("a helper the loop detector already understands is not doubled", async () => {
  await checkFixture(`
//- platform/retrying.py
import time, random
def retry_call(op, attempts=3):
    for i in range(attempts):
    # ^ layer ×3
        r = op()
        if r.status_code < 500:
            return r
        time.sleep(random.random())
//- orders/client.py
import requests
from platform.retrying import retry_call
def place(order_id):
    def send():
        return requests.get(f"http://payments/orders/{order_id}", timeout=1)
    return retry_call(send)
//! helper platform.retrying.retry_call
//! rules none
//! path 3 payments
`);
});
