/**
 * BullMQ and Bull job retries — docs/reference/bullmq.md (bullmq 5.x/6.x source, bull 4.x).
 *
 * - Queues: `new Queue("emails", { defaultJobOptions: { attempts, backoff } })` (bullmq; Bull:
 *   `new Queue("emails", redisUrl?, opts)` / `Queue("emails")`), bound to a name → a ClientFact of
 *   library "bullmq"/"bull" whose baseUrl is the queue name, with the defaults' layer. NestJS:
 *   `BullModule.registerQueue({ name, defaultJobOptions })` gives a layer the same way (also
 *   `registerQueueAsync({ name, useFactory })`, and the `{ name, defaultJobOptions }` a function of a
 *   bull(mq)-importing file returns for `registerQueue(getOptions())`), registered by name for every
 *   file's sends, and a `@InjectQueue("emails")` property names the queue its `this.queue.add(…)` sends to.
 * - Sends (engine/queues/bullmq.ts): `queue.add(name, data, opts)`, `queue.addBulk([{ opts }])`
 *   (Bull: `queue.add([name,] data, opts)`) — a layer when `opts.attempts` is written (it replaces
 *   the queue's default attempts); else the queue's defaults apply.
 * - Tasks: the processor of `new Worker("emails", processor)` (an inline function or one of this
 *   file), Bull `queue.process([name,] [concurrency,] processor)`, a NestJS `@Processor("emails")`
 *   class's `process` method (Bull: its `@Process()` methods) → `TASK /<queue name>`.
 * - Job options in constants (`export const OPTS: JobOptions = { attempts: 12 }`): a layer of the
 *   constant's file with a ClientFact of its name; sends spreading or naming it record `optionRefs`
 *   (resolved through imports at link time). A call handing job-shaped objects (`{ name, data, opts }`)
 *   to a method that sends its parameter (`optionsFromParam`) is a send of its own (`viaWrapper`).
 *   Bull job names (`@Process({ name })`, `queue.process(name, fn)`, the send's name) route a job to
 *   its processor (bull 4.16.5, @nestjs/bull 11.0.4).
 * - Numbers: `attempts` counts **attempts** (the first run included): default 1 → no layer; 0 or 1
 *   → disabled. `backoff`: none → immediate retry; a number or `{ type: "fixed", delay }` → fixed;
 *   `{ type: "exponential", delay }` → bullmq `delay × 2^(n−1)`, Bull `delay × (2^n − 1)`;
 *   bullmq `jitter` (0–1, from 5.54.0) randomises it. `UnrecoverableError` is never retried (bullmq).
 */
