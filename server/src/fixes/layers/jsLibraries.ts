/**
 * Fix operations on the JS/TS retry libraries beyond axios-retry, each in its own option names
 * and number traps (reference §2.2–§2.9):
 * - got / ky `retry: { limit }` and p-retry / async-retry `retries`, fetch-retry `retries`,
 *   undici `maxRetries`, cockatiel `maxAttempts` all count **retries** (attempts − 1);
 * - the AWS SDK v3 `maxAttempts` counts **total attempts** (§2.7).
 * Jitter only where the library has it: got `noise`, ky `jitter: true`, p-retry/async-retry
 * `randomize: true`, cockatiel's ExponentialBackoff (decorrelated jitter by default), fetch-retry
 * a `retryDelay` function. undici has no jitter option (§2.9): no jitter fix there.
 * Options passed in a variable are not edited in place: no fix.
 */
import type { RetryLayer } from "../../model/model";
import { numberValue, ts, unwrap } from "../../parsing/typescript";
import type { FixEdit } from "../types";
import { withTypeScript, type TsEditor } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export const JS_LIBRARY_KINDS: ReadonlySet<string> = new Set([
  "got",
  "ky",
  "p-retry",
  "async-retry",
  "cockatiel",
  "fetch-retry",
  "undici-retry-agent",
  "undici-retry-interceptor",
  "aws-sdk",
]);

/** The count a "stop" fix writes: 3 attempts, as for tenacity. */
const STOP_ATTEMPTS = 3;

type Options = ts.ObjectLiteralExpression | "absent" | null;

export function jsLibraryLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (!JS_LIBRARY_KINDS.has(layer.kind)) return null;
  return withTypeScript(layer.file, text, (ed) => {
    // the anchor is the call or `new` itself (its start column tells it from calls around it)
    const node = ed.invocationAt(layer.anchor.line, (n) => ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).character === layer.anchor.column);
    if (!node) return null;
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
    switch (layer.kind) {
      case "got":
      case "ky":
        return gotOrKy(op, layer, ed, node, attempts);
      case "p-retry":
      case "async-retry":
        return promiseRetry(op, layer, ed, node, attempts);
      case "cockatiel":
        return cockatiel(op, layer, ed, node, attempts);
      case "fetch-retry":
        return fetchRetry(op, layer, ed, node, attempts);
      case "undici-retry-agent":
      case "undici-retry-interceptor":
        return undici(op, layer, ed, node, attempts);
      case "aws-sdk":
        return awsSdk(op, layer, ed, node, attempts);
    }
    return null;
  });
}

// ------------------------------------------------------------------------------------ helpers

/** The options argument at `index`: an object literal, absent (none passed), or null (a variable). */
function optionsArg(node: ts.CallExpression | ts.NewExpression, index: number): Options {
  const args = node.arguments ?? ts.factory.createNodeArray();
  const arg = args[index];
  if (!arg) return args.length === index ? "absent" : null;
  const a = unwrap(arg);
  return ts.isObjectLiteralExpression(a) ? a : null;
}

/** Sets `key: value` in the options, or passes a new `{ key: value }` argument. */
function setOption(ed: TsEditor, node: ts.CallExpression | ts.NewExpression, options: Options, key: string, value: string): FixEdit | null {
  if (options === null) return null;
  if (options !== "absent") return ed.setProperty(options, key, value);
  const args = node.arguments;
  if (!args) return ed.edit(node.end, node.end, `({ ${key}: ${value} })`);
  if (args.length === 0) {
    const open = ed.text.indexOf("(", node.expression.end);
    return ed.edit(open + 1, open + 1, `{ ${key}: ${value} }`);
  }
  const last = args[args.length - 1]!;
  return ed.edit(last.end, last.end, `, { ${key}: ${value} }`);
}

const offOrCap = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

const quoted = (ed: TsEditor, items: string[]) => `[${items.map((m) => `${ed.quote}${m}${ed.quote}`).join(", ")}]`;

// -------------------------------------------------------------------------------------- got, ky

/** §2.2 / §2.3 default methods: everything but POST and PATCH */
const GOT_METHODS = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];
const KY_METHODS = ["get", "put", "head", "delete", "options", "trace"];
const GOT_DEFAULT_NOISE_MS = 100;

