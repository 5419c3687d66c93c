/**
 * What the Python job-queue detectors share (docs/reference/job-queues-python.md): marking a task
 * function as its worker's entry (FunctionFact.handler `TASK /<name>`, engine/jobQueues.ts), the
 * retries → executions arithmetic most of these libraries share (a count of RETRIES: N → N+1
 * executions, 0 → one execution), and the layer they emit: a code layer on the task function, so
 * it wraps everything the task's body calls — or, for a retry policy given where the job is sent
 * (RQ `enqueue(…, retry=Retry(…))`), a layer of the send that the queue adapter hands to the hop.
 */
import type { LayerFact, LayerKind, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import { callParts, descendants, nodeSpan, type CallParts } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { fmtSeconds } from "./waits";

export interface TaskCount {
  /** total executions; null = no count bound (or not known: `unknown`) */
  attempts: number | null;
  note: string;
  source: "config" | "default";
  unknown?: boolean;
}

export interface RetriesOptions {
  /** the option's name as written: "max_retries", "retries" */
  key: string;
  /** the library's default count of retries */
  defaultRetries: number;
  /** "dramatiq 1.x–2.x": said in the default's note */
  version: string;
  /** `None` retries forever (dramatiq); otherwise it is the default (Airflow, Prefect) */
  noneForever?: boolean;
  /** `-1` (any negative) retries forever (Ray) */
  negativeForever?: boolean;
}

/** A count of retries as written (or the default): N → N+1 executions. */
export function retriesCount(ctx: PyContext, node: SyntaxNode | null | undefined, scope: SyntaxNode | null, o: RetriesOptions, where = ""): TaskCount {
  const w = where ? ` (${where})` : "";
  if (!node || (node.text === "None" && !o.noneForever)) {
    const d = o.defaultRetries;
    return { attempts: d + 1, note: `default ${o.key} ${d} → ${d + 1} execution${d === 0 ? "" : "s"} (${o.version})`, source: "default" };
  }
  if (node.text === "None") return { attempts: null, note: `${o.key}=None${w}: retries forever`, source: "config" };
  const v = ctx.number(node, scope);
  if (v === null || !Number.isInteger(v)) return { attempts: null, note: `${o.key}=${node.text.slice(0, 40)}${w}: not known statically`, source: "config", unknown: true };
  if (v < 0 && o.negativeForever) return { attempts: null, note: `${o.key}=${v}${w}: retries forever`, source: "config" };
  const n = Math.max(0, v);
  return { attempts: n + 1, note: `${o.key}=${v}${w} → ${n + 1} execution${n === 0 ? "" : "s"}`, source: "config" };
}

/** A task function is its worker's entry (engine/jobQueues.ts). */
export function markTask(ctx: PyContext, def: SyntaxNode, name: string, library: string): string {
  const functionId = ctx.functionId(def);
  const fn = ctx.facts.functions.find((f) => f.id === functionId);
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${name}`, library };
  return functionId;
}

export interface QueueLayer {
  kind: LayerKind;
  library: string;
  anchor: SyntaxNode;
  count: TaskCount;
  wait: WaitSpec;
  condition: RetryCondition;
  /** the task function the layer wraps; null: a layer of the send (attached to nothing, handed to the hop) */
  functionId: string | null;
  label: string;
  perTryTimeoutSeconds?: number | null;
  timeBound?: string | null;
  offPath?: string;
}

export function pushQueueLayer(ctx: PyContext, l: QueueLayer): LayerFact {
  const layer = queueLayerFact({ ...l, localId: ctx.nextId("L", l.anchor), anchor: nodeSpan(l.anchor) });
  ctx.facts.layers.push(layer);
  return layer;
}

/**
 * A task queue's layer from its parts, where the anchor is already a span: the detectors' layers
 * (pushQueueLayer) and those built at link time from plain data (a project's wrapper of
 * `dramatiq.actor`, a Huey task factory: engine/queues/queueWrappers.ts).
 */
export function queueLayerFact(l: Omit<QueueLayer, "anchor"> & { localId: string; anchor: SourceSpan }): LayerFact {
  return {
    localId: l.localId,
    kind: l.kind,
    category: "code",
    library: l.library,
    anchor: l.anchor,
    maxAttempts: l.count.attempts,
    attemptsSource: l.count.source,
    attemptsNote: l.count.note,
    timeBound: l.timeBound ?? null,
    ...(l.count.unknown ? { countUnknown: true } : {}),
    wait: l.wait,
    condition: { ...l.condition, afterSendMethods: "all" },
    budget: null,
    perTryTimeoutSeconds: l.perTryTimeoutSeconds ?? null,
    overallTimeoutSeconds: null,
    attach: l.functionId === null ? { kind: "client" } : { kind: "function", functionId: l.functionId },
    label: l.label,
    ...(l.offPath ? { offPath: l.offPath } : {}),
  };
}

/** Every exception the task raises re-runs it (the task's own raise_for_status makes 4xx permanent errors). */
export function everyException(ctx: PyContext, functionId: string | null, description: string): RetryCondition {
  const raisesOnStatus = functionId ? (ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false) : false;
  return { ...conditionForExceptions("all", raisesOnStatus, description), afterSendMethods: "all" };
}

/** Exception types as written (a tuple, a list, one name). */
export function exceptionCondition(ctx: PyContext, functionId: string | null, types: SyntaxNode, description: string): RetryCondition {
  const raisesOnStatus = functionId ? (ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false) : false;
  const names = exceptionNames(ctx, types);
  return names.length ? { ...conditionForExceptions(names, raisesOnStatus, description), afterSendMethods: "all" } : { ...customCondition(description), afterSendMethods: "all" };
}

export function fixedWait(seconds: number | null, source: "config" | "default", description: string): WaitSpec {
  return { kind: seconds === 0 ? "none" : seconds === null ? "custom" : "fixed", jitter: false, initialSeconds: seconds, maxSeconds: seconds, source, description };
}

/** Seconds as written in a hover: whole days, hours and minutes read as such (`7 days`, `24 h`, `5 min`). */
export function secondsText(s: number | null): string {
  if (s !== null && s >= 60) {
    if (s % 86400 === 0) return `${s / 86400} day${s === 86400 ? "" : "s"}`;
    if (s % 3600 === 0) return `${s / 3600} h`;
    if (s % 60 === 0) return `${s / 60} min`;
  }
  return fmtSeconds(s);
}

/** A decorated function: the decorator, its call (null when bare) and parts, the def. */
export interface Decorated {
  dec: SyntaxNode;
  head: SyntaxNode;
  call: SyntaxNode | null;
  parts: CallParts | null;
  def: SyntaxNode;
  /** the class when the decorator is on a class (Ray actors) */
  cls: SyntaxNode | null;
}

/** Decorators whose head (`@x`, `@x(...)`) satisfies `match` (given its qualified name). */
export function decoratedWith(ctx: PyContext, match: (qualified: string, head: SyntaxNode) => boolean): Decorated[] {
  const out: Decorated[] = [];
  for (const dec of descendants(ctx.tree.rootNode, "decorator")) {
    const expr = dec.namedChildren[0] ?? null;
    const call = expr?.type === "call" ? expr : null;
    const head = call ? call.childForFieldName("function") : expr;
    if (!head) continue;
    const q = ctx.qualifiedName(head) ?? head.text;
    if (!match(q, head)) continue;
    const target = dec.parent?.namedChildren.find((c) => c?.type === "function_definition" || c?.type === "class_definition") ?? null;
    if (!target) continue;
    out.push({ dec, head, call, parts: call ? callParts(call) : null, def: target, cls: target.type === "class_definition" ? target : null });
  }
  return out;
}

/** `raise X(…)` / `raise X` statements in a function's own body whose X satisfies `match`. */
export function raises(ctx: PyContext, def: SyntaxNode, match: (qualified: string) => boolean): SyntaxNode[] {
  const body = def.childForFieldName("body");
  if (!body) return [];
  return descendants(body, "raise_statement", { skipNestedDefs: true }).filter((r) => {
    const e = r.namedChildren[0];
    const head = e?.type === "call" ? e.childForFieldName("function") : e;
    const q = head ? (ctx.qualifiedName(head) ?? head.text) : null;
    return q !== null && match(q);
  });
}

export function stringText(n: SyntaxNode | null | undefined): string | null {
  if (n?.type !== "string") return null;
  if (n.namedChildren.some((c) => c?.type === "interpolation")) return null;
  return n.text.replace(/^[rbuRBU]*(['"]{3}|['"])/, "").replace(/(['"]{3}|['"])$/, "");
}