import { REGISTERED_QUEUE, type ClientFact, type FileFacts, type LayerFact, type QueueSendFact, type ValueExpr, type WaitSpec } from "../../model/facts";
import { calleeText, dottedName, envVarName, numberValue, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
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
  // …nor need a file that hands job-shaped objects (`{ name, data, opts }`) to a function that sends them;
  // a file importing only types (`import type { JobsOptions } from "bullmq"`) may hold job-options constants
  const types = typeImports(sf);
  if (!imported.length && !required.length && !types.size && !/\.add(Bulk)?\s*\(|\bopts\s*:|\battempts\s*:/.test(sf.text)) return;
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

  const options = jobOptionConstants(sf, index, facts, ids, new Map([...types, ...libOf]), fileLib);

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
    // a local of a function (`const queue = new Queue("boxes")` in each of several methods) is keyed by its scope too
    queues.set(bound.module ? bound.name : `${index.enclosingId(q.node)}\u0000${bound.name}`, { lib, name });
    if (!queues.has(bound.name)) queues.set(bound.name, { lib, name });
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
  const registered = new Set<ts.ObjectLiteralExpression>();
  const register = (o: ts.ObjectLiteralExpression, defaults: ts.ObjectLiteralExpression | undefined, nameExpr: ts.Expression | undefined, lib: Lib): void => {
    if (registered.has(o)) return;
    registered.add(o);
    const name = nameOf(nameExpr);
    const label = `${name?.replace(/^\$/, "") ?? "queue"} defaultJobOptions`;
    const layer = defaults && name !== null ? jobLayer(defaults, lib, ids.next("L", o, sf), sf, label) : null;
    if (!layer || name === null) return;
    facts.layers.push(layer);
    // a queue registered by name: the linker finds it for the sends of every file (engine/queues/bullmq.ts)
    facts.clients.push({ id: ids.next("K", o, sf), name: `${REGISTERED_QUEUE}${name}`, functionId: MODULE, span: spanOf(o, sf), library: lib, baseUrl: { kind: "string", value: name }, layerIds: [layer.localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
  };
  for (const call of index.calls) {
    const callee = dottedName(call.expression) ?? "";
    const m = /(^|\.)BullModule\.registerQueue(Async)?$/.exec(callee);
    if (!m || !libOf.has("BullModule")) continue;
    const lib = libOf.get("BullModule")!;
    for (const a of call.arguments) {
      const o = unwrap(a);
      if (!ts.isObjectLiteralExpression(o)) continue;
      if (!m[2]) {
        register(o, objectLiteral(objectProperty(o, "defaultJobOptions")), propertyExpr(o, "name"), lib);
        continue;
      }
      // registerQueueAsync({ name, useFactory: () => ({ defaultJobOptions }) }): the factory's options, the outer name
      const factory = objectProperty(o, "useFactory");
      const fn = factory && !ts.isMethodDeclaration(factory) ? unwrap(factory) : factory;
      if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn))) continue;
      for (const r of returnedObjects(fn)) register(r, objectLiteral(objectProperty(r, "defaultJobOptions")), propertyExpr(r, "name") ?? propertyExpr(o, "name"), lib);
    }
  }
  // queue options a function builds (`export function getMailQueueOptions(): RegisterQueueOptions { return { name, defaultJobOptions } }`,
  // handed to BullModule.registerQueue(getMailQueueOptions()) in module files): the `{ name, defaultJobOptions }` shape is
  // @nestjs/bull(mq)'s RegisterQueueOptions, so in a file importing one of those modules (types included) it is a registration
  const optionsLib = libOf.get("BullModule") ?? [...libOf.values(), ...types.values()].find((l) => l === "bullmq") ?? [...types.values()][0];
  if (optionsLib) {
    for (const f of index.functions) {
      if (registeredInCall(f.node)) continue;
      for (const r of returnedObjects(f.node)) {
        const defaults = objectLiteral(objectProperty(r, "defaultJobOptions"));
        if (defaults && propertyExpr(r, "name")) register(r, defaults, propertyExpr(r, "name"), optionsLib);
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
  const gettersRead = new Set<ts.ObjectLiteralExpression>();
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    // a queue a function hands back (`taskQueue().add(…)`, outline's cached-queue getters): named by the call
    const receiver = dottedName(callee.expression) ?? queueGetterCall(callee.expression);
    if (!receiver) continue;
    const member = callee.name.text;
    const local = queueIn(queues, index.enclosingId(call), receiver);
    if (member === "process" && local?.lib === "bull") {
      const fnArg = [...call.arguments].reverse().find((a) => !ts.isStringLiteralLike(unwrap(a)) && !ts.isNumericLiteral(unwrap(a)));
      const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
      markProcessor(fnArg, local.name, "bull", sf, index, facts, first && first !== fnArg && ts.isStringLiteralLike(first) ? first.text : null);
      continue;
    }
    if (member !== "add" && member !== "addBulk") continue;
    const queueName = local?.name ?? injected.get(receiver) ?? null;
    const importedReceiver = index.imports.some((i) => i.local === receiver.split(".")[0]!.replace(/\(\)$/, ""));
    if (!local && !injected.has(receiver) && !importedReceiver) continue;
    const lib = local?.lib ?? fileLib;
    let optsExpr: ts.Expression | undefined;
    let listFromParam = false;
    let jobName: string | null = null;
    if (member === "add") {
      // bullmq add(name, data, opts); Bull add(data, opts) or add(name, data, opts)
      const args = [...call.arguments].map((a) => unwrap(a));
      const named = args[0] !== undefined && (ts.isStringLiteralLike(args[0]) || nameOf(args[0]) !== null || (lib === "bull" && args.length >= 3));
      optsExpr = lib === "bull" && !named ? args[1] : args[2];
      jobName = named ? nameOf(args[0]) : null;
    } else {
      const list = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
      const first = list ? jobShaped(list) : undefined;
      optsExpr = first ? propertyExpr(first, "opts") : undefined;
      // the name of the first job, also when it passes no options
      const named = first ?? (list && ts.isArrayLiteralExpression(list) ? list.elements.map((e) => unwrap(e)).find((e): e is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(e)) : undefined);
      jobName = named ? nameOf(propertyExpr(named, "name")) : null;
      listFromParam = !!list && ts.isIdentifier(list) && parameterNames(call).has(list.text);
    }
    const given = options.of(optsExpr, call);
    // `{ ...options, ...this.options }`: the object a getter of this class returns (outline's BaseTask.options)
    const getter = given.literal ? undefined : thisGetterOptions(optsExpr, call, sf);
    if (getter) {
      given.literal = getter.literal;
      gettersRead.add(getter.literal);
    }
    const layer = given.literal ? jobLayer(given.literal, lib, ids.next("L", getter ? getter.literal : call, sf), sf, `${queueName ?? receiver}.${member}${getter ? ` (${getter.name})` : ""}`) : null;
    if (layer) facts.layers.push(layer);
    const send: Omit<QueueSendFact, "library"> = { callee: dottedName(call.expression) ?? `${receiver}.${member}`, line: spanOf(call, sf).line, scopeId: index.enclosingId(call), taskName: queueName, taskRef: null, layerIds: layer ? [layer.localId] : [] };
    if (!layer && given.refs.length) send.optionRefs = given.refs;
    if (given.fromParam || listFromParam) send.optionsFromParam = true;
    if (jobName !== null) send.jobName = jobName;
    // a file importing neither library sends through an imported queue of either: the adapter checks its ClientFact
    for (const l of local || imported.length || required.length ? [lib] : (["bullmq", "bull"] as Lib[])) sends.push({ library: l, ...send });
  }
  // a call handing job-shaped objects to a function of the workspace (`service.addJobs(items.map((i) => ({ name, data, opts: { ...OPTIONS } })))`):
  // a send when that function sends them through a queue (QueueSendFact.optionsFromParam), resolved at link time
  const sendCalls = new Set(sends.map((s) => `${s.callee}@${s.line}`));
  for (const call of index.calls) {
    const callee = dottedName(call.expression);
    if (!callee || sendCalls.has(`${callee}@${spanOf(call, sf).line}`)) continue;
    const job = call.arguments.map((a) => jobShaped(unwrap(a))).find((j) => j !== undefined);
    const optsExpr = job ? propertyExpr(job, "opts") : undefined;
    if (!job || !optsExpr) continue;
    const given = options.of(optsExpr, call);
    const layer = given.literal ? jobLayer(given.literal, fileLib, ids.next("L", call, sf), sf, callee) : null;
    if (layer) facts.layers.push(layer);
    const send: Omit<QueueSendFact, "library"> = { callee, line: spanOf(call, sf).line, scopeId: index.enclosingId(call), taskName: null, taskRef: null, layerIds: layer ? [layer.localId] : [], viaWrapper: true };
    if (!layer && given.refs.length) send.optionRefs = given.refs;
    const jobName = nameOf(propertyExpr(job, "name"));
    if (jobName !== null) send.jobName = jobName;
    for (const l of imported.length || required.length ? [fileLib] : (["bullmq", "bull"] as Lib[])) sends.push({ library: l, ...send });
  }
  // a queue factory of the workspace (`createQueue("tasks", { attempts: 5, backoff })`, whose `new Queue(name, {
  // defaultJobOptions: { ...defaultJobOptions } })` takes the caller's object): the defaults are written here, at
  // each call — a queue name first, then an object literal of Bull/BullMQ job options (attempts with a backoff)
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee) || queueClasses.has(callee.text) || !importedNames.has(callee.text)) continue;
    const name = nameOf(call.arguments[0]);
    const opts = call.arguments.slice(1).map((a) => unwrap(a)).find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
    if (name === null || !opts || !propertyExpr(opts, "attempts") || !objectLiteral(objectProperty(opts, "backoff"))) continue;
    const layer = jobLayer(opts, fileLib, ids.next("L", call, sf), sf, `${name.replace(/^\$/, "")} defaultJobOptions (${callee.text})`);
    if (layer) facts.layers.push(layer);
  }
  // job options a getter overrides for a base class whose send reads it (`class UploadAvatarTask extends BaseTask {
  // get options() { return { attempts: 3, priority } } }`, BaseTask.schedule adding `{ ...options, ...this.options }`):
  // the base class is in another file, so the getter is known by what it returns — attempts with another Bull job
  // option — or by its declared job-options type; a getter a send of this file reads was taken above
  const visitClasses = (node: ts.Node): void => {
    if (ts.isClassLike(node)) {
      const extendsSome = (node.heritageClauses ?? []).some((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
      for (const m of node.members) {
        if (!ts.isGetAccessorDeclaration(m) || !m.body) continue;
        const typed = m.type !== undefined && ts.isTypeReferenceNode(m.type) && OPTION_TYPES.has(m.type.typeName.getText(sf).split(".").pop()!) && [...types.keys(), ...libOf.keys()].includes(m.type.typeName.getText(sf).split(".")[0]!);
        if (!typed && !extendsSome) continue;
        for (const o of returnedObjects(m)) {
          if (gettersRead.has(o) || !propertyExpr(o, "attempts")) continue;
          if (!typed && !o.properties.some((p) => p.name !== undefined && JOB_OPTION_KEYS.has(p.name.getText(sf)))) continue;
          const layer = jobLayer(o, fileLib, ids.next("L", o, sf), sf, `${node.name?.text ?? "class"}.${m.name.getText(sf)} job options`);
          if (layer) facts.layers.push(layer);
        }
      }
    }
    ts.forEachChild(node, visitClasses);
  };
  visitClasses(sf);
  if (sends.length) (facts.queueSends ??= []).push(...sends);
}

/** Bull/BullMQ job options other than attempts (bull 4.16.5 REFERENCE.md Queue#add opts) that mark an object as job options. */
const JOB_OPTION_KEYS = new Set(["priority", "removeOnComplete", "removeOnFail", "jobId", "lifo"]);

/** `taskQueue()` — a call without arguments to a plain function name, the queue it returns named by the call; else null. */
function queueGetterCall(e: ts.Expression): string | null {
  const u = unwrap(e);
  return ts.isCallExpression(u) && u.arguments.length === 0 && ts.isIdentifier(u.expression) ? `${u.expression.text}()` : null;
}

/**
 * Job options a send reads from a getter of its own class — `add(data, this.options)` or
 * `add(data, { ...options, ...this.options })` (a later spread wins, so the getter's attempts do) —
 * when that getter returns an object literal that sets attempts: that object and `Class.getter`.
 */
function thisGetterOptions(e: ts.Expression | undefined, at: ts.Node, sf: ts.SourceFile): { literal: ts.ObjectLiteralExpression; name: string } | undefined {
  if (!e) return undefined;
  const u = unwrap(e);
  const thisMember = (x: ts.Expression): string | null => {
    const w = unwrap(x);
    return ts.isPropertyAccessExpression(w) && w.expression.kind === ts.SyntaxKind.ThisKeyword ? w.name.text : null;
  };
  let member = thisMember(u);
  if (member === null && ts.isObjectLiteralExpression(u)) {
    // the last spread of `this.x` with nothing after it setting attempts
    const spreads = u.properties.filter(ts.isSpreadAssignment).map((p) => thisMember(p.expression)).filter((m): m is string => m !== null);
    member = spreads.length ? spreads[spreads.length - 1]! : null;
  }
  if (member === null) return undefined;
  let cls: ts.Node | undefined = at.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls) return undefined;
  const klass = cls as ts.ClassLikeDeclaration;
  const accessor = klass.members.find((m): m is ts.GetAccessorDeclaration => ts.isGetAccessorDeclaration(m) && m.name.getText(sf) === member);
  const literal = accessor ? returnedObjects(accessor).find((o) => objectProperty(o, "attempts") !== undefined) : undefined;
  return literal ? { literal, name: `${klass.name?.text ?? "class"}.${member}` } : undefined;
}

/** A Bull/BullMQ job's shape `{ name?, data?, opts }`, directly, first in an array, or returned by a `.map(…)` callback. */
function jobShaped(e: ts.Expression, depth = 0): ts.ObjectLiteralExpression | undefined {
  const u = unwrap(e);
  if (depth > 3) return undefined;
  if (ts.isObjectLiteralExpression(u)) return objectProperty(u, "opts") && (objectProperty(u, "name") || objectProperty(u, "data")) ? u : undefined;
  if (ts.isArrayLiteralExpression(u)) {
    for (const el of u.elements) {
      const j = jobShaped(el, depth + 1);
      if (j) return j;
    }
    return undefined;
  }
  // `items.map((i) => ({ … }))` / `items.map((i) => { return { … }; })`
  if (ts.isCallExpression(u) && ts.isPropertyAccessExpression(u.expression) && ["map", "flatMap"].includes(u.expression.name.text)) {
    const fn = u.arguments[0] ? unwrap(u.arguments[0]) : undefined;
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
    if (!ts.isBlock(fn.body)) return jobShaped(fn.body, depth + 1);
    let found: ts.ObjectLiteralExpression | undefined;
    const visit = (n: ts.Node): void => {
      if (found || (n !== fn.body && ts.isFunctionLike(n))) return;
      if (ts.isReturnStatement(n) && n.expression) found = jobShaped(n.expression, depth + 1);
      ts.forEachChild(n, visit);
    };
    visit(fn.body);
    return found;
  }
  return undefined;
}

/** The names the innermost enclosing function's parameters bind (destructured ones included). */
function parameterNames(node: ts.Node): Set<string> {
  const out = new Set<string>();
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn) return out;
  const add = (b: ts.BindingName): void => {
    if (ts.isIdentifier(b)) out.add(b.text);
    else for (const el of b.elements) if (!ts.isOmittedExpression(el)) add(el.name);
  };
  for (const p of (fn as ts.SignatureDeclaration).parameters) add(p.name);
  return out;
}