function gotOrKy(op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  if (!ts.isCallExpression(node)) return null;
  // instances (`got.extend(opts)`, `ky.create(opts)`) take options first; requests second
  const factory = ts.isPropertyAccessExpression(node.expression) && ["extend", "create"].includes(node.expression.name.text);
  const options = optionsArg(node, factory ? 0 : 1);
  const setRetry = (key: string, value: string): FixEdit | null => {
    if (options === null) return null;
    const retry = options === "absent" ? undefined : ed.property(options, "retry");
    if (!retry) return setOption(ed, node, options, "retry", `{ ${key}: ${value} }`);
    if (!ts.isPropertyAssignment(retry)) return null;
    const v = unwrap(retry.initializer);
    if (ts.isObjectLiteralExpression(v)) return ed.setProperty(v, key, value);
    // `retry: 3` is the limit alone
    if (numberValue(v) !== null) {
      return key === "limit" ? ed.edit(retry.initializer.getStart(ed.sf), retry.initializer.end, value) : ed.edit(retry.initializer.getStart(ed.sf), retry.initializer.end, `{ limit: ${v.getText(ed.sf)}, ${key}: ${value} }`);
    }
    return null;
  };
  if (attempts !== null && attempts >= 1) {
    const edit = setRetry("limit", String(attempts - 1));
    return edit ? { title: offOrCap(layer, attempts, `retry limit: ${attempts - 1}`), edits: [edit] } : null;
  }
  if (op === "jitter") {
    const edit = layer.kind === "ky" ? setRetry("jitter", "true") : setRetry("noise", String(GOT_DEFAULT_NOISE_MS));
    const what = layer.kind === "ky" ? "retry jitter: true" : `retry noise: ${GOT_DEFAULT_NOISE_MS} (got's default)`;
    return edit ? { title: `Randomise the delay: ${what}`, edits: [edit] } : null;
  }
  if (op === "preSendOnly") {
    const methods = quoted(ed, layer.kind === "ky" ? KY_METHODS : GOT_METHODS);
    const edit = setRetry("methods", methods);
    return edit ? { title: `Retry only idempotent methods (retry methods: ${methods}): writes are sent once`, edits: [edit], unsafe: true } : null;
  }
  return null;
}

// ---------------------------------------------------------------------- p-retry, async-retry

function promiseRetry(op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  const options = optionsArg(node, 1);
  if (attempts !== null && attempts >= 1) {
    const edit = setOption(ed, node, options, "retries", String(attempts - 1));
    return edit ? { title: offOrCap(layer, attempts, `retries: ${attempts - 1}`), edits: [edit] } : null;
  }
  if (op === "jitter") {
    const edit = setOption(ed, node, options, "randomize", "true");
    return edit ? { title: "Randomise the delay: randomize: true", edits: [edit] } : null;
  }
  if (op === "stop") {
    const retries = setOption(ed, node, options, "retries", String(STOP_ATTEMPTS - 1));
    if (!retries) return null;
    // node-retry's `forever: true` would win over the count
    const forever = options !== null && options !== "absent" ? ed.property(options, "forever") : undefined;
    const edits = forever && options !== null && options !== "absent" ? [retries, ed.removeProperty(options, forever)] : [retries];
    return { title: `Stop after ${STOP_ATTEMPTS} attempts: retries: ${STOP_ATTEMPTS - 1}`, edits };
  }
  return null;
}

// ------------------------------------------------------------------------------------- cockatiel

function cockatiel(op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  const options = optionsArg(node, 1);
  if ((attempts !== null && attempts >= 1) || op === "stop") {
    // maxAttempts counts retries (§2.6): N → N+1 calls
    const total = attempts ?? STOP_ATTEMPTS;
    const edit = setOption(ed, node, options, "maxAttempts", String(total - 1));
    if (!edit) return null;
    return { title: op === "stop" ? `Stop after ${total} attempts: maxAttempts: ${total - 1} (counts retries)` : offOrCap(layer, total, `maxAttempts: ${total - 1}, which counts retries`), edits: [edit] };
  }
  if (op === "backoff") {
    const name = ed.importedName("cockatiel", "ExponentialBackoff");
    const edit = name ? setOption(ed, node, options, "backoff", `new ${name.ref}()`) : null;
    return edit && name ? { title: "Back off exponentially with jitter: backoff: new ExponentialBackoff()", edits: [edit, ...name.edits] } : null;
  }
  if (op === "jitter" && options !== null && options !== "absent") return cockatielJitter(ed, options);
  return null;
}

/**
 * `new ConstantBackoff(ms)` → `new ExponentialBackoff({ initialDelay: ms, maxDelay: 4 × ms })`
 * (decorrelated jitter at the same scale); an ExponentialBackoff with `generator:
 * noJitterGenerator` loses the generator (the default is decorrelated jitter, §2.6).
 */
