/**
 * Fix operations on Python retry layers: tenacity and backoff decorators (§1.1, §1.2), urllib3
 * `Retry` / requests `HTTPAdapter` / urllib3 `PoolManager` (§1.3, §1.4), httpx transports (§1.5)
 * and hand-rolled loops. Each returns the edits for one layer, or null when no mechanical edit
 * exists for that shape.
 */
import { pinnedPythonPackage } from "../pythonPin";
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { PyEditor, pyNumber, withPython } from "../python";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { pythonSdkLayerEdit } from "./pythonSdk";
import { celeryLayerEdit } from "./celery";
import { celeryPublishLayerEdit } from "./celeryPublish";
import { pyQueueLayerEdit } from "./pyQueues";

const DEFAULT_MULTIPLIER = 0.5;
const DEFAULT_MAX_WAIT = 10;
const DEFAULT_ATTEMPTS = 3;

export function pythonLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  return withPython(layer.file, text, (ed) => {
    switch (layer.kind) {
      case "tenacity":
        return tenacity(op, layer, ed, ctx);
      case "backoff":
        return backoff(op, layer, ed, ctx);
      case "urllib3-retry":
      case "requests-adapter":
        return urllib3(op, layer, ed, ctx);
      case "httpx-transport":
        if (op === "disable") return keywordTo(ed, layer, "retries", "0", "Turn off httpx transport retries (retries=0)");
        if (op === "cap" && ctx.attempts) return keywordTo(ed, layer, "retries", String(ctx.attempts - 1), `Lower to ${ctx.attempts} attempts (retries=${ctx.attempts - 1})`);
        return null;
      case "retry-loop":
        return op === "jitter" ? loopJitter(layer, ed) : null;
      case "celery-task":
        return celeryLayerEdit(op, layer, ed, ctx);
      case "celery-publish-retry":
        return celeryPublishLayerEdit(op, layer, ed, ctx);
      case "dramatiq-actor":
      case "rq-job":
      case "huey-task":
      case "prefect-task":
      case "prefect-flow":
      case "airflow-task":
      case "ray-task":
        return pyQueueLayerEdit(op, layer, ed, ctx);
      default:
        // boto3, stamina, google-api-core: their own option names and units
        return pythonSdkLayerEdit(op, layer, ed, ctx);
    }
  });
}

// ------------------------------------------------------------------------------------ tenacity

function tenacity(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const dec = ed.decoratorAt(layer.anchor.line);
  // Retrying(...) blocks are calls at the anchor; decorators hold the call (or a bare name)
  const call = dec ? ed.decoratorCall(dec) : ed.callAt(layer.anchor.line, layer.anchor.column);
  if (op === "disable") {
    if (!dec) return null;
    const [s, e] = ed.lineRange(dec.startPosition.row, dec.endPosition.row);
    const names = identifiersIn(dec);
    return { title: `Remove the @retry on ${layer.label}`, edits: [ed.edit(s, e, ""), ...ed.dropUnusedImports("tenacity", names, [[s, e]])] };
  }
  if (op === "jitter") {
    const wait = call ? ed.keyword(call, "wait")?.childForFieldName("value") : null;
    if (!call || !wait) return null;
    const replacement = jitteredWait(ed, wait);
    if (!replacement) return null;
    return {
      title: `Use full jitter: ${replacement.text}`,
      edits: [ed.edit(wait.startIndex, wait.endIndex, replacement.text), ...replacement.imports],
    };
  }
  if (op === "backoff") {
    const name = ed.nameFor("tenacity", "wait_random_exponential");
    const value = `${name.ref}(multiplier=${DEFAULT_MULTIPLIER}, max=${DEFAULT_MAX_WAIT})`;
    const edit = call ? ed.setKeyword(call, "wait", value) : bareToCall(ed, dec, `wait=${value}`);
    return edit ? { title: `Back off exponentially with full jitter: wait=${value}`, edits: [edit, ...name.edits] } : null;
  }
  if (op === "stop") {
    const name = ed.nameFor("tenacity", "stop_after_attempt");
    const bound = `${name.ref}(${DEFAULT_ATTEMPTS})`;
    const existing = call ? ed.keyword(call, "stop")?.childForFieldName("value") : null;
    if (existing && /(^|\.)stop_never$/.test(existing.text)) {
      // stop=stop_never says "forever" on purpose: the bound replaces it
      const drop = ed.dropUnusedImports("tenacity", [existing.text], [[existing.startIndex, existing.endIndex]]);
      return { title: `Stop after ${DEFAULT_ATTEMPTS} attempts: stop=${bound}`, edits: [ed.edit(existing.startIndex, existing.endIndex, bound), ...name.edits, ...drop] };
    }
    // a time-only stop keeps its time bound: stop_after_attempt(3) | stop_after_delay(…)
    const edit = existing
      ? ed.edit(existing.startIndex, existing.startIndex, `${bound} | `)
      : call
        ? ed.addArgument(call, `stop=${bound}`)
        : bareToCall(ed, dec, `stop=${bound}`);
    return edit ? { title: `Stop after ${DEFAULT_ATTEMPTS} attempts: stop=${existing ? `${bound} | ${existing.text}` : bound}`, edits: [edit, ...name.edits] } : null;
  }
  if (op === "cap" && call && ctx.attempts) {
    const stop = ed.keyword(call, "stop")?.childForFieldName("value");
    const n = stop ? capAttemptCall(ed, stop, ctx.attempts) : null;
    return n ? { title: `Lower to ${ctx.attempts} attempts: stop_after_attempt(${ctx.attempts})`, edits: [n] } : null;
  }
  if (op === "preSendOnly" && call) {
    const types = preSendExceptions(ctx.callLibraries);
    const names = types.map((t) => ed.nameFor(t.module, t.name));
    const cond = ed.nameFor("tenacity", "retry_if_exception_type");
    const value = `${cond.ref}((${names.map((n) => n.ref).join(", ")}${names.length === 1 ? "," : ""}))`;
    return {
      title: `Retry only failures before the request is sent: retry=${value}`,
      edits: [ed.setKeyword(call, "retry", value), ...cond.edits, ...names.flatMap((n) => n.edits)],
    };
  }
  return null;
}