/** Local names of every binding imported from bull/bullmq modules, type-only ones included (FileIndex.imports skips those). */
function typeImports(sf: ts.SourceFile): Map<string, Lib> {
  const out = new Map<string, Lib>();
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteralLike(stmt.moduleSpecifier)) continue;
    const lib = MODULES[stmt.moduleSpecifier.text];
    const clause = stmt.importClause;
    if (!lib || !clause) continue;
    if (clause.name) out.set(clause.name.text, lib);
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) out.set(nb.name.text, lib);
    if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) out.set(el.name.text, lib);
  }
  return out;
}

/** A job-options type of bull/bullmq (`JobOptions`, `JobsOptions`, `Bull.JobOptions`, `DefaultJobOptions`). */
const OPTION_TYPES = new Set(["JobOptions", "JobsOptions", "DefaultJobOptions", "BaseJobOptions"]);

/**
 * Job options held in constants: `export const GATHER_OPTIONS: JobOptions = { attempts: 12, backoff }`
 * (typed with a job-options type of bull/bullmq) is a layer of this file anchored on its `attempts:`, with
 * a ClientFact of that name so sends of other files that spread or pass it (`{ ...GATHER_OPTIONS, jobId }`)
 * take that layer (engine/queues/bullmq.ts, through imports); a constant of this file named by a send
 * gets the same, typed or not. `of(expr)` says what an options expression gives.
 */
