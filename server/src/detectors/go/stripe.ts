/**
 * stripe-go — docs/reference/stripe.md (stripe-go v86 `stripe.go`: `DefaultMaxNetworkRetries int64
 * = 2`, `shouldRetry`, `sleepTime`, `minNetworkRetriesDelay` 500 ms, `maxNetworkRetriesDelay` 5 s,
 * an `Idempotency-Key` on every write; the default became 2 in v71.0.0, commit 74f3fd0 "Default
 * number of network retries to 2 (#1069)", 0 before).
 *
 * The major version is in the import path (`github.com/stripe/stripe-go/v76`), so the default is
 * read from the code itself: v71 and later 2 retries → **3 attempts**, v70 and earlier none.
 * - `client.New(key, backends)` (the `/client` package) and `stripe.NewClient(key, opts...)`
 *   (v82+) → a client layer (kind "stripe-sdk") anchored on the call; calls through its service
 *   fields (`sc.Customers.New(p)`, `sc.V1Customers.Create(ctx, p)`) are requests to api.stripe.com.
 * - The resource packages on the global backend (`customer.New(params)`, `paymentintent.Get(id, p)`)
 *   → one layer per file anchored on the first such import.
 * - `stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(N)}` written in the file counts RETRIES
 *   → N+1 for the file's clients and global calls (a backend configured in another file is not read).
 */
import type { LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { stripeLayer, retriesNote } from "../shared/stripe";
import { defaultImportName, type GoContext } from "./context";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, nodeSpan, numberValue } from "./syntax";
import { boundName, linkServiceCalls } from "./values";

const ROOT = /^github\.com\/stripe\/stripe-go(?:\/v(\d+))?$/;
const SUB = /^github\.com\/stripe\/stripe-go(?:\/v(\d+))?\/([a-z0-9_/]+)$/;
/** stripe.go DefaultMaxNetworkRetries (v71+) */
export const STRIPE_GO_DEFAULT_RETRIES = 2;
/** packages under the module that are not API resources */
const NOT_RESOURCES = new Set(["client", "form", "webhook", "oauth", "testing", "rawrequest", "event"]);

export function detectStripeGo(ctx: GoContext): void {
  const all = ctx.imports.map((i) => ({ i, root: ROOT.exec(i.path), sub: SUB.exec(i.path) })).filter((x) => x.root || x.sub);
  if (!all.length) return;
  const major = Number((all[0]!.root ?? all[0]!.sub)![1] ?? "1");
  // the root package is named `stripe`, not after the repository (`stripe-go`); a named import keeps its name
  const rootImport = all.find((x) => x.root)?.i;
  const stripeLocal = rootImport && rootImport.local !== defaultImportName(rootImport.path) ? rootImport.local : "stripe";
  const clientLocal = all.find((x) => !x.root && x.sub?.[2] === "client")?.i.local ?? null;
  const resources = new Map(all.filter((x) => x.sub && !x.root && !NOT_RESOURCES.has(x.sub[2]!.split("/")[0]!)).map((x) => [x.i.local, x.i.path]));
  const root = ctx.tree.rootNode;
  // `stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(N)}` in the file
  let configured: { retries: number | null; text: string } | null = null;
  for (const lit of descendants(root, "composite_literal")) {
    if (lit.childForFieldName("type")?.text !== `${stripeLocal}.BackendConfig`) continue;
    for (const kv of descendants(lit, "keyed_element")) {
      if (kv.childForFieldName("key")?.text !== "MaxNetworkRetries" && kv.namedChildren[0]?.text !== "MaxNetworkRetries") continue;
      const value = kv.childForFieldName("value") ?? kv.namedChildren[1];
      const inner = value?.namedChildren[0] ?? value;
      const arg = inner?.type === "call_expression" ? callArgs(inner)[0] : inner;
      configured = { retries: numberValue(arg), text: value?.text ?? "?" };
    }
  }
  const layer = (at: SyntaxNode, label: string): LayerFact => {
    const localId = ctx.nextId("L", at);
    if (configured) {
      const r = configured.retries === null ? null : Math.max(0, Math.floor(configured.retries));
      return stripeLayer({ localId, anchor: nodeSpan(at), label, retries: r, source: "config", note: r === null ? `BackendConfig MaxNetworkRetries ${configured.text} is not known statically` : retriesNote("BackendConfig MaxNetworkRetries", r) });
    }
    const retries = major >= 71 ? STRIPE_GO_DEFAULT_RETRIES : 0;
    const note = major >= 71 ? `default MaxNetworkRetries ${retries} → ${retries + 1} attempts (stripe-go v${major} ≥ v71)` : `default MaxNetworkRetries 0 → 1 attempt: no retries (stripe-go v${major} < v71)`;
    return stripeLayer({ localId, anchor: nodeSpan(at), label, retries, source: "default", note });
  };

  const clients = new Set<string>();
  for (const call of descendants(root, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    if (callee !== `${stripeLocal}.NewClient` && !(clientLocal && callee === `${clientLocal}.New`)) continue;
    const name = boundName(ctx, call);
    const l = layer(call, name ?? "stripe client");
    ctx.facts.layers.push(l);
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: "stripe-go", timeoutSeconds: 80, timeoutSet: true, layerIds: [l.localId] });
    client.sdk = { target: "sdk://api.stripe.com", notSending: [] };
    clients.add(name);
  }
  if (clients.size) linkServiceCalls(ctx, clients);

  // the resource packages on the global backend: `customer.New(params)`
  const globalCalls = descendants(root, "call_expression").filter((call) => {
    const fn = calleeNode(call);
    return fn?.type === "selector_expression" && resources.has(fn.childForFieldName("operand")?.text ?? "");
  });
  if (!globalCalls.length) return;
  const importNode = descendants(root, "import_spec").find((s) => s.text.includes("stripe/stripe-go") && resources.has(s.childForFieldName("name")?.text ?? defaultLocal(s.text))) ?? root;
  const l = layer(importNode, "stripe (global backend)");
  ctx.facts.layers.push(l);
  const name = "stripe__global_backend";
  const client = addClient(ctx, { name, at: importNode, library: "stripe-go", timeoutSeconds: 80, timeoutSet: true, layerIds: [l.localId] });
  client.functionId = "<module>";
  client.sdk = { target: "sdk://api.stripe.com", notSending: [] };
  for (const call of globalCalls) {
    const id = ctx.callIds.get(call.id);
    const fact = id ? ctx.facts.calls.find((c) => c.id === id) : undefined;
    const method = calleeNode(call)?.childForFieldName("field")?.text;
    if (!fact || !method) continue;
    ctx.typedCallees.delete(fact.id);
    fact.callee = `${name}.${method}`;
  }
}

function defaultLocal(spec: string): string {
  const path = /"([^"]+)"/.exec(spec)?.[1] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

