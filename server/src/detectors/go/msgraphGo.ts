/**
 * Microsoft Graph Go SDK (`github.com/microsoftgraph/msgraph-sdk-go`, beta `msgraph-beta-sdk-go`,
 * on msgraph-sdk-go-core and kiota-http-go) — docs/reference/msgraph.md "Go". Verified in
 * msgraph-sdk-go `graph_service_client.go` (`NewGraphServiceClientWithCredentials` →
 * `NewGraphRequestAdapter(auth)`, the default client), msgraph-sdk-go-core `graph_client_factory.go`
 * (`GetDefaultMiddlewaresWithOptions` = Graph handlers + `khttp.GetDefaultMiddlewares()`), and
 * kiota-http-go v1.5.6 `retry_handler.go`: `defaultMaxRetries = 3`, `absoluteMaxRetries = 10`,
 * `defaultDelaySeconds = 3`, `GetMaxRetries` returns the default for **MaxRetries < 1** (0 does not
 * turn retries off), `executionCount < GetMaxRetries()` and a cumulative delay under 180 s;
 * `isRetriableErrorCode` 429/503/504; wait Retry-After, else DelaySeconds × 2^(n−1) + random < 1 s.
 *
 * - `msgraphsdk.NewGraphServiceClientWithCredentials(cred, scopes)` (…`AndHosts`) → the default
 *   RetryHandler: 3 retries → **4 attempts** (kind "msgraph-retry-handler", implicit).
 * - `msgraphsdk.NewGraphServiceClient(adapter)`: a `khttp.RetryHandlerOptions{MaxRetries: n}` written
 *   in the file (for `GetDefaultMiddlewaresWithOptions(&opts)` / `NewRetryHandlerWithOptions(opts)`)
 *   gives the count, n → n+1 (1…10; below 1 the default 3, above 10 clamped to 10); else the default.
 * - A request chain on a client (`client.Me().Messages().Get(ctx, nil)`, `….SendMail().Post(ctx, body, nil)`)
 *   is one request to graph.microsoft.com; RetryHandlerOptions in the request's configuration
 *   (`Options: []abs.RequestOption{&khttp.RetryHandlerOptions{MaxRetries: 1}}`) give that request a
 *   layer of its own. Parameters and struct fields typed `*msgraphsdk.GraphServiceClient` (built in
 *   another file) are assumed built with the default chain: one layer per file.
 */
import type { CallFact, LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRAPH_DEFAULT_RETRIES, GRAPH_LIBRARY, GRAPH_MAX_RETRIES, GRAPH_TARGET, GRAPH_TIMEOUT_SECONDS, graphDefaultNote, graphLayer } from "../shared/msgraph";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { calleeNode, callArgs, descendants, dottedName, enclosingFunction, nodeSpan } from "./syntax";
import { boundName, numberOf } from "./values";

const SDK = /^github\.com\/microsoftgraph\/msgraph(-beta)?-sdk-go$/;
const KIOTA_HTTP = /^github\.com\/microsoft\/kiota-http-go$/;
const CONSTRUCTORS = /^NewGraphServiceClient(WithCredentials(AndHosts)?)?$/;
const VERBS = new Set(["Get", "Post", "Put", "Patch", "Delete"]);
const WAIT = { jitter: true, description: "Retry-After, else DelaySeconds × 2^(n−1) + random < 1 s; no retry once the waits add up to 180 s" };
const METHODS = "every method (POST, PUT and PATCH when the body's length is known)";

export function detectMsGraphGo(ctx: GoContext): void {
  const sdk = ctx.imports.filter((i) => SDK.test(i.path));
  if (!sdk.length) return;
  // the package is `msgraphsdkgo` (`msgraphbetasdkgo`), not what its path suggests; an alias keeps its name
  const locals = new Set(sdk.flatMap((i) => [i.local, /beta/.test(i.path) ? "msgraphbetasdkgo" : "msgraphsdkgo"]));
  const khttp = ctx.imports.filter((i) => KIOTA_HTTP.test(i.path)).flatMap((i) => [i.local, "nethttplibrary"]);
  const root = ctx.tree.rootNode;
  const options = descendants(root, "composite_literal").filter((l) => khttp.some((k) => l.childForFieldName("type")?.text === `${k}.RetryHandlerOptions`));
  const clientNames = new Set<string>();
  for (const call of descendants(root, "call_expression")) {
    const fn = calleeNode(call);
    const pkg = fn?.type === "selector_expression" ? fn.childForFieldName("operand")?.text : undefined;
    const ctor = fn?.childForFieldName("field")?.text ?? "";
    if (!pkg || !locals.has(pkg) || !CONSTRUCTORS.test(ctor)) continue;
    const name = boundName(ctx, call);
    const label = name?.slice(name.lastIndexOf(".") + 1) ?? "GraphServiceClient";
    // a custom adapter: the file's RetryHandlerOptions (outside any request) configure its RetryHandler
    const chainOption = ctor === "NewGraphServiceClient" ? options.find((o) => !inRequest(o)) : undefined;
    const layer = chainOption ? optionLayer(ctx, chainOption, label, "RetryHandlerOptions for the adapter's middleware") : graphLayer({ localId: ctx.nextId("L", call), anchor: nodeSpan(call), label, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: graphDefaultNote(`msgraphsdk.${ctor}`), wait: WAIT, methods: METHODS });
    ctx.facts.layers.push(layer);
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: GRAPH_LIBRARY, timeoutSeconds: GRAPH_TIMEOUT_SECONDS, timeoutSet: true, layerIds: [layer.localId] });
    client.sdk = { target: GRAPH_TARGET, notSending: [] };
    clientNames.add(name);
  }
  injectedClients(ctx, locals, clientNames);
  if (clientNames.size) linkRequests(ctx, clientNames);
}

