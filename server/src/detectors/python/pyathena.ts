/**
 * PyAthena's own botocore client — docs/reference/pyathena.md (PyAthena 2.25.2
 * `pyathena/connection.py`) and docs/reference/retry-semantics.md §1.6 (botocore's defaults).
 *
 * `pyathena.connect(…)` / `Connection(…)` builds the Athena client itself:
 * `self._session.client("athena", region_name=…, config=self.config, …)` where `self.config` is
 * the `config=` argument or, when none is passed, a bare `Config()` — no `retries`, so botocore's
 * default applies (legacy mode: 5 attempts per call, §1.6). Every call the cursor makes
 * (`start_query_execution`, the `get_query_execution` polls, `get_query_results` pages,
 * `stop_query_execution`) goes through that client.
 *
 * - The connect call gets an implicit aws-sdk layer (kind "aws-sdk", library boto3, target
 *   aws://athena) anchored on it; a `config=Config(retries=…)` argument gives the count, read as
 *   boto3's own Config (detectors/python/boto3.ts readRetries).
 * - ClientFacts: the connection's name and its cursors' (clientReceivers.ts connectionReceivers:
 *   `cursor = pyathena.connect(…).cursor()`, `cursor = conn.cursor()`): their methods send to
 *   Athena, except the local ones in NOT_SENDING.
 * - PyAthena's own `RetryConfig` around each API call (tenacity, throttling errors only) is a
 *   second layer above this one; it is not modelled here.
 */
import { callParts, descendants } from "../../parsing/python";
import { awsSdkTarget } from "../shared/awsSdk";
import { readRetries, sdkLayer, type RetriesConfig } from "./boto3";
import { connectionReceivers, pushReceiverClients } from "./clientReceivers";
import { resolveBound, type PyContext } from "./context";

const CONNECTS = new Set(["pyathena.connect", "pyathena.connection.Connection", "pyathena.Connection"]);
const VERSION = "PyAthena 2.25.2";
/** connection and cursor members that send nothing to Athena */
const NOT_SENDING = ["cursor", "close", "commit", "rollback", "description", "rowcount", "arraysize", "setinputsizes", "setoutputsize"];
const NO_RETRIES: RetriesConfig = { mode: null, maxAttempts: null, totalMaxAttempts: null, unreadable: false, given: false };

export function detectPyAthena(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module === "pyathena" || i.module.startsWith("pyathena."))) return;
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    if (!CONNECTS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const parts = callParts(call);
    const written = parts.keywords.get("config") ?? null;
    const configNode = written && written.text !== "None" ? resolveBound(ctx, written, call) : null;
    const retries = configNode ? readRetries(ctx, configNode, call) : { ...NO_RETRIES, unreadable: !!written && written.text !== "None" };
    const receivers = connectionReceivers(ctx, call);
    const layer = sdkLayer(ctx, call, "athena", retries, receivers[0]?.name.replace(/^self\./, "") || "pyathena.connect");
    layer.attemptsNote = `${VERSION} connect builds its own botocore "athena" client, config=Config() without retries unless one is passed (pyathena/connection.py): ${layer.attemptsNote}`;
    ctx.facts.layers.push(layer);
    pushReceiverClients(ctx, call, receivers, (r) => ({
        library: "boto3",
        baseUrl: null,
        layerIds: [layer.localId],
        fromCall: null,
        // a connection per query builds a client per query
        perCall: r.functionId !== "<module>" && !r.functionId.endsWith(".__init__"),
        hasRetryQuota: retries.mode !== "legacy",
        // botocore.config.Config's read_timeout default
        timeoutSeconds: 60,
        timeoutSet: true,
        sdk: awsSdkTarget("athena", NOT_SENDING),
    }));
  }
}
