// Endpoint matching (engine/endpoints.ts): a path continues through a service only from the
// endpoint the previous hop called; forgiving wherever a side is not known.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { hopsConnect, mergeEntryRoutes, routeMatchesPath } from "../../server/src/engine/endpoints";
import type { Hop, LinkedCall } from "../../server/src/model/model";
import { checkFixture } from "../harness";

describe("route templates against request paths", () => {
  const cases: Array<[route: string, path: string, expected: boolean]> = [
    ["/api/products/<sku>", "/api/products/42", true],
    ["/api/products/<int:id>", "/api/products/42", true],
    ["/api/products/{sku}", "/api/products/mug", true],
    ["/api/products/:sku", "http://catalog:8080/api/products/mug?x=1", true],
    ["/api/products/<sku>/holds", "/api/products/42", false],
    ["/api/products/<sku>", "/api/products/42/holds", false],
    ["/v1/products/{sku}", "/api/products/42", false],
    // a mount prefix the detector did not see: compared from the end
    ["/products/<sku>", "/api/products/42", true],
    ["POST /orders", "/orders", true],
    ["/files/<path:p>", "/files/a/b/c", true],
    ["/static/**", "/static/css/site.css", true],
    ["/", "/", true],
    ["/Orders", "/orders", true],
  ];
  for (const [route, path, expected] of cases) {
    test(`${route} ${expected ? "reaches" : "does not reach"} ${path}`, () => assert.equal(routeMatchesPath(route, path), expected));
  }
});

describe("hops connect through the called endpoint only", () => {
  const call = (method: string | null, path: string | null, pathComplete = true, protocol: LinkedCall["protocol"] = "http"): LinkedCall => ({
    file: "a.py",
    span: { line: 1, column: 0, endLine: 1, endColumn: 1 },
    method,
    protocol,
    idempotencyKey: null,
    timeoutSeconds: null,
    hasTimeout: false,
    callee: "x",
    library: null,
    path,
    pathComplete,
  });
  const hop = (calls: LinkedCall[], entryRoutes: Hop["entryRoutes"] = null): Hop => ({ caller: "a", callee: "b", layerIds: [], calls, fromGateway: false, protocol: "http", entryRoutes });
  const holds = hop([], [{ method: "POST", route: "/api/products/<sku>/holds" }]);

  test("a GET of a product does not lead to what only the holds endpoint sends", () => {
    assert.equal(hopsConnect(hop([call("GET", "/api/products/42")]), holds), false);
    assert.equal(hopsConnect(hop([call("POST", "/api/products/42/holds")]), holds), true);
  });
  test("the method must agree when both are known", () => {
    assert.equal(hopsConnect(hop([call("GET", "/api/products/42/holds")]), holds), false);
    assert.equal(hopsConnect(hop([call(null, "/api/products/42/holds")]), holds), true);
  });
  test("anything unknown connects: a partial path, no path, no calls (gateway), a non-HTTP call, an entry without a route", () => {
    assert.equal(hopsConnect(hop([call("POST", "/api/", false)]), holds), true);
    assert.equal(hopsConnect(hop([call("POST", null)]), holds), true);
    assert.equal(hopsConnect(hop([]), holds), true);
    assert.equal(hopsConnect(hop([call("GET", "/x", true, "grpc")]), holds), true);
    assert.equal(hopsConnect(hop([call("GET", "/x")]), hop([], null)), true);
  });
  test("entry routes merge; any unrouted entry makes the hop reachable from every endpoint", () => {
    assert.deepEqual(mergeEntryRoutes([{ method: "GET", route: "/a" }], [{ method: "POST", route: "/b" }]), [{ method: "GET", route: "/a" }, { method: "POST", route: "/b" }]);
    assert.equal(mergeEntryRoutes([{ method: "GET", route: "/a" }], null), null);
  });
});

describe("endpoint matching in a workspace", () => {
  test("pricing GETs a product: catalog's holds handler (POST) is not on its path, but still starts its own", async () => {
    await checkFixture(`
//- pricing/app.py
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt, wait_random_exponential
app = Flask(__name__)

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1))
# ^ layer ×2 RL001
def product(sku):
    return requests.get(f"http://catalog:8080/api/products/{sku}", timeout=2)

@app.get("/prices/<sku>")
def price(sku):
    return product(sku)
//- catalog/app.py
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt, wait_random_exponential
app = Flask(__name__)

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
# ^ layer ×3 RL001
def stock(sku):
    return requests.get(f"http://warehouse:8080/stock/{sku}", timeout=2)

@retry(stop=stop_after_attempt(4), wait=wait_random_exponential(max=1))
# ^ layer ×4 RL001
def hold(sku):
    return requests.post(f"http://warehouse:8080/holds/{sku}", timeout=2, headers={"Idempotency-Key": sku})

@app.get("/api/products/<sku>")
def get_product(sku):
    return stock(sku)

@app.post("/api/products/<sku>/holds")
def post_hold(sku):
    return hold(sku)
//! rules RL001
//! path 6 warehouse
//! path 4 warehouse
//! paths 2
`);
  });
});
