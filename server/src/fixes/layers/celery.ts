/**
 * Fix operations on Celery task retries (docs/reference/celery.md). `max_retries` counts
 * RETRIES: N total executions are written `max_retries=N-1`; 0 turns retrying off (one
 * execution). The count is written where it is read: a `self.retry(max_retries=…)` in the task's
 * body, a `retry_kwargs={'max_retries': …}` (autoretry), else the decorator's `max_retries=`
 * (a bare `@app.task` gets its argument list). Jitter (RL004): `retry_jitter=False` → `True`
 * with `retry_backoff`; a fixed countdown of an autoretry task becomes `retry_backoff=<the
 * delay>` (exponential from the same delay, full jitter by default, capped at
 * `retry_backoff_max` 600 s). Backoff (RL003, `default_retry_delay=0`): `retry_backoff=True`.
 * Class-based tasks are edited through their class attributes (`max_retries = N`). A task whose
 * layer comes from a `base=` class of another module is not edited at that class (other tasks
 * share it, and the task's decorator may override it).
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import type { PyEditor } from "../python";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** RL002: three executions, as the tenacity stop fix writes */
const STOP_ATTEMPTS = 3;

export function celeryLayerEdit(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : op === "stop" ? STOP_ATTEMPTS : null;
  const dec = ed.decoratorAt(layer.anchor.line);
  // a task's layer anchored in the base class of another module (engine/queues/celeryBases.ts):
  // the class is shared by other tasks and the decorator may override it, so no edit there
  if (!dec && layer.localId.startsWith("celery-base:")) return null;
  if (attempts !== null && attempts >= 1) {
    const retries = attempts - 1;
    const title = attempts === 1 ? `Turn off celery retries for ${layer.label} (max_retries=0)` : op === "stop" ? `Stop after ${attempts} executions: max_retries=${retries}` : `Lower to ${attempts} executions (max_retries=${retries}, which counts retries)`;
    const edits = dec ? decoratorCount(ed, dec, retries) : classCount(ed, layer, retries);
    return edits ? { title, edits } : null;
  }
  if (op === "jitter" || op === "backoff") {
    const call = dec ? ed.decoratorCall(dec) : null;
    if (!call || !ed.keyword(call, "autoretry_for") && !inheritsAutoretry(layer)) return null;
    const jitterOff = ed.keyword(call, "retry_jitter");
    if (ed.keyword(call, "retry_backoff") && layer.wait.kind === "exponential") {
      return jitterOff ? { title: "Full jitter: retry_jitter=True", edits: [ed.setKeyword(call, "retry_jitter", "True")] } : null;
    }
    const delay = layer.wait.initialSeconds;
    const factor = op === "backoff" || !delay || delay < 1 ? "True" : String(Math.round(delay));
    const edits: FixEdit[] = [ed.setKeyword(call, "retry_backoff", factor)];
    if (jitterOff) edits.push(ed.setKeyword(call, "retry_jitter", "True"));
    return { title: `Exponential backoff with full jitter: retry_backoff=${factor}`, edits };
  }
  return null;
}

function inheritsAutoretry(layer: RetryLayer): boolean {
  return /^autoretry_for=/.test(layer.condition.description);
}

/** `max_retries` in every `.retry(max_retries=…)` of the task's body, in retry_kwargs, and on the decorator. */
function decoratorCount(ed: PyEditor, dec: SyntaxNode, retries: number): FixEdit[] | null {
  const def = ed.decorated(dec);
  const value = String(retries);
  const edits: FixEdit[] = [];
  for (const c of def ? ed.callsIn(def) : []) {
    const f = c.childForFieldName("function");
    if (f?.type !== "attribute" || f.childForFieldName("attribute")?.text !== "retry") continue;
    const kw = ed.keyword(c, "max_retries")?.childForFieldName("value");
    if (kw && kw.text !== "None") edits.push(ed.edit(kw.startIndex, kw.endIndex, value));
  }
  const call = ed.decoratorCall(dec);
  if (!call) {
    // a bare `@app.task`: give it an argument list
    const expr = dec.namedChildren[0];
    return expr ? [...edits, ed.edit(expr.endIndex, expr.endIndex, `(max_retries=${value})`)] : null;
  }
  const kwargs = ed.keyword(call, "retry_kwargs")?.childForFieldName("value");
  const inKwargs = kwargs?.type === "dictionary" ? dictValue(kwargs, "max_retries") : null;
  if (inKwargs) edits.push(ed.edit(inKwargs.startIndex, inKwargs.endIndex, value));
  else edits.push(ed.setKeyword(call, "max_retries", value));
  return edits;
}

/** Class-based task: its `max_retries = N` attribute, or a new one after the anchor line. */
function classCount(ed: PyEditor, layer: RetryLayer, retries: number): FixEdit[] | null {
  const cls = descendants(ed.tree.rootNode, "class_definition").find((c) => c.startPosition.row + 1 <= layer.anchor.line && c.endPosition.row + 1 >= layer.anchor.line);
  if (!cls) return null;
  for (const stmt of cls.childForFieldName("body")?.namedChildren ?? []) {
    const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
    if (a?.type === "assignment" && a.childForFieldName("left")?.text === "max_retries") {
      const right = a.childForFieldName("right")!;
      return [ed.edit(right.startIndex, right.endIndex, String(retries))];
    }
  }
  const anchorStmt = (cls.childForFieldName("body")?.namedChildren ?? []).find((s) => s && s.startPosition.row + 1 === layer.anchor.line);
  if (!anchorStmt) return null;
  const indent = " ".repeat(anchorStmt.startPosition.column);
  const eol = ed.text.includes("\r\n") ? "\r\n" : "\n";
  const at = ed.lineEnd(anchorStmt.endIndex);
  return [ed.edit(at, at, `${eol}${indent}max_retries = ${retries}`)];
}

function dictValue(dict: SyntaxNode, key: string): SyntaxNode | null {
  for (const pair of dict.namedChildren) {
    const k = pair?.type === "pair" ? pair.childForFieldName("key") : null;
    if (k?.type === "string" && k.text.replace(/^['"]|['"]$/g, "") === key) return pair!.childForFieldName("value");
  }
  return null;
}
