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
    const layer = ioredisLayer(localId, spanOf(node, sf), bound.name || `new ${callee.getText(sf)}`, { retries, note, value });
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
  subclassClients(sf, index, facts, ids, classes);
}

/** Modules whose `defaults(object, ...sources)` keeps the first value set: lodash 4.17 defaults.js, es-toolkit/compat 1.47 (lodash-compatible). */
const DEFAULTS_MODULES = new Set(["lodash", "lodash-es", "lodash/defaults", "lodash.defaults", "es-toolkit/compat", "es-toolkit"]);

/**
 * A class extending the ioredis client (`class RedisAdapter extends Redis { constructor() { super(url, defaults(options,
 * { connectionName }, defaultOptions)) } }`): a client layer on its `super(…)` call (of several, the one allowing most retries), its maxRetriesPerRequest read
 * through the merge that builds the options — an object literal, a module constant, lodash/es-toolkit `defaults`
 * (the first object that sets the key wins), `Object.assign` / spreads (the last one wins). A parameter of the
 * constructor is what callers pass: not known here, so the other objects decide.
 */
function subclassClients(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, classes: Set<string>): void {
  const defaultsFns = new Set(index.imports.filter((i) => DEFAULTS_MODULES.has(i.module) && (i.member === "defaults" || (i.module.endsWith("defaults") && i.isDefault))).map((i) => i.local));
  const lodashNs = new Set(index.imports.filter((i) => DEFAULTS_MODULES.has(i.module) && (i.isDefault || i.member === null)).map((i) => i.local));
  const constants = new Map<string, ts.Expression>();
  for (const v of index.variables) if (ts.isIdentifier(v.name) && v.initializer && index.enclosingId(v) === MODULE) constants.set(v.name.text, v.initializer);
  const KEY = "maxRetriesPerRequest";
  /** The object literal that gives `KEY` in what `e` evaluates to; null when none does (or it is not known). */
  const holder = (e: ts.Expression, depth: number): ts.ObjectLiteralExpression | null => {
    if (depth > 6) return null;
    const u = unwrap(e);
    if (ts.isObjectLiteralExpression(u)) {
      // a later property or spread overrides an earlier one
      for (const p of [...u.properties].reverse()) {
        if (ts.isSpreadAssignment(p)) {
          const h = holder(p.expression, depth + 1);
          if (h) return h;
        } else if (p.name && p.name.getText(sf) === KEY) return u;
      }
      return null;
    }
    if (ts.isIdentifier(u)) {
      const c = constants.get(u.text);
      return c ? holder(c, depth + 1) : null;
    }
    if (ts.isCallExpression(u)) {
      const callee = unwrap(u.expression);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? `${callee.expression.getText(sf)}.${callee.name.text}` : "";
      const isDefaults = defaultsFns.has(name) || (ts.isPropertyAccessExpression(callee) && callee.name.text === "defaults" && lodashNs.has(callee.expression.getText(sf)));
      const args = [...u.arguments];
      if (isDefaults) {
        for (const a of args) {
          const h = holder(a, depth + 1);
          if (h) return h;
        }
        return null;
      }
      if (name === "Object.assign") {
        for (const a of args.reverse()) {
          const h = holder(a, depth + 1);
          if (h) return h;
        }
      }
    }
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isClassLike(node)) {
      const base = (node.heritageClauses ?? []).find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      if (base && ts.isIdentifier(base) && classes.has(base.text)) {
        const ctor = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined);
        const supers: ts.CallExpression[] = [];
        const find = (n: ts.Node): void => {
          if (n !== ctor && ts.isFunctionLike(n) && !ts.isArrowFunction(n)) return;
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword) supers.push(n);
          ts.forEachChild(n, find);
        };
        if (ctor) find(ctor);
        // the constructor's branches build one client: its layer is the super call allowing the most retries
        const read = supers.map((call) => {
          const options = [...call.arguments].map((a) => holder(a, 0)).find((h): h is ts.ObjectLiteralExpression => h !== null) ?? undefined;
          return { call, ...ioredisRetries(options, sf) };
        });
        const worst = read.reduce<(typeof read)[number] | undefined>((w, r) => (!w || (r.retries ?? -1) > (w.retries ?? -1) ? r : w), undefined);
        for (const { call, retries, note, value } of worst ? [worst] : []) {
          facts.layers.push(ioredisLayer(ids.next("L", call, sf), spanOf(call, sf), `${node.name?.text ?? "class"} extends ${base.text}`, { retries, note, value }));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** The layer of an ioredis client, from what `ioredisRetries` read of its options. */
function ioredisLayer(localId: string, anchor: LayerFact["anchor"], label: string, read: Pick<ReturnType<typeof ioredisRetries>, "retries" | "note" | "value">): LayerFact {
  const layer = redisLayer({ localId, anchor, label, library: "ioredis", retries: read.retries, source: read.value ? "config" : "default", note: read.note, wait: IOREDIS_WAIT, errors: IOREDIS_ERRORS });
  if (read.retries === Infinity) layer.timeBound = "none: maxRetriesPerRequest null waits for the connection without bound";
  return layer;
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
