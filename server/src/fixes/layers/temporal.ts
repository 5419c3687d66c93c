/**
 * Fix operations on Temporal retry policies (docs/reference/temporal.md) and on BullMQ/Bull job
 * options and Agenda backoff strategies (docs/reference/bullmq.md). Temporal's
 * `maximum_attempts`/`maximumAttempts` and BullMQ's `attempts` count ATTEMPTS (N → N; 1 turns
 * retrying off); Agenda's `maxRetries` counts retries (N attempts → N − 1).
 *
 * - Temporal (Python): the `RetryPolicy(…)` at the anchor gets `maximum_attempts=N`; an
 *   `execute_activity(…)` with no policy gets `retry_policy=RetryPolicy(maximum_attempts=N)` (and
 *   the import). TypeScript: `retry: { maximumAttempts: N }` in the proxy's options. No jitter:
 *   Temporal has no option for it.
 * - BullMQ: `attempts: N` rewritten; jitter (RL004, only where the package.json pins bullmq ≥ 5.54 or none): `jitter: 0.5` in an exponential/fixed
 *   `backoff` object (bullmq ≥ 5.54), or an exponential backoff with jitter where there is none.
 * - Agenda: `maxRetries` in `exponential/constant/linear({…})`; jitter: `jitter: 0.5`.
 */
import type { RetryLayer } from "../../model/model";
import { ts } from "../../parsing/typescript";
import { withPython } from "../python";
import { withTypeScript, type TsEditor } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** RL002: three attempts, as the other stop fixes write */
const STOP_ATTEMPTS = 3;

function attemptsFor(op: LayerOp, ctx: LayerOpContext): number | null {
  if (op === "disable") return 1;
  if (op === "stop") return STOP_ATTEMPTS;
  if (op === "cap") return ctx.attempts ?? null;
  return null;
}

export function temporalLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const n = attemptsFor(op, ctx);
  if (n === null || n < 1) return null;
  const title = n === 1 ? `Turn off Temporal retries for ${layer.label} (maximum attempts 1)` : op === "stop" ? `Bound the ${layer.label} retries: ${n} attempts` : `Lower to ${n} attempts (maximum attempts counts attempts)`;
  if (/\.pyi?$/.test(layer.file)) {
    return withPython(layer.file, text, (ed) => {
      const call = ed.callAt(layer.anchor.line, layer.anchor.column);
      if (!call) return null;
      const head = call.childForFieldName("function")?.text ?? "";
      if (/(^|\.)RetryPolicy$/.test(head)) return { title, edits: [ed.setKeyword(call, "maximum_attempts", String(n))] };
      if (ed.keyword(call, "retry_policy")) return null;
      const name = ed.nameFor("temporalio.common", "RetryPolicy");
      return { title, edits: [...name.edits, ed.addArgument(call, `retry_policy=${name.ref}(maximum_attempts=${n})`)] };
    });
  }
  if (/\.[cm]?[jt]sx?$/.test(layer.file)) {
    return withTypeScript(layer.file, text, (ed) => {
      const obj = objectAt(ed, layer);
      if (!obj) return null;
      const retry = ed.property(obj, "retry");
      if (retry && ts.isPropertyAssignment(retry) && ts.isObjectLiteralExpression(retry.initializer)) return { title, edits: [ed.setProperty(retry.initializer, "maximumAttempts", String(n))] };
      if (retry) return null;
      // the proxy's options: `proxyActivities({ … })` at the anchor
      const call = ed.callAt(layer.anchor.line, (t) => /proxy(Local)?Activities$|\.(start|execute|signalWithStart)$|^(executeChild|startChild)$/.test(t));
      const options = call?.arguments.find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
      return options ? { title, edits: [ed.addProperty(options, `retry: { maximumAttempts: ${n} }`)] } : null;
    });
  }
  return null;
}

/** The object literal holding the layer's anchor (`retry: {…}`'s parent), when the anchor is a property. */
function objectAt(ed: TsEditor, layer: RetryLayer): ts.ObjectLiteralExpression | null {
  let found: ts.ObjectLiteralExpression | null = null;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
      const line = ed.sf.getLineAndCharacterOfPosition(node.getStart(ed.sf)).line + 1;
      if (line === layer.anchor.line) {
        found = node.parent;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ed.sf);
  if (found) return found;
  // the anchor is the call (a proxy with no `retry`): its options object
  const call = ed.callAt(layer.anchor.line);
  return call?.arguments.find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a)) ?? null;
}