/** `RetryHandlerOptions{MaxRetries: n, DelaySeconds: d}`: n < 1 reads as the default 3, n > 10 as 10. */
function optionLayer(ctx: GoContext, lit: SyntaxNode, label: string, how: string): LayerFact {
  const field = (key: string) => descendants(lit, "keyed_element").find((kv) => (kv.childForFieldName("key") ?? kv.namedChildren[0])?.text === key);
  const valueOf = (kv: SyntaxNode | undefined) => {
    const v = kv ? (kv.childForFieldName("value") ?? kv.namedChildren[1]) : undefined;
    return v?.type === "literal_element" ? (v.namedChildren[0] ?? v) : v;
  };
  const max = valueOf(field("MaxRetries"));
  const delayNode = valueOf(field("DelaySeconds"));
  const delay = delayNode ? numberOf(ctx, delayNode) : null;
  const wait = { ...WAIT, ...(delay !== null && delay >= 1 ? { initialSeconds: Math.min(delay, 180) } : {}) };
  const n = max ? numberOf(ctx, max) : null;
  const at = max ?? lit;
  if (max && n === null) return graphLayer({ localId: ctx.nextId("L", at), anchor: nodeSpan(at), label, retries: null, source: "config", note: `RetryHandlerOptions MaxRetries ${max.text.slice(0, 60)} is not known statically (${how})`, wait, methods: METHODS });
  if (n === null || n < 1) {
    const why = n === null ? "RetryHandlerOptions without MaxRetries" : `RetryHandlerOptions MaxRetries ${n} (below 1) reads as`;
    return graphLayer({ localId: ctx.nextId("L", at), anchor: nodeSpan(at), label, retries: GRAPH_DEFAULT_RETRIES, source: n === null ? "default" : "config", note: `${why} the default ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts: 0 does not turn retries off (${how})`, wait, methods: METHODS });
  }
  const retries = Math.min(Math.floor(n), GRAPH_MAX_RETRIES);
  const clamp = n > GRAPH_MAX_RETRIES ? ` (${n} is clamped to ${GRAPH_MAX_RETRIES})` : "";
  return graphLayer({ localId: ctx.nextId("L", at), anchor: nodeSpan(at), label, retries, source: "config", note: `RetryHandlerOptions MaxRetries ${retries} counts retries → ${retries + 1} attempts${clamp} (${how})`, wait, methods: METHODS });
}

/** Is a literal written in the arguments of a Graph request (its per-request configuration)? */
function inRequest(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === "call_expression" && VERBS.has(calleeNode(p)?.childForFieldName("field")?.text ?? "")) return true;
    if (p.type === "function_declaration" || p.type === "method_declaration") return false;
  }
  return false;
}

/** Parameters and struct fields typed `*msgraphsdk.GraphServiceClient`: clients handed in, one default layer per file. */
function injectedClients(ctx: GoContext, locals: Set<string>, names: Set<string>): void {
  const typed = (t: SyntaxNode | null | undefined) => {
    const m = /^\*?\s*([A-Za-z_]\w*)\.GraphServiceClient$/.exec(t?.text ?? "");
    return !!m && locals.has(m[1]!);
  };
  const stubs: Array<{ name: string; at: SyntaxNode }> = [];
  for (const p of descendants(ctx.tree.rootNode, "parameter_declaration")) {
    const fn = enclosingFunction(p);
    if (!typed(p.childForFieldName("type")) || !fn) continue;
    for (const n of p.childrenForFieldName("name")) if (n) stubs.push({ name: `${ctx.idOf(fn)}.${n.text}`, at: p });
  }
  // a struct field is handed in unless the file fills it (the client flow copies a client built here)
  const root = ctx.tree.rootNode;
  const filled = (field: string) =>
    descendants(root, "keyed_element").some((kv) => (kv.childForFieldName("key") ?? kv.namedChildren[0])?.text === field) ||
    descendants(root, "assignment_statement").some((a) => (a.childForFieldName("left")?.text ?? "").endsWith(`.${field}`));
  for (const spec of descendants(root, "type_spec")) {
    const type = spec.childForFieldName("name")?.text;
    if (!type || spec.childForFieldName("type")?.type !== "struct_type") continue;
    for (const f of descendants(spec, "field_declaration")) {
      if (!typed(f.childForFieldName("type"))) continue;
      for (const n of f.childrenForFieldName("name")) if (n && !(names.size && filled(n.text))) stubs.push({ name: `${type}.${n.text}`, at: f });
    }
  }
  let injected: LayerFact | null = null;
  for (const s of stubs) {
    if (names.has(s.name)) continue;
    injected ??= graphLayer({ localId: ctx.nextId("L", s.at), anchor: nodeSpan(s.at), label: `${s.name.slice(s.name.lastIndexOf(".") + 1)} (handed in)`, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: `a GraphServiceClient handed in is assumed built with the default chain: ${graphDefaultNote("msgraphsdk.NewGraphServiceClientWithCredentials")}`, wait: WAIT, methods: METHODS });
    if (!ctx.facts.layers.includes(injected)) ctx.facts.layers.push(injected);
    const client = addClient(ctx, { name: s.name, at: s.at, library: GRAPH_LIBRARY, timeoutSeconds: GRAPH_TIMEOUT_SECONDS, timeoutSet: true, layerIds: [injected.localId] });
    client.sdk = { target: GRAPH_TARGET, notSending: [] };
    names.add(s.name);
  }
}

