/**
 * elasticsearch-py / opensearch-py transport retries — docs/reference/elasticsearch.md.
 * - `Elasticsearch(…)` / `AsyncElasticsearch(…)` (elasticsearch-py 8.x/9.x over elastic-transport,
 *   assumed), `OpenSearch(…)` / `AsyncOpenSearch(…)` (opensearch-py) → a client layer on the call.
 * - `max_retries` counts **retries**: default **3 → 4 attempts**; N → N + 1; 0 → 1. Retried:
 *   connection errors, `retry_on_status` (elastic-transport default 429, 502, 503, 504;
 *   opensearch-py and elasticsearch-py 7.x 502, 503, 504), timeouts only with
 *   `retry_on_timeout=True` (default False). No wait by default (elastic-transport
 *   `retry_backoff_base`/`retry_backoff_cap` 0; opensearch-py none): the next node is tried at once.
 * - Every API call on the client (`es.search(…)`, `es.index(…)`) is a request to the first host.
 */
import type { ClientFact, LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { bindingOf, callParts, descendants, elements, enclosingFunction, nodeSpan, stringValue } from "../../parsing/python";
import { moduleConstant, type PyContext } from "./context";
import { returns } from "./sdkClients";
import { ES_NAMESPACES as NAMESPACES, ES_NOT_SENDING, NO_WAIT, elasticsearchLayer } from "../shared/elasticsearch";

const CLIENTS: Record<string, "elasticsearch" | "opensearch"> = {
  "elasticsearch.Elasticsearch": "elasticsearch",
  "elasticsearch.AsyncElasticsearch": "elasticsearch",
  "elasticsearch.client.Elasticsearch": "elasticsearch",
  "opensearchpy.OpenSearch": "opensearch",
  "opensearchpy.AsyncOpenSearch": "opensearch",
};

export function detectElasticsearchPy(ctx: PyContext): void {
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    const family = CLIENTS[q];
    if (!family) continue;
    const { positional } = callParts(call);
    const options = clientOptions(ctx, call);
    const keywords = options.keywords;
    const version = family === "elasticsearch" ? "elasticsearch-py ≥ 8 (elastic-transport)" : "opensearch-py";
    const statuses = family === "elasticsearch" ? [429, 502, 503, 504] : [502, 503, 504];
    const layer = transportLayer(ctx, call, keywords, family, version, statuses, options.via);
    ctx.facts.layers.push(layer);
    const name = bindingOf(call);
    const def = enclosingFunction(call);
    const returned = !name && !!def && returns(def, call, "");
    // a wrapper passing its callers' keywords on (`def es_client(**kwargs): defaults.update(kwargs);
    // return Elasticsearch(**defaults)`): a call of it that sets a retry option builds a client of its own
    if (options.forwarded && def && (returned || (name !== null && returns(def, call, name)))) callerLayers(ctx, def, options, family, version, statuses);
    if (!name && !returned) continue;
    const fact: ClientFact = {
      id: ctx.nextId("K", call),
      name: name ?? "",
      functionId: ctx.functionId(def),
      span: nodeSpan(call),
      library: family === "elasticsearch" ? "elasticsearch-py" : "opensearch-py",
      baseUrl: hostOf(ctx, keywords.get("hosts")?.node ?? positional[0] ?? null, family),
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: ES_NOT_SENDING },
    };
    ctx.facts.clients.push(fact);
    // `return Elasticsearch(…)`: a factory; `es_client().search(…)` sends through what it returns
    const fn = returned ? ctx.facts.functions.find((f) => f.id === fact.functionId) : undefined;
    if (fn) fn.returnsClientId = fact.id;
    // namespaced APIs: `es.indices.create(…)`, `es.cluster.health()` send through the same transport
    if (name) for (const ns of NAMESPACES) ctx.facts.clients.push({ ...fact, id: `${fact.id}:${ns}`, name: `${name}.${ns}`, layerIds: [...fact.layerIds] });
  }
}

/** the transport's retry options (max_retries, retry_on_timeout, retry_on_status, retry_backoff_*) */
const RETRY_OPTIONS = new Set(["max_retries", "retry_on_timeout", "retry_on_status", "retry_backoff_base", "retry_backoff_cap"]);

/** An option of the client call: the value and where it was written. */
interface Option {
  node: SyntaxNode;
  /** the keyword or dict pair that wrote it (the layer's anchor) */
  at: SyntaxNode;
  /** set before the wrapper's caller keywords were merged in, so a caller's keyword replaces it */
  beforeForward: boolean;
}

/**
 * The keywords the client is built with: its own, and those of a `**options` dict — a literal of
 * the enclosing function (`defaults = {…}`, then `defaults.update({…})` / `defaults.update(k=v)` /
 * `defaults.update(kwargs)` in the order written before the call) or of the module. `forwarded`:
 * the function's `**kwargs` parameter was merged in (`defaults.update(kwargs)` or `**kwargs` on the
 * call), so each caller's keywords replace the entries set before.
 */
