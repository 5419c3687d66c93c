// A retry by re-running the failed operation from a timer (detectors/typescript/scheduledRetry.ts):
// the sender's catch hands the failure to a handler that, while the item's retry count is under a
// bound, records one more and schedules the sender again — N retries, N + 1 attempts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("TS/JS: a failed operation re-run from a timer under a retry count", () => {
  test("outbox: processEvent → catch → handleRetry → setTimeout(processEvent) while retries < 5 → 6 attempts", async () => {
    const result = await checkFixture(`
//- relay/src/outbox.js
const MAX = 5

class OutboxProcessor {
  constructor(model) {
    this.model = model
  }

  async processEvent(event) {
    try {
      await fetch("http://ledger:8080/events", { method: "PUT", body: JSON.stringify(event.payload) })
      await this.model.updateOne({ _id: event._id }, { status: "PUBLISHED" })
    } catch (error) {
      console.error("publish failed", error.message)
      await this.handleRetry(event, error)
    }
  }

  async handleRetry(event, error) {
    const { _id, retries } = event
    const maxRetries = 5
    if (retries < maxRetries) {
    // ^ layer ×6 RL001
      const delay = Math.pow(2, retries) * 1000
      await this.model.updateOne({ _id }, { retries: retries + 1, error: error.message })
      setTimeout(async () => {
        const fresh = await this.model.findById(_id)
        if (fresh && fresh.status === "PENDING") await this.processEvent(fresh)
      }, delay)
    } else {
      await this.model.updateOne({ _id }, { status: "FAILED" })
    }
  }

  async drain(events) {
    for (const e of events) {
      if (e.size < MAX) await this.processEvent(e)
    }
  }
}

module.exports = { OutboxProcessor }
//! rules RL001
//! path 6 ledger
`);
    const l = layerAt(result, "relay/src/outbox.js:21");
    assert.match(l.attemptsNote, /5 retries after the first attempt → 6 attempts/);
    assert.equal(l.wait.kind, "exponential");
  });

  test("not a retry: a handler that runs the sender whatever happens, or counts nothing", async () => {
    await checkFixture(`
//- relay/src/pump.js
class Pump {
  async step(item) {
    try {
      await fetch("http://ledger:8080/items", { method: "PUT" })
    } catch (error) {
      await this.next(item)
    }
  }

  async next(item) {
    if (item.index < item.total) {
      setTimeout(() => this.step(item.following), 10)
    }
  }
}
module.exports = { Pump }
//! rules RL001
`);
  });

  test("through a field set to a new instance (`this.broker = new Broker()`) to an amqplib publish loop: 6 × 3 and 6 × 5", async () => {
    const result = await checkFixture(`
//- relay/src/broker.js
import amqp from "amqplib"

export class Broker {
  async connect() {
    const maxRetries = 5
    for (let attempt = 1; attempt <= maxRetries; attempt++) {
    // ^ layer ×5 RL001
      try {
        this.connection = await amqp.connect(process.env.RABBITMQ_URL)
        this.channel = await this.connection.createChannel()
        return
      } catch (error) {
        if (attempt === maxRetries) throw error
        await new Promise((r) => setTimeout(r, 5000 * Math.random()))
      }
    }
  }

  async publish(routingKey, data) {
    await this.connect()
    const maxRetries = 3
    for (let attempt = 1; attempt <= maxRetries; attempt++) {
    // ^ layer ×3 RL001
      try {
        this.channel.publish("events", routingKey, Buffer.from(JSON.stringify(data)))
        return
      } catch (error) {
        if (attempt === maxRetries) throw error
        await new Promise((r) => setTimeout(r, 1000 * attempt * Math.random()))
      }
    }
  }
}
//- relay/src/outbox.js
import { Broker } from "./broker.js"

export class OutboxProcessor {
  constructor(model) {
    this.model = model
    this.broker = new Broker()
  }

  async processEvent(event) {
    try {
      await this.broker.publish(event.routingKey, event.payload)
    } catch (error) {
      await this.handleRetry(event, error)
    }
  }

  async handleRetry(event, error) {
    if (event.retries < 5) {
    // ^ layer ×6 RL001
      await this.model.updateOne({ _id: event._id }, { retries: event.retries + 1 })
      setTimeout(() => this.processEvent(event), 1000 * Math.random())
    }
  }
}
//! rules RL001
//! paths 2
`);
    // connecting and publishing are requests to the broker (its URL comes from the environment)
    assert.deepEqual(result.model.paths.map((p) => `${p.product} ${p.target}`).sort(), ["18 unresolved (this.channel.publish)", "30 unresolved (amqp.connect)"]);
  });
});
