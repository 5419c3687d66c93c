/**
 * Dramatiq actors — docs/reference/job-queues-python.md#dramatiq (dramatiq 2.2.0 source,
 * `dramatiq/middleware/retries.py`; the same defaults since 1.0).
 *
 * - `@dramatiq.actor`, `@dramatiq.actor(...)`, `@actor(...)` (imported from dramatiq): the function
 *   is its worker's entry (`TASK /<actor_name>`, the function's name unless `actor_name=`); sending
 *   it (`actor.send(…)`, `send_with_options`, `message(…)`) is a queue hop (engine/queues/dramatiq.ts).
 * - The `Retries` middleware is in the default middleware of every broker, so EVERY actor retries
 *   unless told otherwise: `max_retries` counts RETRIES, default 20 → 21 executions; `max_retries=0`
 *   one execution; `None` forever; `retry_when=` decides instead of the count (unknown count).
 *   A `Retries(max_retries=…, min_backoff=…, max_backoff=…)` middleware built in the same file sets
 *   the defaults of that file's actors.
 * - Wait: exponential from `min_backoff` (15 000 ms) ×2, each delay × U(1, 2) (jitter), capped at
 *   `max_backoff` (7 days; then 50–100 % of it). `throws=(E,)` are not retried.
 */
import type { LayerFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import type { QueueOptionFact, QueueTaskInput } from "../../model/queueWrapperFacts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callParts, descendants } from "../../parsing/python";
import type { PyContext } from "./context";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { decoratedWith, everyException, markTask, pushQueueLayer, queueLayerFact, retriesCount, secondsText, stringText } from "./queueTasks";

/** dramatiq/middleware/retries.py (1.0–2.2): `max_retries: int = 20`, DEFAULT_MIN_BACKOFF 15000 ms, DEFAULT_MAX_BACKOFF 7 days */
export const DRAMATIQ_DEFAULT_MAX_RETRIES = 20;
export const DRAMATIQ_MIN_BACKOFF_MS = 15_000;
export const DRAMATIQ_MAX_BACKOFF_MS = 86_400_000 * 7;
const VERSION = "dramatiq 1.x–2.x";

export function detectDramatiq(ctx: PyContext): void {
  if (!/dramatiq/.test(ctx.tree.rootNode.text)) return;
  // a Retries(...) middleware built in this file: the defaults of its actors
  let middleware: Map<string, SyntaxNode> = new Map();
  for (const c of descendants(ctx.tree.rootNode, "call")) {
    const q = ctx.qualifiedName(c.childForFieldName("function"));
    if (q === "dramatiq.middleware.Retries" || q === "dramatiq.middleware.retries.Retries" || q === "dramatiq.Retries") middleware = callParts(c).keywords;
  }
  for (const d of decoratedWith(ctx, (q) => q === "dramatiq.actor" || q === "dramatiq.actor.actor")) {
    if (d.cls) continue;
    const kw = d.parts?.keywords ?? new Map<string, SyntaxNode>();
    const fname = d.def.childForFieldName("name")?.text ?? "actor";
    const name = stringText(kw.get("actor_name")) ?? fname;
    const functionId = markTask(ctx, d.def, name, "dramatiq");
    const setting = (k: string) => kw.get(k) ?? middleware.get(k) ?? null;
    const where = !kw.has("max_retries") && middleware.has("max_retries") ? "Retries middleware" : "";
    const retryWhen = setting("retry_when");
    const count = retryWhen
      ? { attempts: null, note: `retry_when=${retryWhen.text.slice(0, 40)} decides (it takes precedence over max_retries)`, source: "config" as const, unknown: true }
      : retriesCount(ctx, setting("max_retries"), d.def, { key: "max_retries", defaultRetries: DRAMATIQ_DEFAULT_MAX_RETRIES, version: VERSION, noneForever: true }, where);
    const minMs = ctx.number(setting("min_backoff"), d.def) || DRAMATIQ_MIN_BACKOFF_MS;
    const maxMs = Math.min(ctx.number(setting("max_backoff"), d.def) || DRAMATIQ_MAX_BACKOFF_MS, DRAMATIQ_MAX_BACKOFF_MS);
    const defaults = !setting("min_backoff") && !setting("max_backoff");
    const throws = kw.get("throws");
    const thrown = throws ? exceptionNames(ctx, throws) : [];
    const condition = retryWhen
      ? customCondition(`retry_when=${retryWhen.text.slice(0, 60)}`)
      : everyException(ctx, functionId, `@${d.head.text}: every exception the actor raises${thrown.length ? `, except throws=${thrown.join(", ")}` : ""} (Retries middleware)`);
    pushQueueLayer(ctx, {
      kind: "dramatiq-actor",
      library: "dramatiq",
      anchor: d.dec,
      count,
      wait: retriesWait(minMs, maxMs, defaults),
      condition,
      functionId,
      label: fname,
      perTryTimeoutSeconds: (() => {
        const ms = ctx.number(kw.get("time_limit"), d.def);
        return ms === null ? null : ms / 1000;
      })(),
    });
  }
}

/** An actor's options as plain data (engine/queues/queueWrappers.ts: a project's wrapper of `dramatiq.actor`). */
export type DramatiqActorInput = QueueTaskInput;

/**
 * The layer of an actor whose options are known as plain data: the same numbers as
 * detectDramatiq (max_retries counts retries, default 20 → 21; None forever; retry_when unknown;
 * min_backoff/max_backoff/time_limit in ms).
 */
export function dramatiqActorLayer(a: DramatiqActorInput): LayerFact {
  const get = (k: string) => a.options.get(k) ?? null;
  const mr = get("max_retries");
  const retryWhen = get("retry_when");
  const w = (o: { where: string } | null) => (o?.where ? ` (${o.where})` : "");
  let maxAttempts: number | null;
  let note: string;
  let source: "config" | "default" = "config";
  let unknown = false;
  if (retryWhen) {
    maxAttempts = null;
    unknown = true;
    note = `retry_when=${retryWhen.option.text.slice(0, 40)} decides (it takes precedence over max_retries)`;
  } else if (!mr) {
    maxAttempts = DRAMATIQ_DEFAULT_MAX_RETRIES + 1;
    note = `default max_retries ${DRAMATIQ_DEFAULT_MAX_RETRIES} → ${DRAMATIQ_DEFAULT_MAX_RETRIES + 1} executions (${VERSION})`;
    source = "default";
  } else if (mr.option.text === "None") {
    maxAttempts = null;
    note = `max_retries=None${w(mr)}: retries forever`;
  } else if (mr.option.number === null || !Number.isInteger(mr.option.number)) {
    maxAttempts = null;
    unknown = true;
    note = `max_retries=${mr.option.text.slice(0, 40)}${w(mr)}: not known statically`;
  } else {
    const n = Math.max(0, mr.option.number);
    maxAttempts = n + 1;
    note = `max_retries=${mr.option.number}${w(mr)} → ${n + 1} execution${n === 0 ? "" : "s"}`;
  }
  const minMs = get("min_backoff")?.option.number || DRAMATIQ_MIN_BACKOFF_MS;
  const maxMs = Math.min(get("max_backoff")?.option.number || DRAMATIQ_MAX_BACKOFF_MS, DRAMATIQ_MAX_BACKOFF_MS);
  const defaults = !get("min_backoff") && !get("max_backoff");
  const thrown = get("throws")?.option.exceptions ?? [];
  const condition: RetryCondition = retryWhen
    ? customCondition(`retry_when=${retryWhen.option.text.slice(0, 60)}`)
    : conditionForExceptions("all", a.raisesOnStatus, `${a.written}: every exception the actor raises${thrown.length ? `, except throws=${thrown.join(", ")}` : ""} (Retries middleware)`);
  const timeLimit = get("time_limit")?.option.number ?? null;
  return queueLayerFact({
    localId: a.localId,
    kind: "dramatiq-actor",
    library: "dramatiq",
    anchor: a.anchor,
    count: { attempts: maxAttempts, source, note, unknown },
    wait: retriesWait(minMs, maxMs, defaults),
    condition,
    functionId: a.functionId,
    label: a.label,
    perTryTimeoutSeconds: timeLimit === null ? null : timeLimit / 1000,
  });
}

/** The Retries middleware's wait: min_backoff × 2^n, each delay ×1–2, up to max_backoff (milliseconds). */
function retriesWait(minMs: number, maxMs: number, defaults: boolean): WaitSpec {
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: minMs / 1000,
    maxSeconds: maxMs / 1000,
    source: defaults ? "default" : "config",
    description: `exponential from ${secondsText(minMs / 1000)} (×2), each delay ×1–2 (jitter), max ${secondsText(maxMs / 1000)}${defaults ? ` (${VERSION} defaults)` : ""}`,
  };
}