function clientOptions(ctx: PyContext, call: SyntaxNode): { keywords: Map<string, Option>; forwarded: string | null; via: string | null } {
  const keywords = new Map<string, Option>();
  let forwarded: string | null = null;
  let via: string | null = null;
  const def = enclosingFunction(call);
  const kwargsParam = def ? kwargsParameter(def) : null;
  const fromDict = (dict: SyntaxNode, beforeForward: boolean) => {
    for (const pair of dict.namedChildren) {
      const k = pair?.type === "pair" ? stringValue(pair.childForFieldName("key")) : null;
      const v = pair?.childForFieldName("value");
      if (k !== null && v) keywords.set(k, { node: v, at: pair!, beforeForward });
    }
  };
  for (const a of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (a?.type === "keyword_argument") {
      const k = a.childForFieldName("name");
      const v = a.childForFieldName("value");
      if (k && v) keywords.set(k.text, { node: v, at: a, beforeForward: false });
      continue;
    }
    const splat = a?.type === "dictionary_splat" ? a.namedChildren[0] : null;
    if (splat?.type !== "identifier") continue;
    if (splat.text === kwargsParam) {
      forwarded = splat.text;
      for (const o of keywords.values()) o.beforeForward = true;
      continue;
    }
    // a dict built in the enclosing function before the call, else a module constant
    const steps = def ? localDictSteps(def, splat.text, call) : [];
    if (steps.length) {
      via = `**${splat.text}`;
      for (const step of steps) {
        if (step.type === "dictionary") fromDict(step, !forwarded);
        else if (step.type === "identifier" && step.text === kwargsParam) {
          forwarded = step.text;
          for (const o of keywords.values()) o.beforeForward = true;
        } else if (step.type === "argument_list") {
          for (const kw of step.namedChildren) {
            const k = kw?.type === "keyword_argument" ? kw.childForFieldName("name") : null;
            const v = kw?.childForFieldName("value");
            if (k && v) keywords.set(k.text, { node: v, at: kw!, beforeForward: !forwarded });
          }
        }
      }
      continue;
    }
    const own = moduleConstant(ctx.tree, splat.text);
    if (own?.type === "dictionary") {
      via = `**${splat.text}`;
      fromDict(own, true);
    }
  }
  return { keywords, forwarded, via };
}

/** `def f(**kwargs)`: the name of the keyword-collecting parameter */
function kwargsParameter(def: SyntaxNode): string | null {
  for (const p of def.childForFieldName("parameters")?.namedChildren ?? []) {
    if (p?.type === "dictionary_splat_pattern") return p.namedChildren[0]?.text ?? null;
  }
  return null;
}

/**
 * What a local dict is made of, in order, up to `before`: its `name = {…}` literal, then each
 * `name.update(…)` argument (a dict literal, a name, or the keyword arguments). Empty when the name
 * is not a dict literal of the function (a parameter, a call's result).
 */
function localDictSteps(def: SyntaxNode, name: string, before: SyntaxNode): SyntaxNode[] {
  const steps: SyntaxNode[] = [];
  let seen = false;
  const body = def.childForFieldName("body");
  if (!body) return steps;
  const nodes = [...descendants(body, "assignment", { skipNestedDefs: true }), ...descendants(body, "call", { skipNestedDefs: true })]
    .filter((n) => n.startIndex < before.startIndex)
    .sort((a, b) => a.startIndex - b.startIndex);
  for (const n of nodes) {
    if (n.type === "assignment") {
      if (n.childForFieldName("left")?.text !== name) continue;
      const right = n.childForFieldName("right");
      if (right?.type !== "dictionary") return [];
      steps.length = 0;
      steps.push(right);
      seen = true;
      continue;
    }
    const fn = n.childForFieldName("function");
    if (!seen || fn?.type !== "attribute" || fn.childForFieldName("object")?.text !== name || fn.childForFieldName("attribute")?.text !== "update") continue;
    const args = n.childForFieldName("arguments");
    const first = args?.namedChildren[0];
    if (first?.type === "dictionary" || first?.type === "identifier") steps.push(first);
    else if (args && first?.type === "keyword_argument") steps.push(args);
  }
  return seen ? steps : [];
}

