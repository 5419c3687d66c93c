/**
 * stripe-dotnet (`Stripe.net`) — docs/reference/stripe.md ("stripe-dotnet"). Verified in
 * stripe/stripe-dotnet (master, 2026): `Infrastructure/Public/SystemNetHttpClient.cs`
 * `DefaultMaxNumberRetries = 2`, the constructor's `int maxNetworkRetries = DefaultMaxNumberRetries`,
 * `ShouldRetry` (connection errors and timeouts, `Stripe-Should-Retry`, 409, ≥ 500), `SleepTime`
 * (500 ms × 2^(n−1) up to 5 s, jitter 75–100 %); `StripeConfiguration.cs` `maxNetworkRetries =
 * SystemNetHttpClient.DefaultMaxNumberRetries` (the global client); `LiveApiRequestor.cs`
 * `BuildDefaultHttpClient() => new SystemNetHttpClient()` (a `new StripeClient(key)` gets the default,
 * **not** StripeConfiguration.MaxNetworkRetries); `StripeRequest.cs` adds an `Idempotency-Key` to
 * every POST. The default became 2 in v38.0.0 (commit 7d14d07, PR #2006; 0 before).
 *
 * - `new StripeClient(key)` → a client layer, 2 retries → **3 attempts** (the .csproj /
 *   Directory.Packages.props pin of Stripe.net decides: < 38 → none); `new StripeClient(key,
 *   httpClient: new SystemNetHttpClient(maxNetworkRetries: n))` (inline, a variable of the file, or
 *   `StripeClientOptions { HttpClient = … }`) → n+1; another IHttpClient → count not known.
 * - `new CustomerService()` (a service of `Stripe` / `Stripe.Checkout`… built without a client) uses
 *   the global `StripeConfiguration.MaxNetworkRetries`: one layer per file, anchored on
 *   `StripeConfiguration.MaxNetworkRetries = n` when the file sets it, else on the `using Stripe`.
 * - `new CustomerService(client)` → the client's layer (a StripeClient of the file), else the
 *   injected-client layer: parameters typed `IStripeClient` / `StripeClient` (registered in DI with
 *   `new StripeClient(key)`, whose default they are assumed to have; one layer per file).
 * Every method on a service or client (`service.CreateAsync(o)`, `client.V1.Customers.Create(o)`) is a
 * request to api.stripe.com. Per-request `RequestOptions` do not set retries in Stripe.net.
 */
import type { ClientFact, LayerFact, VersionDefaults } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { retriesNote, STRIPE_JVM_DOTNET_WAIT, stripeClientFact, stripeLayer } from "../shared/stripe";
import type { CsContext } from "./context";
import { bindingOf, callsOnClients, declarationOf } from "./dataClients";

export const STRIPE_DOTNET = "Stripe.net";
/** SystemNetHttpClient.DefaultMaxNumberRetries (Stripe.net ≥ 38) */
export const STRIPE_DOTNET_DEFAULT_RETRIES = 2;
export const STRIPE_DOTNET_VERSION_DEFAULTS: VersionDefaults = {
  package: "Stripe.net",
  ecosystem: "nuget",
  byMajor: [
    { fromMajor: 0, maxAttempts: 1, note: "default MaxNetworkRetries 0 → 1 attempt: no retries (Stripe.net < 38)" },
    { fromMajor: 38, maxAttempts: 3, note: "default MaxNetworkRetries 2 → 3 attempts (Stripe.net ≥ 38, SystemNetHttpClient.DefaultMaxNumberRetries)" },
  ],
};
/** the Stripe.net services most code builds (159 exist); a `Stripe.`-qualified `…Service` is taken whatever its name */
const SERVICES = new Set(
  ("Account AccountLink AccountSession ApplicationFee Balance BalanceTransaction BankAccount Card Charge Coupon CreditNote Customer " +
    "CustomerBalanceTransaction CustomerSession Dispute EphemeralKey Event File FileLink Invoice InvoiceItem Mandate PaymentIntent " +
    "PaymentLink PaymentMethod Payout Plan Price Product PromotionCode Quote Refund Session SetupIntent ShippingRate Source " +
    "Subscription SubscriptionItem SubscriptionSchedule TaxId TaxRate Token Topup Transfer TransferReversal UsageRecord WebhookEndpoint")
    .split(/\s+/)
    .map((s) => `${s}Service`),
);
const CLIENT_TYPES = /^(global::)?(Stripe\.)?I?StripeClient$/;

