/**
 * docs/reference/influxdb.md (influxdb-python 5.3.2 `influxdb/client.py`): the default and the
 * number traps of InfluxDBClient's request loop, through the real extractors (./table.ts).
 */
import { runTable, src, type Row } from "./table";

const INFLUX = "influxdb";

const rows: Row[] = [
  { id: INFLUX, name: "influxdb-python default retries=3 → 3 attempts (retries counts attempts), no wait on GET, POST re-sent", covers: ["default", "§5.1"], file: "svc/tsdb.py", kind: "influxdb-client",
    code: src`
      from influxdb import InfluxDBClient
      client = InfluxDBClient("influx", 8086)
    `, expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0.02, null], methods: "all", conditionNote: /no status is retried/ } },
  { id: INFLUX, name: "influxdb-python retries=1 → one attempt (off)", covers: ["trap"], file: "svc/tsdb.py", kind: "influxdb-client",
    code: src`
      from influxdb import InfluxDBClient
      client = InfluxDBClient(host="influx", retries=1)
    `, expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", true, 0.02, null] } },
  { id: INFLUX, name: "influxdb-python retries=0 → try until success (unbounded)", covers: ["trap", "§5.2"], file: "svc/tsdb.py", kind: "influxdb-client",
    code: src`
      from influxdb import InfluxDBClient
      client = InfluxDBClient(host="influx", retries=0)
    `, expect: { maxAttempts: null, timeBound: null, attemptsSource: "config", wait: ["exponential", true, 0.02, null] } },
];

runTable("influxdb-python clients", [INFLUX], rows);
