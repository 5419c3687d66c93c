/**
 * backoff (litl) — reference §1.2.
 * `@backoff.on_exception(wait_gen, exception, max_tries=, max_time=, jitter=, giveup=)` and
 * `@backoff.on_predicate(wait_gen, predicate, max_tries=)`. max_tries=N → N attempts; neither
 * max_tries nor max_time → unbounded. Jitter is ON by default (full_jitter); `jitter=None` turns it off.
 */
import type { RetryCondition, WaitSpec } from "../../model/facts";
import { argument, callParts, descendants, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { decoratorExpression, type PyContext } from "./context";
import { linkedCount } from "./linkedCount";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { fmtSeconds, unknownWait } from "./waits";

function backoffName(q: string | null): string | null {
  if (!q || !q.startsWith("backoff.")) return null;
  return q.slice(q.lastIndexOf(".") + 1);
}

export function detectBackoff(ctx: PyContext): void {
  for (const dec of descendants(ctx.tree.rootNode, "decorator")) {
    const expr = decoratorExpression(ctx, dec);
    if (expr?.type !== "call") continue;
    const kind = backoffName(ctx.qualifiedName(expr.childForFieldName("function")));
    if (kind !== "on_exception" && kind !== "on_predicate") continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    const functionId = ctx.functionId(def);
    const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
    const parts = callParts(expr);
    const maxTries = argument(parts, "max_tries");
    const maxTime = argument(parts, "max_time");
    const tries = maxTries ? ctx.number(maxTries, dec) : null;
    const time = maxTime ? ctx.number(maxTime, dec) : null;
    let attemptsNote: string;
    if (maxTries && tries !== null) attemptsNote = `max_tries=${tries} → ${tries} attempts`;
    else if (maxTries) attemptsNote = `max_tries=${maxTries.text}: count not known statically`;
    else if (maxTime) attemptsNote = `no max_tries: bounded only by max_time=${time ?? maxTime.text}`;
    else attemptsNote = "no max_tries and no max_time: backoff retries forever";
    // max_tries=MAX_TRIES from a constants module: read at link time
    const countExpr = maxTries && tries === null ? linkedCount(ctx, maxTries, dec, 0, `max_tries=${maxTries.text.slice(0, 60)} = $value$origin → $attempts attempts`) : undefined;
    const condition: RetryCondition =
      kind === "on_exception"
        ? withGiveup(conditionForExceptions(exceptionNames(ctx, argument(parts, "exception", 1) ?? expr), raisesOnStatus), parts.keywords.has("giveup"))
        : customCondition("falsy result (on_predicate)");
    ctx.facts.layers.push({
      localId: ctx.nextId("L", dec),
      kind: "backoff",
      category: "code",
      library: "backoff",
      anchor: nodeSpan(dec),
      maxAttempts: tries === null ? null : Math.max(1, Math.floor(tries)),
      countUnknown: maxTries !== null && tries === null,
      ...(countExpr ? { countExpr } : {}),
      attemptsSource: "config",
      attemptsNote,
      timeBound: !maxTries && maxTime ? `max_time=${time ?? maxTime.text}` : null,
      wait: readWaitGen(ctx, parts, dec),
      condition,
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: time,
      attach: { kind: "function", functionId },
      label: def.childForFieldName("name")?.text ?? functionId,
    });
  }
}

/** A giveup predicate usually stops on 4xx: the layer no longer retries permanent errors. */
function withGiveup(c: RetryCondition, hasGiveup: boolean): RetryCondition {
  return hasGiveup ? { ...c, permanentErrors: null, description: `${c.description} (with a giveup predicate)` } : c;
}

function readWaitGen(ctx: PyContext, parts: ReturnType<typeof callParts>, at: SyntaxNode): WaitSpec {
  const gen = argument(parts, "wait_gen", 0);
  const jitterArg = parts.keywords.get("jitter");
  // full_jitter unless jitter=None is given explicitly
  const jitter = jitterArg ? jitterArg.type !== "none" : true;
  const jitterText = jitterArg ? (jitterArg.type === "none" ? "no jitter (jitter=None)" : `jitter ${jitterArg.text}`) : "full jitter (default)";
  const name = backoffName(ctx.qualifiedName(gen));
  const num = (key: string, dflt: number | null) => {
    const a = parts.keywords.get(key);
    return a ? ctx.number(a, at) : dflt;
  };
  switch (name) {
    case "expo": {
      const factor = num("factor", 1);
      const max = num("max_value", null);
      return {
        kind: "exponential",
        jitter,
        initialSeconds: factor,
        maxSeconds: max,
        source: "config",
        description: `exponential from ${fmtSeconds(factor)}${max !== null ? `, max ${fmtSeconds(max)}` : ""}, ${jitterText}`,
      };
    }
    case "constant": {
      const interval = num("interval", 1);
      return { kind: "fixed", jitter, initialSeconds: interval, maxSeconds: interval, source: "config", description: `constant ${fmtSeconds(interval)}, ${jitterText}` };
    }
    case "fibo":
      return { kind: "exponential", jitter, initialSeconds: 1, maxSeconds: num("max_value", null), source: "config", description: `fibonacci, ${jitterText}` };
    case "runtime":
      return { kind: "custom", jitter: jitterArg ? jitter : true, initialSeconds: null, maxSeconds: null, source: "config", description: "runtime (from the response, e.g. Retry-After)" };
  }
  const w = unknownWait(`wait generator ${gen?.text ?? "?"}, ${jitterText}`);
  return { ...w, jitter: jitter ? true : null };
}
