// TS/JS message handlers (detectors/typescript/messageHandlers.ts): a callback handed to a consumer
// registration (`broker.consume(queue, async (msg) => …)`, amqplib `channel.consume`, a pub/sub
// `subscribe(channel, listener)`) runs once per message, so what it sends continues no request
// into the service: an NGINX route into the service does not lead to the consumer's retries, whose
// paths start at the service itself. RxJS `subscribe(next)` is no registration.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { NGINX_IN_FRONT_OF_ORDERS as NGINX } from "./fixtures/nginxInFrontOfOrders";


describe("callbacks a message consumer runs are no part of a request", () => {
  test("an inline handler handed to a broker wrapper's consume(queue, fn), a named one to subscribe(channel, fn): their retries start at the service", async () => {
    const result = await checkFixture(`${NGINX}
//- orders/src/consumer.js
const axios = require("axios");

async function withRetry(op) {
  for (let attempt = 1; attempt <= 3; attempt++) {
  // ^ layer ×3
    try {
      return await op();
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}
async function onPaid(msg) {
  await withRetry(() => axios.post("http://ledger:8080/entries", msg));
}
async function register({ broker, subscriber }) {
  await broker.consume("q.orders", async (msg) => {
    await withRetry(() => axios.post("http://billing:8080/charges", msg));
  });
  // node-redis v4 pub/sub: subscribe(channel, listener)
  await subscriber.subscribe("paid", onPaid);
}
module.exports = { register };
//- orders/src/app.js
const express = require("express");
const axios = require("axios");
const { register } = require("./consumer");
const app = express();
app.get("/orders/:id", async (req, res) => {
  res.json((await axios.get("http://stock:8080/items")).data);
});
async function start(broker) {
  await register({ broker });
  app.listen(3002);
}
start();
//! rules RL001
//! path 4 stock
//! path 3 billing
//! path 3 ledger
//! paths 3
`);
    const billing = result.model.paths.find((p) => p.target === "billing")!;
    assert.deepEqual(billing.services, ["orders", "billing"], "the consumer's path starts at its own service, not at NGINX");
  });

  test("a wrapper the linker follows (a module-level Broker whose consume hands the handler to amqplib): still per message", async () => {
    await checkFixture(`${NGINX}
//- orders/src/broker.js
const amqp = require("amqplib");
class Broker {
  async consume(queue, handler) {
    const conn = await amqp.connect("amqp://rabbitmq:5672");
    const channel = await conn.createChannel();
    await channel.consume(queue, async (msg) => {
      await handler(JSON.parse(msg.content.toString()));
      channel.ack(msg);
    });
  }
}
module.exports = Broker;
//- orders/src/app.js
const express = require("express");
const axios = require("axios");
const Broker = require("./broker");
const broker = new Broker();
async function withRetry(op) {
  for (let attempt = 1; attempt <= 3; attempt++) {
  // ^ layer ×3
    try {
      return await op();
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}
const app = express();
app.get("/orders/:id", async (req, res) => {
  res.json((await axios.get("http://stock:8080/items")).data);
});
async function start() {
  await broker.consume("q.orders", async (msg) => {
    await withRetry(() => axios.post("http://billing:8080/charges", msg));
  });
  app.listen(3002);
}
start();
//! rules RL001
//! path 4 stock
//! path 3 billing
`);
  });

  test("the same callback shape handed to a call that runs it with the request (RxJS subscribe(next), forEach) stays on the route", async () => {
    await checkFixture(`${NGINX}
//- orders/src/app.js
const express = require("express");
const axios = require("axios");
const app = express();
async function withRetry(op) {
  for (let attempt = 1; attempt <= 3; attempt++) {
  // ^ layer ×3 RL001
    try {
      return await op();
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}
function notify(items) {
  items$.subscribe(async (item) => {
    await withRetry(() => axios.post("http://mailer:8080/mails", item));
  });
}
app.get("/orders/:id", async (req, res) => {
  notify(req.body.items);
  res.sendStatus(204);
});
app.listen(3002);
//! rules RL001
//! path 12 mailer
//! paths 1
`);
  });
});
