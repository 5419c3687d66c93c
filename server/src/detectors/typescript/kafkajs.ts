/**
 * kafkajs produce retries and consumer re-runs — docs/reference/kafka.md §kafkajs.
 * - `kafka.producer(opts)` (a file importing "kafkajs"; `kafka` a `new Kafka({…})` of the file or
 *   a `Kafka` from elsewhere, e.g. injected) → a producer layer on the call. The retrier takes
 *   `{ ...new Kafka({ retry }), ...producer({ retry }) }` over src/retry/defaults.js
 *   (`retries: 5`, `initialRetryTime: 300`, `factor: 0.2`, `multiplier: 2`, `maxRetryTime: 30000`):
 *   `retries` counts **retries**: default 5 → **6 attempts**; n → n + 1; 0 → 1. `idempotent: true`
 *   changes no count through `kafka.producer()` (kafkajs 1.x/2.x pass a retry object, so
 *   `retries: idempotent ? Number.MAX_SAFE_INTEGER : 5` never applies); it makes re-sends safe.
 *   Wait: 300 ms × 2 per retry, ±20 % random, each wait capped at 30 s.
 * - `producer.send({ topic, messages })` / `sendBatch` is a request to the first literal broker of
 *   the Kafka of the file, else `kafka`.
 * - `consumer.run({ eachMessage | eachBatch })` (a consumer from `kafka.consumer(…)` of the file):
 *   an error thrown by the handler is retried with the client retry, then the consumer crashes and
 *   restarts (`restartOnFailure` default) and the uncommitted message is delivered again: a code
 *   layer around the handler with **no count bound**. A handler whose whole body is a `try` whose
 *   `catch` never throws is not a layer.
 */
import type { ClientFact, FileFacts, LayerFact, ValueExpr } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING, kafkaProducerLayer } from "../shared/kafka";

const LIBRARY = "kafkajs";
const DEFAULT_RETRIES = 5;

interface KafkaInstance {
  retries: number | null | undefined;
  retriesText: string | null;
  broker: ValueExpr;
}

export function extractKafkajsFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Set(index.imports.filter((i) => i.module === "kafkajs" && (i.member === "Kafka" || i.isDefault || i.member === null)).map((i) => i.local));
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
    const arg = init.arguments[0];
    if (!arg || !ts.isStringLiteral(arg) || arg.text !== "kafkajs") continue;
    if (ts.isIdentifier(v.name)) classes.add(v.name.text);
    else if (ts.isObjectBindingPattern(v.name)) for (const e of v.name.elements) if (e.name.getText(sf) === "Kafka" || (e.propertyName && e.propertyName.getText(sf) === "Kafka")) classes.add(e.name.getText(sf));
  }
  if (!classes.size && !index.imports.some((i) => i.module === "kafkajs")) return;
  // `new Kafka({ brokers, retry })` of the file, by the name it is bound to
  const kafkas = new Map<string, KafkaInstance>();
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const root = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    if (!ts.isIdentifier(root) || !(classes.has(root.text) || (ts.isPropertyAccessExpression(callee) && root.text === "Kafka"))) continue;
    const options = node.arguments?.[0] ? unwrap(node.arguments[0]) : undefined;
    const opts = options && ts.isObjectLiteralExpression(options) ? options : undefined;
    const r = retriesOf(opts, sf);
    const name = bindingName(node).name || "kafka";
    kafkas.set(name, { retries: r.value, retriesText: r.text, broker: brokerOf(opts) });
  }
  const only = kafkas.size === 1 ? [...kafkas.values()][0]! : undefined;
  const consumers = new Set<string>();
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    const method = callee.name.text;
    const receiver = receiverName(callee.expression);
    if (method === "consumer") {
      const bound = bindingName(call).name;
      if (bound) consumers.add(bound);
      continue;
    }
    if (method === "run" && receiver && consumers.has(receiver)) {
      consumerLayer(sf, index, facts, ids, call, receiver);
      continue;
    }
    if (method !== "producer") continue;
    const kafka = receiver ? kafkas.get(receiver) : undefined;
    const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    const opts = options && ts.isObjectLiteralExpression(options) ? options : undefined;
    const own = retriesOf(opts, sf);
    const idempotent = opts ? unwrap((objectProperty(opts, "idempotent") as ts.Expression) ?? opts).kind === ts.SyntaxKind.TrueKeyword : false;
    let retries: number | null;
    let note: string;
    let source: "default" | "config" = "config";
    if (own.value !== undefined) {
      retries = own.value;
      note = own.value === null ? `producer({ retry: { retries: ${own.text} } }): not a literal (kafkajs; counts retries, default 5)` : `producer({ retry: { retries: ${own.text} } }) → ${own.value + 1} attempt${own.value === 0 ? "" : "s"} (kafkajs; retries counts retries)`;
    } else if (kafka && kafka.retries !== undefined) {
      retries = kafka.retries;
      note = kafka.retries === null ? `new Kafka({ retry: { retries: ${kafka.retriesText} } }): not a literal (kafkajs; default 5)` : `new Kafka({ retry: { retries: ${kafka.retriesText} } }) → ${kafka.retries + 1} attempt${kafka.retries === 0 ? "" : "s"} (kafkajs; the producer inherits the client retry)`;
    } else {
      retries = DEFAULT_RETRIES;
      source = "default";
      note = `default retry.retries 5 → 6 attempts (kafkajs ≥ 1.x, src/retry/defaults.js)${kafka ? "" : "; inherited from a Kafka client built elsewhere, assumed to set no retry"}`;
    }
    if (options && !opts) note += `; producer options ${options.getText(sf).slice(0, 40)} are not a literal (a retry there is not seen)`;
    if (idempotent) note += "; idempotent: true (no count change through kafka.producer(); re-sends are de-duplicated)";
    const bound = bindingName(call);
    const localId = ids.next("L", call, sf);
    facts.layers.push(kafkaProducerLayer({
      localId,
      anchor: spanOf(call, sf),
      label: bound.name || `${receiver ?? "kafka"}.producer`,
      library: LIBRARY,
      attempts: retries === null ? null : retries + 1,
      source,
      note,
      wait: { kind: "exponential", jitter: true, initialSeconds: 0.3, maxSeconds: 30, source: own.value !== undefined || kafka?.retries !== undefined ? "config" : "default", description: "300 ms × 2 per retry, ±20 % random (factor 0.2), each wait capped at maxRetryTime 30 s" },
      errors: "retriable Kafka protocol errors (leader not available, not leader for partition, request timed out, network errors)",
      idempotent,
      unknown: retries === null,
    }));
    if (!bound.name) continue;
    const client: ClientFact = {
      id: ids.next("K", call, sf),
      name: bound.name,
      functionId: bound.module ? MODULE : index.enclosingId(call),
      span: spanOf(call, sf),
      library: LIBRARY,
      baseUrl: (kafka ?? only)?.broker ?? { kind: "string", value: KAFKA_DEFAULT_TARGET },
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: KAFKA_NOT_SENDING, protocol: "queue" },
    };
    facts.clients.push(client);
  }
}