/** The transport's layer for the options the client is built with. */
function transportLayer(ctx: PyContext, call: SyntaxNode, keywords: Map<string, Option>, family: "elasticsearch" | "opensearch", version: string, statuses: number[], via: string | null, site: { anchor: SyntaxNode; label: string; caller: string } | null = null): LayerFact {
  const writtenOption = keywords.get("max_retries") ?? null;
  const written = writtenOption?.node ?? null;
  const scope = writtenOption && site ? site.anchor : call;
  const n = written ? ctx.number(written, scope) : 3;
  let retries: number | null = n === null ? null : Math.max(0, Math.floor(n));
  const from = site ? ` (${site.caller}(…) builds the client through ${site.label})` : via && writtenOption && !site ? ` (in ${via})` : "";
  let note = !written
    ? `default max_retries 3 → 4 attempts (${version})`
    : n === null
      ? `max_retries=${written.text}: not a literal (${version}; counts retries, default 3)${from}`
      : `max_retries=${written.text} → ${retries! + 1} attempt${retries === 0 ? "" : "s"} (${version}; max_retries counts retries)${from}`;
  const onTimeout = keywords.get("retry_on_timeout")?.node.text === "True";
  const statusNode = keywords.get("retry_on_status")?.node ?? null;
  const written_statuses = statusNode ? elements(statusNode).map((e) => ctx.number(e, call)).filter((x): x is number => x !== null) : null;
  if (onTimeout) note += "; retry_on_timeout=True: timeouts are retried too";
  if (statusNode) note += `; retry_on_status=${statusNode.text}`;
  if (keywords.has("retry_backoff_base") || keywords.has("retry_backoff_cap")) note += "; retry_backoff_base/cap: full-jitter backoff";
  const anchorNode = site?.anchor ?? call;
  const localId = ctx.nextId("L", writtenOption && site ? writtenOption.at : anchorNode);
  if (retries !== null && retries < 0) retries = 0;
  const layer = elasticsearchLayer({
    localId,
    anchor: nodeSpan(writtenOption ? writtenOption.at : anchorNode),
    label: site?.label ?? bindingOf(call) ?? ctx.qualifiedName(call.childForFieldName("function"))?.split(".").pop() ?? "Elasticsearch",
    library: family === "elasticsearch" ? "elasticsearch-py" : "opensearch-py",
    retries,
    source: written ? "config" : "default",
    note,
    wait: keywords.has("retry_backoff_base") ? { kind: "exponential", jitter: true, initialSeconds: ctx.number(keywords.get("retry_backoff_base")?.node, call), maxSeconds: ctx.number(keywords.get("retry_backoff_cap")?.node ?? null, call), source: "config", description: "full jitter backoff (retry_backoff_base, retry_backoff_cap)" } : NO_WAIT,
    statuses: written_statuses ?? statuses,
    retryOnTimeout: onTimeout,
    errors: "connection errors",
  });
  // a count the file cannot know (a project setting, a constant of another module): the linker reads it
  if (written && n === null) {
    const value = ctx.value(written);
    if (value && value.kind !== "unknown") layer.countExpr = { value, scopeId: ctx.functionId(enclosingFunction(writtenOption!.at)), offset: 1, nonPositive: 1, note: `max_retries=${written.text.slice(0, 60)} = $value$origin → $attempts attempts (${version}; max_retries counts retries)${from}` };
  }
  return layer;
}

/**
 * The calls in this file of a wrapper that forwards its keywords to the client, each setting a
 * retry option: a layer of its own at the call (the caller's keywords replace the wrapper's
 * defaults set before they are merged in; those set after win).
 */
function callerLayers(ctx: PyContext, def: SyntaxNode, options: { keywords: Map<string, Option>; via: string | null }, family: "elasticsearch" | "opensearch", version: string, statuses: number[]): void {
  const wrapper = def.childForFieldName("name")?.text;
  if (!wrapper) return;
  for (const c of descendants(ctx.tree.rootNode, "call")) {
    const f = c.childForFieldName("function");
    if (f?.type !== "identifier" || f.text !== wrapper) continue;
    const own = callParts(c).keywords;
    if (![...own.keys()].some((k) => RETRY_OPTIONS.has(k))) continue;
    const merged = new Map(options.keywords);
    let replaced = false;
    for (const [k, v] of own) {
      if (merged.get(k)?.beforeForward === false) continue;
      merged.set(k, { node: v, at: v.parent ?? v, beforeForward: false });
      if (RETRY_OPTIONS.has(k)) replaced = true;
    }
    // every retry option the caller sets is replaced again inside the wrapper: the wrapper's layer is the one
    if (!replaced) continue;
    const caller = ctx.functionId(enclosingFunction(c));
    const layer = transportLayer(ctx, c, merged, family, version, statuses, options.via, { anchor: c, label: `${wrapper}()`, caller: caller === "<module>" ? "the module" : caller });
    ctx.facts.layers.push(layer);
  }
}

function hostOf(ctx: PyContext, n: Parameters<PyContext["value"]>[0], family: string): ValueExpr {
  let node = n ?? null;
  if (node && (node.type === "list" || node.type === "tuple")) node = elements(node)[0] ?? null;
  // a list the function builds (`hosts = []; hosts.append(url)`) is not a value the linker can read
  const local = node?.type === "identifier" && !moduleConstant(ctx.tree, node.text) && !ctx.facts.imports.some((i) => i.local === node!.text);
  const v = node && node.type !== "dictionary" && !local ? ctx.value(node) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: `http://${family}` };
  if (v.kind === "string") return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `http://${v.value}` };
  return v;
}
