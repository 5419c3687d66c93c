/**
 * BullMQ and Bull job retries — docs/reference/bullmq.md (bullmq 5.x/6.x source, bull 4.x).
 *
 * - Queues: `new Queue("emails", { defaultJobOptions: { attempts, backoff } })` (bullmq; Bull:
 *   `new Queue("emails", redisUrl?, opts)` / `Queue("emails")`), bound to a name → a ClientFact of
 *   library "bullmq"/"bull" whose baseUrl is the queue name, with the defaults' layer. NestJS:
 *   `BullModule.registerQueue({ name, defaultJobOptions })` gives a layer the same way, and a
 *   `@InjectQueue("emails")` property names the queue its `this.queue.add(…)` sends to.
 * - Sends (engine/queues/bullmq.ts): `queue.add(name, data, opts)`, `queue.addBulk([{ opts }])`
 *   (Bull: `queue.add([name,] data, opts)`) — a layer when `opts.attempts` is written (it replaces
 *   the queue's default attempts); else the queue's defaults apply.
 * - Tasks: the processor of `new Worker("emails", processor)` (an inline function or one of this
 *   file), Bull `queue.process([name,] [concurrency,] processor)`, a NestJS `@Processor("emails")`
 *   class's `process` method (Bull: its `@Process()` methods) → `TASK /<queue name>`.
 * - Numbers: `attempts` counts **attempts** (the first run included): default 1 → no layer; 0 or 1
 *   → disabled. `backoff`: none → immediate retry; a number or `{ type: "fixed", delay }` → fixed;
 *   `{ type: "exponential", delay }` → bullmq `delay × 2^(n−1)`, Bull `delay × (2^n − 1)`;
 *   bullmq `jitter` (0–1, from 5.54.0) randomises it. `UnrecoverableError` is never retried (bullmq).
 */
