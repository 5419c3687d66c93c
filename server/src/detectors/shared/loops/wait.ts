/**
 * How a loop waits between attempts, read from its first sleep: a literal delay is fixed; `2 **
 * attempt`, `base << i`, `pow(2, i)`, `delay *= 2` are exponential; `attempt * d` grows linearly;
 * a random call anywhere in the delay's definition is jitter; a list of delays walked by the loop
 * gives its values; a delay computed by a call the analysis cannot read is custom. No sleep at all
 * is no wait.
 */
import type { WaitSpec } from "../../../model/facts";
import { fmtSeconds } from "../../python/waits";
import type { Call, Expr } from "./ir";
import type { LoopCx } from "./context";
import { short } from "./evaluate";
import { exprsIn } from "./walk";

const RANDOM_NAMES = /^(Random|ThreadLocalRandom|SecureRandom|random|rnd|rng|rand|nextInt|nextLong|nextDouble|nextFloat|NextDouble|NextInt64|Next|randint|uniform|randrange|random_sample|Int63n|Int31n|Intn|Int63|Float64|Float32|ExpFloat64|NormFloat64)$/;
const RANDOM_QUALIFIED = /(^|[./])(random|secrets|numpy\.random|math\/rand(\/v2)?|crypto\/rand|crypto)\.|Math\.random|^(_|lodash)\.random$|(^|\.)randomInt$/;
const PURE = /^(pow|Pow|min|max|Min|Max|minOf|maxOf|floor|ceil|round|Floor|Ceiling|Round|abs|Abs|coerceAtMost|coerceAtLeast|coerceIn|ScaleB|toLong|toInt|toDouble|trunc|Number|parseInt|parseFloat|int|float|len|length)$/;
const COUNTERISH = /attempt|retry|retries|tries|^i$|^n$|^it$|^j$/i;

interface Shape {
  random: boolean;
  exponential: boolean;
  grows: boolean;
  /** a call (or a name bound to one) whose value the analysis cannot read */
  opaque: boolean;
  capSeconds: number | null;
}

export function waitOf(cx: LoopCx): WaitSpec {
  const sleep = cx.sleeps[0];
  if (!sleep) {
    return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "no wait between attempts" };
  }
  const s = sleep.call.sleep!;
  const callText = short(sleep.call.text, 60);
  const delay = s.delay ?? s.inner ?? null;
  if (!delay) return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `${callText}: delay not known` };
  const list = delayList(cx, delay);
  if (list) return list(callText, s.unitSeconds);

  const shape = combine(delayShape(cx, s.delay, 0), delayShape(cx, s.inner ?? null, 0));
  const env = new Map<string, number>();
  const counter = cx.counters.size ? countStart(cx) : null;
  if (counter) env.set(counter.name, counter.start);
  let first = shape.random || s.inner ? null : cx.scope.evaluate(s.delay, env)?.value ?? null;
  if (first === null && !shape.random && s.inner && !s.delay) first = cx.scope.evaluate(s.inner, env)?.value ?? null;
  // `delay := 100ms` before the loop and `delay *= 2` in it: the first wait is the first value
  const named = s.delay && s.delay.k === "name" && !s.delay.self ? s.delay.name : null;
  if (first === null && !shape.random && named) {
    const r = cx.scope.resolve(named, cx.loop.start);
    if (r?.value) first = cx.scope.evaluate(r.value, env)?.value ?? null;
  }
  const seconds = first === null ? null : inSeconds(first, s.unitSeconds);
  const zero = seconds === 0 && !shape.grows && !shape.exponential && !shape.random;
  const kind: WaitSpec["kind"] = zero ? "none" : shape.exponential ? "exponential" : shape.grows ? "linear" : shape.random ? "random" : shape.opaque ? "custom" : "fixed";
  const jitter = shape.random ? true : shape.opaque && kind === "custom" ? null : false;
  const cap = shape.capSeconds !== null ? inSeconds(shape.capSeconds, s.unitSeconds) : null;
  const what =
    kind === "fixed" && seconds !== null
      ? `: fixed ${fmtSeconds(seconds)}`
      : kind === "none"
        ? ": no wait"
        : kind === "custom"
          ? ": computed delay"
          : kind === "exponential" || kind === "linear"
            ? `: ${kind}${seconds !== null ? ` from ${fmtSeconds(seconds)}` : ""}`
            : "";
  return {
    kind,
    jitter,
    initialSeconds: kind === "none" ? 0 : seconds,
    maxSeconds: kind === "fixed" || kind === "none" ? seconds : cap,
    source: "config",
    description: `${callText}${what}${jitter === true ? ", randomised" : jitter === false && kind !== "none" ? ", no jitter" : ""}`,
  };
}

