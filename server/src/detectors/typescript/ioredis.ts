/**
 * ioredis command retries — docs/reference/redis.md §ioredis.
 * - `new Redis(…)` / `new Redis.Cluster(…)` / `new Cluster(…)` (from "ioredis", ESM or CommonJS)
 *   → a client layer on the `new`.
 * - `maxRetriesPerRequest` (ioredis ≥ 4; assumed): default **20** → a command pending while the
 *   connection is down is re-sent on each reconnect, up to 20 retries → **21 attempts** before
 *   `MaxRetriesPerRequestError`; `0` → 1; `null` → unbounded (waits for the connection forever).
 *   `retryStrategy` bounds **reconnects**, not commands: it does not change the count.
 * - Every method on the client (`redis.get(k)`, `await redis.set(…)`) is a request to the host:
 *   a `redis://` URL argument, `host` in the options, `new Redis(port, "host")`, else `redis`.
 */
import type { ClientFact, FileFacts, LayerFact, ValueExpr } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { REDIS_NOT_SENDING, redisLayer } from "../shared/redis";

const NOT_SENDING = [...REDIS_NOT_SENDING, "on", "once", "off", "quit", "disconnect", "connect", "duplicate", "pipeline", "multi", "defineCommand", "status", "options", "subscribe", "psubscribe"];

export function extractIoredisFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Set(index.imports.filter((i) => i.module === "ioredis" && (i.isDefault || i.member === null || i.member === "Redis" || i.member === "Cluster" || i.member === "default")).map((i) => i.local));
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
    const arg = init.arguments[0];
    if (!arg || !ts.isStringLiteral(arg) || arg.text !== "ioredis") continue;
    if (ts.isIdentifier(v.name)) classes.add(v.name.text);
    else if (ts.isObjectBindingPattern(v.name)) for (const e of v.name.elements) classes.add(e.name.getText(sf));
  }
  if (!classes.size) return;
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const root = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : callee;
    if (!ts.isIdentifier(root) || !classes.has(root.text) || (ts.isPropertyAccessExpression(callee) && callee.name.text !== "Cluster")) continue;
    const args = [...(node.arguments ?? [])].map((a) => unwrap(a));
    const options = args.find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
    const { retries, note, value } = ioredisRetries(options, sf);
    const bound = bindingName(node);
    const localId = ids.next("L", node, sf);
    const layer = redisLayer({
      localId,
      anchor: spanOf(node, sf),
      label: bound.name || `new ${callee.getText(sf)}`,
      library: "ioredis",
      retries,
      source: value ? "config" : "default",
      note,
      wait: IOREDIS_WAIT,
      errors: IOREDIS_ERRORS,
    });
    if (retries === Infinity) layer.timeBound = "none: maxRetriesPerRequest null waits for the connection without bound";
    facts.layers.push(layer);
    if (!bound.name) continue;
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name: bound.name,
      functionId: bound.module ? MODULE : index.enclosingId(node),
      span: spanOf(node, sf),
      library: "ioredis",
      baseUrl: addressOf(args, options),
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: NOT_SENDING },
    };
    facts.clients.push(client);
  }
}

export const IOREDIS_WAIT: LayerFact["wait"] = { kind: "custom", jitter: false, initialSeconds: 0.05, maxSeconds: 2, source: "default", description: "re-sent on each reconnect; the default retryStrategy waits min(times × 50 ms, 2 s) between reconnects" };
export const IOREDIS_ERRORS = "commands that fail or are queued while the connection is lost are re-sent after each reconnect (a command whose reply was lost is sent again)";

/** The retries `maxRetriesPerRequest` of an ioredis options object gives (default 20; null → Infinity; not a literal → null). */
export function ioredisRetries(options: ts.ObjectLiteralExpression | undefined, sf: ts.SourceFile): { retries: number | null; note: string; value: ts.Expression | null } {
  const prop = options ? objectProperty(options, "maxRetriesPerRequest") : undefined;
  const value = prop && !ts.isMethodDeclaration(prop) ? unwrap(prop) : null;
  let retries: number | null = 20;
  let note = "default maxRetriesPerRequest 20 → 21 attempts of a command while reconnecting (ioredis ≥ 4)";
  if (value) {
    const text = value.getText(sf);
    const v = valueOf(value);
    if (value.kind === ts.SyntaxKind.NullKeyword) {
      retries = Infinity;
      note = "maxRetriesPerRequest: null → a command waits for the connection and is re-sent without bound (ioredis ≥ 4)";
    } else if (v.kind === "number") {
      retries = Math.max(0, v.value);
      note = `maxRetriesPerRequest: ${text} → ${retries + 1} attempt${retries === 0 ? "" : "s"} (ioredis ≥ 4)`;
    } else {
      retries = null;
      note = `maxRetriesPerRequest: ${text}: not a literal (ioredis ≥ 4; default 20)`;
    }
  }
  if (options && objectProperty(options, "retryStrategy")) note += "; retryStrategy bounds reconnects, not commands";
  return { retries, note, value };
}

function addressOf(args: ts.Expression[], options: ts.ObjectLiteralExpression | undefined): ValueExpr {
  const first = args[0];
  const hostProp = options ? objectProperty(options, "host") : undefined;
  const host = hostProp && !ts.isMethodDeclaration(hostProp) ? valueOf(unwrap(hostProp)) : null;
  if (first && !ts.isObjectLiteralExpression(first)) {
    const v = valueOf(first);
    if (v.kind === "string" && /^rediss?:\/\//.test(v.value)) return v;
    const second = args[1] && !ts.isObjectLiteralExpression(args[1]) ? valueOf(args[1]) : null;
    if (v.kind === "number" && second && second.kind !== "unknown") return second.kind === "string" ? { kind: "string", value: `redis://${second.value}` } : { kind: "concat", parts: [{ kind: "string", value: "redis://" }, second] };
    if (v.kind !== "unknown" && v.kind !== "number") return v;
  }
  if (host && host.kind === "string") return { kind: "string", value: `redis://${host.value}` };
  if (host && host.kind !== "unknown") return { kind: "concat", parts: [{ kind: "string", value: "redis://" }, host] };
  return { kind: "string", value: "redis://redis" };
}
