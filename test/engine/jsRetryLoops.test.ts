// Hand-rolled retry loops and retry helpers in TS/JS along call paths: a helper's layer applies
// to the callable its call sites pass (named or inline, across files), a loop's "block" layer to
// the calls in its body, and both multiply with the library and client layers below them.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("JS retry loops along paths", () => {
  test("an imported withRetry helper around an inline callback and a named one: 4 attempts each", async () => {
    await checkFixture(`
//- billing/src/retry.ts
export async function withRetry<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
  // ^ layer ×4 RL001
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** i));
    }
  }
  throw lastError;
}
//- billing/src/app.ts
import { withRetry } from "./retry";
async function refund(id: string) {
  return fetch("http://ledger:8080/refunds/" + id);
}
export async function charge(id: string) {
  await withRetry(() => fetch("http://payments:8080/charges/" + id));
  return withRetry(() => refund(id));
}
export async function undo(id: string) {
  return withRetry(() => refund(id));
}
//! rules RL001,RL002
//! path 4 payments
//! path 4 ledger
//! paths 2
`);
  });

  test("a loop around a got instance that retries too: 3 × 3 = 9 (RL001 on both layers)", async () => {
    await checkFixture(`
//- orders/src/inventory.ts
import got from "got";
const inventory = got.extend({ retry: { limit: 2 } });
// ^ layer ×3 RL001
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function reserve(sku: string) {
  for (let attempt = 1; attempt <= 3; attempt++) {
  // ^ layer ×3 RL001
    try {
      return await inventory.get("http://inventory:8080/stock/" + sku);
    } catch (e) {
      await sleep(Math.random() * 200);
    }
  }
}
//! rules RL001
//! path 9 inventory
//! paths 1
`);
  });

  test("while (true) with no bound is unbounded (RL002, product ∞); a helper of another file adds its count to a local loop's block", async () => {
    const result = await checkFixture(`
//- web/src/retry.ts
export async function retrying(op: () => Promise<Response>) {
  let attempt = 0;
  while (true) {
  // ^ layer ×3
    try {
      return await op();
    } catch (err) {
      attempt++;
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt + Math.random() * 100));
    }
  }
}
//- web/src/app.ts
import { retrying } from "./retry";
import { setTimeout as sleep } from "node:timers/promises";
async function profile() {
  while (true) {
  // ^ layer ×∞ RL002
    try {
      return await fetch("http://users:8080/me");
    } catch (e) {
      await sleep(Math.random() * 1000);
    }
  }
}
export async function handler() {
  return retrying(profile);
}
//! rules RL002
//! path ∞ users
//! paths 1
`);
    const loop = layerAt(result, "web/src/app.ts:4");
    assert.equal(loop.kind, "retry-loop");
    assert.equal(loop.library, "hand-rolled");
  });

  test("a fixed, unjittered sleep is RL004; a 4xx-retrying status check is RL006", async () => {
    await checkFixture(`
//- shop/src/catalog.ts
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function items() {
  for (let i = 0; i < 2; i++) {
  // ^ layer ×2 RL004 RL006
    const res = await fetch("http://catalog:8080/items");
    if (res.ok) return res.json();
    await sleep(500);
  }
  throw new Error("catalog unavailable");
}
//! rules RL004,RL006
//! path 2 catalog
//! paths 1
`);
  });

  test("a polling worker and a pagination loop are not layers", async () => {
    await checkFixture(`
//- jobs/src/worker.ts
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function run() {
  while (true) {
    try { await fetch("http://queue:8080/next"); } catch (e) { console.error(e); }
    await sleep(1000);
  }
}
export async function everything() {
  let next: string | null = "http://catalog:8080/items";
  while (next) {
    const page: { next: string | null } = await (await fetch(next)).json();
    next = page.next;
    await sleep(100);
  }
}
//! rules RL001,RL002,RL004
//! paths 0
`);
  });
  test("a retry method of a class: this.withRetry(() => fetch(…)) runs the inline callback under it", async () => {
    await checkFixture(`
//- api/src/client.ts
export class Client {
  private async withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
    for (let i = 0; ; i++) {
    // ^ layer ×5 RL001
      try { return await fn(); } catch (e) {
        if (i >= attempts - 1) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 100));
      }
    }
  }
  async get(id: string) {
    return this.withRetry(() => fetch("http://items:8080/" + id));
  }
}
//! rules RL001,RL002
//! path 5 items
//! paths 1
`);
  });
});
