/**
 * twilio-node clients — docs/reference/twilio.md (twilio-node 6.0.2 source: `src/index.ts`,
 * `src/base/BaseTwilio.ts`, `src/base/RequestClient.ts` `getExponentialBackoffResponseHandler`;
 * `autoRetry` since 4.0.0).
 *
 * - `twilio(sid, token, opts)` / `require("twilio")(sid, token, opts)` (the export is a factory)
 *   and `new Twilio(sid, token, opts)` / `new twilio.Twilio(…)` → a ClientFact: every method on it
 *   (`client.messages.create(…)`) is a request to api.twilio.com.
 * - **No retries by default** (`autoRetry` defaults to false): no layer. `autoRetry: true` adds a
 *   layer (kind "twilio-retry") that retries **only 429 responses**: `maxRetries` counts retries,
 *   default 3 → 4 attempts; **`maxRetries: 0` is the default 3** (`opts.maxRetries || 3`).
 * - Wait: full jitter, `random × min(maxRetryDelay, 100 ms × 2^n)`, maxRetryDelay 3 000 ms.
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** RequestClient.ts DEFAULT_MAX_RETRIES / DEFAULT_MAX_RETRY_DELAY */
export const TWILIO_DEFAULT_RETRIES = 3;
const NOT_SENDING = ["validateRequest", "validateExpressRequest", "webhook", "getRequestUrl"];

export function extractTwilioFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const factories = new Set<string>();
  const classes = new Set<string>();
  for (const i of index.imports) {
    if (i.module !== "twilio") continue;
    if (i.member === null) factories.add(i.local);
    else if (i.member === "Twilio") classes.add(i.local);
  }
  const isRequire = (e: ts.Expression) => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" && e.arguments.length === 1 && ts.isStringLiteralLike(e.arguments[0]!) && e.arguments[0].text === "twilio";
  const made: Array<ts.CallExpression | ts.NewExpression> = [];
  for (const call of index.calls) {
    const c = unwrap(call.expression);
    if ((ts.isIdentifier(c) && factories.has(c.text)) || isRequire(c)) made.push(call);
  }
  for (const node of index.newExpressions) {
    const c = unwrap(node.expression);
    if ((ts.isIdentifier(c) && classes.has(c.text)) || (ts.isPropertyAccessExpression(c) && c.name.text === "Twilio" && ts.isIdentifier(c.expression) && factories.has(c.expression.text))) made.push(node);
  }
  for (const node of made) {
    const { name, module: atModule } = bindingName(node);
    const fn = index.enclosingNode(node);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const opts = objectArg(node.arguments?.[2], index);
    const auto = opts ? objectProperty(opts, "autoRetry") : undefined;
    const autoValue = auto && !ts.isMethodDeclaration(auto) ? unwrap(auto) : undefined;
    const layerIds: string[] = [];
    if (autoValue && autoValue.kind !== ts.SyntaxKind.FalseKeyword) {
      const maxNode = opts ? objectProperty(opts, "maxRetries") : undefined;
      const delayNode = opts ? objectProperty(opts, "maxRetryDelay") : undefined;
      let retries: number | null = TWILIO_DEFAULT_RETRIES;
      let note = `autoRetry: true with no maxRetries: default ${TWILIO_DEFAULT_RETRIES} retries of a 429 → ${TWILIO_DEFAULT_RETRIES + 1} attempts`;
      let source: "config" | "default" = "config";
      if (maxNode && !ts.isMethodDeclaration(maxNode)) {
        const n = numberValue(maxNode);
        retries = n === null ? null : n === 0 ? TWILIO_DEFAULT_RETRIES : Math.max(0, Math.floor(n));
        note = n === null ? `maxRetries: ${maxNode.getText(sf)} is not known statically` : n === 0 ? `maxRetries: 0 is falsy: the default ${TWILIO_DEFAULT_RETRIES} applies (opts.maxRetries || 3) → ${TWILIO_DEFAULT_RETRIES + 1} attempts` : `maxRetries: ${retries} counts retries of a 429 → ${retries! + 1} attempts`;
      }
      if (autoValue.kind !== ts.SyntaxKind.TrueKeyword) note += ` (autoRetry: ${autoValue.getText(sf)})`;
      const delayMs = delayNode && !ts.isMethodDeclaration(delayNode) ? (numberValue(delayNode) ?? 3000) : 3000;
      const maxAttempts = retries === null ? null : retries + 1;
      const layer: LayerFact = {
        localId: ids.next("L", node, sf),
        kind: "twilio-retry",
        category: "client",
        library: "twilio",
        anchor: spanOf(node, sf),
        maxAttempts,
        attemptsSource: source,
        attemptsNote: note,
        timeBound: null,
        ...(maxAttempts === null ? { countUnknown: true } : {}),
        wait: { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: delayMs / 1000, source: delayNode ? "config" : "default", description: `random × min(${delayMs} ms, 100 ms × 2^n): full jitter` },
        condition: {
          allErrors: false,
          exceptionTypes: [],
          statuses: [429],
          retryOn: ["429"],
          // a 429 was rejected before it was processed
          afterSendMethods: [],
          permanentErrors: null,
          honoursRetryAfter: false,
          description: "only 429 Too Many Requests responses (not connection errors, not 5xx), any method; Retry-After is not read",
        },
        budget: null,
        perTryTimeoutSeconds: 30,
        overallTimeoutSeconds: null,
        attach: { kind: "client" },
        label: (name || "twilio").replace(/^this\./, ""),
      };
      facts.layers.push(layer);
      layerIds.push(layer.localId);
      source = "config";
    }
    const id = ids.next("K", node, sf);
    facts.clients.push({
      id,
      name,
      functionId,
      span: spanOf(node, sf),
      library: "twilio",
      baseUrl: null,
      layerIds,
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: 30,
      timeoutSet: true,
      sdk: { target: "sdk://api.twilio.com", notSending: [...NOT_SENDING] },
    });
    if (fn !== undefined && returnsClient(fn, node, name)) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = id;
    }
  }
}
