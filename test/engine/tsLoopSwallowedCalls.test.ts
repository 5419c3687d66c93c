/**
 * A retry loop multiplies only the calls whose failure goes round it (detectors/shared/loops/fate.ts
 * swallowedOperations): a call inside the loop's try whose error a catch of its own handles (a
 * best-effort step, a status poll that reports its own failure) is made once per pass that gets
 * there, but never again because it failed, so it is under no layer of the loop. The publish the
 * loop's catch retries still is.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

/** a publish loop (×3) around publish() (×4 to publisher) and a status check (×4 to status); `step` is how it calls the check */
const workspace = (step: string) => `
//! rules none
//- api/package.json
{ "name": "api", "dependencies": { "express": "4", "axios": "1", "axios-retry": "4" } }
//- api/src/clients.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const publisher = axios.create({ baseURL: "http://publisher:8080" });
axiosRetry(publisher, { retries: 3 });
// ^ layer ×4
const status = axios.create({ baseURL: "http://status:8080" });
axiosRetry(status, { retries: 3 });
// ^ layer ×4

export async function publish(body: string) {
  return (await publisher.post("/posts", { body })).data;
}

export async function checkStatus(id: string) {
  return (await status.get("/posts/" + id)).data;
}
//- api/src/app.ts
import express from "express";
import { checkStatus, publish } from "./clients";

const app = express();

app.post("/posts", async (req, res) => {
  // errors are handled here, never rethrown: a failed check must not re-run the publish
  const resolvePending = async (id: string) => {
    try {
      return await checkStatus(id);
    } catch (err) {
      return false;
    }
  };
  for (let attempt = 0; attempt < 3; attempt++) {
  // ^ layer ×3
    try {
      const posted = await publish(req.body);
${step}
      res.json(posted);
      break;
    } catch (err) {
      console.error(err);
    }
  }
});
app.listen(3000);
`;

const summary = (paths: Array<{ product: number | null; target: string }>) => paths.map((p) => `${p.product}→${p.target}`).join(", ");

describe("a retry loop multiplies only the calls whose failure reaches its catch", () => {
  test("a check in a try of its own that swallows its error: 3 × 4 to publisher, 4 (not 12) to status", async () => {
    const result = await checkFixture(`${workspace(`      let resolved: unknown = false;
      try {
        resolved = await resolvePending(posted.id);
      } catch (err) {
        resolved = false;
      }
      if (!resolved) {
        return;
      }`)}//! path 12 publisher
//! path 4 status
`);
    assert.ok(!result.model.paths.some((p) => p.product === 12 && p.target.includes("status")), summary(result.model.paths));
  });

  test("the same check with its error reaching the loop's catch is retried: 12 to status", async () => {
    await checkFixture(`${workspace(`      const resolved = await resolvePending(posted.id);
      if (!resolved) {
        return;
      }`)}//! path 12 publisher
//! path 12 status
`);
  });
});
