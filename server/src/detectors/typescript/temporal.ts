/**
 * Temporal (TypeScript SDK: @temporalio/workflow, @temporalio/client) — docs/reference/temporal.md.
 *
 * - `proxyActivities<typeof activities>({ startToCloseTimeout, retry: {…} })` (and
 *   `proxyLocalActivities`) → one layer on the proxy: the `retry` policy written, or Temporal's
 *   default activity policy (**unlimited attempts**: `maximumAttempts` defaults to Infinity, 1 s ×2,
 *   max 100 s), bounded only by `scheduleToCloseTimeout`. Each name the proxy binds
 *   (`const { greet } = proxyActivities…`, `acts.greet(…)`) sends that activity
 *   (FileFacts.queueSends): the function `greet` exported by the module `typeof activities` names
 *   (`import type * as activities from "./activities"`, recorded as an import for the linker).
 * - `maximumAttempts: N` counts attempts; 1 disables; `Infinity` is unlimited; 0 or a negative
 *   number is rejected by the SDK (`compileRetryPolicy` throws ValueError).
 * - Workflows: the exported async functions of a workflow module (importing proxies, timers,
 *   signals, child workflows from `@temporalio/workflow`) are tasks
 *   (`TASK /<function name>`); `client.workflow.start(wf, {…})` / `execute(…)` / `signalWithStart`
 *   and `executeChild` / `startChild` send them, with a layer only when `retry:` is given
 *   (workflows have no default policy).
 */