export function detectStripeDotnet(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const usings = descendants(root, "using_directive").filter((u) => /^using\s+(global::)?Stripe(\.\w+)*\s*;/.test(u.text));
  if (!usings.length && !/\bStripe\.(\w+\.)*\w+Service\b|\bStripe\.I?StripeClient\b/.test(root.text)) return;
  const clients: ClientFact[] = [];
  const byName = new Map<string, ClientFact>();
  const addClient = (name: string, at: SyntaxNode, layerIds: string[]) => {
    const client: ClientFact = { ...stripeClientFact({ id: ctx.nextId("K", at), name, functionId: ctx.scopeId(at), span: nodeSpan(at), layerId: "", perCall: false, notSending: ["Dispose"] }), layerIds, library: STRIPE_DOTNET };
    ctx.facts.clients.push(client);
    clients.push(client);
    byName.set(name.replace(/^this\./, ""), client);
    return client;
  };
  // `new StripeClient(key, httpClient: new SystemNetHttpClient(maxNetworkRetries: 1))`
  for (const creation of descendants(root, "object_creation_expression")) {
    if (!CLIENT_TYPES.test(dottedName(creation.childForFieldName("type")) ?? "")) continue;
    const name = bindingOf(creation);
    const layer = clientLayer(ctx, creation, name?.replace(/^this\./, "") ?? "new StripeClient(…)");
    ctx.facts.layers.push(layer);
    if (name) addClient(name, creation, [layer.localId]);
  }
  // `IStripeClient stripeClient` injected: one default layer per file
  let injected: LayerFact | null = null;
  const injectedLayer = (at: SyntaxNode) => {
    if (!injected) {
      injected = withWaitNote(stripeLayer({ localId: ctx.nextId("L", at), anchor: nodeSpan(at), label: `${at.text} (injected)`, retries: STRIPE_DOTNET_DEFAULT_RETRIES, source: "default", note: `an injected client is assumed built as new StripeClient(key): default MaxNetworkRetries ${STRIPE_DOTNET_DEFAULT_RETRIES} → ${STRIPE_DOTNET_DEFAULT_RETRIES + 1} attempts (Stripe.net ≥ 38)`, versionDefaults: STRIPE_DOTNET_VERSION_DEFAULTS }));
      ctx.facts.layers.push(injected);
    }
    return injected.localId;
  };
  for (const p of descendants(root, "parameter")) {
    const typeNode = p.childForFieldName("type");
    const name = p.childForFieldName("name")?.text;
    if (!typeNode || !name || !CLIENT_TYPES.test(dottedName(typeNode) ?? "")) continue;
    addClient(name, p, [injectedLayer(typeNode)]);
  }
  // `_stripe = stripeClient;` in a constructor: the field holds the injected client
  for (const a of descendants(root, "assignment_expression")) {
    const right = a.childForFieldName("right");
    const left = dottedName(a.childForFieldName("left"));
    const from = right?.type === "identifier" ? byName.get(right.text) : undefined;
    if (from && left && !byName.has(left.replace(/^this\./, ""))) addClient(left, a, [...from.layerIds]);
  }
  // services: `new CustomerService()` on the global client, `new CustomerService(client)` on a client
  let global: LayerFact | null = null;
  for (const creation of descendants(root, "object_creation_expression")) {
    const written = dottedName(creation.childForFieldName("type")) ?? "";
    const type = createdType(creation) ?? "";
    if (!SERVICES.has(type) && !/^(global::)?Stripe\.(\w+\.)*\w+Service$/.test(written)) continue;
    if (!usings.length && !written.includes("Stripe.")) continue;
    const arg = callParts(creation).positional[0] ?? callParts(creation).keywords.get("client") ?? null;
    let layerIds: string[];
    if (!arg) layerIds = [(global ??= globalLayer(ctx, usings[0] ?? creation)).localId];
    else {
      const from = byName.get(arg.text.replace(/^this\./, ""));
      layerIds = from ? [...from.layerIds] : [injectedLayer(arg)];
    }
    const name = bindingOf(creation);
    if (name) addClient(name, creation, layerIds);
  }
  if (global) ctx.facts.layers.push(global);
  if (!clients.length) return;
  callsOnClients(ctx, clients);
  // `client.V1.Customers.CreateAsync(o)`, `_stripe.V1.Checkout.Sessions.Create(o)`: a request through the client
  for (const call of descendants(root, "invocation_expression")) {
    const fn = callParts(call).fn;
    if (fn?.type !== "member_access_expression") continue;
    const path = (dottedName(fn.childForFieldName("expression")) ?? "").replace(/^this\./, "");
    const rootName = path.split(".")[0]!;
    if (!path.includes(".") || !byName.has(rootName)) continue;
    const member = fn.childForFieldName("name")?.text ?? "";
    const span = nodeSpan(call);
    const fact = ctx.facts.calls.find((c) => c.span.line === span.line && c.span.column === span.column);
    if (fact && member) fact.callee = `${rootName}.${member}`;
  }
}

