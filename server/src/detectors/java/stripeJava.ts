/**
 * stripe-java (`com.stripe:stripe-java`) — docs/reference/stripe.md ("stripe-java"). Verified in
 * stripe/stripe-java sources: `Stripe.java` `private static volatile int maxNetworkRetries = 2`
 * (29.x; `= 0` at 26.7), CHANGELOG 27.0.0 (2024-10-01, #1880) "max retries: `0` -> `2`";
 * `StripeClient.StripeClientBuilder` `private int maxNetworkRetries;` (no initializer: **0**, on the
 * 27+ line too) and `new StripeClient(apiKey)` = `builder().setApiKey(apiKey)`; `net/HttpClient.java`
 * `shouldRetry` / `sleepTime`.
 *
 * Two ways to call the API, with different defaults (like stripe-python):
 * - The static resource methods (`Charge.create(params)`, `Customer.retrieve(id)`, checkout
 *   `Session.create(p)`, on classes imported from `com.stripe.model…`) use the global
 *   `Stripe.setMaxNetworkRetries(n)`: default 2 → **3 attempts** from 27.0.0, 0 before (the
 *   Maven/Gradle pin decides: LayerFact.versionDefaults, ecosystem "maven"). One layer per file,
 *   anchored on `Stripe.setMaxNetworkRetries(n)` when the file calls it, else on the model import.
 * - `new StripeClient(key)` and `StripeClient.builder()…build()` do **not** retry unless the builder
 *   calls `setMaxNetworkRetries(n)` (→ n+1 attempts): no layer otherwise, but every call through the
 *   client (`client.customers().create(p)`, `client.v1().checkout().sessions().create(p)`) is a
 *   request to api.stripe.com. A StripeClient field or parameter built elsewhere resolves to the
 *   `@Bean` method that builds one.
 * - Counts retries (n → n+1); waits 0.5 s × 2^(n−1) up to 5 s with 75–100 % jitter; retries
 *   connection errors (ConnectException, SocketTimeoutException), 409 and ≥ 500 (a
 *   `Stripe-Should-Retry` header overrides), never 429.
 * Not modelled: per-request `RequestOptions.builder().setMaxNetworkRetries(n)` (it overrides the
 * count for the one call it is passed to), and instance methods on fetched objects (`intent.confirm()`).
 */
import type { LayerFact, SourceSpan, VersionDefaults } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { retriesNote, STRIPE_JVM_DOTNET_WAIT, stripeClientFact, stripeLayer } from "../shared/stripe";
import { importsFrom, receiverName, simpleType, type JvmContext } from "./context";
import { BEAN_PREFIX } from "./http";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { argAt, chainOf, exprText, numberOf, type Call } from "./syntax";

export const STRIPE_JAVA = "stripe-java";
/** Stripe.java `maxNetworkRetries = 2` (stripe-java ≥ 27.0.0) */
export const STRIPE_JAVA_GLOBAL_RETRIES = 2;
export const STRIPE_JAVA_VERSION_DEFAULTS: VersionDefaults = {
  package: "com.stripe:stripe-java",
  ecosystem: "maven",
  byMajor: [
    { fromMajor: 0, maxAttempts: 1, note: "global Stripe.maxNetworkRetries default 0 → 1 attempt: no retries (stripe-java < 27)" },
    { fromMajor: 27, maxAttempts: 3, note: "global Stripe.maxNetworkRetries default 2 → 3 attempts (stripe-java ≥ 27)" },
  ],
};
/** static helpers on model classes that send nothing */
const MODEL_NOT_SENDING = new Set(["builder", "getGson", "deserialize", "fromJson", "constructEvent", "class"]);
/** a StripeClient's own methods that send nothing (its service accessors are followed to the call at the end of the chain) */
const CLIENT_NOT_SENDING = ["parseEventNotification", "parseSnapshotEvent", "parseThinEvent", "constructEvent", "deserialize", "router", "getResponseGetter"];

export function detectStripeJava(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "com.stripe")) return;
  detectGlobalResources(ctx);
  detectStripeClients(ctx);
}

