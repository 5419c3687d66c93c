/**
 * A flag the loop body sets after the operation (`posted = true`, declared before the loop) is not
 * set yet in a catch the operation's error reaches: the catch may still go round, so the loop is a
 * retry (a later failure, after the flag, leaves instead).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, src } from "./helpers";

describe("retry loops (TS): flags set after the operation", () => {
  test("posted = true after the call; the catch leaves only once posted: 5 attempts", () => {
    const facts = extract(src`
      export async function publish() {
        let posted = false;
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            await postSocial();
            posted = true;
            await updatePost();
            break;
          } catch (err) {
            if (posted) {
              return false;
            }
            const handle = await classify(err);
            if (handle.type === "retry") {
              continue;
            }
            await changeState(err);
          }
        }
      }`);
    assert.deepEqual(facts.layers.filter((l) => l.kind === "retry-loop").map((l) => l.maxAttempts), [5]);
  });

  const refreshLoop = (guard: string, set: string) => src`
    export async function trigger(provider: any, token: string) {
      let refreshed = false;
      while (true) {
        try {
          return await provider.call(token);
        } catch (err) {
          if (err instanceof RefreshToken${guard}) {
            ${set}
            token = await refresh();
            continue;
          }
          throw err;
        }
      }
    }`;

  test("a one-shot flag (refresh once, then re-send): 2 attempts", () => {
    const [layer] = extract(refreshLoop(" && !refreshed", "refreshed = true;")).layers.filter((l) => l.kind === "retry-loop");
    assert.equal(layer?.maxAttempts, 2);
    assert.match(layer!.attemptsNote, /refreshed is unset/);
  });

  test("without the flag the re-send repeats for as long as the refresh succeeds: unbounded", () => {
    const [layer] = extract(refreshLoop("", "")).layers.filter((l) => l.kind === "retry-loop");
    assert.equal(layer?.maxAttempts, null);
  });

  test("a flag set but not guarding the way round does not bound it", () => {
    const [layer] = extract(refreshLoop("", "refreshed = true;")).layers.filter((l) => l.kind === "retry-loop");
    assert.equal(layer?.maxAttempts, null);
  });
});