import type { FileFacts, ImportFact, QueueSendFact } from "../../model/facts";
import { dottedName, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { temporalLayer, type TemporalPolicyInput } from "../shared/temporal";
import type { FileIndex, IdAllocator } from "./module";

const PROXIES = new Set(["proxyActivities", "proxyLocalActivities"]);
const CLIENT_SENDS = new Set(["start", "execute", "signalWithStart"]);
const CHILD_SENDS = new Set(["executeChild", "startChild"]);
/** what only workflow code imports from @temporalio/workflow */
const WORKFLOW_API = new Set(["proxyActivities", "proxyLocalActivities", "executeChild", "startChild", "sleep", "condition", "setHandler", "defineSignal", "defineQuery", "defineUpdate", "continueAsNew", "workflowInfo", "uuid4", "CancellationScope"]);

export function extractTemporalFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const fromWorkflow = index.imports.filter((i) => i.module === "@temporalio/workflow");
  const fromClient = index.imports.some((i) => i.module === "@temporalio/client");
  // a module starting workflows through a client made elsewhere (`client.workflow.start(wf, { taskQueue })`) need not import it
  if (!fromWorkflow.length && !fromClient && !/@temporalio\/(workflow|client)|\.workflow\.(start|execute|signalWithStart)\s*\(/.test(sf.text)) return;
  const wfLocal = (member: string) => fromWorkflow.some((i) => i.member === member) ? member : null;
  const wfNamespaces = new Set(fromWorkflow.filter((i) => i.member === null).map((i) => i.local));
  const isWf = (callee: ts.Expression, names: Set<string>): string | null => {
    const c = unwrap(callee);
    if (ts.isIdentifier(c) && names.has(c.text) && wfLocal(c.text)) return c.text;
    if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && wfNamespaces.has(c.expression.text) && names.has(c.name.text)) return c.name.text;
    return null;
  };
  const sends: QueueSendFact[] = [];
  const typeNamespaces = typeOnlyNamespaces(sf);

  // workflows: the exported async functions of a workflow module (one importing what only workflow
  // code uses: proxies, child workflows, signals, timers), not of a module importing an error type
  const workflowModule = fromWorkflow.some((i) => i.member === null || WORKFLOW_API.has(i.member));
  if (workflowModule) {
    for (const f of index.functions) {
      const fn = facts.functions.find((x) => x.id === f.id);
      if (!fn || !fn.topLevel || !facts.exports.includes(fn.name) || fn.handler) continue;
      const isAsync = (ts.canHaveModifiers(f.node) ? ts.getModifiers(f.node) ?? [] : []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
      if (isAsync) fn.handler = { method: "TASK", route: `/${fn.name}`, library: "temporal" };
    }
  }

  for (const call of index.calls) {
    const proxy = isWf(call.expression, PROXIES);
    if (proxy) {
      proxyLayer(call, proxy, sf, index, facts, ids, typeNamespaces, sends);
      continue;
    }
    const child = isWf(call.expression, CHILD_SENDS);
    const callee = unwrap(call.expression);
    const onWorkflowClient = !child && ts.isPropertyAccessExpression(callee) && CLIENT_SENDS.has(callee.name.text) && /(^|\.)workflow$/.test(dottedName(callee.expression) ?? "");
    // without the import, the start's options must name a task queue (what every Temporal start gives)
    const startOptions = call.arguments[1] ? unwrap(call.arguments[1]) : undefined;
    const clientSend = onWorkflowClient && (fromClient || (!!startOptions && ts.isObjectLiteralExpression(startOptions) && !!objectProperty(startOptions, "taskQueue")));
    if (!child && !clientSend) continue;
    const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (!first) continue;
    const taskName = ts.isStringLiteralLike(first) ? first.text : null;
    const taskRef = taskName ? null : dottedName(first);
    if (!taskName && !taskRef) continue;
    const opts = call.arguments[1] ? unwrap(call.arguments[1]) : undefined;
    const options = opts && ts.isObjectLiteralExpression(opts) ? opts : undefined;
    const retry = options ? objectProperty(options, "retry") : undefined;
    const input: TemporalPolicyInput = {
      sdk: "typescript",
      target: child ? "child workflow" : "workflow",
      localId: ids.next("L", call, sf),
      anchor: spanOf(retry && !ts.isMethodDeclaration(retry) ? retry.parent : call, sf),
      label: (taskRef ?? taskName ?? "workflow").split(".").pop()!,
      written: !!retry,
    };
    if (retry && !ts.isMethodDeclaration(retry)) readPolicy(unwrap(retry), input, sf);
    if (options) readTimeouts(options, input, "workflowExecutionTimeout");
    const layer = temporalLayer(input);
    if (layer) facts.layers.push(layer);
    sends.push({ library: "temporal", callee: callText(call), line: spanOf(call, sf).line, scopeId: index.enclosingId(call), taskName, taskRef, layerIds: layer ? [layer.localId] : [] });
  }
  if (sends.length) (facts.queueSends ??= []).push(...sends);
}

function callText(call: ts.CallExpression): string {
  return dottedName(call.expression) ?? call.expression.getText();
}

/** `import type * as activities from "./activities"` → activities: "./activities" */
function typeOnlyNamespaces(sf: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteralLike(stmt.moduleSpecifier)) continue;
    const nb = stmt.importClause?.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) out.set(nb.name.text, stmt.moduleSpecifier.text);
  }
  return out;
}

function proxyLayer(
  call: ts.CallExpression,
  proxy: string,
  sf: ts.SourceFile,
  index: FileIndex,
  facts: FileFacts,
  ids: IdAllocator,
  typeNamespaces: Map<string, string>,
  sends: QueueSendFact[],
): void {
  const arg = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  const options = arg && ts.isObjectLiteralExpression(arg) ? arg : undefined;
  const retry = options ? objectProperty(options, "retry") : undefined;
  // where the proxy is bound: `const { a, b } = proxyActivities(…)` or `const acts = proxyActivities(…)`,
  // or — a proxy a helper returns (`const forQueue = (q) => proxyActivities({ taskQueue: q, … })`) —
  // wherever that helper's result is bound (`const { post } = forQueue(queue)`)
  let p: ts.Node = call.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) p = p.parent;
  const decl = p && ts.isVariableDeclaration(p) ? p : undefined;
  const bindings = decl ? [bindingOf(decl, index)] : returnedProxyBindings(call, p, index);
  const allNames = bindings.flatMap((b) => b.names);
  const firstObject = bindings.find((b) => b.objectName)?.objectName ?? null;
  const label = allNames.length ? allNames.slice(0, 3).map((n) => n.local).join("/") + (allNames.length > 3 ? "/…" : "") : firstObject ?? proxy;
  const input: TemporalPolicyInput = {
    sdk: "typescript",
    target: proxy === "proxyLocalActivities" ? "local activity" : "activity",
    localId: ids.next("L", call, sf),
    anchor: spanOf(retry && !ts.isMethodDeclaration(retry) ? retry.parent : call, sf),
    label,
    written: !!retry,
  };
  if (retry && !ts.isMethodDeclaration(retry)) readPolicy(unwrap(retry), input, sf);
  if (options) readTimeouts(options, input, "scheduleToCloseTimeout");
  const layer = temporalLayer(input);
  if (!layer) return;
  facts.layers.push(layer);
  const ref = activityRef(call, facts, index, typeNamespaces, sf);
  for (const b of bindings) {
    for (const n of b.names) sends.push({ library: "temporal", callee: n.local, line: null, scopeId: b.scopeId, taskName: null, taskRef: ref(n.member), layerIds: [layer.localId] });
    const objectName = b.objectName;
    if (!objectName) continue;
    const members = new Set(facts.calls.filter((c) => c.callee.startsWith(`${objectName}.`) && !c.callee.slice(objectName.length + 1).includes(".")).map((c) => c.callee.slice(objectName.length + 1)));
    for (const m of members) sends.push({ library: "temporal", callee: `${objectName}.${m}`, line: null, scopeId: b.scopeId, taskName: null, taskRef: ref(m), layerIds: [layer.localId] });
  }
}

