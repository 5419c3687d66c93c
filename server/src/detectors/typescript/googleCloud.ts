/**
 * Google Cloud client libraries for Node — docs/reference/google-sdks.md
 * (@google-cloud/storage 7.19.0 `src/storage.ts`: AUTO_RETRY_DEFAULT true, MAX_RETRY_DEFAULT 3,
 * RETRY_DELAY_MULTIPLIER_DEFAULT 2, TOTAL_TIMEOUT_DEFAULT 600 s, MAX_RETRY_DELAY_DEFAULT 64 s,
 * RETRYABLE_ERR_FN_DEFAULT, IdempotencyStrategy.RetryConditional).
 *
 * - `new Storage({ retryOptions })` from "@google-cloud/storage" → a ClientFact with one layer
 *   (kind "google-cloud-sdk", implicit when unconfigured): `maxRetries` counts RETRIES, default
 *   3 → 4 attempts; **`maxRetries: 0` is falsy, so the default 3 applies**; `autoRetry: false` or
 *   `idempotencyStrategy: IdempotencyStrategy.RetryNever` turn it off; `totalTimeout` 600 s bounds
 *   the whole retry. Calls on the client, its buckets (`storage.bucket(b)`) and files
 *   (`bucket.file(f)`), bound or chained, are requests to storage.googleapis.com.
 * - Retried: 408, 429, 5xx and connection problems (ECONNRESET, EPIPE, EAI_AGAIN, socket
 *   timeouts); idempotent operations always, conditionally idempotent ones (uploads, metadata
 *   updates) only with a precondition (`ifGenerationMatch`) under the default RetryConditional.
 * - Wait: exponential, ×2 up to 64 s, with jitter (up to 1 s random added).
 */
