/**
 * ioredis clients that libraries build from options the code hands them — docs/reference/redis.md
 * "ioredis built by libraries". The client is the library's, so nothing in the workspace writes
 * `new Redis(…)`; its command retries are still ioredis's (`maxRetriesPerRequest`, default 20 → 21
 * attempts, counted as in detectors/typescript/ioredis.ts):
 *
 * - `new ThrottlerStorageRedisService(options)` from `@nest-lab/throttler-storage-redis` (1.2.0
 *   `src/throttler-storage-redis.service.js`: an ioredis instance is used as given; a string is
 *   `new Redis(url, options ?? {})`; anything else `new Redis(redisOrOptions)`) → a layer on the `new`,
 *   from the options object literal (nothing given → ioredis defaults). An identifier argument may be
 *   a client built elsewhere (its own `new Redis` is the layer): none here.
 * - Bull (legacy) queues of NestJS: `BullModule.forRoot(…)` / `forRootAsync({ useFactory })` of
 *   `@nestjs/bull` (11.0.4 `bull.providers.js`: the shared config is spread under each queue's
 *   options and handed to `new Bull(name, options)`) — bull 4.16.5 `lib/queue.js` `redisClientGetter`
 *   builds the 'client' connection with `new Redis(opts.redis)` (only 'bclient'/'subscriber' get
 *   `maxRetriesPerRequest: null`), so every queue command (`add`, `addBulk`, job state updates) has
 *   ioredis's default → an implicit layer on the call, unless the options pass `createClient` (the
 *   code builds the clients: their `new Redis` is the layer) or set `redis.maxRetriesPerRequest`.
 *   A plain `new Queue(…)` of bull builds the same connection; not modelled yet (docs/reference/redis.md).
 * - BullMQ's own connections (bullmq 5.49.0 `src/classes/queue-base.ts`, `queue.ts`, `flow-producer.ts`,
 *   `redis-connection.ts`): `new Queue(name, { connection })` and `new FlowProducer({ connection })` build
 *   a RedisConnection with `blocking: false` (Queue calls QueueBase without `hasBlockingConnection`;
 *   FlowProducer passes `blocking: false`), and only a blocking connection gets `maxRetriesPerRequest:
 *   null` — so connection *options* (`{ host, port }`, none at all → 127.0.0.1:6379) become
 *   `new IORedis(opts)` with ioredis's default 20 retries → 21 attempts per command (`add`, `addBulk`,
 *   the flow's `add`) → an implicit layer on the `new`. An IORedis instance handed in is used as given
 *   (`isRedisInstance(opts)`: its own settings; its own `new Redis` is the layer): a local
 *   `new Redis(…)` is no layer here, and an imported name is checked at link time
 *   (LayerFact.connectionRef, engine/libraryConnections.ts: a client → disabled; an options constant's
 *   `maxRetriesPerRequest` → its count). Workers are not modelled: their blocking connection gets null
 *   and their other connection runs the worker loop's bookkeeping, not calls made for a request.
 * The layers stand alone (no ClientFact): the commands are the library's own, not calls of the code.
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import { dottedName, numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { redisLayer } from "../shared/redis";
import { IOREDIS_ERRORS, IOREDIS_WAIT, ioredisRetries } from "./ioredis";
import type { FileIndex, IdAllocator } from "./module";

export function extractIoredisLibraryFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const throttler = new Set(index.imports.filter((i) => i.module === "@nest-lab/throttler-storage-redis" && i.member === "ThrottlerStorageRedisService").map((i) => i.local));
  const bullModule = new Set(index.imports.filter((i) => i.module === "@nestjs/bull" && i.member === "BullModule").map((i) => i.local));
  const bullmqClasses = new Map(index.imports.filter((i) => i.module === "bullmq" && (i.member === "Queue" || i.member === "FlowProducer")).map((i) => [i.local, i.member!]));
  connectionOptionConstants(sf, index, facts);
  if (!throttler.size && !bullModule.size && !bullmqClasses.size) return;
  const push = (node: ts.Node, options: ts.ObjectLiteralExpression | undefined, label: string, by: string): void => {
    const { retries, note, value } = ioredisRetries(options, sf);
    const layer = redisLayer({
      localId: ids.next("L", node, sf),
      anchor: spanOf(node, sf),
      label,
      library: "ioredis",
      retries,
      source: value ? "config" : "default",
      note: `${by}: ${note}`,
      wait: IOREDIS_WAIT,
      errors: IOREDIS_ERRORS,
    });
    if (retries === Infinity) layer.timeBound = "none: maxRetriesPerRequest null waits for the connection without bound";
    facts.layers.push(layer);
  };
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    if (!ts.isIdentifier(callee)) continue;
    const args = [...(node.arguments ?? [])].map((a) => unwrap(a));
    if (!throttler.has(callee.text)) continue;
    const first = args[0];
    // an identifier may be a Redis client built elsewhere: its own `new Redis` is the layer
    if (first && !ts.isObjectLiteralExpression(first) && !ts.isStringLiteralLike(first) && !ts.isTemplateExpression(first)) continue;
    const options = first && ts.isObjectLiteralExpression(first) ? first : args[1] && ts.isObjectLiteralExpression(args[1]) ? args[1] : undefined;
    push(node, options, "ThrottlerStorageRedisService", "ioredis client of @nest-lab/throttler-storage-redis 1.x (new Redis(options))");
  }
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const cls = ts.isIdentifier(callee) ? bullmqClasses.get(callee.text) : undefined;
    if (!cls) continue;
    try {
      bullmqConnection(node, cls, sf, index, facts, ids, push);
    } catch {
      // a shape this reading did not expect: no layer rather than a crash
    }
  }
  for (const call of index.calls) {
    const callee = dottedName(call.expression) ?? "";
    const m = /^(\w+)\.(forRoot|forRootAsync)$/.exec(callee);
    if (!m || !bullModule.has(m[1]!)) continue;
    const args = call.arguments.map((a) => unwrap(a));
    // forRoot(options) / forRoot(configKey, options); forRootAsync({ useFactory: () => options })
    const given = [...args].reverse().find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
    const opts = m[2] === "forRootAsync" ? (given ? factoryResult(given) : undefined) : given;
    bullClient(call, opts, callee, push);
  }
}

/** Bull's 'client' connection: none when the options build the clients (`createClient`). */
function bullClient(node: ts.Node, opts: ts.ObjectLiteralExpression | undefined, label: string, push: (node: ts.Node, options: ts.ObjectLiteralExpression | undefined, label: string, by: string) => void): void {
  if (opts && objectProperty(opts, "createClient")) return;
  const redis = opts ? objectProperty(opts, "redis") : undefined;
  const redisOpts = redis && !ts.isMethodDeclaration(redis) && ts.isObjectLiteralExpression(unwrap(redis)) ? (unwrap(redis) as ts.ObjectLiteralExpression) : undefined;
  push(node, redisOpts, `${label} (Bull's Redis client)`, "Bull's own 'client' connection (bull 4.x lib/queue.js: new Redis(opts.redis))");
}