export function jsJobLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  return withTypeScript(layer.file, text, (ed) => {
    if (layer.kind === "bullmq-job") {
      // the options object whose `attempts:` is the anchor
      const opts = propertyObject(ed, layer.anchor.line, "attempts");
      if (!opts) return null;
      const n = attemptsFor(op, ctx);
      if (n !== null && n >= 1) {
        const t = n === 1 ? `Turn off job retries for ${layer.label} (attempts: 1)` : `Lower to ${n} attempts (attempts: ${n}, the first run included)`;
        return { title: t, edits: [ed.setProperty(opts, "attempts", String(n))] };
      }
      // the jitter option arrived in bullmq 5.54.0: never written for a project pinning an older one
      if ((op === "jitter" || op === "backoff") && layer.library === "bullmq" && !bullmqHasJitter(layer.file, ctx)) return null;
      if ((op === "jitter" || op === "backoff") && layer.library === "bullmq") {
        const backoff = ed.property(opts, "backoff");
        if (backoff && ts.isPropertyAssignment(backoff) && ts.isObjectLiteralExpression(backoff.initializer)) {
          return { title: "Randomise the backoff: jitter: 0.5 (bullmq ≥ 5.54)", edits: [ed.setProperty(backoff.initializer, "jitter", "0.5")] };
        }
        const q = ed.quote;
        const value = `{ type: ${q}exponential${q}, delay: 1000, jitter: 0.5 }`;
        return { title: "Exponential backoff with jitter: backoff: { type: 'exponential', delay: 1000, jitter: 0.5 }", edits: [backoff ? ed.setProperty(opts, "backoff", value) : ed.addProperty(opts, `backoff: ${value}`)] };
      }
      return null;
    }
    if (layer.kind === "agenda-job") {
      const call = ed.callAt(layer.anchor.line, (t) => /(^|\.)(exponential|constant|linear)$/.test(t));
      if (!call) return null;
      const opts = call.arguments[0] && ts.isObjectLiteralExpression(call.arguments[0]) ? call.arguments[0] : null;
      const n = attemptsFor(op, ctx);
      if (n !== null && n >= 1) {
        const t = n === 1 ? `Turn off Agenda retries for ${layer.label} (maxRetries: 0)` : `Lower to ${n} runs (maxRetries: ${n - 1}, which counts retries)`;
        return { title: t, edits: [opts ? ed.setProperty(opts, "maxRetries", String(n - 1)) : ed.addArgument(call, `{ maxRetries: ${n - 1} }`)] };
      }
      if (op === "jitter") return { title: "Randomise the backoff: jitter: 0.5", edits: [opts ? ed.setProperty(opts, "jitter", "0.5") : ed.addArgument(call, "{ jitter: 0.5 }")] };
      return null;
    }
    return null;
  });
}

/** The object literal with a `key:` property written on `line`. */
function propertyObject(ed: TsEditor, line: number, key: string): ts.ObjectLiteralExpression | null {
  let found: ts.ObjectLiteralExpression | null = null;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isObjectLiteralExpression(node)) {
      const p = ed.property(node, key);
      if (p && ed.sf.getLineAndCharacterOfPosition(p.getStart(ed.sf)).line + 1 === line) {
        found = node;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ed.sf);
  return found;
}

/**
 * Does the bullmq the nearest package.json naming it pins have the `jitter` backoff option
 * (≥ 5.54.0)? No manifest naming bullmq: the newest is assumed (true).
 */
export function bullmqHasJitter(file: string, ctx: LayerOpContext): boolean {
  const dirs: string[] = [];
  for (let d = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ""; ; d = d.includes("/") ? d.slice(0, d.lastIndexOf("/")) : "") {
    dirs.push(d);
    if (d === "") break;
  }
  for (const d of dirs) {
    const path = d ? `${d}/package.json` : "package.json";
    const text = ctx.text?.(path);
    if (!text) continue;
    let range: string | undefined;
    try {
      const pkg = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
      range = pkg.dependencies?.bullmq ?? pkg.devDependencies?.bullmq ?? pkg.peerDependencies?.bullmq;
    } catch {
      continue;
    }
    if (range === undefined) continue;
    const m = /(\d+)(?:\.(\d+))?/.exec(range);
    if (!m) return true;
    const major = Number(m[1]);
    const minor = Number(m[2] ?? 0);
    return major > 5 || (major === 5 && minor >= 54);
  }
  return true;
}
