// influxdb-python 5.3.2 InfluxDBClient (docs/reference/influxdb.md): retries counts attempts
// (default 3; 1 = one attempt; 0 = until success), the anchor, the host, UDP writes, and the
// names a lazily built client is used through (detectors/python/clientReceivers.ts).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

describe("influxdb-python InfluxDBClient", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    ["default", `InfluxDBClient("influx", 8086, "u", "p", "metrics")`, 3, "default", /default retries=3: counts attempts → 3 attempts \(influxdb-python 5\.3\.2\)/],
    ["retries=5 → 5", `InfluxDBClient(host="influx", retries=5)`, 5, "config", /retries=5: counts attempts → 5 attempts/],
    ["retries=1 → 1 (no retry)", `InfluxDBClient(host="influx", retries=1)`, 1, "config", /1 attempt \(no retry\)/],
    ["retries=0 → until success", `InfluxDBClient(host="influx", retries=0)`, null, "config", /try until success/],
    ["positional retries", `InfluxDBClient("influx", 8086, "u", "p", "db", False, False, 5, 2)`, 2, "config", /retries=2/],
    ["DataFrameClient", `DataFrameClient(host="influx")`, 3, "default", /default retries=3/],
    ["from_dsn (the 5.x classmethod)", `InfluxDBClient.from_dsn("influxdb://u:p@tsdb:8086/metrics")`, 3, "default", /default retries=3/],
    ["from_dsn(…, retries=2)", `InfluxDBClient.from_dsn("influxdb://tsdb:8086/metrics", retries=2)`, 2, "config", /retries=2: counts attempts → 2 attempts/],
    ["from_DSN (4.x staticmethod)", `InfluxDBClient.from_DSN("influxdb://tsdb:8086/metrics")`, 3, "default", /default retries=3/],
    ["DataFrameClient.from_dsn", `DataFrameClient.from_dsn("influxdb://tsdb:8086/metrics")`, 3, "default", /default retries=3/],
  ];
  for (const [name, build, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await py(`from influxdb import DataFrameClient, InfluxDBClient\n\nclient = ${build}\n\n\ndef read(q):\n    return client.query(q)\n`);
      const l = f.layers.find((x) => x.kind === "influxdb-client")!;
      assert.ok(l, "an influxdb-client layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 3);
      assert.equal(f.clients.find((c) => c.name === "client")?.library, "influxdb-python");
    });
  }

  test("from_dsn in a method, the import guarded by try/except ImportError: a client of the method's local, the DSN's host the target", async () => {
    const f = await py(`try:
    from influxdb import InfluxDBClient
    enabled = True
except ImportError:
    enabled = False


class InfluxDB:
    def run_query(self, query):
        client = InfluxDBClient.from_dsn("influxdb://u:p@tsdb:8087/metrics")
        try:
            return client.query(query)
        finally:
            client.close()
`);
    const l = f.layers.find((x) => x.kind === "influxdb-client")!;
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.anchor.line, 10);
    const c = f.clients.find((x) => x.library === "influxdb-python")!;
    assert.equal(`${c.functionId}:${c.name}`, "InfluxDB.run_query:client");
    assert.deepEqual(c.baseUrl, { kind: "string", value: "http://tsdb:8087" });
  });

  test("the host and port make the target; use_udp is noted; a near miss: the v2 client is another library", async () => {
    const f = await py(`import os\nfrom influxdb import InfluxDBClient\nimport influxdb_client\n\nc = InfluxDBClient(host="tsdb", port=8087, use_udp=True)\nv2 = influxdb_client.InfluxDBClient(url="http://tsdb:8086")\n`);
    assert.equal(f.layers.filter((x) => x.kind === "influxdb-client").length, 1);
    assert.match(f.layers[0]!.attemptsNote, /use_udp=True: write_points goes over UDP/);
    assert.deepEqual(f.clients.find((c) => c.name === "c")!.baseUrl, { kind: "concat", parts: [{ kind: "string", value: "http://tsdb:" }, { kind: "number", value: 8087 }] });
  });

  test("built lazily in a class: a dict of clients in a cached_property, a property picking one, a method's local", async () => {
    const f = await py(`from django.utils.functional import cached_property
from influxdb import InfluxDBClient


class DatabaseClient:
    @cached_property
    def db(self):
        return self.dbs["default"]

    @cached_property
    def dbs(self):
        dbs = {"default": InfluxDBClient("influx", 8086)}
        dbs["short"] = dbs["default"]
        return dbs

    def query(self, q):
        return self.db.query(q)

    def _write(self, points, rp):
        db = self.dbs["short"] if rp else self.dbs["default"]
        return db.write_points(points)
`);
    const names = f.clients.filter((c) => c.library === "influxdb-python").map((c) => `${c.functionId}:${c.name}`).sort();
    assert.deepEqual(names, ["<module>:self.db", "DatabaseClient._write:db"]);
    assert.equal(f.layers[0]!.anchor.line, 12);
  });

  test("a client built only under an opt-in option (lookup default False) is inert; the else branch and a plain test are not", async () => {
    const f = await py(`from influxdb import InfluxDBClient

DB = {"HOST": "influx"}


def clients():
    dbs = {"default": InfluxDBClient("influx")}
    if DB.get("OPTIONS", {}).get("udp_writes", False):
        dbs["short"] = InfluxDBClient("influx", use_udp=True)
    else:
        dbs["short"] = InfluxDBClient("influx", retries=2)
    if DB["HOST"]:
        dbs["other"] = InfluxDBClient("influx")
    return dbs
`);
    const byLine = new Map(f.layers.map((l) => [l.anchor.line, l]));
    assert.equal(byLine.get(7)!.maxAttempts, 3);
    assert.equal(byLine.get(9)!.maxAttempts, 1);
    assert.match(byLine.get(9)!.attemptsNote, /inert with the defaults: built only when DB\.get\("OPTIONS", \{\}\)\.get\("udp_writes", False\)/);
    assert.equal(byLine.get(11)!.maxAttempts, 2);
    assert.equal(byLine.get(13)!.maxAttempts, 3);
  });
});