function jobOptionConstants(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, libOf: Map<string, Lib>, fileLib: Lib) {
  const done = new Set<string>();
  const declare = (v: ts.VariableDeclaration, lib: Lib): void => {
    if (!ts.isIdentifier(v.name) || done.has(v.name.text)) return;
    done.add(v.name.text);
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isObjectLiteralExpression(init)) return;
    const layer = jobLayer(init, lib, ids.next("L", init, sf), sf, v.name.text);
    if (!layer) return;
    facts.layers.push(layer);
    const functionId = index.enclosingId(v);
    facts.clients.push({ id: ids.next("K", v, sf), name: v.name.text, functionId, span: spanOf(v, sf), library: lib, baseUrl: null, layerIds: [layer.localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
  };
  const typeLib = (t: ts.TypeNode | undefined): Lib | undefined => {
    if (!t || !ts.isTypeReferenceNode(t)) return undefined;
    const name = t.typeName.getText(sf);
    const last = name.split(".").pop()!;
    return OPTION_TYPES.has(last) ? libOf.get(name.split(".")[0]!) : undefined;
  };
  for (const v of index.variables) {
    let lib = typeLib(v.type);
    // `= { … } satisfies JobOptions` / `as JobOptions`
    const init = v.initializer;
    if (!lib && init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) lib = typeLib(init.type);
    if (lib) declare(v, lib);
  }
  const byName = new Map(index.variables.filter((v) => ts.isIdentifier(v.name)).map((v) => [(v.name as ts.Identifier).text, v]));
  return {
    of(e: ts.Expression | undefined, at: ts.Node): { literal?: ts.ObjectLiteralExpression; refs: string[]; fromParam: boolean } {
      if (!e) return { refs: [], fromParam: false };
      const u = unwrap(e);
      const ref = (x: ts.Expression): string | null => {
        const w = unwrap(x);
        if (!ts.isIdentifier(w) && !ts.isPropertyAccessExpression(w)) return null;
        const text = dottedName(w);
        if (!text) return null;
        const local = ts.isIdentifier(w) ? byName.get(w.text) : undefined;
        if (local) declare(local, fileLib);
        return text;
      };
      if (ts.isIdentifier(u) && parameterNames(at).has(u.text)) return { refs: [], fromParam: true };
      if (ts.isObjectLiteralExpression(u)) {
        if (objectProperty(u, "attempts")) return { literal: u, refs: [], fromParam: false };
        const refs = u.properties.filter(ts.isSpreadAssignment).map((p) => ref(p.expression)).filter((r): r is string => r !== null);
        return { refs, fromParam: false };
      }
      const r = ref(u);
      return { refs: r ? [r] : [], fromParam: false };
    },
  };
}

/** The object literals a function returns: its concise body, or its own `return { … }` statements (not nested functions'). */
function returnedObjects(fn: ts.Node): ts.ObjectLiteralExpression[] {
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (!body) return [];
  if (!ts.isBlock(body)) {
    const u = unwrap(body);
    return ts.isObjectLiteralExpression(u) ? [u] : [];
  }
  const out: ts.ObjectLiteralExpression[] = [];
  const visit = (n: ts.Node): void => {
    if (n !== body && ts.isFunctionLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) {
      const u = unwrap(n.expression);
      if (ts.isObjectLiteralExpression(u)) out.push(u);
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return out;
}

/** A function written inside a registerQueue(Async) call (its useFactory): read with that call. */
function registeredInCall(fn: ts.Node): boolean {
  for (let p: ts.Node | undefined = fn.parent; p; p = p.parent) {
    if (ts.isCallExpression(p) && /(^|\.)BullModule\.registerQueue(Async)?$/.test(dottedName(p.expression) ?? "")) return true;
    if (ts.isSourceFile(p)) break;
  }
  return false;
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
    const processDec = (ts.getDecorators(m) ?? []).map((d) => unwrap(d.expression)).find((e) => /^Process\b/.test(e.getText(sf)));
    const isProcess = lib === "bullmq" ? m.name.getText(sf) === "process" : processDec !== undefined;
    // Bull: `@Process("name")` / `@Process({ name })` takes only jobs of that name
    const arg = lib === "bull" && processDec && ts.isCallExpression(processDec) && processDec.arguments[0] ? unwrap(processDec.arguments[0]) : undefined;
    const job = arg ? (ts.isObjectLiteralExpression(arg) ? nameOf(propertyExpr(arg, "name")) : nameOf(arg)) : null;
    if (isProcess) markFunction(m, name, lib, index, facts, job);
  }
}

function markProcessor(arg: ts.Expression | undefined, queue: string, lib: Lib, sf: ts.SourceFile, index: FileIndex, facts: FileFacts, job: string | null = null): void {
  if (!arg) return;
  const a = unwrap(arg);
  const node = ts.isIdentifier(a) ? index.resolveName(a.text, a)?.node : ts.isArrowFunction(a) || ts.isFunctionExpression(a) ? a : undefined;
  if (node) markFunction(node, queue, lib, index, facts, job);
  void sf;
}

function markFunction(node: ts.Node, queue: string, lib: Lib, index: FileIndex, facts: FileFacts, job: string | null = null): void {
  const id = index.idOf(node);
  const fn = id ? facts.functions.find((f) => f.id === id) : undefined;
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${queue}`, library: lib, ...(job !== null && job !== "*" ? { job } : {}) };
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
  // `process.env.JOB_MAX_ATTEMPTS || 5`, `Number(process.env.X) || 5`, `parseInt(process.env.X ?? "5")`:
  // the running service's environment (its manifests) decides at link time, else the fallback written here.
  // A string from the environment works as a count: bullmq 5.49.0 Job.shouldRetryJob compares
  // `attemptsMade + 1 < opts.attempts` and moveToFinished-14.lua `tonumber(attempts)`, both coercing "5" to 5.
  const env = v.kind === "number" ? null : numericEnv(attemptsNode);
  const countExpr: LayerFact["countExpr"] | undefined = env
    ? { value: { kind: "env", name: env.name, ...(env.fallback ? { fallback: env.fallback } : {}) }, scopeId: MODULE, offset: 0, nonPositive: 1, note: `attempts: ${text.slice(0, 60)} = $value → $attempts attempts, the first run included (${version}; $source)` }
    : undefined;
  if (env) note = `attempts: ${text.slice(0, 60)}: not known statically (${env.name} not set in the service's manifests${env.fallback ? ", its fallback not a number" : ", no fallback"}; ${version})`;
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
    ...(countExpr ? { countExpr } : {}),
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
  // a delay that is not a literal: say what the code writes (`X × 1000 ms when X is set, else 60000 ms`)
  const delayText = ms !== null ? `${ms} ms` : delayV ? describeMs(delayV, sf) : "?";
  if (type.kind === "string" && type.value === "fixed") return { kind: "fixed", jitter, initialSeconds: secs, maxSeconds: secs, source: "config", description: `fixed ${delayText}${jitterText}` };
  if (type.kind === "string" && type.value === "exponential") {
    const first = secs === null ? null : lib === "bull" ? secs : secs;
    return { kind: "exponential", jitter, initialSeconds: first, maxSeconds: null, source: "config", description: lib === "bull" ? `exponential ${delayText} × (2^n − 1), no cap, no jitter` : `exponential ${delayText} × 2^(n−1), no cap${jitterText}` };
  }
  return { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `custom backoff strategy ${type.kind === "string" ? `"${type.value}"` : b.getText(sf).slice(0, 40)}` };
}

const NUMBER_CASTS = ["Number", "parseInt", "parseFloat"];

/** `Number(x)`, `parseInt(x, 10)`, `parseFloat(x)`, `+x` → x; anything else as it is. */
function uncast(e: ts.Expression): ts.Expression {
  const u = unwrap(e);
  if (ts.isCallExpression(u) && NUMBER_CASTS.includes(calleeText(u.expression)) && u.arguments[0]) return unwrap(u.arguments[0]);
  if (ts.isPrefixUnaryExpression(u) && u.operator === ts.SyntaxKind.PlusToken) return unwrap(u.operand);
  return u;
}

/**
 * A number read from the environment with a fallback: `process.env.X || 5`, `Number(process.env.X) || 5`,
 * `parseInt(process.env.X ?? "5")`, `+process.env.X || 5`, `Number(process.env.X ?? 5)`,
 * `process.env.X ? parseInt(process.env.X, 10) : 5` → the variable
 * and the fallback (a number, a numeric string or a name the linker resolves); null for anything else.
 */
export function numericEnv(e: ts.Expression): { name: string; fallback: ValueExpr | null } | null {
  const inner = uncast(e);
  const direct = envVarName(inner);
  if (direct !== null) return { name: direct, fallback: null };
  // `process.env.X ? parseInt(process.env.X, 10) : 5`: the variable when set, else the fallback
  if (ts.isConditionalExpression(inner)) {
    const name = envVarName(unwrap(inner.condition));
    if (name === null || envVarName(uncast(inner.whenTrue)) !== name) return null;
    return { name, fallback: fallbackOf(uncast(inner.whenFalse)) };
  }
  if (!ts.isBinaryExpression(inner)) return null;
  const op = inner.operatorToken.kind;
  if (op !== ts.SyntaxKind.QuestionQuestionToken && op !== ts.SyntaxKind.BarBarToken) return null;
  const name = envVarName(uncast(inner.left));
  if (name === null) return null;
  return { name, fallback: fallbackOf(uncast(inner.right)) };
}

/** A fallback count: a number, a numeric string, or a name the linker resolves; null for anything else. */
function fallbackOf(right: ts.Expression): ValueExpr | null {
  const n = ts.isStringLiteralLike(right) ? (/^\s*-?\d+(\.\d+)?\s*$/.test(right.text) ? Number(right.text) : null) : numberValue(right);
  if (n !== null) return { kind: "number", value: n };
  const ref = ts.isIdentifier(right) || ts.isPropertyAccessExpression(right) ? dottedName(right) : null;
  return ref ? { kind: "ref", name: ref } : null;
}

/**
 * A delay in milliseconds as the code computes it: `60000 ms`; `process.env.D || 5000` → "D from the
 * environment, else 5000 ms"; `Number(process.env.D) * 1000` → "D × 1000 ms"; `c ? a : b` → "a when c, else b".
 */
function describeMs(e: ts.Expression, sf: ts.SourceFile, depth = 0): string {
  const u = unwrap(e);
  const n = numberValue(u);
  if (n !== null) return `${n} ms`;
  const text = u.getText(sf).replace(/\s+/g, " ");
  if (depth > 3) return `${text.slice(0, 40)} ms`;
  const env = numericEnv(u);
  if (env) return env.fallback?.kind === "number" ? `${env.name} from the environment, else ${env.fallback.value} ms` : `${env.name} from the environment ms`;
  if (ts.isConditionalExpression(u)) {
    const cond = unwrap(u.condition);
    const name = envVarName(cond);
    const when = name !== null ? `${name} is set` : cond.getText(sf).replace(/\s+/g, " ").slice(0, 40);
    return `${describeMs(u.whenTrue, sf, depth + 1)} when ${when}, else ${describeMs(u.whenFalse, sf, depth + 1)}`;
  }
  if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.AsteriskToken) {
    const [a, b] = [u.left, u.right];
    const factor = numberValue(b) ?? numberValue(a);
    const other = numberValue(b) !== null ? a : b;
    const env = numericEnv(other);
    if (factor !== null && env) return `${env.name} × ${factor} ms${env.fallback?.kind === "number" ? ` (${env.fallback.value} × ${factor} when unset)` : ""}`;
  }
  return `${text.slice(0, 40)} ms`;
}

/** The queue `receiver` names at a call in `scopeId`: a local of that function or an enclosing one first, else the file's. */
function queueIn<T>(queues: Map<string, T>, scopeId: string, receiver: string): T | undefined {
  const parts = scopeId.split(".");
  for (let i = parts.length; i > 0; i--) {
    const q = queues.get(`${parts.slice(0, i).join(".")}\u0000${receiver}`);
    if (q) return q;
  }
  return queues.get(receiver);
}
