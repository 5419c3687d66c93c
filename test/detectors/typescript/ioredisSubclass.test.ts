// A class extending the ioredis client (docs/reference/redis.md "Subclasses of the client"): the super(…)
// call allowing most retries is a client layer, maxRetriesPerRequest read through defaults(…) / Object.assign / spreads.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("ioredis client subclasses", () => {
  test("super(url, defaults(options, {…}, defaultOptions)): the first object setting maxRetriesPerRequest wins; Object.assign: the last; none → default 20; of two super calls, the one allowing most retries", () => {
    const f = extract(`import Redis from "ioredis";
import { defaults } from "es-toolkit/compat";
const defaultOptions = {
  maxRetriesPerRequest: 20,
  enableReadyCheck: false,
};
const other = { maxRetriesPerRequest: 3 };
export default class RedisAdapter extends Redis {
  constructor(url: string, options = {}) {
    if (url) {
      super(url, defaults(options, { connectionName: "x" }, other, defaultOptions));
    } else {
      super(Object.assign({}, other, { ...defaultOptions, maxRetriesPerRequest: 5 }));
    }
  }
}
export class Plain extends Redis {
  constructor() { super("redis://cache"); }
}
export class NotRedis extends Base {
  constructor() { super({ maxRetriesPerRequest: 1 }); }
}
`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.anchor.line, l.maxAttempts]), [["RedisAdapter extends Redis", 13, 6], ["Plain extends Redis", 18, 21]]);
  });
});
