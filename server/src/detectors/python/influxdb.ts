/**
 * influxdb-python (the InfluxDB 1.x client, package `influxdb`) — docs/reference/influxdb.md
 * (influxdb-python 5.3.2 `influxdb/client.py`: `InfluxDBClient.__init__(…, retries=3, …)`, `request()`).
 *
 * - `InfluxDBClient(…)` / `DataFrameClient(…)` / `InfluxDBClient.from_dsn(dsn, **kw)` (the 5.x
 *   classmethod; `from_DSN` up to 4.1.1) → a client
 *   layer on the call (implicit when nobody set `retries`): every HTTP call of the client
 *   (`query`, `write_points` over HTTP, `create_database`, retention policies, `delete_series`)
 *   goes through `request()`, which loops `while retry:` and on a requests `ConnectionError`,
 *   `HTTPError` or `Timeout` sets `retry = _try < self._retries`.
 * - `retries` counts **attempts**: default 3 → 3 attempts; N → N; 1 → one attempt (off);
 *   0 → "try until success" (unbounded). Responses are never retried (a 5xx raises
 *   InfluxDBServerError at once). Wait: none for GET; for POST (writes) `(2 ** _try) * random() / 100` s.
 * - `use_udp=True` sends `write_points` as UDP packets (`send_packet`, no retry); queries still go
 *   over HTTP, so the layer stays (the note says so).
 * - A client built under an opt-in test (`if OPTIONS.get("udp_writes", False):`, detectors/python/optIn.ts)
 *   is inert with the defaults: one attempt, the option named in the note.
 * - The client is reachable through the names clientReceivers finds (a binding, a property of
 *   the class that builds it lazily, a dict of clients, a local of a method).
 */
import type { LayerFact, ValueExpr } from "../../model/facts";
import { callParts, descendants, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { clientReceivers, pushReceiverClients } from "./clientReceivers";
import { optInGuard } from "./optIn";

const CLIENTS = new Set([
  "influxdb.InfluxDBClient", "influxdb.client.InfluxDBClient",
  "influxdb.DataFrameClient", "influxdb.dataframe_client.DataFrameClient", "influxdb._dataframe_client.DataFrameClient",
]);
const VERSION = "influxdb-python 5.3.2";
/** the DSN factories: the classmethod `from_dsn` (v5.0.0 on, `cls(**init_args)`), the staticmethod `from_DSN` up to v4.1.1 */
const DSN_FACTORIES = ["from_dsn", "from_DSN"];
export const INFLUXDB_DEFAULT_RETRIES = 3;
/** `InfluxDBClient(host, port, username, password, database, ssl, verify_ssl, timeout, retries, use_udp, …)` */
const RETRIES_INDEX = 8;
const USE_UDP_INDEX = 9;
/** client methods that send nothing over HTTP */
const NOT_SENDING = ["close", "switch_database", "switch_user", "send_packet"];

export function detectInfluxDbPy(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module === "influxdb" || i.module.startsWith("influxdb."))) return;
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const fn = call.childForFieldName("function");
    const q = ctx.qualifiedName(fn) ?? "";
    const dot = q.lastIndexOf(".");
    const fromDsn = dot > 0 && DSN_FACTORIES.includes(q.slice(dot + 1)) && CLIENTS.has(q.slice(0, dot));
    if (!CLIENTS.has(q) && !fromDsn) continue;
    const parts = callParts(call);
    const written = parts.keywords.get("retries") ?? (fromDsn ? null : parts.positional[RETRIES_INDEX]) ?? null;
    const udp = parts.keywords.get("use_udp") ?? (fromDsn ? null : parts.positional[USE_UDP_INDEX]) ?? null;
    const layer = influxLayer(ctx, call, written, udp, fromDsn ? `${q.split(".").slice(-2).join(".")}` : q.split(".").pop()!);
    // built only when an option that is off by default is set: nothing goes through it with the defaults
    const guard = optInGuard(call);
    if (guard && layer.maxAttempts !== 1) {
      layer.attemptsNote += `; inert with the defaults: built only when ${guard} (the option's lookup defaults to off), 1 attempt until it is set`;
      layer.maxAttempts = 1;
      delete layer.countUnknown;
    }
    ctx.facts.layers.push(layer);
    const receivers = clientReceivers(ctx, call);
    const baseUrl = fromDsn ? dsnUrl(ctx, parts.positional[0] ?? null) : hostUrl(ctx, parts.keywords.get("host") ?? parts.positional[0] ?? null, parts.keywords.get("port") ?? parts.positional[1] ?? null);
    pushReceiverClients(ctx, call, receivers, () => ({
        library: "influxdb-python",
        baseUrl,
        layerIds: [layer.localId],
        fromCall: null,
        perCall: false,
        hasRetryQuota: false,
        timeoutSeconds: numberOf(ctx, parts.keywords.get("timeout") ?? null, call),
        sdk: { target: "", notSending: NOT_SENDING, protocol: "db" },
    }));
  }
}