/** value × unit without binary noise (300 × 1e6 ns is 0.3 s, not 0.30000000000000004) */
const inSeconds = (value: number, unit: number) => Number((value * unit).toPrecision(12));

function countStart(cx: LoopCx): { name: string; start: number } | null {
  const h = cx.loop.header;
  for (const c of cx.counters.values()) {
    const init = h.kind === "cond" ? h.init.find((i) => i.name === c.name) : undefined;
    const v = init?.value ? cx.scope.evaluate(init.value) : init ? null : (() => {
      const r = cx.scope.resolve(c.name, cx.loop.start);
      return r?.kind === "zero" || !r ? { value: 0 } : r.value ? cx.scope.evaluate(r.value) : null;
    })();
    if (v) return { name: c.name, start: v.value };
  }
  if (h.kind === "range" && h.variable) {
    const lo = typeof h.lo === "number" ? h.lo : (cx.scope.evaluate(h.lo)?.value ?? null);
    if (lo !== null) return { name: h.variable, start: lo };
  }
  return null;
}

/** The loop walks a list of delays: its item is the delay (`for d of DELAYS … sleep(d)`), or `delays[i]`. */
function delayList(cx: LoopCx, delay: Expr): ((callText: string, unit: number) => WaitSpec) | null {
  const h = cx.loop.header;
  const target = delay.k === "other" && delay.parts.length === 1 ? delay.parts[0]! : delay;
  let items: Expr[] | null = null;
  if (h.kind === "items" && target.k === "name" && h.valueVar === target.name) items = cx.scope.listOf(h.iterable)?.items ?? null;
  else if (target.k === "index") items = cx.scope.listOf(target.object)?.items ?? null;
  if (!items || !items.length) return null;
  const values = items.map((i) => cx.scope.evaluate(i)?.value ?? null);
  const random = delayShape(cx, delay, 0).random;
  return (callText, unit) => {
    if (values.some((v) => v === null)) return { kind: "custom", jitter: random, initialSeconds: null, maxSeconds: null, source: "config", description: `${callText} over a list of delays` };
    const secs = (values as number[]).map((v) => inSeconds(v, unit));
    const grows = secs.every((v, i) => i === 0 || v > secs[i - 1]!);
    const doubles = grows && secs.length > 1 && secs.every((v, i) => i === 0 || (secs[i - 1]! > 0 && v / secs[i - 1]! >= 1.5));
    const kind: WaitSpec["kind"] = secs.every((v) => v === 0) ? "none" : secs.every((v) => v === secs[0]) ? "fixed" : doubles ? "exponential" : grows ? "linear" : "custom";
    return {
      kind,
      jitter: random,
      initialSeconds: secs[0]!,
      maxSeconds: Math.max(...secs),
      source: "config",
      description: `delays ${secs.map((v) => fmtSeconds(v)).join(", ")} from the list${random ? ", randomised" : ", no jitter"}`,
    };
  };
}

function combine(a: Shape, b: Shape): Shape {
  return {
    random: a.random || b.random,
    exponential: a.exponential || b.exponential,
    grows: a.grows || b.grows,
    opaque: a.opaque || b.opaque,
    capSeconds: a.capSeconds ?? b.capSeconds,
  };
}

