/**
 * django-storages' S3 backend — docs/reference/django-storages.md (django-storages 1.12.2 source)
 * and docs/reference/retry-semantics.md §1.6 (botocore's defaults).
 *
 * `S3Boto3Storage` (django-storages 1.12.2 storages/backends/s3boto3.py; `S3Storage` in
 * storages/backends/s3.py since 1.14, `S3Boto3Storage` kept as an alias) builds its boto3
 * resource itself: `session.resource('s3', …, config=self.config)` where `self.config`, when the
 * class sets none, is `Config(s3={'addressing_style': …}, signature_version=…, proxies=…)` — no
 * `retries`, so botocore's default applies (legacy mode: 5 attempts per call, §1.6). Every S3
 * call the storage makes (save, open, exists, delete, url with a signed query) goes through it.
 *
 * - A class subclassing one of the S3 storage classes: an implicit aws-sdk layer (kind
 *   "aws-sdk", library boto3, target aws://s3) anchored on its `class` line; a `config =
 *   Config(retries=…)` (1.12) or `client_config = Config(retries=…)` (1.14+) class attribute
 *   gives the count, read as boto3's own Config (detectors/python/boto3.ts readRetries).
 * - A settings module naming a library class directly (`DEFAULT_FILE_STORAGE =
 *   "storages.backends.s3boto3.S3Boto3Storage"`, `STATICFILES_STORAGE`, or a `STORAGES` entry's
 *   `"BACKEND"`): the same layer on that string's line; `AWS_S3_CLIENT_CONFIG = Config(…)` (1.14+)
 *   of the same file gives the count. A project subclass named there has its layer on its class.
 */
import type { ClientFact } from "../../model/facts";
import { descendants, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { readRetries, sdkLayer, type RetriesConfig } from "./boto3";
import type { PyContext } from "./context";

const S3_STORAGES = new Set([
  "storages.backends.s3boto3.S3Boto3Storage",
  "storages.backends.s3boto3.S3StaticStorage",
  "storages.backends.s3boto3.S3ManifestStaticStorage",
  "storages.backends.s3.S3Storage",
  "storages.backends.s3.S3StaticStorage",
  "storages.backends.s3.S3ManifestStaticStorage",
]);
const STORAGE_SETTINGS = new Set(["DEFAULT_FILE_STORAGE", "STATICFILES_STORAGE"]);
const NO_RETRIES: RetriesConfig = { mode: null, maxAttempts: null, totalMaxAttempts: null, unreadable: false, given: false };

export function detectDjangoStorages(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/storages/.test(root.text)) return;
  for (const c of descendants(root, "class_definition")) {
    const bases = c.childForFieldName("superclasses")?.namedChildren ?? [];
    if (!bases.some((b) => b && b.type !== "keyword_argument" && S3_STORAGES.has(ctx.qualifiedName(b) ?? ""))) continue;
    const name = c.childForFieldName("name")?.text ?? "S3 storage";
    let config: SyntaxNode | null = null;
    for (const a of descendants(c.childForFieldName("body") ?? c, "assignment", { skipNestedDefs: true })) {
      const left = a.childForFieldName("left")?.text;
      if (left === "config" || left === "client_config") config = a.childForFieldName("right");
    }
    push(ctx, c, config && config.text !== "None" ? readRetries(ctx, config, c) : NO_RETRIES, name, `${name} (a django-storages S3 storage)`);
  }
  // a settings module naming a library class directly
  let clientConfig: SyntaxNode | null = null;
  const named: SyntaxNode[] = [];
  for (const a of descendants(root, "assignment", { skipNestedDefs: true })) {
    const left = a.childForFieldName("left")?.text ?? "";
    const right = a.childForFieldName("right");
    if (!right) continue;
    if (left === "AWS_S3_CLIENT_CONFIG") clientConfig = right;
    else if (STORAGE_SETTINGS.has(left) && right.type === "string") named.push(right);
    else if (left === "STORAGES" && right.type === "dictionary") {
      for (const pair of descendants(right, "pair")) {
        const k = pair.childForFieldName("key");
        const v = pair.childForFieldName("value");
        if (k?.type === "string" && /^['"]BACKEND['"]$/.test(k.text) && v?.type === "string") named.push(v);
      }
    }
  }
  for (const s of named) {
    const cls = s.text.replace(/^['"]|['"]$/g, "");
    if (!S3_STORAGES.has(cls)) continue;
    push(ctx, s, clientConfig ? readRetries(ctx, clientConfig, s) : NO_RETRIES, cls.slice(cls.lastIndexOf(".") + 1), `${cls} (django-storages)`);
  }
}

function push(ctx: PyContext, at: SyntaxNode, r: RetriesConfig, label: string, what: string): void {
  const layer = sdkLayer(ctx, at, "s3", r, label);
  layer.attemptsNote = `${what} builds its own boto3 S3 resource, its Config without retries unless set (django-storages 1.12 s3boto3.py): ${layer.attemptsNote}`;
  ctx.facts.layers.push(layer);
  const client: ClientFact = {
    id: ctx.nextId("K", at),
    // no name: a storage class is no client a call could name
    name: "",
    functionId: "<module>",
    span: nodeSpan(at),
    library: "boto3.resource",
    baseUrl: null,
    layerIds: [layer.localId],
    fromCall: null,
    perCall: false,
    hasRetryQuota: r.mode !== "legacy",
    timeoutSeconds: 60,
    timeoutSet: true,
    sdk: { target: "aws://s3", notSending: [] },
  };
  ctx.facts.clients.push(client);
}