/** The count inside `stop_after_attempt(N)` (also inside `a | b`), set to `attempts`. */
function capAttemptCall(ed: PyEditor, stop: NonNullable<ReturnType<PyEditor["keyword"]>>, attempts: number): FixEdit | null {
  const calls = [stop, ...stop.descendantsOfType("call")].filter((c): c is NonNullable<typeof c> => !!c && c.type === "call");
  const target = calls.find((c) => /(^|\.)stop_after_attempt$/.test(ed.calleeName(c) ?? ""));
  const arg = target?.childForFieldName("arguments")?.namedChildren[0];
  return arg ? ed.edit(arg.startIndex, arg.endIndex, String(attempts)) : null;
}

/** `@retry` (bare) → `@retry(arg)` */
function bareToCall(ed: PyEditor, dec: ReturnType<PyEditor["decoratorAt"]>, arg: string): FixEdit | null {
  const expr = dec?.namedChildren[0];
  if (!expr || expr.type === "call") return null;
  return ed.edit(expr.endIndex, expr.endIndex, `(${arg})`);
}

/** Identifiers a decorator uses (the imports to drop when nothing else needs them). */
function identifiersIn(dec: NonNullable<ReturnType<PyEditor["decoratorAt"]>>): string[] {
  const out = new Set<string>();
  const walk = (n: typeof dec) => {
    if (n.type === "identifier") out.add(n.text);
    for (const c of n.namedChildren) if (c) walk(c);
  };
  walk(dec);
  return [...out];
}

/**
 * A jittered wait under the same bound, changing the jitter only (full jitter): wait_fixed(x) →
 * wait_random(0, x); wait_exponential(…) →
 * wait_random_exponential(…) with the same arguments (the same exponential envelope, drawn from);
 * anything else gets random jitter added: `<wait> + wait_random(0, 1)`. The replaced function's
 * import becomes the new one's when nothing else uses it (aliases resolved: `wait_fixed as wf`).
 */
