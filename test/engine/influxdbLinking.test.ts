/**
 * influxdb-python clients built lazily in a backend class, linked through the names the detector
 * records (detectors/python/clientReceivers.ts), under a project's own retry decorator applied
 * bare (`@retry` where `retry(method)` retries the callable it is given: FunctionFact.decoratedBy,
 * engine/link.ts), with its count from a settings default of another module.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const WORKSPACE = `//- app/settings.py
from django.conf import settings

RETRY_OPTIONS = getattr(settings, "APP_RETRY_OPTIONS", dict(max_retries=6, delay=2))
//- app/utils.py
from functools import wraps
from time import sleep

from .settings import RETRY_OPTIONS


def retry(method):
    @wraps(method)
    def wrapper(*args, **kwargs):
        max_retries = RETRY_OPTIONS.get("max_retries")
        for attempt_no in range(1, max_retries + 1):
            try:
                return method(*args, **kwargs)
            except Exception as err:
                sleep(RETRY_OPTIONS.get("delay"))
                if attempt_no == max_retries:
                    raise err

    return wrapper
//- app/client.py
from django.utils.functional import cached_property
from influxdb import InfluxDBClient

from .utils import retry


class DatabaseClient:
    @cached_property
    def db(self):
        return self.dbs["default"]

    @cached_property
    def dbs(self):
        return {"default": InfluxDBClient("influxdb", 8086)}

    @retry
    def query(self, q):
        return self.db.query(q)

    def write(self, points):
        db = self.dbs["default"]
        return db.write_points(points)


timeseries_db = DatabaseClient()
//- app/views.py
from .client import timeseries_db


def chart(request):
    return timeseries_db.query("SELECT * FROM cpu")


def save(request):
    return timeseries_db.write([{"measurement": "cpu"}])
`;

describe("influxdb-python through a backend class", () => {
  test("@retry (6, a settings default) → query → InfluxDBClient (3): 18; a write through a method's local: 3", async () => {
    const { files, settings } = parseFixture(WORKSPACE);
    const { model } = await analyzeWorkspace(files, settings);
    const influx = model.layers.find((l) => l.kind === "influxdb-client")!;
    const loop = model.layers.find((l) => l.kind === "retry-loop")!;
    assert.equal(influx.maxAttempts, 3);
    assert.equal(influx.implicit, true);
    assert.equal(loop.maxAttempts, 6);
    const chains = model.paths.map((p) => `${p.layers.join(" > ")} = ${p.product}`);
    assert.ok(chains.includes(`${loop.id} > ${influx.id} = 18`), chains.join("\n"));
    assert.ok(chains.includes(`${influx.id} = 3`), chains.join("\n"));
  });
});
