// A service written in two compose files that are alternatives, one setting a variable the other
// leaves out: where it is left out the code's fallback applies, so that value is a candidate too
// (engine/services.ts recordUnsetAlternatives, ENV_UNSET). An override file merged into the base
// (`docker-compose.override.yml`) is no alternative. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const code = `
//- orders/package.json
{ "name": "orders", "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.4.0", "express": "^4.18.2" } }
//- orders/src/app.js
const express = require("express");
const axios = require("axios");
const axiosRetry = require("axios-retry").default;
const catalog = axios.create({ baseURL: process.env.CATALOG_URL || "http://catalog:3004", timeout: 2000 });
axiosRetry(catalog, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×4
const app = express();
app.get("/orders", async (req, res) => res.json((await catalog.get("/items")).data));
app.listen(3002);
`;

describe("compose files that leave a variable unset", () => {
  test("a variable one compose file sets to an unknown host and another leaves unset: the code's fallback is a target too", async () => {
    const result = await checkFixture(`${code}
//- docker-compose.yml
services:
  orders:
    build: ./orders
  catalog:
    image: shop/catalog
//- docker-compose.edge.yml
services:
  orders:
    build: ./orders
    environment:
      - CATALOG_URL=http://\${EDGE_NODE_IP}
//! rules none
`);
    assert.ok(result.model.paths.some((p) => p.target === "catalog"), result.model.paths.map((p) => p.target).join(", "));
  });

  test("an override file merged into the base sets nothing apart: no unset candidate", async () => {
    const result = await checkFixture(`${code}
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      - CATALOG_URL=http://inventory:8080
  inventory:
    image: shop/inventory
//- docker-compose.override.yml
services:
  orders:
    build: ./orders
//! rules none
`);
    assert.deepEqual(result.model.paths.map((p) => p.target), ["inventory"]);
  });
});
