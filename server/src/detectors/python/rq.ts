/**
 * RQ (Redis Queue) — docs/reference/job-queues-python.md#rq (rq 2.10 source, `rq/job.py` `Retry`,
 * `rq/queue.py`, `rq/decorators.py`; `Retry` exists since rq 1.5).
 *
 * - No retry by default: a job that raises fails once. `Retry(max=N, interval=…)` counts RETRIES:
 *   N → N+1 executions (`max` must be ≥ 1). `interval` is 0 (no wait) by default, a number of
 *   seconds (fixed), or a list indexed by the retry (the last entry repeats); no jitter.
 * - A retry given where the job is sent — `queue.enqueue(fn, …, retry=Retry(…))`,
 *   `enqueue_call(func=fn, retry=…)`, `enqueue_in`/`enqueue_at`, `Retry` bound to a name of the
 *   file — is a layer of that send (attached to no function: the queue adapter,
 *   engine/queues/rq.ts, hands it to the hop into the job).
 * - `@job(queue, retry=Retry(…))` (rq.decorators.job): the function is a task (`TASK /<module>.<fn>`)
 *   and its `.delay(…)`/`.enqueue(…)` sends carry the retry: a layer on the function.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callParts, descendants, dottedName, elements, enclosingFunction } from "../../parsing/python";
import type { PyContext } from "./context";
import { resolveBound } from "./context";
import { decoratedWith, everyException, markTask, pushQueueLayer, retriesCount, secondsText, stringText } from "./queueTasks";
import type { QueueSendFact, WaitSpec } from "../../model/facts";

const VERSION = "rq ≥ 1.5";
const RETRY = new Set(["rq.Retry", "rq.job.Retry", "rq.retry.Retry"]);
/** Queue methods that enqueue a job with a `retry=` keyword */
export const RQ_ENQUEUE = new Set(["enqueue", "enqueue_call", "enqueue_in", "enqueue_at"]);
/** a receiver named like a queue (`q`, `queue`, `default_queue`, `rq`) where the file does not import rq itself */
const QUEUE_NAME = /^(q|rq|queue|\w*_queue|queue_\w*|\w*_q|get_queue)$/i;

export function detectRq(ctx: PyContext): void {
  if (!/\bRetry\b|\brq\b|\.enqueue/.test(ctx.tree.rootNode.text)) return;
  const isRetry = (n: SyntaxNode | null | undefined): n is SyntaxNode => n?.type === "call" && RETRY.has(ctx.qualifiedName(n.childForFieldName("function")) ?? "");

  // @job(queue, retry=Retry(…)): a task whose .delay() sends carry the retry
  const decorated = new Set<number>();
  for (const d of decoratedWith(ctx, (q) => q === "rq.decorators.job" || q === "rq.job")) {
    if (d.cls) continue;
    const fname = d.def.childForFieldName("name")?.text ?? "job";
    const functionId = markTask(ctx, d.def, `${ctx.module}.${fname}`, "rq");
    const retry = resolveBound(ctx, d.parts?.keywords.get("retry"), d.dec);
    if (!isRetry(retry)) continue;
    decorated.add(retry.id);
    pushQueueLayer(ctx, { ...retryLayer(ctx, retry, d.def), anchor: d.dec, functionId, condition: everyException(ctx, functionId, `@${d.head.text}: every exception the job raises`), label: fname });
  }

  // queue.enqueue(fn, …, retry=Retry(…)): a send (FileFacts.queueSends), its retry a layer of the send
  const importsRq = ctx.facts.imports.some((i) => /^(django_)?rq(\.|$)/.test(i.module));
  const sends: QueueSendFact[] = [];
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const f = call.childForFieldName("function");
    const member = f?.type === "attribute" ? f.childForFieldName("attribute")?.text ?? "" : "";
    if (f?.type !== "attribute" || !RQ_ENQUEUE.has(member)) continue;
    const obj = f.childForFieldName("object")!;
    const callee = dottedName(f) ?? (obj.type === "call" && dottedName(obj.childForFieldName("function")) ? `${dottedName(obj.childForFieldName("function"))}().${member}` : null);
    if (!callee) continue;
    const parts = callParts(call);
    const retryArg = parts.keywords.get("retry");
    const retry = resolveBound(ctx, retryArg, call);
    const queueLike = importsRq || QUEUE_NAME.test(callee.slice(0, callee.lastIndexOf(".")).split(".").pop()!.replace(/\(\)$/, "")) || isRetry(retry);
    if (!queueLike) continue;
    const scope = enclosingFunction(call);
    const job = parts.keywords.get("func") ?? parts.keywords.get("f") ?? parts.positional[member === "enqueue" || member === "enqueue_call" ? 0 : 1] ?? null;
    const taskRef = job?.type === "identifier" || job?.type === "attribute" ? job.text : null;
    const taskName = stringText(job);
    if (!taskRef && !taskName) continue;
    const layerIds: string[] = [];
    if (isRetry(retry) && !decorated.has(retry.id)) {
      const label = (taskRef ?? taskName ?? "job").split(".").pop()!;
      layerIds.push(pushQueueLayer(ctx, { ...retryLayer(ctx, retry, scope), anchor: call, functionId: null, condition: everyException(ctx, null, `${callee}(…, retry=${retry.text.slice(0, 50)}): every exception the job raises`), label }).localId);
    }
    sends.push({ library: "rq", callee, line: call.startPosition.row + 1, scopeId: ctx.functionId(scope), taskName, taskRef, layerIds });
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

function retryLayer(ctx: PyContext, retry: SyntaxNode, scope: SyntaxNode | null) {
  const parts = callParts(retry);
  const max = parts.keywords.get("max") ?? parts.positional[0] ?? null;
  const count = max ? retriesCount(ctx, max, scope, { key: "Retry(max", defaultRetries: 0, version: VERSION }) : { attempts: null, note: "Retry() without max: not known statically", source: "config" as const, unknown: true };
  if (max) count.note = count.note.replace(/^Retry\(max=([^ :]+)/, "Retry(max=$1)");
  return { kind: "rq-job" as const, library: "rq", count, wait: intervalWait(ctx, parts.keywords.get("interval") ?? parts.positional[1] ?? null, scope) };
}

function intervalWait(ctx: PyContext, n: SyntaxNode | null, scope: SyntaxNode | null): WaitSpec {
  if (!n) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "interval 0: re-enqueued at once (rq default)" };
  if (n.type === "list" || n.type === "tuple") {
    const values = elements(n).map((e) => ctx.number(e, scope));
    const known = values.filter((v): v is number => v !== null);
    if (!known.length) return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `interval=${n.text.slice(0, 40)}` };
    const rising = known.every((v, i) => i === 0 || v >= known[i - 1]!);
    const flat = known.every((v) => v === known[0]);
    return {
      kind: flat ? (known[0] === 0 ? "none" : "fixed") : rising ? "linear" : "custom",
      jitter: false,
      initialSeconds: known[0]!,
      maxSeconds: Math.max(...known),
      source: "config",
      description: `interval=[${known.map(secondsText).join(", ")}] (the last repeats), no jitter`,
    };
  }
  const v = ctx.number(n, scope);
  if (v === null) return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `interval=${n.text.slice(0, 40)}` };
  return { kind: v === 0 ? "none" : "fixed", jitter: false, initialSeconds: v, maxSeconds: v, source: "config", description: v === 0 ? "interval 0: re-enqueued at once" : `interval ${secondsText(v)}, fixed, no jitter` };
}