interface ProxyBinding {
  names: Array<{ local: string; member: string }>;
  objectName: string | null;
  scopeId: string;
}

function bindingOf(decl: ts.VariableDeclaration, index: FileIndex): ProxyBinding {
  const names: ProxyBinding["names"] = [];
  let objectName: string | null = null;
  if (ts.isObjectBindingPattern(decl.name)) {
    for (const e of decl.name.elements) {
      if (!ts.isIdentifier(e.name)) continue;
      const member = e.propertyName && ts.isIdentifier(e.propertyName) ? e.propertyName.text : e.name.text;
      names.push({ local: e.name.text, member });
    }
  } else if (ts.isIdentifier(decl.name)) objectName = decl.name.text;
  return { names, objectName, scopeId: index.enclosingId(decl) };
}

/** `return proxyActivities(…)` (or an arrow's expression body) in a named helper: every `const … = helper(…)` of the file. */
function returnedProxyBindings(call: ts.CallExpression, parent: ts.Node, index: FileIndex): ProxyBinding[] {
  const fn = ts.isReturnStatement(parent) ? index.enclosingNode(parent) : ts.isArrowFunction(parent) && parent.body === call ? parent : undefined;
  if (!fn || (ts.isArrowFunction(parent) && fn !== parent) || (!ts.isArrowFunction(parent) && index.enclosingNode(call) !== fn)) return [];
  const name = fn.name && ts.isIdentifier(fn.name) ? fn.name.text : index.entryOf(fn)?.name;
  if (!name) return [];
  const out: ProxyBinding[] = [];
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(unwrap(init.expression)) || (unwrap(init.expression) as ts.Identifier).text !== name) continue;
    if (index.resolveName(name, init)?.node !== fn) continue;
    out.push(bindingOf(v, index));
  }
  return out;
}

/**
 * What a bound activity name sends: the function `ns.member` of the module `proxyActivities<typeof
 * ns>` names, or the method `T.member` of the class `proxyActivities<T>` names (an activities class
 * registered with the worker: nestjs-temporal-core `@Activity()`, a plain class whose bound methods
 * the worker is given). T is imported (type-only imports too: recorded for the linker) or declared here.
 */
function activityRef(call: ts.CallExpression, facts: FileFacts, index: FileIndex, typeNamespaces: Map<string, string>, sf: ts.SourceFile): (member: string) => string | null {
  const typeArg = call.typeArguments?.[0];
  if (typeArg && ts.isTypeQueryNode(typeArg) && ts.isIdentifier(typeArg.exprName)) {
    const ns = typeArg.exprName.text;
    const module = typeNamespaces.get(ns);
    if (!module) return () => null;
    if (!facts.imports.some((i) => i.local === ns)) facts.imports.push({ local: ns, module, member: null });
    return (member) => `${ns}.${member}`;
  }
  if (!typeArg || !ts.isTypeReferenceNode(typeArg) || typeArg.typeArguments?.length) return () => null;
  const type = typeArg.typeName.getText(sf);
  const head = type.split(".")[0]!;
  const declaredHere = sf.statements.some((st) => (ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st)) && st.name?.text === head);
  if (!declaredHere && !index.imports.some((i) => i.local === head)) {
    const typeOnly = typeOnlyNamedImport(sf, head);
    if (!typeOnly) return () => null;
    if (!facts.imports.some((i) => i.local === head)) facts.imports.push(typeOnly);
  }
  return (member) => `${type}.${member}`;
}

