/**
 * Loops over an array built only to repeat (`for (const _ of Array.from({ length: 5 }))`): the
 * array's length is the number of passes, so the loop is counted (a counted retry needs no wait),
 * whether the array is written in the header or bound to a module constant.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { extract, src } from "./helpers";

function loops(facts: FileFacts): LayerFact[] {
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

/** a retry of `act()` over `iterable`: success leaves through the `break` after the try */
const retryOver = (iterable: string, before = "") => src`
  ${before}
  export async function publish() {
    for (const _ of ${iterable}) {
      try {
        await act();
      } catch (err) {
        if (err.type === "bad_body") {
          break;
        }
        continue;
      }
      break;
    }
  }`;

describe("retry loops (TS): placeholder arrays", () => {
  const cases: Array<[string, string, string, number | null]> = [
    ["a module constant Array.from({ length: 5 })", "iterate", "const iterate = Array.from({ length: 5 });", 5],
    ["Array.from({ length: N }) in place, N a constant", "Array.from({ length: TRIES })", "const TRIES = 4;", 4],
    ["Array.from({ length }, map function)", "Array.from({ length: 3 }, (_, i) => i)", "", 3],
    ["new Array(n).fill()", "new Array(6).fill(0)", "", 6],
    ["[...Array(n)]", "[...Array(2)]", "", 2],
    ["Array(n).keys()", "Array(3).keys()", "", 3],
    ["a length not known statically", "Array.from({ length: limit() })", "", null],
  ];
  for (const [name, iterable, before, attempts] of cases) {
    test(`${name}: ${attempts ?? "no layer"}`, () => {
      const found = loops(extract(retryOver(iterable, before)));
      if (attempts === null) return assert.deepEqual(found.map((l) => l.maxAttempts), []);
      assert.equal(found.length, 1);
      assert.equal(found[0]!.maxAttempts, attempts);
      assert.match(found[0]!.attemptsNote, new RegExp(`${attempts} attempts`));
    });
  }

  test("new Array(a, b) lists its items: not a repeat count (items without a wait are no retry)", () => {
    const facts = extract(src`
      export async function publish(a: string, b: string) {
        for (const host of new Array(a, b)) {
          try {
            await send(host);
          } catch (err) {
            continue;
          }
          break;
        }
      }`);
    assert.deepEqual(loops(facts).map((l) => l.maxAttempts), []);
  });

  test("a loop over placeholders that never leaves on success is no retry", () => {
    const facts = extract(src`
      const iterate = Array.from({ length: 5 });
      export async function seed() {
        for (const _ of iterate) {
          try {
            await createUser();
          } catch (err) {
            continue;
          }
        }
      }`);
    assert.deepEqual(loops(facts), []);
  });
});
