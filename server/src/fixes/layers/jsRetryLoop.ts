/**
 * Fix operations on hand-rolled TS/JS retry loops (detectors/typescript/retryLoop.ts): full
 * jitter on the loop's sleep — the delay `d` of `await sleep(d)` / `await delay(d)` /
 * `await setTimeout(d)` / `new Promise((r) => setTimeout(r, d))` becomes `Math.random() * (d)`,
 * so callers that failed together stop retrying in lockstep (RL004; same schedule bound, safe).
 * Only the first sleep inside the loop's lines is edited; a loop without one gets no fix.
 */
import type { RetryLayer } from "../../model/model";
import { ts } from "../../parsing/typescript";
import { withTypeScript, type TsEditor } from "../typescript";
import type { LayerEdit, LayerOp } from "./op";

const SLEEP_CALLEE = /(^|\.)(sleep|delay|sleepMs|delayMs|snooze|wait|setTimeout)$/;

export function jsRetryLoopEdit(op: LayerOp, layer: RetryLayer, text: string | undefined): LayerEdit | null {
  if (op !== "jitter" || layer.kind !== "retry-loop") return null;
  return withTypeScript(layer.file, text, (ed) => loopJitter(layer, ed));
}

function loopJitter(layer: RetryLayer, ed: TsEditor): LayerEdit | null {
  const delay = firstSleepDelay(ed, layer.anchor.line, layer.anchor.endLine);
  if (!delay) return null;
  const written = delay.getText(ed.sf);
  // already random: nothing to add
  if (/Math\.random\(\)/.test(written)) return null;
  const simple = ts.isIdentifier(delay) || ts.isNumericLiteral(delay) || ts.isPropertyAccessExpression(delay) || ts.isCallExpression(delay);
  const replacement = `Math.random() * ${simple ? written : `(${written})`}`;
  return {
    title: `Use full jitter on ${layer.label}: wait ${replacement}`,
    edits: [ed.edit(delay.getStart(ed.sf), delay.end, replacement)],
  };
}

/** The delay argument of the first awaited sleep between the loop's first and last line. */
function firstSleepDelay(ed: TsEditor, firstLine: number, lastLine: number): ts.Expression | null {
  let found: ts.Expression | null = null;
  const lineOf = (n: ts.Node) => ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).line + 1;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && lineOf(n) >= firstLine && lineOf(n) <= lastLine) {
      const callee = n.expression.getText(ed.sf);
      if (SLEEP_CALLEE.test(callee)) {
        // `setTimeout(resolve, d)` inside a Promise: the delay is the second argument
        const arg = callee.endsWith("setTimeout") && n.arguments.length >= 2 ? n.arguments[1] : callee.endsWith("setTimeout") ? n.arguments[0] : n.arguments[0];
        const inPromise = callee.endsWith("setTimeout") && n.arguments.length >= 2;
        const awaited = inPromise || ts.isAwaitExpression(n.parent);
        if (arg && awaited && !ts.isArrowFunction(arg) && !ts.isFunctionExpression(arg)) {
          found = arg;
          return;
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(ed.sf);
  return found;
}
