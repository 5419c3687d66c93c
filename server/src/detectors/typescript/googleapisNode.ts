/**
 * googleapis (Node) API clients — docs/reference/google-sdks.md ("googleapis for Node").
 *
 * - `google.youtube({ version: "v3", auth })`, `google.drive("v3")`, `google.oauth2({...})` … with
 *   `google` from "googleapis" → a ClientFact with one layer (kind "googleapis-node", implicit when
 *   unconfigured): googleapis-common 7.2.0 `createAPIRequest` sets `options.retry = true` unless the
 *   code set it, and gaxios 6.7.1 `getRetryConfig` then retries `retryConfig.retry ?? 3` times
 *   → 4 attempts; `retryConfig: { retry: N }` → N+1; `retry: false` (without a retryConfig) → 1.
 * - Retried: GET, HEAD, PUT, OPTIONS and DELETE only (`httpMethodsToRetry`; POST and PATCH never)
 *   on 100–199, 408, 429 and 500–599 (`statusCodesToRetry`), and network errors without a
 *   response (`noResponseRetries` 2 of them). Wait: 100 ms, then ((2^n − 1) / 2) s, no jitter,
 *   no cap by default (`maxRetryDelay`); Retry-After is not read.
 * - Every method call on the client (`yt.channels.list(…)`) is a request to `<api>.googleapis.com`.
 */
import type { ClientFact, FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** gaxios 6.x `config.retry ?? 3` */
export const GAXIOS_DEFAULT_RETRIES = 3;
/** members of the `google` object that are not API clients */
const NOT_APIS = new Set(["options", "discover", "discoverAPI", "getSupportedAPIs", "addAPIs", "auth"]);
const NOT_SENDING = ["context"];

export function extractGoogleapisNodeFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const roots = new Set(index.imports.filter((i) => i.module === "googleapis" && i.member === "google").map((i) => i.local));
  if (roots.size === 0) return;
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || !roots.has(callee.expression.text)) continue;
    const api = callee.name.text;
    if (NOT_APIS.has(api) || !/^[a-z]/.test(api)) continue;
    const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    // `google.drive("v3")` (version string) or `google.drive({ version, auth, … })`
    const opts = first && !ts.isStringLiteralLike(first) ? objectArg(first, index) : undefined;
    if (!first || (!ts.isStringLiteralLike(first) && !opts && !ts.isIdentifier(first))) continue;
    const layer = layerFor(call, sf, ids, api, opts, !!first && !ts.isStringLiteralLike(first) && !opts);
    facts.layers.push(layer);
    const { name, module: atModule } = bindingName(call);
    const fn = index.enclosingNode(call);
    const functionId = atModule ? MODULE : index.enclosingId(call);
    const client: ClientFact = {
      id: ids.next("K", call, sf),
      name,
      functionId,
      span: spanOf(call, sf),
      library: "googleapis",
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: `sdk://${api.toLowerCase()}.googleapis.com`, notSending: [...NOT_SENDING] },
    };
    if (fn !== undefined && returnsClient(fn, call, name)) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = client.id;
    }
    facts.clients.push(client);
  }
}

function layerFor(call: ts.CallExpression, sf: ts.SourceFile, ids: IdAllocator, api: string, opts: ts.ObjectLiteralExpression | undefined, opaque: boolean): LayerFact {
  const prop = (o: ts.ObjectLiteralExpression | undefined, k: string) => {
    const p = o ? objectProperty(o, k) : undefined;
    return p && !ts.isMethodDeclaration(p) ? unwrap(p) : undefined;
  };
  const retryFlag = prop(opts, "retry");
  const rc = prop(opts, "retryConfig");
  const retryConfig = rc && ts.isObjectLiteralExpression(rc) ? rc : undefined;
  const countNode = prop(retryConfig, "retry");
  let retries: number | null = GAXIOS_DEFAULT_RETRIES;
  let source: "config" | "default" = "default";
  let note = `googleapis-common turns gaxios retries on by default: retryConfig.retry ${GAXIOS_DEFAULT_RETRIES} → ${GAXIOS_DEFAULT_RETRIES + 1} attempts of GET/HEAD/PUT/OPTIONS/DELETE (googleapis ${api})`;
  if (countNode) {
    source = "config";
    const n = numberValue(countNode);
    retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
    note = retries === null ? `retryConfig.retry: ${countNode.getText(sf)} is not known statically` : `retryConfig.retry: ${retries} counts retries → ${retries + 1} attempts of GET/HEAD/PUT/OPTIONS/DELETE`;
  } else if (retryFlag?.kind === ts.SyntaxKind.FalseKeyword && !retryConfig) {
    source = "config";
    retries = 0;
    note = "retry: false turns gaxios retries off → 1 attempt";
  } else if (retryConfig) {
    source = "config";
    note = `retryConfig without retry: gaxios's default ${GAXIOS_DEFAULT_RETRIES} → ${GAXIOS_DEFAULT_RETRIES + 1} attempts of GET/HEAD/PUT/OPTIONS/DELETE`;
  } else if (opaque) note += "; unless the options passed set retry / retryConfig";
  const maxAttempts = retries === null ? null : retries + 1;
  return {
    localId: ids.next("L", call, sf),
    kind: "googleapis-node",
    category: "client",
    library: "googleapis",
    anchor: spanOf(call, sf),
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    wait: { kind: "exponential", jitter: false, initialSeconds: 0.1, maxSeconds: null, source: "default", description: "100 ms, then ((2^n − 1) / 2) s (retryDelayMultiplier 2), no jitter, no cap; Retry-After not read" },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: [408, 429, 500, 502, 503, 504],
      retryOn: ["connect-failure", "timeout", "5xx"],
      afterSendMethods: ["GET", "HEAD", "PUT", "OPTIONS", "DELETE"],
      permanentErrors: null,
      honoursRetryAfter: false,
      description: "GET/HEAD/PUT/OPTIONS/DELETE on 1xx, 408, 429 and 5xx, and network errors without a response (2 of those); POST and PATCH never",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: `google.${api}`,
  };
}
