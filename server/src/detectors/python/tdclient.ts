/**
 * td-client (Treasure Data's Python client, package `td-client`) — docs/reference/td-client.md
 * (td-client 1.5.0 `tdclient/api.py`, `connection.py`, `client.py`) and retry-semantics.md §1.3.
 *
 * `tdclient.connect(…)`, `Connection(…)`, `Client(…)` and `api.API(…)` all build an `API`,
 * whose `_init_http` makes `urllib3.PoolManager(**pool_options)` from the keyword arguments it
 * does not name itself: without `retries=` the pool keeps urllib3's `Retry.DEFAULT = Retry(3)`,
 * so every request the client sends (`send_request` → `self.http.request`/`urlopen`, no
 * `retries=`) makes up to 4 attempts of connection errors (and of read errors of idempotent
 * methods). That is the layer modelled here (kind "urllib3-retry", library urllib3, implicit),
 * anchored on the call that builds the client; `retries=N` passed through gives N + 1.
 *
 * The `API.get` / `API.post` loops above it (exponential wait from 5 s while the cumulative wait
 * stays ≤ `max_cumul_retry_delay`, 600 s: 8 attempts of a GET) are another layer, not modelled here.
 *
 * ClientFacts: the connection's name and its cursors' (clientReceivers.ts connectionReceivers);
 * the target is the `endpoint=` argument when the file names it, else https://api.treasuredata.com.
 */
import { callParts, descendants, nodeSpan, stringValue } from "../../parsing/python";
import { connectionReceivers, pushReceiverClients } from "./clientReceivers";
import type { PyContext } from "./context";
import { defaultPoolManagerLayer } from "./httpClients";

const BUILDERS = new Set(["tdclient.connect", "tdclient.connection.Connection", "tdclient.Client", "tdclient.client.Client", "tdclient.api.API"]);
const VERSION = "td-client 1.5.0";
const DEFAULT_ENDPOINT = "api.treasuredata.com";
/** connection and cursor members that send nothing */
const NOT_SENDING = ["cursor", "close", "commit", "rollback", "description", "rowcount", "api", "setinputsizes", "setoutputsize"];

export function detectTdClient(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module === "tdclient" || i.module.startsWith("tdclient."))) return;
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    if (!BUILDERS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const parts = callParts(call);
    const written = parts.keywords.get("retries") ?? null;
    const layer = defaultPoolManagerLayer(ctx, call);
    const receivers = connectionReceivers(ctx, call);
    layer.label = receivers[0]?.name.replace(/^self\./, "") || "tdclient";
    const why = `${VERSION} builds urllib3.PoolManager(**pool_options) for its API (tdclient/api.py _init_http)`;
    if (!written) {
      layer.attemptsNote = `${why}: no retries= → Retry.DEFAULT = Retry(3): 4 attempts`;
    } else {
      // `retries=` reaches the pool (API passes the keywords it does not name to PoolManager)
      const n = written.type === "false" ? 0 : ctx.number(written, call);
      layer.anchor = nodeSpan(written.parent?.type === "keyword_argument" ? written.parent : written);
      layer.attemptsSource = "config";
      if (n === null) {
        layer.maxAttempts = null;
        layer.countUnknown = true;
        layer.attemptsNote = `${why}: retries=${written.text.slice(0, 40)} not known statically`;
      } else {
        layer.maxAttempts = Math.max(0, Math.floor(n)) + 1;
        layer.attemptsNote = `${why}: retries=${written.text} → ${layer.maxAttempts} attempt${layer.maxAttempts === 1 ? " (no retry)" : "s"}`;
      }
    }
    ctx.facts.layers.push(layer);
    const endpoint = stringValue(parts.keywords.get("endpoint") ?? null);
    const host = endpoint ? endpoint.replace(/^\w+:\/\//, "").replace(/\/.*$/, "") : DEFAULT_ENDPOINT;
    pushReceiverClients(ctx, call, receivers, () => ({
        library: "td-client",
        baseUrl: null,
        layerIds: [layer.localId],
        fromCall: null,
        perCall: false,
        hasRetryQuota: false,
        // API.__init__: pool_options["timeout"] = 60 unless given
        timeoutSeconds: 60,
        timeoutSet: true,
        sdk: { target: `sdk://${host}`, notSending: [...NOT_SENDING] },
    }));
  }
}