/** `Charge.create(params)` on the global configuration. */
function detectGlobalResources(ctx: JvmContext): void {
  const models = new Set<string>();
  for (const imp of ctx.file.imports) {
    if (imp.star || imp.isStatic || !imp.path.startsWith("com.stripe.model.")) continue;
    models.add(imp.alias ?? imp.path.slice(imp.path.lastIndexOf(".") + 1));
  }
  const isModel = (call: Call) => {
    const recv = receiverName(call);
    if (!recv || call.isNew || MODEL_NOT_SENDING.has(call.name)) return false;
    return models.has(recv) || /^com\.stripe\.model\.([a-z]\w*\.)*[A-Z]\w*$/.test(recv);
  };
  const globalCalls = ctx.file.calls.filter(isModel);
  if (!globalCalls.length) return;
  // `Stripe.setMaxNetworkRetries(n)` written in the file: the last one wins
  const setting = ctx.file.calls.filter((c) => c.name === "setMaxNetworkRetries" && /^(com\.stripe\.)?Stripe$/.test(receiverName(c) ?? "")).pop();
  let layer: LayerFact;
  if (setting) {
    const arg = argAt(setting, 0);
    const n = numberOf(arg) ?? (arg?.k === "name" ? numberOf(valueOfName(ctx, setting.scopeId, arg.path)) : null);
    const retries = n === null ? null : Math.max(0, Math.floor(n));
    layer = withWaitNote(stripeLayer({
      localId: ctx.nextId("L", setting.span),
      anchor: setting.span,
      label: "stripe (global)",
      retries,
      source: "config",
      note: retries === null ? `Stripe.setMaxNetworkRetries(${exprText(arg)}) is not known statically` : retriesNote("Stripe.setMaxNetworkRetries", retries),
    }));
  } else {
    const anchor = importSpan(ctx.file.root) ?? globalCalls[0]!.span;
    layer = withWaitNote(stripeLayer({
      localId: ctx.nextId("L", anchor),
      anchor,
      label: "stripe (global)",
      retries: STRIPE_JAVA_GLOBAL_RETRIES,
      source: "default",
      note: `global Stripe.maxNetworkRetries default ${STRIPE_JAVA_GLOBAL_RETRIES} → ${STRIPE_JAVA_GLOBAL_RETRIES + 1} attempts (stripe-java ≥ 27); unless another class calls Stripe.setMaxNetworkRetries`,
      versionDefaults: STRIPE_JAVA_VERSION_DEFAULTS,
    }));
  }
  ctx.facts.layers.push(layer);
  const name = "stripe__global";
  const client = { ...stripeClientFact({ id: ctx.nextId("K", layer.anchor), name, functionId: "<module>", span: layer.anchor, layerId: layer.localId, perCall: false, notSending: [] }), library: STRIPE_JAVA };
  ctx.facts.clients.push(client);
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of globalCalls) {
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${name}.${call.name}`;
  }
}

/** `new StripeClient(key)`, `StripeClient.builder()…setMaxNetworkRetries(n)…build()`, and StripeClient fields/parameters injected. */
function detectStripeClients(ctx: JvmContext): void {
  const isClientType = (t: string | null) => simpleType(t?.replace(/[?<].*$/, "") ?? null) === "StripeClient";
  const names = new Set<string>();
  for (const call of ctx.file.calls) {
    const built = call.isNew && isClientType(call.name);
    const builder = !call.isNew && call.name === "builder" && isClientType(receiverName(call));
    if (!built && !builder) continue;
    const whole = built ? call : outermost(ctx, call);
    const chain = built ? [call] : chainOf(whole);
    if (builder && !chain.some((c) => c.name === "build")) continue;
    const holder = holderOf(ctx, whole);
    const label = holder?.name ? holder.name.slice(holder.name.lastIndexOf(".") + 1) : "StripeClient";
    const layerIds: string[] = [];
    const set = chain.filter((c) => c.name === "setMaxNetworkRetries").pop();
    if (set) {
      const arg = argAt(set, 0);
      const n = numberOf(arg) ?? (arg?.k === "name" ? numberOf(valueOfName(ctx, set.scopeId, arg.path)) : null);
      const retries = n === null ? null : Math.max(0, Math.floor(n));
      const layer = withWaitNote(stripeLayer({
        localId: ctx.nextId("L", set.nameSpan),
        anchor: set.nameSpan,
        label,
        retries,
        source: "config",
        note: retries === null ? `setMaxNetworkRetries(${exprText(arg)}) is not known statically` : retriesNote("StripeClient setMaxNetworkRetries", retries),
      }));
      ctx.facts.layers.push(layer);
      layerIds.push(layer.localId);
    }
    if (!holder) continue;
    const client = { ...stripeClientFact({ id: ctx.nextId("K", whole.span), name: holder.name, functionId: holder.functionId, span: whole.span, layerId: "", perCall: holder.perCall, notSending: CLIENT_NOT_SENDING }), layerIds, library: STRIPE_JAVA };
    ctx.facts.clients.push(client);
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = client.id;
    }
    if (holder.name) names.add(holder.name.slice(holder.name.lastIndexOf(".") + 1));
  }
  // fields and parameters typed StripeClient and built nowhere here: the `@Bean` that builds one
  for (const d of ctx.file.decls) {
    const stubs: Array<{ name: string; functionId: string; span: SourceSpan }> = [];
    if (d.kind === "field" && isClientType(d.type) && !d.value) stubs.push({ name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.ownerId || ctx.file.pkg, span: d.span });
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (isClientType(p.type)) stubs.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: d.span });
    for (const s of stubs) {
      if (ctx.facts.clients.some((c) => c.name === s.name)) continue;
      const bare = s.name.slice(s.name.lastIndexOf(".") + 1);
      ctx.facts.clients.push({ id: ctx.nextId("K", s.span), name: s.name, functionId: s.functionId, span: s.span, library: "unknown", baseUrl: null, layerIds: [], fromCall: `${BEAN_PREFIX}${STRIPE_JAVA}:${bare}`, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
      names.add(bare);
    }
  }
  if (!names.size) return;
  // `client.v1().customers().create(p)`: the request is the call at the end of the chain; the
  // service accessors before it send nothing (named apart so the linker does not count them)
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (ctx.outerCall(call)) continue;
    const chain = chainOf(call);
    const head = receiverName(chain[0]!);
    if (!head || !names.has(head)) continue;
    chain.forEach((c, i) => {
      const fact = byId.get(ctx.callIds.get(c.node.id) ?? "");
      if (fact) fact.callee = i === chain.length - 1 ? `${head}.${c.name}` : `${head}__service.${c.name}`;
    });
  }
}

function withWaitNote(layer: LayerFact): LayerFact {
  return { ...layer, wait: { ...layer.wait, description: STRIPE_JVM_DOTNET_WAIT } };
}

/** The `import com.stripe.model.…` line (Java `import_declaration`, Kotlin `import` / `import_header` by grammar version). */
function importSpan(root: SyntaxNode): SourceSpan | null {
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.shift()!;
    if (/^import(_declaration|_header)?$/.test(n.type) && n.text.includes("com.stripe.model")) {
      return { line: n.startPosition.row + 1, column: n.startPosition.column, endLine: n.endPosition.row + 1, endColumn: n.endPosition.column };
    }
    if (n.type === "program" || n.type === "source_file" || n.type === "import_list") for (const c of n.namedChildren) if (c) stack.push(c);
  }
  return null;
}