function cockatielJitter(ed: TsEditor, options: ts.ObjectLiteralExpression): LayerEdit | null {
  const prop = ed.property(options, "backoff");
  if (!prop || !ts.isPropertyAssignment(prop)) return null;
  const backoff = unwrap(prop.initializer);
  if (!ts.isNewExpression(backoff)) return null;
  const cls = backoff.expression.getText(ed.sf);
  const arg = backoff.arguments?.[0];
  if (/(^|\.)ConstantBackoff$/.test(cls)) {
    const ms = arg ? numberValue(arg) : 0;
    // `ConstantBackoff` imported by name and used nowhere else: its import becomes ExponentialBackoff's
    const name = ts.isIdentifier(backoff.expression)
      ? ed.swapImportedName("cockatiel", cls, "ExponentialBackoff", [backoff.getStart(ed.sf), backoff.end])
      : ed.importedName("cockatiel", "ExponentialBackoff");
    if (ms === null || !name) return null;
    const value = ms > 0 ? `new ${name.ref}({ initialDelay: ${ms}, maxDelay: ${ms * 4} })` : `new ${name.ref}()`;
    return { title: `Use decorrelated jitter: backoff: ${value}`, edits: [ed.edit(backoff.getStart(ed.sf), backoff.end, value), ...name.edits] };
  }
  if (/(^|\.)ExponentialBackoff$/.test(cls) && arg && ts.isObjectLiteralExpression(unwrap(arg))) {
    const obj = unwrap(arg) as ts.ObjectLiteralExpression;
    const generator = ed.property(obj, "generator");
    return generator ? { title: "Use decorrelated jitter (ExponentialBackoff's default generator)", edits: [ed.removeProperty(obj, generator)] } : null;
  }
  return null;
}

// ----------------------------------------------------------------------------------- fetch-retry

const FETCH_RETRY_DEFAULT_DELAY_MS = 1000;

function fetchRetry(op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  const options = optionsArg(node, 1);
  if (attempts !== null && attempts >= 1) {
    // a retryOn function ignores retries (§2.8): a count would not bind it
    if (options !== null && options !== "absent" && layer.maxAttempts === null) return null;
    const edit = setOption(ed, node, options, "retries", String(attempts - 1));
    return edit ? { title: offOrCap(layer, attempts, `retries: ${attempts - 1}`), edits: [edit] } : null;
  }
  if (op === "jitter") {
    // a constant delay becomes full jitter over an exponential at the same scale, capped at 4×
    const delay = options !== null && options !== "absent" ? ed.property(options, "retryDelay") : undefined;
    const ms = delay ? (ts.isPropertyAssignment(delay) ? numberValue(delay.initializer) : null) : FETCH_RETRY_DEFAULT_DELAY_MS;
    if (ms === null) return null;
    const value = `(attempt) => Math.random() * Math.min(${ms} * 2 ** attempt, ${ms * 4})`;
    const edit = setOption(ed, node, options, "retryDelay", value);
    return edit ? { title: `Use full jitter: retryDelay: ${value}`, edits: [edit] } : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------- undici

/** §2.9 default methods without QUERY (older undici rejects nothing, but lacks it) */
const UNDICI_IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"];

function undici(op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  // new RetryAgent(agent, opts) / interceptors.retry(opts)
  const options = optionsArg(node, layer.kind === "undici-retry-agent" ? 1 : 0);
  if (attempts !== null && attempts >= 1) {
    const edit = setOption(ed, node, options, "maxRetries", String(attempts - 1));
    return edit ? { title: offOrCap(layer, attempts, `maxRetries: ${attempts - 1}`), edits: [edit] } : null;
  }
  if (op === "preSendOnly") {
    const methods = quoted(ed, UNDICI_IDEMPOTENT);
    const edit = setOption(ed, node, options, "methods", methods);
    return edit ? { title: `Retry only idempotent methods (methods: ${methods}): writes are sent once`, edits: [edit], unsafe: true } : null;
  }
  return null;
}

// --------------------------------------------------------------------------------- AWS SDK v3

function awsSdk(_op: LayerOp, layer: RetryLayer, ed: TsEditor, node: ts.CallExpression | ts.NewExpression, attempts: number | null): LayerEdit | null {
  if (attempts === null || attempts < 1 || !ts.isNewExpression(node)) return null;
  const options = optionsArg(node, 0);
  // a custom retryStrategy decides the count itself
  if (options !== null && options !== "absent" && ed.property(options, "retryStrategy")) return null;
  // maxAttempts counts total attempts (§2.7): 1 = no retry
  const edit = setOption(ed, node, options, "maxAttempts", String(attempts));
  return edit ? { title: offOrCap(layer, attempts, `maxAttempts: ${attempts}, which counts every attempt`), edits: [edit] } : null;
}
