/**
 * Reactor retries on a reactive chain — reference §3.4.
 *
 * `.retryWhen(Retry.backoff(n, d)…)`: n counts *retries* → n+1 attempts, exponential ×2 from d,
 * maxBackoff unbounded, jitter 0.5 (±50 %) unless `.jitter(0)`; `Retry.fixedDelay(n, d)` → n+1,
 * no jitter; `Retry.max(n)` / `Retry.maxInARow(n)` / `.retry(n)` → n+1 without a wait;
 * `.retry()` and `Retry.indefinitely()` → unbounded. `.filter(…)` narrows the errors.
 * Attachment: the layer resubscribes the chain it is applied to, so it wraps the calls in that
 * chain expression (the WebClient/RestClient verb call, a service call returning the Mono, and
 * calls in lambdas passed to operators), and those of the local the chain starts from.
 * `Retry` must be Reactor's (`reactor.util.retry.Retry`), not Resilience4j's; `.retry(n)` only
 * counts on a reactive receiver (a call chain in a file using Reactor, or a Mono/Flux variable).
 */
import type { WaitSpec } from "../../model/facts";
import { importedName, importsFrom, receiverName, simpleType, type JvmContext } from "./context";
import { exceptionCondition, exponentialWait, fixedWait, type LayerBase } from "./layers";
import { argAt, chainOf, durationMs, exprText, numberOf, type Call, type Expr } from "./syntax";
import { fmtSeconds } from "../python/waits";

const REACTOR_RETRY = "reactor.util.retry";
const SPECS = new Set(["backoff", "fixedDelay", "max", "maxInARow", "indefinitely", "from", "withThrowable"]);

export function detectReactor(ctx: JvmContext): void {
  const reactive = importsFrom(ctx.file, "reactor") || importsFrom(ctx.file, "org.springframework.web.reactive");
  for (const call of ctx.file.calls) {
    let base: LayerBase | null = null;
    if (call.name === "retryWhen" && call.receiver) base = retryWhen(ctx, argAt(call, 0));
    else if (call.name === "retry" && call.receiver && call.args.length <= 1 && isReactiveReceiver(ctx, call, reactive)) base = retryN(argAt(call, 0));
    if (!base) continue;
    ctx.facts.layers.push({
      ...base,
      localId: ctx.nextId("L", call.nameSpan),
      anchor: call.nameSpan,
      attach: { kind: "block", functionId: call.scopeId, callIds: chainCalls(ctx, call) },
      label: `${call.name} in ${call.scopeId.split(".").slice(-1)[0]}`,
    });
  }
}

function isReactiveReceiver(ctx: JvmContext, call: Call, reactive: boolean): boolean {
  if (call.receiver?.k === "call") return reactive;
  const name = receiverName(call);
  const type = name ? simpleType(ctx.typeOf(call.scopeId, name.split(".")[0]!)) : null;
  return type === "Mono" || type === "Flux";
}

function retryN(n: Expr | null): LayerBase {
  const count = n ? numberOf(n) : null;
  const base = layer(
    n === null ? null : count === null ? null : count + 1,
    n === null ? ".retry() without a count: resubscribes forever" : count === null ? `.retry(${exprText(n)}) (not a literal)` : `.retry(${count}) counts retries → ${count + 1} attempts`,
    fixedWait(0, "default", " (immediate resubscription)"),
  );
  if (n !== null && count === null) base.countUnknown = true;
  return base;
}