/** `import type { T } from "m"` / `import { type T } from "m"` / `import type * as ns from "m"` binding `local`. */
function typeOnlyNamedImport(sf: ts.SourceFile, local: string): ImportFact | null {
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !stmt.importClause || !ts.isStringLiteralLike(stmt.moduleSpecifier)) continue;
    const clause = stmt.importClause;
    const module = stmt.moduleSpecifier.text;
    if (clause.name?.text === local) return { local, module, member: null, isDefault: true };
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb) && nb.name.text === local) return { local, module, member: null };
    if (nb && ts.isNamedImports(nb)) {
      for (const el of nb.elements) {
        if (el.name.text !== local) continue;
        const member = (el.propertyName ?? el.name).text;
        return member === "default" ? { local, module, member: null, isDefault: true } : { local, module, member };
      }
    }
  }
  return null;
}

function readPolicy(retry: ts.Expression, input: TemporalPolicyInput, sf: ts.SourceFile): void {
  if (!ts.isObjectLiteralExpression(retry)) {
    input.maximumAttempts = null;
    input.attemptsText = retry.getText(sf);
    return;
  }
  const prop = (k: string) => {
    const v = objectProperty(retry, k);
    return v && !ts.isMethodDeclaration(v) ? unwrap(v) : undefined;
  };
  const attempts = prop("maximumAttempts");
  if (attempts) {
    const text = attempts.getText(sf);
    const v = valueOf(attempts);
    input.attemptsText = text;
    input.maximumAttempts = /^(Number\.POSITIVE_INFINITY|Infinity)$/.test(text) ? Infinity : v.kind === "number" ? v.value : null;
  }
  const initial = prop("initialInterval");
  if (initial) input.initialSeconds = durationSeconds(initial);
  const coefficient = prop("backoffCoefficient");
  if (coefficient) {
    const v = valueOf(coefficient);
    input.coefficient = v.kind === "number" ? v.value : null;
  }
  const max = prop("maximumInterval");
  if (max) input.maxIntervalSeconds = durationSeconds(max);
  const non = prop("nonRetryableErrorTypes");
  if (non && ts.isArrayLiteralExpression(non)) input.nonRetryable = non.elements.map((e) => (ts.isStringLiteralLike(e) ? e.text : e.getText(sf)));
}

function readTimeouts(options: ts.ObjectLiteralExpression, input: TemporalPolicyInput, overallKey: string): void {
  const overall = objectProperty(options, overallKey);
  if (overall && !ts.isMethodDeclaration(overall)) {
    input.overallSet = true;
    input.overallSeconds = durationSeconds(unwrap(overall));
  }
  const s2c = objectProperty(options, "startToCloseTimeout");
  if (s2c && !ts.isMethodDeclaration(s2c)) input.startToCloseSeconds = durationSeconds(unwrap(s2c));
}

/** A Temporal TS Duration: milliseconds, or an `ms`-formatted string ("30s", "1 minute", "2 hours"). */
export function durationSeconds(n: ts.Expression): number | null {
  const v = valueOf(n);
  if (v.kind === "number") return v.value / 1000;
  if (v.kind !== "string") return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)?\s*$/i.exec(v.value);
  if (!m) return null;
  const x = Number(m[1]);
  const unit = (m[2] ?? "ms").toLowerCase();
  if (unit.startsWith("ms") || unit.startsWith("milli")) return x / 1000;
  if (unit.startsWith("s")) return x;
  if (unit.startsWith("m")) return x * 60;
  if (unit.startsWith("h")) return x * 3600;
  return x * 86400;
}
