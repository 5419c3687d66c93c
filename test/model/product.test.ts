// Path products saturate (model/product.ts, issue #11): numbers, never Infinity or NaN.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isSaturated, multiplyAttempts, productOf, productText, SATURATED_PRODUCT } from "../../server/src/model/product";

test("products multiply below the cap, saturate at it, and null (unbounded) wins", () => {
  assert.equal(productOf([3, 3, 3]), 27);
  assert.equal(productOf([]), 1);
  assert.equal(multiplyAttempts(1e308, 1e308), SATURATED_PRODUCT);
  assert.equal(multiplyAttempts(1000, 1000), SATURATED_PRODUCT);
  assert.equal(multiplyAttempts(999, 1000), 999_000);
  assert.equal(multiplyAttempts(NaN, 3), SATURATED_PRODUCT, "not a number is never NaN out");
  assert.equal(productOf([3, null, 1e308]), null);
  assert.ok(isSaturated(productOf([1e6, 2])) && !isSaturated(27) && !isSaturated(null));
});

test("products read as 27×, ≥ 10⁶×, ∞", () => {
  assert.equal(productText(27), "27×");
  assert.equal(productText(productOf([1e308, 3])), "≥ 10⁶×");
  assert.equal(productText(null), "∞");
});
