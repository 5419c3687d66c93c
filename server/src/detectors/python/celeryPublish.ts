/**
 * Celery's publish retry — docs/reference/celery.md "Message sending retry" (celery 5.6.2
 * `celery/app/defaults.py`, `celery/app/amqp.py` `_create_task_sender`; kombu 5.6.2
 * `Producer.publish` → `Connection.ensure`).
 *
 * Every `task.delay()`/`apply_async()` of a Celery app publishes the task message through
 * `Connection.ensure(producer, publish, **task_publish_retry_policy)` while `task_publish_retry` is
 * on (the default): on a broker connection or channel error the publish is tried again, up to
 * `max_retries` retries (default policy `{max_retries: 3, interval_start: 0, interval_step: 0.2,
 * interval_max: 1}` → **4 publish attempts**; `max_retries` missing from a configured policy or
 * `None` → kombu retries forever). One implicit layer per `X = Celery(...)` of the file, anchored on
 * the call, unless the file turns it off. Settings read in the file: `Celery(..., task_publish_retry=…,
 * task_publish_retry_policy={…})` (keyword arguments are configuration), `X.conf.task_publish_retry
 * = …`, `X.conf.task_publish_retry_policy = {…}`, `X.conf.update(…)`. Settings in a module read by
 * `config_from_object` are not followed (the note says so). The layer re-sends the message, not the
 * task body: reported at the app, off the request paths (LayerFact.offPath), never multiplied.
 * Kept apart from detectors/python/celery.ts (task retries), which it shares nothing with.
 */
import type { LayerFact } from "../../model/facts";
import { callParts, descendants, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { describedCondition } from "../shared/conditions";

export const CELERY_PUBLISH_LIBRARY = "celery-publish";
/** celery/app/defaults.py (5.6.2; the same at v4.4.7, v5.0.0, v5.3.0): task_publish_retry_policy */
export const CELERY_PUBLISH_DEFAULT_POLICY = { maxRetries: 3, intervalStart: 0, intervalStep: 0.2, intervalMax: 1 };
/** kombu Connection.ensure defaults for keys a configured policy leaves out */
const KOMBU_ENSURE = { maxRetries: null as number | null, intervalStart: 1, intervalStep: 1, intervalMax: 1 };
const VERSION = "celery 5.x";
/**
 * Why the layer multiplies no path: a publish is retried only when it failed, so the worker runs
 * the task once per message that got through; the queue hop (engine/queues/celery.ts) carries the
 * task's own retries, not these.
 */
const OFF_PATH = "re-sends the task message to the broker when publishing failed; the task itself is not run again, so no worker path is multiplied";

interface Policy {
  /** null = retry forever */
  maxRetries: number | null;
  intervalStart: number | null;
  intervalStep: number | null;
  intervalMax: number | null;
  source: "default" | "config";
  /** `max_retries` is written but not a literal */
  unknown: boolean;
  at: SyntaxNode | null;
}

export function detectCeleryPublish(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/\bCelery\s*\(/.test(root.text)) return;
  for (const a of descendants(root, "assignment", { skipNestedDefs: true })) {
    const call = a.childForFieldName("right");
    const left = a.childForFieldName("left");
    if (call?.type !== "call" || left?.type !== "identifier") continue;
    if (!/^celery(\.app)?\.Celery$/.test(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const app = left.text;
    const settings = new Map<string, SyntaxNode>(callParts(call).keywords);
    for (const [k, v] of confSettings(root, app)) settings.set(k, v);
    const enabled = settings.get("task_publish_retry");
    if (enabled && enabled.text === "False") continue;
    const policy = readPolicy(ctx, settings.get("task_publish_retry_policy") ?? null);
    if (policy.maxRetries === 0) continue;
    const fromObject = descendants(root, "call").some((c) => c.childForFieldName("function")?.text === `${app}.config_from_object`);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(publishLayer(localId, nodeSpan(call), app, policy, enabled ? enabled.text : null, fromObject));
  }
}

/** `app.conf.KEY = v` and `app.conf.update(KEY=v, …)` / `app.conf.update({"KEY": v})` at any depth. */
function confSettings(root: SyntaxNode, app: string): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const a of descendants(root, "assignment")) {
    const m = /^(\w+)\.conf\.(\w+)$/.exec(a.childForFieldName("left")?.text ?? "");
    const right = a.childForFieldName("right");
    if (m && m[1] === app && right) out.set(m[2]!, right);
  }
  for (const c of descendants(root, "call")) {
    if (c.childForFieldName("function")?.text !== `${app}.conf.update`) continue;
    const parts = callParts(c);
    for (const [k, v] of parts.keywords) out.set(k, v);
    const dict = parts.positional[0];
    if (dict?.type === "dictionary") for (const [k, v] of dictEntries(dict)) out.set(k, v);
  }
  return out;
}

function dictEntries(dict: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const pair of dict.namedChildren) {
    if (pair?.type !== "pair") continue;
    const key = stringValue(pair.childForFieldName("key"));
    const value = pair.childForFieldName("value");
    if (key && value) out.set(key, value);
  }
  return out;
}