function jitteredWait(ed: PyEditor, wait: NonNullable<ReturnType<PyEditor["keyword"]>>): { text: string; imports: FixEdit[] } | null {
  const callee = wait.type === "call" ? (ed.calleeName(wait) ?? "") : "";
  const imported = callee && !callee.includes(".") ? ed.importedAs(callee) : null;
  const short = imported ? (imported.module === "tenacity" ? imported.name : "") : callee.slice(callee.lastIndexOf(".") + 1);
  const args = wait.type === "call" ? wait.childForFieldName("arguments")?.text.slice(1, -1).trim() ?? "" : "";
  const rexp = () => (imported ? ed.swapName("tenacity", callee, "wait_random_exponential", [[wait.startIndex, wait.endIndex]]) : ed.nameFor("tenacity", "wait_random_exponential"));
  if (short === "wait_fixed") {
    // a jitter fix changes the jitter only: full jitter under the same bound, uniform in [0, x]
    // (not wait_random_exponential, whose waits grow: that would be a backoff, RL003's fix)
    const value = args.replace(/^wait\s*=\s*/, "");
    const random = imported ? ed.swapName("tenacity", callee, "wait_random", [[wait.startIndex, wait.endIndex]]) : ed.nameFor("tenacity", "wait_random");
    const seconds = Number(value);
    const upTo = Number.isFinite(seconds) && value.length ? pyNumber(seconds) : value.length ? value : "1";
    return { text: `${random.ref}(0, ${upTo})`, imports: random.edits };
  }
  if (short === "wait_exponential") {
    const name = rexp();
    return { text: `${name.ref}(${args})`, imports: name.edits };
  }
  const random = ed.nameFor("tenacity", "wait_random");
  return { text: `${wait.text} + ${random.ref}(0, 1)`, imports: random.edits };
}

/**
 * Errors raised only before a request is sent, for the library the retried calls use:
 * httpx's connect errors; for requests, ConnectTimeout (its ConnectionError also covers resets
 * after sending, so it is not safe for writes).
 */
function preSendExceptions(callLibraries: string[]): Array<{ module: string; name: string }> {
  return callLibraries.some((l) => l.startsWith("httpx"))
    ? [{ module: "httpx", name: "ConnectError" }, { module: "httpx", name: "ConnectTimeout" }]
    : [{ module: "requests.exceptions", name: "ConnectTimeout" }];
}

// ------------------------------------------------------------------------------------- backoff

function backoff(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const dec = ed.decoratorAt(layer.anchor.line);
  const call = dec ? ed.decoratorCall(dec) : null;
  if (!dec || !call) return null;
  if (op === "jitter") {
    const remove = ed.removeKeyword(call, "jitter");
    return remove ? { title: "Use backoff's default full jitter (remove jitter=None)", edits: [remove] } : null;
  }
  if (op === "stop") return { title: `Stop after ${DEFAULT_ATTEMPTS} attempts: max_tries=${DEFAULT_ATTEMPTS}`, edits: [ed.setKeyword(call, "max_tries", String(DEFAULT_ATTEMPTS))] };
  if (op === "cap" && ctx.attempts) return { title: `Lower to ${ctx.attempts} attempts: max_tries=${ctx.attempts}`, edits: [ed.setKeyword(call, "max_tries", String(ctx.attempts))] };
  if (op === "disable") {
    const [s, e] = ed.lineRange(dec.startPosition.row, dec.endPosition.row);
    return { title: `Remove the @backoff decorator on ${layer.label}`, edits: [ed.edit(s, e, ""), ...ed.dropUnusedImports("backoff", identifiersIn(dec), [[s, e]])] };
  }
  return null;
}

// ------------------------------------------------------------------------------------- urllib3

