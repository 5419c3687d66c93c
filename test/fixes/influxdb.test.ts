/**
 * influxdb-python fix (docs/reference/influxdb.md): `retries` counts attempts, so a cap writes
 * `retries=N` and off writes `retries=1` (0 would be "try until success"); a written keyword or
 * 9th positional argument is replaced, else the keyword is added; not beside `**kwargs`.
 */
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { influxdbLayerEdit } from "../../server/src/fixes/layers/influxdb";
import type { RetryLayer } from "../../server/src/model/model";
import { initTreeSitter } from "../../server/src/parsing/treeSitter";

const layerAt = (line: number, column: number) => ({ kind: "influxdb-client", file: "app/db.py", label: "InfluxDBClient", anchor: { line, column, endLine: line, endColumn: column + 10 } }) as unknown as RetryLayer;
const ctx = { callLibraries: [], exists: () => false, namespaceOf: () => null };
const apply = (text: string, layer: RetryLayer, attempts?: number) => {
  const e = influxdbLayerEdit(attempts ? "cap" : "disable", layer, text, attempts ? { ...ctx, attempts } : ctx);
  if (!e) return null;
  assert.equal(e.unsafe, true);
  let out = text;
  for (const x of [...e.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, x.start) + x.newText + out.slice(x.end);
  return out;
};

describe("influxdb-python: retries counts attempts", () => {
  before(() => initTreeSitter());
  test("off adds retries=1 to a default client", () => {
    assert.equal(apply(`c = InfluxDBClient("influx", 8086)\n`, layerAt(1, 4)), `c = InfluxDBClient("influx", 8086, retries=1)\n`);
  });
  test("a cap replaces the written keyword (anchored on it)", () => {
    assert.equal(apply(`c = InfluxDBClient("influx", retries=5)\n`, layerAt(1, 29), 2), `c = InfluxDBClient("influx", retries=2)\n`);
  });
  test("the 9th positional argument is replaced, not doubled", () => {
    assert.equal(apply(`c = InfluxDBClient("h", 8086, "u", "p", "db", False, False, 5, 4)\n`, layerAt(1, 4), 2), `c = InfluxDBClient("h", 8086, "u", "p", "db", False, False, 5, 2)\n`);
  });
  test("**kwargs may hold retries: no edit", () => {
    assert.equal(apply(`c = InfluxDBClient("h", **opts)\n`, layerAt(1, 4)), null);
  });
});