/** The options object `useFactory` returns (an arrow's expression body or its `return { … }`). */
function factoryResult(o: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  const f = objectProperty(o, "useFactory");
  if (!f) return undefined;
  const fn = ts.isMethodDeclaration(f) ? f : unwrap(f);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn) && !ts.isMethodDeclaration(fn)) return undefined;
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) {
    const b = unwrap(fn.body);
    return ts.isObjectLiteralExpression(b) ? b : undefined;
  }
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found || (n !== fn.body && ts.isFunctionLike(n))) return;
    if (ts.isReturnStatement(n) && n.expression && ts.isObjectLiteralExpression(unwrap(n.expression))) found = unwrap(n.expression) as ts.ObjectLiteralExpression;
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return found;
}

const BULLMQ_BY = "ioredis connection BullMQ builds from the options (bullmq 5.49.0 queue-base.ts/flow-producer.ts: blocking false, so maxRetriesPerRequest is not set to null)";

/**
 * `new Queue(name, { connection })` / `new FlowProducer({ connection })`: the connection BullMQ builds
 * when `connection` is options (a literal, a local constant, nothing at all); none for an IORedis instance
 * (a local `new Redis(…)`, `redis.duplicate()`); an imported name gets the layer with a connectionRef.
 */
function bullmqConnection(node: ts.NewExpression, cls: string, sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, push: (node: ts.Node, options: ts.ObjectLiteralExpression | undefined, label: string, by: string) => void): void {
  const args = [...(node.arguments ?? [])].map((a) => unwrap(a));
  const opts = cls === "Queue" ? args[1] : args[0];
  if (opts && !ts.isObjectLiteralExpression(opts)) return; // options built elsewhere: not known here
  const label = `${cls === "Queue" ? `new Queue(${args[0] && ts.isStringLiteralLike(args[0]) ? JSON.stringify(args[0].text) : "…"})` : "new FlowProducer"} (BullMQ's Redis connection)`;
  const conn = opts ? objectProperty(opts, "connection") : undefined;
  if (!conn) return push(node, undefined, label, `${BULLMQ_BY}; no connection given → 127.0.0.1:6379`);
  if (ts.isMethodDeclaration(conn)) return;
  const c = unwrap(conn);
  if (ts.isObjectLiteralExpression(c)) return push(node, c, label, BULLMQ_BY);
  if (!ts.isIdentifier(c) && !ts.isPropertyAccessExpression(c)) return; // `redis.duplicate()`, a factory's client: an instance
  const name = dottedName(c);
  if (!name) return;
  const root = name.split(".")[0]!;
  if (ts.isIdentifier(c)) {
    const local = index.variables.find((v) => ts.isIdentifier(v.name) && v.name.text === c.text);
    const init = local?.initializer ? unwrap(local.initializer) : undefined;
    if (local) {
      if (init && ts.isObjectLiteralExpression(init)) push(node, init, label, `${BULLMQ_BY} (${c.text})`);
      return; // `new Redis(…)` (its own layer), or a value this file computes
    }
  }
  if (!index.imports.some((i) => i.local === root)) return; // a parameter or a field: not known here
  const before = facts.layers.length;
  push(node, undefined, label, `${BULLMQ_BY}; ${name} is imported: ioredis's default unless it is a client or sets maxRetriesPerRequest`);
  const layer: LayerFact | undefined = facts.layers[before];
  if (layer) layer.connectionRef = { name, scopeId: index.enclosingId(node) };
}

/**
 * Options constants that set `maxRetriesPerRequest` to something other than a number
 * (`export const connection = { host, maxRetriesPerRequest: null }`): a constant `<name>.maxRetriesPerRequest`
 * with its text, so an importing file's connectionRef can read it (number literals are constants already).
 */
function connectionOptionConstants(sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  if (!sf.text.includes("maxRetriesPerRequest")) return;
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!ts.isIdentifier(v.name) || !init || !ts.isObjectLiteralExpression(init)) continue;
    const p = objectProperty(init, "maxRetriesPerRequest");
    if (!p || ts.isMethodDeclaration(p) || numberValue(p) !== null) continue;
    const key = `${v.name.text}.maxRetriesPerRequest`;
    if (facts.constants.some((k) => k.name === key)) continue;
    facts.constants.push({ name: key, value: { kind: "unknown", text: unwrap(p).getText(sf).slice(0, 60) }, line: spanOf(p, sf).line });
  }
}
