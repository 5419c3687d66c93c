import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { createProgress } from "../../server/src/cli/progress";

describe("progress line", () => {
  it("appears only on a terminal after the delay, updates in place, and is cleared", () => {
    let t = 0;
    const written: string[] = [];
    const stream = { isTTY: true, columns: 40, write: (s: string) => written.push(s) };
    const p = createProgress(stream, true, 1000, () => t);
    p.update("early");
    assert.deepEqual(written, []);
    t = 1200;
    p.update("reading 10");
    t = 1250;
    p.update("too soon"); // throttled
    t = 1400;
    p.update("reading 20");
    p.done();
    assert.deepEqual(written, ["\r\u001b[Kreading 10", "\r\u001b[Kreading 20", "\r\u001b[K"]);
  });

  it("is silent when stderr is not a terminal", () => {
    let t = 0;
    const written: string[] = [];
    const p = createProgress({ isTTY: false, write: (s: string) => written.push(s) }, true, 1000, () => t);
    t = 5000;
    p.update("x");
    p.done();
    assert.deepEqual(written, []);
  });
});