const EMPTY: Shape = { random: false, exponential: false, grows: false, opaque: false, capSeconds: null };

function isRandomCall(c: Call): boolean {
  return RANDOM_QUALIFIED.test(c.qualified) || /jitter/i.test(c.method) || (RANDOM_NAMES.test(c.method) && !!c.object && exprsIn(c.object).some((e) => (e.k === "name" || e.k === "member") && /random|rand|rnd|rng/i.test(e.name)));
}

/** How a delay expression varies, following names (locals, their updates in the function, constants) a few levels deep. */
function delayShape(cx: LoopCx, n: Expr | null, depth: number): Shape {
  if (!n || depth > 3) return { ...EMPTY };
  const shape: Shape = { ...EMPTY };
  const merge = (s: Shape) => Object.assign(shape, combine(shape, s));
  // a counter, or a name that looks like one and is not a value computed in the loop (`n, _ := strconv.Atoi(h)`)
  const counterish = (e: Expr) => exprsIn(e).some((x) => x.k === "name" && (cx.counters.has(x.name) || (COUNTERISH.test(x.name) && !cx.truth.locals.has(x.name) && !cx.truth.results.has(x.name))));
  for (const e of exprsIn(n)) {
    if (e.k === "call") {
      const c = e.call;
      if (isRandomCall(c)) shape.random = true;
      else if (/^(pow|Pow|ScaleB)$/.test(c.method)) shape.exponential = true;
      else if (/^(min|Min|minOf|coerceAtMost)$/.test(c.method) && shape.capSeconds === null) {
        const caps = c.args.map((a) => cx.scope.evaluate(a)?.value ?? null).filter((v): v is number => v !== null);
        if (caps.length) shape.capSeconds = Math.min(...caps);
      } else if (PURE.test(c.method)) continue;
      else {
        // a same-file function computing the delay: what it returns
        const returns = c.bare && cx.lang.returnsOf ? cx.lang.returnsOf(c.bare) : null;
        if (returns?.length) for (const r of returns) merge(delayShape(cx, r, depth + 1));
        else shape.opaque = true;
        if (/jitter/i.test(c.callee)) shape.random = true;
      }
    } else if (e.k === "binary") {
      if (e.op === "**" || e.op === "<<") shape.exponential = true;
      else if (e.op === "*" && counterish(e)) shape.grows = true;
    } else if (e.k === "name" || e.k === "member") {
      if (RANDOM_NAMES.test(e.name) || /jitter/i.test(e.name)) shape.random = true;
      if (e.k !== "name" || e.self || cx.counters.has(e.name)) continue;
      const r = cx.scope.resolve(e.name, e.start);
      if (r?.value && r.value !== n && !(r.value.start <= n.start && r.value.end >= n.end)) merge(delayShape(cx, r.value, depth + 1));
      // `delay *= 2`, `delay <<= 1`, `delay = delay * 2`, `delay = min(delay * 2, cap)`, `delay += step`
      for (const b of cx.scope.bindings(e.name)) {
        if (b.op === "*=" || b.op === "<<=") shape.exponential = true;
        else if (b.op === "+=") shape.grows = true;
        else if (b.value && (b.op === "=" || b.op === ":=") && b.value !== r?.value) {
          const self = exprsIn(b.value).some((x) => x.k === "name" && x.name === e.name);
          const times = exprsIn(b.value).some((x) => x.k === "binary" && (x.op === "*" || x.op === "<<") && exprsIn(x).some((y) => y.k === "name" && y.name === e.name));
          if (self && times) shape.exponential = true;
          else if (self && exprsIn(b.value).some((x) => x.k === "binary" && x.op === "+")) shape.grows = true;
          const inner = delayShape(cx, b.value, depth + 1);
          shape.random ||= inner.random;
          shape.capSeconds ??= inner.capSeconds;
          if (!self) shape.opaque ||= inner.opaque;
        }
      }
      if (r && r.value === null && (r.kind === "local")) shape.opaque = true;
    }
  }
  return shape;
}