function clientLayer(ctx: CsContext, creation: SyntaxNode, label: string): LayerFact {
  const localId = ctx.nextId("L", creation);
  const http = httpClientOf(ctx, creation);
  if (!http) {
    return withWaitNote(stripeLayer({ localId, anchor: nodeSpan(creation), label, retries: STRIPE_DOTNET_DEFAULT_RETRIES, source: "default", note: `default MaxNetworkRetries ${STRIPE_DOTNET_DEFAULT_RETRIES} → ${STRIPE_DOTNET_DEFAULT_RETRIES + 1} attempts (Stripe.net ≥ 38: a StripeClient's own SystemNetHttpClient, not StripeConfiguration.MaxNetworkRetries)`, versionDefaults: STRIPE_DOTNET_VERSION_DEFAULTS }));
  }
  const n = http.retries ? numberValue(http.retries) : STRIPE_DOTNET_DEFAULT_RETRIES;
  const retries = http.known && n !== null ? Math.max(0, Math.floor(n)) : null;
  const note = !http.known ? `httpClient ${http.text} is not a SystemNetHttpClient of this file: count not known` : retries === null ? `maxNetworkRetries: ${http.retries?.text ?? "?"} is not known statically` : http.retries ? retriesNote("SystemNetHttpClient maxNetworkRetries", retries) : `new SystemNetHttpClient() default ${STRIPE_DOTNET_DEFAULT_RETRIES} → ${STRIPE_DOTNET_DEFAULT_RETRIES + 1} attempts`;
  return withWaitNote(stripeLayer({ localId, anchor: nodeSpan(http.retries ?? creation), label, retries, source: http.retries ? "config" : "default", note, ...(http.retries ? {} : { versionDefaults: STRIPE_DOTNET_VERSION_DEFAULTS }) }));
}

/** The StripeClient's `httpClient` (argument 3, or StripeClientOptions.HttpClient): its `maxNetworkRetries` when it is a SystemNetHttpClient. */
function httpClientOf(ctx: CsContext, creation: SyntaxNode): { known: boolean; retries: SyntaxNode | null; text: string } | null {
  const parts = callParts(creation);
  let http: SyntaxNode | null = parts.keywords.get("httpClient") ?? parts.positional[2] ?? null;
  const first = parts.positional[0] ?? null;
  const options = first?.type === "identifier" ? declarationOf(ctx, first.text) : first;
  if (!http && options && options.type === "object_creation_expression" && createdType(options) === "StripeClientOptions") http = initializerValues(options).get("HttpClient") ?? null;
  if (!http || http.text === "null") return null;
  const value = http.type === "identifier" ? declarationOf(ctx, http.text) : http;
  if (value?.type !== "object_creation_expression" || createdType(value) !== "SystemNetHttpClient") return { known: false, retries: null, text: http.text };
  const p = callParts(value);
  return { known: true, retries: p.keywords.get("maxNetworkRetries") ?? p.positional[1] ?? null, text: http.text };
}

/** The global client of `new CustomerService()`: `StripeConfiguration.MaxNetworkRetries = n` in the file, else the default. */
function globalLayer(ctx: CsContext, anchor: SyntaxNode): LayerFact {
  const setting = descendants(ctx.tree.rootNode, "assignment_expression")
    .filter((a) => /(^|\.)StripeConfiguration\.MaxNetworkRetries$/.test(dottedName(a.childForFieldName("left")) ?? ""))
    .pop();
  const right = setting?.childForFieldName("right");
  if (setting && right) {
    const n = numberValue(right);
    const retries = n === null ? null : Math.max(0, Math.floor(n));
    return withWaitNote(stripeLayer({ localId: ctx.nextId("L", setting), anchor: nodeSpan(setting), label: "StripeConfiguration (global)", retries, source: "config", note: retries === null ? `StripeConfiguration.MaxNetworkRetries = ${right.text} is not known statically` : retriesNote("StripeConfiguration.MaxNetworkRetries =", retries) }));
  }
  return withWaitNote(stripeLayer({ localId: ctx.nextId("L", anchor), anchor: nodeSpan(anchor), label: "StripeConfiguration (global)", retries: STRIPE_DOTNET_DEFAULT_RETRIES, source: "default", note: `global StripeConfiguration.MaxNetworkRetries default ${STRIPE_DOTNET_DEFAULT_RETRIES} → ${STRIPE_DOTNET_DEFAULT_RETRIES + 1} attempts (Stripe.net ≥ 38); unless another file sets it`, versionDefaults: STRIPE_DOTNET_VERSION_DEFAULTS }));
}

function withWaitNote(layer: LayerFact): LayerFact {
  return { ...layer, wait: { ...layer.wait, description: `${STRIPE_JVM_DOTNET_WAIT} (SystemNetHttpClient.SleepTime)` } };
}