import type { ClientFact, FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** @google-cloud/storage MAX_RETRY_DEFAULT */
export const GCS_NODE_DEFAULT_RETRIES = 3;
const NOT_SENDING = ["bucket", "file", "channel", "hmacKey", "notification", "acl", "iam", "request", "getFilesStream", "createReadStream", "createWriteStream", "interceptors"];

export function extractGoogleCloudNodeFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Set(index.imports.filter((i) => i.module === "@google-cloud/storage" && (i.member === "Storage" || i.member === null)).map((i) => i.local));
  if (classes.size === 0) return;
  const made: ClientFact[] = [];
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const ok = (ts.isIdentifier(callee) && classes.has(callee.text)) || (ts.isPropertyAccessExpression(callee) && callee.name.text === "Storage" && ts.isIdentifier(callee.expression) && classes.has(callee.expression.text));
    if (!ok) continue;
    const { name, module: atModule } = bindingName(node);
    const fn = index.enclosingNode(node);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const opts = objectArg(node.arguments?.[0], index);
    const retryOpts = opts ? objectProperty(opts, "retryOptions") : undefined;
    const ro = retryOpts && !ts.isMethodDeclaration(retryOpts) ? unwrap(retryOpts) : undefined;
    const r = ro && ts.isObjectLiteralExpression(ro) ? ro : undefined;
    const get = (k: string) => {
      const p = r ? objectProperty(r, k) : undefined;
      return p && !ts.isMethodDeclaration(p) ? unwrap(p) : undefined;
    };
    const auto = get("autoRetry");
    const maxNode = get("maxRetries");
    const strategy = get("idempotencyStrategy");
    const totalNode = get("totalTimeout");
    let retries: number | null = GCS_NODE_DEFAULT_RETRIES;
    let source: "config" | "default" = r ? "config" : "default";
    let note = `default retryOptions.maxRetries ${GCS_NODE_DEFAULT_RETRIES} → ${GCS_NODE_DEFAULT_RETRIES + 1} attempts (@google-cloud/storage)`;
    if (auto?.kind === ts.SyntaxKind.FalseKeyword) {
      retries = 0;
      note = "retryOptions.autoRetry: false turns retries off → 1 attempt";
    } else if (strategy && /\bRetryNever$/.test(strategy.getText(sf))) {
      retries = 0;
      note = "idempotencyStrategy: RetryNever turns retries off → 1 attempt";
    } else if (maxNode) {
      const n = numberValue(maxNode);
      retries = n === null ? null : n === 0 ? GCS_NODE_DEFAULT_RETRIES : Math.max(0, Math.floor(n));
      note = n === null ? `retryOptions.maxRetries: ${maxNode.getText(sf)} is not known statically` : n === 0 ? `retryOptions.maxRetries: 0 is falsy: the default ${GCS_NODE_DEFAULT_RETRIES} applies → ${GCS_NODE_DEFAULT_RETRIES + 1} attempts (use autoRetry: false to turn retries off)` : `retryOptions.maxRetries: ${retries} counts retries → ${retries! + 1} attempts`;
    } else if (!r) source = "default";
    if (r && source === "config" && !maxNode && auto?.kind !== ts.SyntaxKind.FalseKeyword && !(strategy && /\bRetryNever$/.test(strategy.getText(sf)))) note = `retryOptions without maxRetries: the default ${GCS_NODE_DEFAULT_RETRIES} → ${GCS_NODE_DEFAULT_RETRIES + 1} attempts`;
    const total = totalNode ? numberValue(totalNode) : null;
    const maxAttempts = retries === null ? null : retries + 1;
    const always = strategy && /\bRetryAlways$/.test(strategy.getText(sf));
    const layer: LayerFact = {
      localId: ids.next("L", node, sf),
      kind: "google-cloud-sdk",
      category: "client",
      library: "@google-cloud/storage",
      anchor: spanOf(node, sf),
      maxAttempts,
      attemptsSource: source,
      attemptsNote: note,
      timeBound: `totalTimeout ${total ?? 600} s`,
      ...(maxAttempts === null ? { countUnknown: true } : {}),
      wait: { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: 64, source: "default", description: "exponential ×2 from 1 s up to 64 s (maxRetryDelay), plus up to 1 s random" },
      condition: {
        allErrors: false,
        exceptionTypes: ["ECONNRESET", "EPIPE", "EAI_AGAIN"],
        statuses: [408, 429, 500, 502, 503, 504],
        retryOn: ["connect-failure", "timeout", "5xx"],
        afterSendMethods: always ? "all" : ["GET", "HEAD", "PUT", "DELETE"],
        permanentErrors: null,
        honoursRetryAfter: false,
        description: always
          ? "408, 429, 5xx and connection problems, every operation (RetryAlways)"
          : "408, 429, 5xx and connection problems; idempotent operations always, uploads and metadata updates only with a precondition (ifGenerationMatch…)",
      },
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: total ?? 600,
      attach: { kind: "client" },
      label: (name || "storage").replace(/^this\./, ""),
    };
    facts.layers.push(layer);
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId,
      span: spanOf(node, sf),
      library: "@google-cloud/storage",
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "sdk://storage.googleapis.com", notSending: [...NOT_SENDING] },
    };
    if (fn !== undefined && returnsClient(fn, node, name)) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = client.id;
    }
    facts.clients.push(client);
    made.push(client);
  }
  // `const bucket = storage.bucket("b")`, `const file = bucket.file("f")`: handles on the same client
  for (let round = 0; round < 2; round++) {
    for (const call of index.calls) {
      const callee = unwrap(call.expression);
      if (!ts.isPropertyAccessExpression(callee) || (callee.name.text !== "bucket" && callee.name.text !== "file")) continue;
      const base = made.find((c) => c.name !== "" && c.name === callee.expression.getText(sf));
      const { name, module: atModule } = bindingName(call);
      if (!base || !name || made.some((c) => c.name === name)) continue;
      const child: ClientFact = { ...base, id: ids.next("K", call, sf), name, functionId: atModule ? MODULE : index.enclosingId(call), span: spanOf(call, sf), sdk: { ...base.sdk!, notSending: [...NOT_SENDING] } };
      facts.clients.push(child);
      made.push(child);
    }
  }
  // chained `storage.bucket(b).file(f).save(data)`: a request on the client
  for (const c of facts.calls) {
    for (const k of made) {
      if (!k.name || !c.callee.startsWith(`${k.name}.`) || !c.callee.includes("()")) continue;
      const member = c.callee.slice(c.callee.lastIndexOf(".") + 1);
      if (/^(bucket|file)\(\)/.test(c.callee.slice(k.name.length + 1))) c.callee = `${k.name}.${member}`;
    }
  }
}