import type { ClientFact, FileFacts, LayerFact, QueueSendFact, WaitSpec } from "../../model/facts";
import { dottedName, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

type Lib = "bullmq" | "bull";
const MODULES: Record<string, Lib> = { bullmq: "bullmq", bull: "bull", "@nestjs/bullmq": "bullmq", "@nestjs/bull": "bull" };

export function extractBullmqFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const imported = index.imports.filter((i) => MODULES[i.module] !== undefined);
  const required = index.variables.filter((v) => {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    return init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "require" && ts.isStringLiteralLike(init.arguments[0] ?? sf) && MODULES[(init.arguments[0] as ts.StringLiteral).text] !== undefined;
  });
  // a file that only sends, through a queue it imports (`emailQueue.add(…)`), need not import bullmq
  if (!imported.length && !required.length && !/\.add(Bulk)?\s*\(/.test(sf.text)) return;
  const libOf = new Map<string, Lib>();
  const queueClasses = new Map<string, Lib>();
  const workerClasses = new Set<string>();
  for (const i of imported) {
    const lib = MODULES[i.module]!;
    libOf.set(i.local, lib);
    if (i.member === "Queue" || (lib === "bull" && (i.isDefault || i.member === null))) queueClasses.set(i.local, lib);
    if (i.member === "Worker") workerClasses.add(i.local);
  }
  for (const v of required) {
    const lib = MODULES[((unwrap(v.initializer!) as ts.CallExpression).arguments[0] as ts.StringLiteral).text]!;
    if (ts.isIdentifier(v.name) && lib === "bull") queueClasses.set(v.name.text, lib);
    if (ts.isObjectBindingPattern(v.name)) {
      for (const e of v.name.elements) {
        const member = e.propertyName && ts.isIdentifier(e.propertyName) ? e.propertyName.text : e.name.getText(sf);
        if (member === "Queue") queueClasses.set(e.name.getText(sf), lib);
        if (member === "Worker") workerClasses.add(e.name.getText(sf));
      }
    }
  }
  const fileLib: Lib = [...libOf.values(), ...queueClasses.values()].includes("bullmq") ? "bullmq" : "bull";
  const strings = stringConstants(index);
  // a queue named by an imported constant (`new Worker(EMAIL_QUEUE, …)`, `QUEUES.EMAIL`): the name as written,
  // marked "$", so the Queue and the Worker that import the same constant meet
  const importedNames = new Set(index.imports.map((i) => i.local));
  const nameOf = (e: ts.Expression | undefined): string | null => {
    if (!e) return null;
    const u = unwrap(e);
    if (ts.isStringLiteralLike(u)) return u.text;
    const text = ts.isIdentifier(u) || ts.isPropertyAccessExpression(u) ? u.getText(sf) : null;
    if (!text) return null;
    return strings.get(text) ?? (importedNames.has(text.split(".")[0]!) ? `$${text}` : null);
  };

  // queues bound to names: `const q = new Queue("emails", {...})`
  const queues = new Map<string, { lib: Lib; name: string }>();
  const queueNews = [
    ...index.newExpressions.map((n) => ({ node: n as ts.NewExpression | ts.CallExpression, callee: unwrap(n.expression), args: [...(n.arguments ?? [])] })),
    ...index.calls.map((c) => ({ node: c as ts.NewExpression | ts.CallExpression, callee: unwrap(c.expression), args: [...c.arguments] })),
  ];
  for (const q of queueNews) {
    const cls = ts.isIdentifier(q.callee) ? q.callee.text : null;
    const lib = cls ? queueClasses.get(cls) : undefined;
    if (!lib || (ts.isCallExpression(q.node) && lib !== "bull")) continue;
    const name = nameOf(q.args[0]);
    const opts = q.args.slice(1).map((a) => unwrap(a)).find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
    const defaults = opts ? objectLiteral(objectProperty(opts, "defaultJobOptions")) : undefined;
    const layer = defaults ? jobLayer(defaults, lib, ids.next("L", q.node, sf), sf, `${name ?? "queue"} defaultJobOptions`) : null;
    if (layer) facts.layers.push(layer);
    const bound = bindingName(q.node as ts.NewExpression);
    if (!bound.name || name === null) continue;
    queues.set(bound.name, { lib, name });
    const client: ClientFact = {
      id: ids.next("K", q.node, sf),
      name: bound.name,
      functionId: bound.module ? MODULE : index.enclosingId(q.node),
      span: spanOf(q.node, sf),
      library: lib,
      baseUrl: { kind: "string", value: name },
      layerIds: layer ? [layer.localId] : [],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
    };
    facts.clients.push(client);
  }

  // NestJS: BullModule.registerQueue({ name, defaultJobOptions }) and @InjectQueue("name") properties
  const injected = new Map<string, string>();
  for (const call of index.calls) {
    const callee = dottedName(call.expression) ?? "";
    if (/(^|\.)BullModule\.registerQueue(Async)?$/.test(callee) && libOf.has("BullModule")) {
      for (const a of call.arguments) {
        const o = unwrap(a);
        if (!ts.isObjectLiteralExpression(o)) continue;
        const name = nameOf(propertyExpr(o, "name"));
        const defaults = objectLiteral(objectProperty(o, "defaultJobOptions"));
        const lib = libOf.get("BullModule")!;
        const layer = defaults ? jobLayer(defaults, lib, ids.next("L", o, sf), sf, `${name ?? "queue"} defaultJobOptions`) : null;
        if (!layer || name === null) continue;
        facts.layers.push(layer);
        facts.clients.push({ id: ids.next("K", o, sf), name: `@queue:${name}`, functionId: MODULE, span: spanOf(o, sf), library: lib, baseUrl: { kind: "string", value: name }, layerIds: [layer.localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
      }
    }
  }
  const visitDecorated = (node: ts.Node): void => {
    if ((ts.isParameter(node) || ts.isPropertyDeclaration(node)) && ts.isIdentifier(node.name)) {
      for (const d of ts.getDecorators(node) ?? []) {
        const e = unwrap(d.expression);
        if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "InjectQueue") {
          const name = nameOf(e.arguments[0]);
          if (name) injected.set(`this.${node.name.text}`, name);
        }
      }
    }
    if (ts.isClassDeclaration(node)) processorClass(node, sf, index, facts, nameOf, libOf);
    ts.forEachChild(node, visitDecorated);
  };
  visitDecorated(sf);

  // processors: new Worker("emails", processor), Bull queue.process([name,] [n,] processor)
  for (const n of index.newExpressions) {
    const callee = unwrap(n.expression);
    if (!ts.isIdentifier(callee) || !workerClasses.has(callee.text)) continue;
    const args = [...(n.arguments ?? [])];
    const name = nameOf(args[0]);
    if (name) markProcessor(args[1], name, "bullmq", sf, index, facts);
  }
  const sends: QueueSendFact[] = [];
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    const receiver = dottedName(callee.expression);
    if (!receiver) continue;
    const member = callee.name.text;
    const local = queues.get(receiver);
    if (member === "process" && local?.lib === "bull") {
      const fnArg = [...call.arguments].reverse().find((a) => !ts.isStringLiteralLike(unwrap(a)) && !ts.isNumericLiteral(unwrap(a)));
      markProcessor(fnArg, local.name, "bull", sf, index, facts);
      continue;
    }
    if (member !== "add" && member !== "addBulk") continue;
    const queueName = local?.name ?? injected.get(receiver) ?? null;
    const importedReceiver = index.imports.some((i) => i.local === receiver.split(".")[0]);
    if (!local && !injected.has(receiver) && !importedReceiver) continue;
    const lib = local?.lib ?? fileLib;
    let opts: ts.ObjectLiteralExpression | undefined;
    if (member === "add") {
      // bullmq add(name, data, opts); Bull add(data, opts) or add(name, data, opts)
      const args = [...call.arguments].map((a) => unwrap(a));
      const named = args[0] !== undefined && (ts.isStringLiteralLike(args[0]) || nameOf(args[0]) !== null);
      const o = lib === "bull" && !named ? args[1] : args[2];
      opts = o && ts.isObjectLiteralExpression(o) ? o : undefined;
    } else {
      const list = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
      const first = list && ts.isArrayLiteralExpression(list) ? list.elements.map((e) => unwrap(e)).find((e): e is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(e)) : undefined;
      opts = first ? objectLiteral(objectProperty(first, "opts")) : undefined;
    }
    const layer = opts && objectProperty(opts, "attempts") ? jobLayer(opts, lib, ids.next("L", call, sf), sf, `${queueName ?? receiver}.${member}`) : null;
    if (layer) facts.layers.push(layer);
    const send = { callee: dottedName(call.expression)!, line: spanOf(call, sf).line, scopeId: index.enclosingId(call), taskName: queueName, taskRef: null, layerIds: layer ? [layer.localId] : [] };
    // a file importing neither library sends through an imported queue of either: the adapter checks its ClientFact
    for (const l of local || imported.length || required.length ? [lib] : (["bullmq", "bull"] as Lib[])) sends.push({ library: l, ...send });
  }
  if (sends.length) (facts.queueSends ??= []).push(...sends);
}

/** `@Processor("emails") class P extends WorkerHost { process(job) }`; Bull: its `@Process()` methods. */
function processorClass(cls: ts.ClassDeclaration, sf: ts.SourceFile, index: FileIndex, facts: FileFacts, nameOf: (e: ts.Expression | undefined) => string | null, libOf: Map<string, Lib>): void {
  const dec = (ts.getDecorators(cls) ?? []).map((d) => unwrap(d.expression)).find((e): e is ts.CallExpression => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "Processor" && libOf.has("Processor"));
  if (!dec) return;
  const lib = libOf.get("Processor")!;
  const a0 = dec.arguments[0] ? unwrap(dec.arguments[0]) : undefined;
  const name = a0 && ts.isObjectLiteralExpression(a0) ? nameOf(propertyExpr(a0, "name")) : nameOf(a0);
  if (!name) return;
  for (const m of cls.members) {
    if (!ts.isMethodDeclaration(m) || !m.body) continue;
    const isProcess = lib === "bullmq" ? m.name.getText(sf) === "process" : (ts.getDecorators(m) ?? []).some((d) => /^Process\b/.test(unwrap(d.expression).getText(sf)));
    if (isProcess) markFunction(m, name, lib, index, facts);
  }
}

function markProcessor(arg: ts.Expression | undefined, queue: string, lib: Lib, sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  if (!arg) return;
  const a = unwrap(arg);
  const node = ts.isIdentifier(a) ? index.resolveName(a.text, a)?.node : ts.isArrowFunction(a) || ts.isFunctionExpression(a) ? a : undefined;
  if (node) markFunction(node, queue, lib, index, facts);
  void sf;
}

function markFunction(node: ts.Node, queue: string, lib: Lib, index: FileIndex, facts: FileFacts): void {
  const id = index.idOf(node);
  const fn = id ? facts.functions.find((f) => f.id === id) : undefined;
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${queue}`, library: lib };
  if (id) facts.referencedFunctions = facts.referencedFunctions.filter((r) => r !== id);
}

function propertyExpr(o: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  const v = objectProperty(o, key);
  return v && !ts.isMethodDeclaration(v) ? unwrap(v) : undefined;
}

function objectLiteral(v: ts.Expression | ts.MethodDeclaration | undefined): ts.ObjectLiteralExpression | undefined {
  if (!v || ts.isMethodDeclaration(v)) return undefined;
  const u = unwrap(v);
  return ts.isObjectLiteralExpression(u) ? u : undefined;
}

function stringConstants(index: FileIndex): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (ts.isIdentifier(v.name) && init && ts.isStringLiteralLike(init)) out.set(v.name.text, init.text);
    // `const QUEUES = { EMAIL: "emails" }` → QUEUES.EMAIL
    if (ts.isIdentifier(v.name) && init && ts.isObjectLiteralExpression(init)) {
      for (const p of init.properties) {
        if (ts.isPropertyAssignment(p) && ts.isStringLiteralLike(unwrap(p.initializer))) out.set(`${v.name.text}.${p.name.getText()}`, (unwrap(p.initializer) as ts.StringLiteral).text);
      }
    }
  }
  return out;
}

/** The layer of a job-options object (`{ attempts, backoff }`); null when it sets no attempts. */
export function jobLayer(opts: ts.ObjectLiteralExpression, lib: Lib, localId: string, sf: ts.SourceFile, label: string): LayerFact | null {
  const attemptsNode = propertyExpr(opts, "attempts");
  if (!attemptsNode) return null;
  const version = lib === "bullmq" ? "bullmq 5.x" : "bull 4.x";
  const v = valueOf(attemptsNode);
  const text = attemptsNode.getText(sf);
  let maxAttempts: number | null;
  let note: string;
  let unknown = false;
  if (v.kind === "number") {
    maxAttempts = Math.max(1, Math.trunc(v.value));
    note = `attempts: ${text} → ${maxAttempts} attempt${maxAttempts === 1 ? " (no retry)" : "s"}, the first run included (${version})`;
  } else {
    maxAttempts = null;
    unknown = true;
    note = `attempts: ${text.slice(0, 40)}: not known statically (${version})`;
  }
  const prop = objectProperty(opts, "attempts");
  const anchorNode = prop && !ts.isMethodDeclaration(prop) ? prop.parent : attemptsNode;
  return {
    localId,
    kind: "bullmq-job",
    category: "code",
    library: lib,
    anchor: spanOf(anchorNode, sf),
    maxAttempts,
    attemptsSource: "config",
    attemptsNote: note,
    timeBound: null,
    ...(unknown ? { countUnknown: true } : {}),
    wait: backoffWait(propertyExpr(opts, "backoff"), lib, sf),
    condition: {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: lib === "bullmq" ? "every error the processor throws is retried (only an UnrecoverableError stops it)" : "every error the processor throws is retried",
      honoursRetryAfter: false,
      description: "a failed job (the processor threw, or it stalled past maxStalledCount) runs again from the start",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label,
  };
}

function backoffWait(b: ts.Expression | undefined, lib: Lib, sf: ts.SourceFile): WaitSpec {
  if (!b) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "no backoff: a failed job is retried at once" };
  const v = valueOf(b);
  if (v.kind === "number") return { kind: "fixed", jitter: false, initialSeconds: v.value / 1000, maxSeconds: v.value / 1000, source: "config", description: `backoff: ${v.value} → fixed ${v.value} ms, no jitter` };
  if (!ts.isObjectLiteralExpression(b)) return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `backoff: ${b.getText(sf).slice(0, 40)}` };
  const type = valueOf(propertyExpr(b, "type") ?? b);
  const delayV = propertyExpr(b, "delay");
  const delay = delayV ? valueOf(delayV) : null;
  const ms = delay?.kind === "number" ? delay.value : delayV ? null : 0;
  const jitterV = propertyExpr(b, "jitter");
  const jitterN = jitterV ? valueOf(jitterV) : null;
  const jitter = lib === "bullmq" && jitterV ? (jitterN?.kind === "number" ? jitterN.value > 0 : null) : false;
  const jitterText = jitter ? `, jitter ${jitterN?.kind === "number" ? jitterN.value : "?"} (bullmq ≥ 5.54)` : ", no jitter";
  const secs = ms === null ? null : ms / 1000;
  if (type.kind === "string" && type.value === "fixed") return { kind: "fixed", jitter, initialSeconds: secs, maxSeconds: secs, source: "config", description: `fixed ${ms ?? "?"} ms${jitterText}` };
  if (type.kind === "string" && type.value === "exponential") {
    const first = secs === null ? null : lib === "bull" ? secs : secs;
    return { kind: "exponential", jitter, initialSeconds: first, maxSeconds: null, source: "config", description: lib === "bull" ? `exponential ${ms ?? "?"} ms × (2^n − 1), no cap, no jitter` : `exponential ${ms ?? "?"} ms × 2^(n−1), no cap${jitterText}` };
  }
  return { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `custom backoff strategy ${type.kind === "string" ? `"${type.value}"` : b.getText(sf).slice(0, 40)}` };
}