function urllib3(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const call = ed.callAt(layer.anchor.line, layer.anchor.column);
  if (!call) return null;
  const callee = ed.calleeName(call) ?? "";
  const isAdapter = layer.kind === "requests-adapter" || /HTTPAdapter$/.test(callee);
  const isPool = /PoolManager$/.test(callee);
  if (op === "disable" || (op === "cap" && ctx.attempts)) {
    const retries = op === "disable" ? 0 : ctx.attempts! - 1;
    const what = op === "disable" ? "Turn off" : `Lower to ${retries + 1} attempts:`;
    if (isAdapter) return keywordTo(ed, layer, "max_retries", String(retries), `${what} the adapter's retries (max_retries=${retries})`);
    if (isPool) return { title: `${what} PoolManager retries (retries=${op === "disable" ? "False" : retries})`, edits: [ed.setKeyword(call, "retries", op === "disable" ? "False" : String(retries))] };
    const positional = call.childForFieldName("arguments")?.namedChildren.find((a) => a && a.type !== "keyword_argument" && a.type !== "comment");
    const edit = positional && !ed.keyword(call, "total") ? ed.edit(positional.startIndex, positional.endIndex, String(retries)) : ed.setKeyword(call, "total", String(retries));
    return { title: op === "disable" ? "Turn off these retries: Retry(total=0)" : `Lower to ${retries + 1} attempts: Retry(total=${retries})`, edits: [edit] };
  }
  // `backoff_jitter` is a Retry argument from urllib3 2.0 on (1.26.x has none, and no other jitter:
  // docs/reference/urllib3.md); with a 1.x pin a jitter fix is not offered and backoff comes without it
  const pin = op === "jitter" || op === "backoff" ? pinnedPythonPackage(ctx, layer.file, "urllib3") : null;
  const v1 = pin !== null && pin.major !== null && pin.major < 2;
  if (op === "jitter" && !isAdapter && !isPool) {
    if (v1) return null;
    const factor = ed.keyword(call, "backoff_factor")?.childForFieldName("value")?.text ?? String(DEFAULT_MULTIPLIER);
    return { title: `Add jitter: backoff_jitter=${factor}`, edits: [ed.setKeyword(call, "backoff_jitter", factor)] };
  }
  if (op === "backoff" && v1) {
    const note = `(${pin!.where}: urllib3 1.x has no backoff_jitter)`;
    if (isAdapter || isPool) {
      const kw = ed.keyword(call, isAdapter ? "max_retries" : "retries")?.childForFieldName("value");
      const retry = ed.nameFor("urllib3.util.retry", "Retry");
      if (!kw) {
        if (!isPool) return null;
        const value = `${retry.ref}(total=3, backoff_factor=${DEFAULT_MULTIPLIER})`;
        return { title: `Back off: retries=${value} ${note}`, edits: [ed.addArgument(call, `retries=${value}`), ...retry.edits] };
      }
      const value = `${retry.ref}(total=${kw.text}, backoff_factor=${DEFAULT_MULTIPLIER})`;
      return { title: `Back off: ${value} ${note}`, edits: [ed.edit(kw.startIndex, kw.endIndex, value), ...retry.edits] };
    }
    return { title: `Back off: backoff_factor=${DEFAULT_MULTIPLIER} ${note}`, edits: [ed.setKeyword(call, "backoff_factor", String(DEFAULT_MULTIPLIER))] };
  }
  if (op === "backoff") {
    if (isAdapter || isPool) {
      // HTTPAdapter(max_retries=N) → HTTPAdapter(max_retries=Retry(total=N, backoff_factor=…, backoff_jitter=…))
      const kw = ed.keyword(call, isAdapter ? "max_retries" : "retries")?.childForFieldName("value");
      const retry = ed.nameFor("urllib3.util.retry", "Retry");
      if (!kw) {
        // a PoolManager without retries= uses Retry.DEFAULT = Retry(3) (reference §1.3): the same count, with backoff
        if (!isPool) return null;
        const value = `${retry.ref}(total=3, backoff_factor=${DEFAULT_MULTIPLIER}, backoff_jitter=${DEFAULT_MULTIPLIER})`;
        return { title: `Back off with jitter: retries=${value}`, edits: [ed.addArgument(call, `retries=${value}`), ...retry.edits] };
      }
      const value = `${retry.ref}(total=${kw.text}, backoff_factor=${DEFAULT_MULTIPLIER}, backoff_jitter=${DEFAULT_MULTIPLIER})`;
      return { title: `Back off with jitter: ${value}`, edits: [ed.edit(kw.startIndex, kw.endIndex, value), ...retry.edits] };
    }
    const edits = [ed.setKeyword(call, "backoff_factor", String(DEFAULT_MULTIPLIER))];
    if (!ed.keyword(call, "backoff_jitter")) edits.push(ed.addArgument(call, `backoff_jitter=${DEFAULT_MULTIPLIER}`));
    return { title: `Back off with jitter: backoff_factor=${DEFAULT_MULTIPLIER}, backoff_jitter=${DEFAULT_MULTIPLIER}`, edits: mergeInsertions(edits) };
  }
  if (op === "preSendOnly" && !isAdapter && !isPool) {
    const methods = ed.keyword(call, "allowed_methods") ?? ed.keyword(call, "method_whitelist");
    const value = methods?.childForFieldName("value");
    if (!methods || !value) return null;
    if (value.type === "none") {
      const name = methods.childForFieldName("name")!.text;
      const remove = ed.removeKeyword(call, name);
      return remove ? { title: "Retry writes only before they are sent: drop allowed_methods=None (urllib3's default excludes POST and PATCH)", edits: [remove] } : null;
    }
    const edits = dropWriteMethods(ed, value);
    if (!edits) return null;
    // all that is left is the default spelled out (`Retry.DEFAULT_ALLOWED_METHODS`): say it by omitting it
    const onlyDefault = edits.length === 1 && edits[0]!.start === value.startIndex && edits[0]!.end === value.endIndex && /^(\w+\.)*DEFAULT_ALLOWED_METHODS$/.test(edits[0]!.newText);
    const remove = onlyDefault ? ed.removeKeyword(call, methods.childForFieldName("name")!.text) : null;
    return { title: "Retry writes only before they are sent: drop POST/PATCH from allowed_methods", edits: remove ? [remove] : edits };
  }
  return null;
}

