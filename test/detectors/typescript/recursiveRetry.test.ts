/**
 * Hand-rolled recursive retries that count down (detectors/shared/loops/analyze.ts `recursiveRetry`):
 * a function that, when an attempt fails, calls itself with what is left (`retries - 1`) while some
 * remain, the first call taking the parameter's default (or the fallback a local gives it). Attempts =
 * the start + 1 (the call that finds none left still makes its attempt).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { assertSubset, extract, src } from "./helpers";

const SLEEP = "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n";
const loops = (facts: FileFacts): LayerFact[] => facts.layers.filter((l) => l.kind === "retry-loop");

describe("retry loops (TS): a function calling itself with retries - 1", () => {
  test("`login(retries = 3)` re-called with `retries - 1` while `retries > 0`, else rethrown: 4 attempts, anchored on the function", () => {
    const [l, ...more] = loops(extract(SLEEP + src`
      export async function login(retries = 3) {
        try {
          return await fetch("http://auth/token", { method: "POST" });
        } catch (err) {
          if (retries > 0) {
            await sleep(1000);
            return login(retries - 1);
          }
          throw err;
        }
      }`));
    assert.equal(more.length, 0);
    assertSubset(l!, { maxAttempts: 4, anchor: { line: 2 }, wait: { kind: "fixed" } });
  });

  test("a counter local taking the parameter or a constant's fallback, the give-up in the else branch (`if (worker && left > 0) … else throw`): 6", () => {
    const [l, ...more] = loops(extract(SLEEP + src`
      const RETRY_NUMBER = 5;
      export class Auth {
        private isWorker = true;
        async refresh(retries?: number) {
          const remaining = retries || retries === 0 ? retries : RETRY_NUMBER;
          try {
            await this.login();
          } catch (err) {
            if (this.isWorker && remaining > 0) {
              await sleep(600000);
              await this.refresh(remaining - 1);
            } else {
              throw err;
            }
          }
        }
        async login() {
          await fetch("http://auth/token", { method: "POST" });
        }
      }`));
    assert.equal(more.length, 0);
    assertSubset(l!, { maxAttempts: 6, anchor: { line: 5 } });
  });

  test("`retries ?? 2` as the start: 3", () => {
    const [l] = loops(extract(SLEEP + src`
      export async function send(body: string, retries?: number): Promise<Response> {
        const left = retries ?? 2;
        try {
          return await fetch("http://mail/send", { method: "POST", body });
        } catch (err) {
          if (left <= 0) throw err;
          await sleep(100);
          return send(body, left - 1);
        }
      }`));
    assertSubset(l!, { maxAttempts: 3 });
  });

  test("near misses: counting down over data (it recurses on success too), and a self-call with n - 1 that no failure guards", () => {
    const facts = extract(SLEEP + src`
      export async function drain(n: number): Promise<void> {
        if (n <= 0) return;
        await fetch("http://queue/pop", { method: "POST" });
        await drain(n - 1);
      }
      export function fact(n: number): number {
        return n <= 1 ? 1 : n * fact(n - 1);
      }`);
    assert.deepEqual(loops(facts).map((l) => l.anchor.line), []);
  });
});
