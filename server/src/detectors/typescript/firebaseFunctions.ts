/**
 * Firebase / Cloud Functions event-function retries — docs/reference/google-sdks.md (Cloud
 * Functions `FailurePolicy.Retry` / `EventTrigger.RetryPolicy.RETRY`: "retried up to 7 days with an
 * exponential backoff"; 1st-gen best-practices page: 10 s to 600 s; retries are off by default).
 *
 * - firebase-functions v2 triggers with `retry: true` in their options
 *   (`onMessagePublished({ topic, retry: true }, handler)`, `onDocumentCreated`, `onObjectFinalized`,
 *   `onCustomEventPublished`, `onValueCreated` … from `firebase-functions/v2/*` or
 *   `firebase-functions/<service>`), and v1 `functions.runWith({ failurePolicy: true })…onX(handler)`
 *   → a platform redelivery layer (kind "firebase-functions-retry", category "code") on the
 *   handler: the whole function is re-run on any failure, **no count: bounded by the 7-day retry
 *   window**. Without `retry: true` / `failurePolicy` an event is not redelivered: no layer.
 * - The anchor is the `retry` / `failurePolicy` property (`retry: false` there is no layer).
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { objectArg } from "./awsSdk";
import type { FileIndex, IdAllocator } from "./module";

const V2_TRIGGER = /^on(MessagePublished|Document(Created|Updated|Deleted|Written)(WithAuthContext)?|Object(Finalized|Deleted|Archived|MetadataUpdated)|CustomEventPublished|Value(Created|Updated|Deleted|Written)|TestMatrixCompleted|Alert(Published)?|.*Alert(Published)?|Task(Dispatched)?|Schedule)$/;

export function extractFirebaseFunctionsFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  if (!index.imports.some((i) => i.module === "firebase-functions" || i.module.startsWith("firebase-functions/"))) return;
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
    if (!/^on[A-Z]/.test(name) || name === "onRequest" || name === "onCall" || name === "onCallGenkit") continue;
    let flag: ts.ObjectLiteralElementLike | undefined;
    let how = "";
    // v2: the options are the first argument of a two-argument trigger
    if (V2_TRIGGER.test(name) && call.arguments.length >= 2) {
      const opts = objectArg(call.arguments[0], index);
      const p = opts?.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText(sf) === "retry");
      if (p) {
        flag = p;
        how = "retry";
      }
    }
    // v1: `functions.runWith({ failurePolicy: true }).pubsub.topic(t).onPublish(handler)`
    if (!flag) {
      for (let e: ts.Expression = callee; ts.isPropertyAccessExpression(e) || ts.isCallExpression(e); e = ts.isPropertyAccessExpression(e) ? e.expression : e.expression) {
        if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === "runWith") {
          const opts = objectArg(e.arguments[0], index);
          const p = opts?.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText(sf) === "failurePolicy");
          if (p) {
            flag = p;
            how = "failurePolicy";
          }
          break;
        }
      }
    }
    if (!flag || !ts.isPropertyAssignment(flag)) continue;
    const value = unwrap(flag.initializer);
    if (value.kind === ts.SyntaxKind.FalseKeyword) continue;
    const handler = call.arguments[call.arguments.length - 1];
    const h = handler ? unwrap(handler) : undefined;
    const fnId = h && (ts.isArrowFunction(h) || ts.isFunctionExpression(h)) ? index.idOf(h) : h && ts.isIdentifier(h) ? index.resolveName(h.text, call)?.id : undefined;
    if (!fnId) continue;
    const layer: LayerFact = {
      localId: ids.next("L", flag, sf),
      kind: "firebase-functions-retry",
      category: "code",
      library: "firebase-functions",
      anchor: spanOf(flag, sf),
      maxAttempts: null,
      attemptsSource: "config",
      attemptsNote: `${how}: ${value.getText(sf)} on ${name}: the platform redelivers the event on any failure until it succeeds or its 7-day retry window ends (no count)`,
      timeBound: "7 days (the event's retry window)",
      wait: { kind: "exponential", jitter: null, initialSeconds: 10, maxSeconds: 600, source: "default", description: "exponential backoff between 10 s and 600 s (platform redelivery)" },
      condition: { allErrors: true, exceptionTypes: [], statuses: [], retryOn: ["any-failure"], afterSendMethods: "all", permanentErrors: "every thrown error or rejected promise re-runs the whole function, including bugs and bad input", honoursRetryAfter: null, description: "any failure of the function (a thrown error, a rejected promise, a timeout): the whole handler runs again" },
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: 7 * 24 * 3600,
      attach: { kind: "function", functionId: fnId },
      label: `${name} ${how}`,
    };
    facts.layers.push(layer);
  }
}