function retryWhen(ctx: JvmContext, spec: Expr | null): LayerBase | null {
  if (spec?.k !== "call") return null;
  const chain = chainOf(spec.call);
  const first = chain[0]!;
  const recv = receiverName(first);
  // `import reactor.util.retry.Retry as ReactorRetry` beside Resilience4j's Retry
  if (!recv || importedName(ctx.file, simpleType(recv)!) !== "Retry" || !SPECS.has(first.name)) return null;
  const pkg = ctx.packageOf(recv, [REACTOR_RETRY, "io.github.resilience4j.retry"]);
  if (pkg !== null && pkg !== REACTOR_RETRY) return null;
  let count: number | null = null;
  let note: string;
  let countUnknown = false;
  let wait: WaitSpec;
  const n = argAt(first, 0);
  if (first.name === "indefinitely") {
    note = "Retry.indefinitely(): no count bound";
    wait = fixedWait(0, "default", " (immediate resubscription)");
  } else if (first.name === "from" || first.name === "withThrowable") {
    return { ...layer(null, `Retry.${first.name}(…): custom retry logic`, { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "custom companion" }), countUnknown: true };
  } else {
    const k = numberOf(n);
    count = k === null ? null : k + 1;
    countUnknown = k === null;
    note = k === null ? `Retry.${first.name}(${exprText(n)}) (not a literal)` : `Retry.${first.name}(${k}, …) counts retries → ${k + 1} attempts`;
    const d = durationMs(argAt(first, 1));
    if (first.name === "backoff") wait = exponentialWait(d ?? 0, 2, null, true, "config", "±50% jitter (Reactor default 0.5)");
    else if (first.name === "fixedDelay") wait = d === null ? unknownWait() : fixedWait(d, "config");
    else wait = fixedWait(0, "default", " (immediate resubscription)");
  }
  let filter: string | null = null;
  for (const c of chain.slice(1)) {
    if (c.name === "maxAttempts") {
      const k = numberOf(argAt(c, 0));
      count = k === null ? null : k + 1;
      countUnknown = k === null;
      note = k === null ? `maxAttempts(${exprText(argAt(c, 0))}) (not a literal)` : `maxAttempts(${k}) counts retries → ${k + 1} attempts`;
    }
    if (c.name === "maxBackoff" && wait.kind === "exponential") {
      const ms = durationMs(argAt(c, 0));
      wait = { ...wait, maxSeconds: ms === null ? null : ms / 1000, description: wait.description.replace(", uncapped", ms === null ? ", max ?" : `, max ${fmtSeconds(ms / 1000)}`) };
    }
    if (c.name === "jitter" && wait.kind === "exponential") {
      const f = numberOf(argAt(c, 0));
      wait = { ...wait, jitter: f === null ? null : f > 0, description: wait.description.replace(/±50% jitter \(Reactor default 0\.5\)/, f === null ? "jitter unknown" : f > 0 ? `±${f * 100}% jitter` : "no jitter") };
    }
    if (c.name === "multiplier" && wait.kind === "exponential") {
      const m = numberOf(argAt(c, 0));
      if (m !== null) wait = { ...wait, description: wait.description.replace("(×2)", `(×${m})`) };
    }
    if (c.name === "filter") filter = exprText(argAt(c, 0));
  }
  const base = layer(count, note, wait);
  if (countUnknown) base.countUnknown = true;
  if (filter !== null) base.condition = { ...base.condition, allErrors: false, permanentErrors: null, description: `filter(${filter.slice(0, 60)})` };
  return base;
}

function layer(maxAttempts: number | null, attemptsNote: string, wait: WaitSpec): LayerBase {
  return {
    kind: "reactor-retry",
    category: "code",
    library: "reactor",
    maxAttempts,
    attemptsSource: "config",
    attemptsNote,
    timeBound: null,
    wait,
    condition: exceptionCondition([], [], "Reactor retry (no filter)"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

function unknownWait(): WaitSpec {
  return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "delay not a literal" };
}

/** CallFact ids of the calls in the chain the retry applies to (and in the local it starts from). */
function chainCalls(ctx: JvmContext, call: Call): string[] {
  const ranges: Array<[number, number]> = [];
  const r = call.receiver;
  if (r?.k === "call") ranges.push([r.call.node.startIndex, r.call.node.endIndex]);
  const head = r?.k === "call" ? chainOf(r.call)[0]!.receiver : r;
  if (head?.k === "name") {
    const v = ctx.valueOf(call.scopeId, head.path.split(".")[0]!);
    if (v?.k === "call") ranges.push([v.call.node.startIndex, v.call.node.endIndex]);
  }
  const out: string[] = [];
  for (const c of ctx.file.calls) {
    const id = ctx.callIds.get(c.node.id);
    if (id && ranges.some(([s, e]) => c.node.startIndex >= s && c.node.endIndex <= e)) out.push(id);
  }
  return out;
}