function readPolicy(ctx: PyContext, n: SyntaxNode | null): Policy {
  const d = CELERY_PUBLISH_DEFAULT_POLICY;
  if (!n) return { ...d, source: "default", unknown: false, at: null };
  let entries: Map<string, SyntaxNode> | null = null;
  if (n.type === "dictionary") entries = dictEntries(n);
  else if (n.type === "call" && n.childForFieldName("function")?.text === "dict") entries = callParts(n).keywords;
  if (!entries) return { ...d, maxRetries: null, source: "config", unknown: true, at: n };
  const num = (key: string, fallback: number | null) => {
    const v = entries!.get(key);
    if (!v) return fallback;
    return v.text === "None" ? null : ctx.number(v);
  };
  const mr = entries.get("max_retries");
  return {
    // a policy without max_retries reaches kombu's ensure(max_retries=None): forever
    maxRetries: num("max_retries", KOMBU_ENSURE.maxRetries),
    intervalStart: num("interval_start", KOMBU_ENSURE.intervalStart),
    intervalStep: num("interval_step", KOMBU_ENSURE.intervalStep),
    intervalMax: num("interval_max", KOMBU_ENSURE.intervalMax),
    source: "config",
    unknown: !!mr && mr.text !== "None" && ctx.number(mr) === null,
    at: mr ?? n,
  };
}

function publishLayer(localId: string, anchor: LayerFact["anchor"], app: string, p: Policy, enabledText: string | null, fromObject: boolean): LayerFact {
  const attempts = p.maxRetries === null ? null : Math.max(0, Math.floor(p.maxRetries)) + 1;
  const what = p.source === "default" ? `default task_publish_retry_policy max_retries ${CELERY_PUBLISH_DEFAULT_POLICY.maxRetries}` : p.unknown ? "task_publish_retry_policy max_retries not a literal" : p.maxRetries === null ? "task_publish_retry_policy without a max_retries bound (kombu retries forever)" : `task_publish_retry_policy max_retries ${p.maxRetries}`;
  const count = attempts === null ? (p.unknown ? "an unknown number of publish attempts" : "publish attempts without a bound") : `${attempts} publish attempts`;
  const elsewhere = fromObject ? `; ${app}.config_from_object(…) may set task_publish_retry(_policy) in another module, which is not read` : "";
  const on = enabledText ? `task_publish_retry=${enabledText}` : "task_publish_retry on by default";
  const interval = (v: number | null) => (v === null ? "?" : `${v} s`);
  return {
    localId,
    kind: "celery-publish-retry",
    category: "client",
    library: CELERY_PUBLISH_LIBRARY,
    anchor,
    maxAttempts: attempts,
    attemptsSource: p.source,
    attemptsNote: `${on}, ${what} → ${count} of each task message (${VERSION}: max_retries counts retries); re-sends the message to the broker, not the task${elsewhere}`,
    timeBound: null,
    ...(p.unknown ? { countUnknown: true } : {}),
    wait: {
      kind: p.intervalStep ? "linear" : "fixed",
      jitter: false,
      initialSeconds: p.intervalStart,
      maxSeconds: p.intervalMax,
      source: p.source,
      description: `from ${interval(p.intervalStart)}, +${interval(p.intervalStep)} per retry, max ${interval(p.intervalMax)}, no jitter`,
    },
    condition: describedCondition("broker connection and channel errors while publishing (kombu Connection.ensure); a message whose send failed mid-way may be published twice"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: `${app} task publish`,
    offPath: OFF_PATH,
  };
}
