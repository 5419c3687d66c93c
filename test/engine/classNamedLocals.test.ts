// TS/JS calls on a receiver named after a class (engine/classNamedLocals.ts): `orderService.settle()`
// on an untyped destructured parameter runs `OrderService.settle` of the caller's service, so the
// method is reached from its caller (here a message handler, whose sends continue no request) and
// is no entry of its own; a class of that name in another service is never taken.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { NGINX_IN_FRONT_OF_ORDERS } from "./fixtures/nginxInFrontOfOrders";

describe("a receiver named after a class of the caller's service", () => {
  test("a consumer callback calling orderService.settle(): the method's retries start at the consumer, not at NGINX", async () => {
    const result = await checkFixture(`${NGINX_IN_FRONT_OF_ORDERS}  billing:
    build: ./billing
//- orders/src/orderService.js
const axios = require("axios");
class OrderService {
  async settle(msg) {
    for (let attempt = 1; attempt <= 3; attempt++) {
    // ^ layer ×3
      try {
        return await axios.post("http://ledger:8080/entries", msg);
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
  }
}
module.exports = OrderService;
//- orders/src/consumer.js
async function register({ broker, orderService }) {
  await broker.consume("q.paid", async (msg) => {
    await orderService.settle(msg);
  });
}
module.exports = { register };
//- billing/src/worker.js
async function run({ orderService }) {
  await orderService.settle({});
}
run({});
//! rules RL001
//! path 4 orders
//! path 3 ledger
//! paths 2
`);
    assert.deepEqual(result.model.paths.find((p) => p.target === "ledger")!.services, ["orders", "ledger"], "reached from the consumer of its own service only");
  });
});