function influxLayer(ctx: PyContext, call: SyntaxNode, written: SyntaxNode | null, udp: SyntaxNode | null, label: string): LayerFact {
  const n = written ? ctx.number(written, call) : INFLUXDB_DEFAULT_RETRIES;
  const retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
  // retries=0 means "try until success"; 1 is one attempt (no retry)
  const maxAttempts = retries === null || retries === 0 ? null : retries;
  let note = !written
    ? `default retries=${INFLUXDB_DEFAULT_RETRIES}: counts attempts → ${INFLUXDB_DEFAULT_RETRIES} attempts (${VERSION})`
    : retries === null
      ? `retries=${written.text.slice(0, 40)}: not known statically (${VERSION}; counts attempts, default ${INFLUXDB_DEFAULT_RETRIES})`
      : retries === 0
        ? `retries=0: "try until success" → unbounded (${VERSION})`
        : `retries=${retries}: counts attempts → ${retries} attempt${retries === 1 ? " (no retry)" : "s"} (${VERSION})`;
  if (udp && udp.text !== "False") note += udp.text === "True" ? "; use_udp=True: write_points goes over UDP (no retry), queries still over HTTP" : `; use_udp=${udp.text.slice(0, 40)}: with UDP on, write_points sends packets (no retry), queries still go over HTTP`;
  return {
    localId: ctx.nextId("L", call),
    kind: "influxdb-client",
    category: "client",
    library: "influxdb-python",
    anchor: nodeSpan(written?.parent?.type === "keyword_argument" ? written.parent : call),
    maxAttempts,
    attemptsSource: written ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    ...(retries === null ? { countUnknown: true } : {}),
    wait: {
      kind: "exponential",
      jitter: true,
      initialSeconds: 0.02,
      maxSeconds: null,
      source: "default",
      description: "writes (POST): a random wait below 2^try / 100 s (0.02 s, 0.04 s, …); queries (GET): none",
    },
    condition: {
      allErrors: false,
      exceptionTypes: ["requests.exceptions.ConnectionError", "requests.exceptions.HTTPError", "requests.exceptions.Timeout"],
      statuses: [],
      retryOn: ["connect-failure", "reset", "timeout"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "connection errors and timeouts of the HTTP request (a read timeout or a reset after sending re-sends writes too); no status is retried (5xx raises InfluxDBServerError)",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label,
  };
}

function numberOf(ctx: PyContext, n: SyntaxNode | null, scope: SyntaxNode): number | null {
  return n ? ctx.number(n, scope) : null;
}

/** `http://<host>:<port>` from the arguments; a host the file cannot name gives the library's (`influxdb`) */
function hostUrl(ctx: PyContext, host: SyntaxNode | null, port: SyntaxNode | null): ValueExpr {
  const h = host ? ctx.value(host) : { kind: "string" as const, value: "localhost" };
  const p = port ? ctx.value(port) : { kind: "number" as const, value: 8086 };
  const portPart: ValueExpr = p && (p.kind === "number" || p.kind === "string" || p.kind === "env") ? p : { kind: "number", value: 8086 };
  if (h?.kind === "string") return { kind: "concat", parts: [{ kind: "string", value: `http://${h.value.replace(/^\w+:\/\//, "")}:` }, portPart] };
  if (h?.kind === "env") return { kind: "concat", parts: [{ kind: "string", value: "http://" }, h, { kind: "string", value: ":" }, portPart] };
  return { kind: "string", value: "http://influxdb:8086" };
}

/** `influxdb://user:pass@host:8086/db` → `http://host:8086` */
function dsnUrl(ctx: PyContext, dsn: SyntaxNode | null): ValueExpr {
  const v = dsn ? ctx.value(dsn) : null;
  const m = v?.kind === "string" ? /^[\w+]*:\/\/(?:[^@/]*@)?([^/:]+)(?::(\d+))?/.exec(v.value) : null;
  return { kind: "string", value: m ? `http://${m[1]}:${m[2] ?? "8086"}` : "http://influxdb:8086" };
}