function receiverName(e: ts.Expression): string | null {
  const n = unwrap(e);
  if (ts.isIdentifier(n)) return n.text;
  if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword) return `this.${n.name.text}`;
  return null;
}

/** `retry: { retries: N }` of an options literal: undefined when not written, null when not a literal */
function retriesOf(opts: ts.ObjectLiteralExpression | undefined, sf: ts.SourceFile): { value: number | null | undefined; text: string | null } {
  const retry = opts ? objectProperty(opts, "retry") : undefined;
  const r = retry && !ts.isMethodDeclaration(retry) ? unwrap(retry) : undefined;
  if (!r || !ts.isObjectLiteralExpression(r)) return { value: undefined, text: null };
  const n = objectProperty(r, "retries");
  if (!n || ts.isMethodDeclaration(n)) return { value: undefined, text: null };
  const v = valueOf(n);
  return { value: v.kind === "number" ? Math.max(0, v.value) : null, text: n.getText(sf) };
}

function brokerOf(opts: ts.ObjectLiteralExpression | undefined): ValueExpr {
  const brokers = opts ? objectProperty(opts, "brokers") : undefined;
  const list = brokers && !ts.isMethodDeclaration(brokers) ? unwrap(brokers) : undefined;
  const first = list && ts.isArrayLiteralExpression(list) ? list.elements[0] : undefined;
  const v = first ? valueOf(first) : null;
  if (v?.kind === "string") return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `kafka://${v.value}` };
  return { kind: "string", value: KAFKA_DEFAULT_TARGET };
}

/** `consumer.run({ eachMessage })`: the handler is re-run on a thrown error, then the consumer restarts */
function consumerLayer(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, call: ts.CallExpression, receiver: string): void {
  let arg = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  // `this.runConfig ?? { eachMessage … }`: the literal fallback is what runs unless a config is given
  while (arg && ts.isBinaryExpression(arg) && (arg.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || arg.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    arg = ts.isObjectLiteralExpression(unwrap(arg.right)) ? unwrap(arg.right) : unwrap(arg.left);
  }
  if (!arg || !ts.isObjectLiteralExpression(arg)) return;
  const key = objectProperty(arg, "eachMessage") ? "eachMessage" : objectProperty(arg, "eachBatch") ? "eachBatch" : null;
  if (!key) return;
  const h = objectProperty(arg, key)!;
  const handler: ts.Node = ts.isMethodDeclaration(h) ? h : unwrap(h);
  if (!(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler) || ts.isMethodDeclaration(handler))) return;
  if (swallowsEverything(handler)) return;
  const functionId = index.idOf(handler);
  const layer: LayerFact = {
    localId: ids.next("L", call, sf),
    kind: "kafka-consumer",
    category: "code",
    library: LIBRARY,
    anchor: spanOf(call, sf),
    maxAttempts: null,
    attemptsSource: "default",
    attemptsNote: `${key} throws → kafkajs retries it with the client retry (default 5 retries), then the consumer crashes, restarts (restartOnFailure) and the uncommitted message is delivered again: no count bound`,
    timeBound: null,
    wait: { kind: "exponential", jitter: true, initialSeconds: 0.3, maxSeconds: 30, source: "default", description: "the client retry (300 ms × 2, ±20 %), then a consumer restart" },
    condition: {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: "every error the handler throws, a poison message included, is retried and redelivered",
      honoursRetryAfter: null,
      description: `every error thrown by ${key}: the whole handler runs again`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: functionId ? { kind: "function", functionId } : { kind: "block", functionId: index.enclosingId(call), callIds: [] },
    label: `${receiver}.run ${key}`,
  };
  facts.layers.push(layer);
}

/** the handler's body is one `try` whose `catch` never throws: no error leaves it */
function swallowsEverything(fn: ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration): boolean {
  const body = fn.body;
  if (!body || !ts.isBlock(body)) return false;
  const statements = body.statements;
  if (statements.length !== 1 || !ts.isTryStatement(statements[0]!)) return false;
  const c = statements[0].catchClause;
  if (!c) return false;
  let throws = false;
  const visit = (n: ts.Node) => {
    if (ts.isThrowStatement(n)) throws = true;
    else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  visit(c.block);
  return !throws;
}