/**
 * Removes the "POST"/"PATCH" strings from the collections literals of an allowed_methods value
 * (`["GET", "POST"]`, `frozenset({...})`, `Retry.DEFAULT_ALLOWED_METHODS | {"POST"}`) in their
 * layout; a collection left empty on one side of `|` goes with its operator. Null when there is
 * nothing literal to edit (a variable) or the value would allow no method at all.
 */
function dropWriteMethods(ed: PyEditor, value: SyntaxNode): FixEdit[] | null {
  const collections: SyntaxNode[] = [];
  for (const c of [value, ...value.descendantsOfType(["list", "tuple", "set"])]) {
    if (c && ["list", "tuple", "set"].includes(c.type) && !collections.some((x) => x.id === c.id)) collections.push(c);
  }
  const isWrite = (n: SyntaxNode) => n.type === "string" && /^["'](POST|PATCH)["']$/i.test(n.text);
  const edits: FixEdit[] = [];
  for (const c of collections) {
    const items = c.namedChildren.filter((i): i is SyntaxNode => !!i && i.type !== "comment");
    const writes = items.filter(isWrite);
    if (!writes.length) continue;
    if (writes.length < items.length) {
      edits.push(...ed.removeItems(items, writes, c.endIndex - 1));
      continue;
    }
    // only writes: drop the whole operand of a union, else there is no mechanical edit
    const op = c.parent;
    if (op?.type !== "binary_operator" || !/^[|+]$/.test(op.childForFieldName("operator")?.text ?? "")) return null;
    const other = op.childForFieldName("left")?.id === c.id ? op.childForFieldName("right") : op.childForFieldName("left");
    if (!other) return null;
    edits.push(ed.edit(op.startIndex, op.endIndex, other.text));
  }
  return edits.length ? edits : null;
}

/** Two additions at the same point would conflict: join them into one edit. */
function mergeInsertions(edits: FixEdit[]): FixEdit[] {
  const out: FixEdit[] = [];
  for (const e of edits) {
    const same = out.find((o) => o.start === e.start && o.end === e.end && o.start === o.end);
    if (same) same.newText += e.newText;
    else out.push({ ...e });
  }
  return out;
}

function keywordTo(ed: PyEditor, layer: RetryLayer, name: string, value: string, title: string): LayerEdit | null {
  const call = ed.callAt(layer.anchor.line, layer.anchor.column);
  return call ? { title, edits: [ed.setKeyword(call, name, value)] } : null;
}

// ------------------------------------------------------------------------------- retry loops

function loopJitter(layer: RetryLayer, ed: PyEditor): LayerEdit | null {
  const loopRow = layer.anchor.line - 1;
  const sleeps = ed.tree.rootNode.descendantsOfType("call").filter((c) => {
    if (!c || c.startPosition.row < loopRow || c.startPosition.row > layer.anchor.endLine - 1) return false;
    return /(^|\.)sleep$/.test(ed.calleeName(c) ?? "");
  });
  const sleep = sleeps[0];
  const arg = sleep?.childForFieldName("arguments")?.namedChildren[0];
  if (!sleep || !arg) return null;
  const random = ed.moduleRef("random");
  return {
    title: `Use full jitter: sleep(${random.ref}.uniform(0, ${arg.text}))`,
    edits: [ed.edit(arg.startIndex, arg.endIndex, `${random.ref}.uniform(0, ${arg.text})`), ...random.edits],
  };
}
