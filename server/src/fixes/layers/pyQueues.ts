/**
 * Fix operations on the Python job-queue retries of docs/reference/job-queues-python.md. Every
 * count here counts RETRIES, so N executions are written N-1, in the option where the layer reads
 * it: Dramatiq `max_retries=` (0 = off; None → a bound), Huey `retries=`, Prefect `retries=`,
 * Airflow `retries=` on the operator or `@task` (it wins over the DAG's default_args), Ray
 * `max_retries=` (`max_task_retries=` on an actor), RQ `Retry(max=…)` on the send (off: the
 * `retry=` argument removed, since `max` must be ≥ 1). Waits: Prefect tasks get
 * `retry_jitter_factor=0.5` (jitter) or `exponential_backoff(backoff_factor=1)` with jitter
 * (backoff); Airflow `retry_exponential_backoff=True` (×2, spread by a hash of the task
 * instance); RQ a rising `interval=[10, 30, 60]`. arq counts tries in `max_tries`, and Huey's
 * `raise RetryTask` is a loop of the task's own: no mechanical edit.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyEditor } from "../python";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** RL002: three executions, as the tenacity stop fix writes */
const STOP_ATTEMPTS = 3;

const COUNT_KEY: Record<string, string> = {
  "dramatiq-actor": "max_retries",
  "huey-task": "retries",
  "prefect-task": "retries",
  "prefect-flow": "retries",
  "airflow-task": "retries",
  "ray-task": "max_retries",
};

export function pyQueueLayerEdit(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const dec = ed.decoratorAt(layer.anchor.line);
  const call = dec ? ed.decoratorCall(dec) : ed.callAt(layer.anchor.line, layer.anchor.column);
  if (layer.kind === "rq-job") return rq(op, layer, ed, ctx, call);
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : op === "stop" ? STOP_ATTEMPTS : null;
  if (attempts !== null && attempts >= 1) {
    let key = COUNT_KEY[layer.kind];
    if (!key || /RetryTask/.test(layer.attemptsNote)) return null;
    if (layer.kind === "ray-task" && call && ed.keyword(call, "max_task_retries")) key = "max_task_retries";
    const retries = attempts - 1;
    // the label tells apart the same edit on two tasks of one file
    const title = attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${key}=0)` : op === "stop" ? `Stop after ${attempts} executions: ${key}=${retries} on ${layer.label}` : `Lower to ${attempts} executions (${key}=${retries}, which counts retries) on ${layer.label}`;
    const edit = setOn(ed, dec, call, key, String(retries));
    return edit ? { title, edits: [edit] } : null;
  }
  if (op === "jitter" || op === "backoff") {
    // a Prefect task's layer exists only where `retries=` is written: its decorator has a call
    if (layer.kind === "prefect-task" && call) {
      const needsDelay = op === "backoff" || layer.wait.kind === "none";
      const name = needsDelay ? ed.nameFor("prefect.tasks", "exponential_backoff") : null;
      const delay = name ? `${name.ref}(backoff_factor=1)` : null;
      const hasJitter = !!ed.keyword(call, "retry_jitter_factor");
      const edits: FixEdit[] = [];
      if (delay && ed.keyword(call, "retry_delay_seconds")) edits.push(ed.setKeyword(call, "retry_delay_seconds", delay));
      if (hasJitter) edits.push(ed.setKeyword(call, "retry_jitter_factor", "0.5"));
      const added = [delay && !ed.keyword(call, "retry_delay_seconds") ? `retry_delay_seconds=${delay}` : null, hasJitter ? null : "retry_jitter_factor=0.5"].filter((x): x is string => x !== null);
      if (added.length) edits.push(ed.addArgument(call, added.join(", ")));
      const what = [delay ? `retry_delay_seconds=${delay}` : null, "retry_jitter_factor=0.5"].filter(Boolean).join(", ");
      return { title: `${needsDelay ? "Exponential backoff with jitter" : "Jitter the retry delays"}: ${what} on ${layer.label}`, edits: [...edits, ...(name?.edits ?? [])] };
    }
    if (layer.kind === "airflow-task") {
      if (layer.wait.kind === "exponential") return null;
      const edit = setOn(ed, dec, call, "retry_exponential_backoff", "True");
      return edit ? { title: `Exponential backoff, spread per task instance: retry_exponential_backoff=True on ${layer.label}`, edits: [edit] } : null;
    }
  }
  return null;
}

/** `key=value` on the decorator's call (a bare decorator gets an argument list) or the anchor call. */
function setOn(ed: PyEditor, dec: SyntaxNode | null, call: SyntaxNode | null, key: string, value: string): FixEdit | null {
  if (call) return ed.setKeyword(call, key, value);
  const expr = dec?.namedChildren[0];
  return expr ? ed.edit(expr.endIndex, expr.endIndex, `(${key}=${value})`) : null;
}

/** RQ: `Retry(max=…)` on the enqueue call (or the @job decorator); off removes `retry=`. */
function rq(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext, call: SyntaxNode | null): LayerEdit | null {
  if (!call) return null;
  const retryKw = ed.keyword(call, "retry");
  const retry = retryKw?.childForFieldName("value");
  if (retry?.type !== "call") return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts !== null && attempts >= 1) {
    if (attempts === 1) {
      const edit = ed.removeKeyword(call, "retry");
      return edit ? { title: `Turn off RQ retries for ${layer.label} (no retry=)`, edits: [edit] } : null;
    }
    const max = ed.keyword(retry, "max")?.childForFieldName("value") ?? retry.childForFieldName("arguments")?.namedChildren.find((a) => a?.type !== "keyword_argument" && a?.type !== "comment") ?? null;
    const edit = max ? ed.edit(max.startIndex, max.endIndex, String(attempts - 1)) : ed.setKeyword(retry, "max", String(attempts - 1));
    return { title: `Lower to ${attempts} executions (Retry(max=${attempts - 1}), which counts retries) on ${layer.label}`, edits: [edit] };
  }
  if (op === "backoff" && layer.wait.kind === "none") {
    return { title: `Wait between retries: interval=[10, 30, 60] on ${layer.label} (RQ has no jitter)`, edits: [ed.setKeyword(retry, "interval", "[10, 30, 60]")] };
  }
  return null;
}