/**
 * `client.Me().Messages().Get(ctx, nil)`: one request, written `client.Get` for the linker; the
 * module records the chain's first call (`client.Me`) or none, and the builder steps send nothing.
 */
function linkRequests(ctx: GoContext, names: Set<string>): void {
  const facts = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  const factOf = (n: SyntaxNode) => facts.get(ctx.callIds.get(n.id) ?? "");
  const done = new Set<number>();
  const all = descendants(ctx.tree.rootNode, "call_expression");
  for (const call of all) {
    if (done.has(call.id)) continue;
    const fn = calleeNode(call);
    const verb = fn?.type === "selector_expression" ? fn.childForFieldName("field")?.text : undefined;
    if (!fn || !verb) continue;
    // walk the chain down to the client
    const steps: SyntaxNode[] = [];
    let n: SyntaxNode | null = fn.childForFieldName("operand");
    while (n?.type === "call_expression") {
      steps.push(n);
      const f = calleeNode(n);
      n = f?.type === "selector_expression" ? f.childForFieldName("operand") : null;
    }
    if (!n || !names.has(ctx.nameOf(n, call) ?? "")) continue;
    const written = ctx.linkName(n, call) ?? dottedName(n);
    if (!written) continue;
    const isVerb = VERBS.has(verb);
    // the module records a chain's first call (`client.Me`) and not the verb: that fact becomes the
    // request, keeping the id a retry loop around it already lists
    const first = steps.length ? factOf(steps[steps.length - 1]!) : undefined;
    const request = isVerb ? (factOf(call) ?? first) : undefined;
    for (const s of steps) {
      done.add(s.id);
      const f = factOf(s);
      if (!f || f === request) continue;
      ctx.typedCallees.delete(f.id);
      f.callee = `${written}__builder.${calleeNode(s)?.childForFieldName("field")?.text ?? "step"}`;
    }
    done.add(call.id);
    if (!isVerb) {
      const f = factOf(call);
      if (f && steps.length) {
        ctx.typedCallees.delete(f.id);
        f.callee = `${written}__builder.${verb}`;
      }
      continue;
    }
    let name = written;
    const option = requestOption(ctx, call);
    if (option) {
      const layer = optionLayer(ctx, option, `${written} (this request)`, "per-request option");
      ctx.facts.layers.push(layer);
      const span = nodeSpan(call);
      // named like a local of the calling function, so the linker finds it from there
      name = `${written}__request@${span.line}:${span.column}`;
      const client = addClient(ctx, { name: `${ctx.scopeId(call)}.${name}`, at: option, library: GRAPH_LIBRARY, timeoutSeconds: GRAPH_TIMEOUT_SECONDS, timeoutSet: true, layerIds: [layer.localId] });
      client.sdk = { target: GRAPH_TARGET, notSending: [] };
    }
    let fact: CallFact | undefined = request;
    if (!fact) {
      fact = { id: ctx.nextId("C", call), span: nodeSpan(call), functionId: ctx.scopeId(call), callee: "", args: callArgs(call).map(() => ({ keyword: null, name: null })) };
      ctx.facts.calls.push(fact);
      ctx.callIds.set(call.id, fact.id);
    }
    ctx.typedCallees.delete(fact.id);
    fact.callee = `${name}.${verb}`;
  }
}

/** RetryHandlerOptions in a request's configuration: inline, or a local configuration variable. */
function requestOption(ctx: GoContext, call: SyntaxNode): SyntaxNode | null {
  for (const arg of callArgs(call)) {
    const value = arg.type === "identifier" ? (ctx.lookup(arg.text, call)?.value ?? arg) : arg;
    const lit = descendants(value, "composite_literal").find((l) => /\.RetryHandlerOptions$/.test(l.childForFieldName("type")?.text ?? ""));
    if (lit) return lit;
  }
  return null;
}
