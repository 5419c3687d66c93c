/**
 * Fix operations on a Celery app's publish retry (docs/reference/celery.md "Message sending
 * retry"), written on the `Celery(...)` call the layer is anchored at (its keyword arguments are
 * configuration): off → `task_publish_retry=False`; a count (cap, or a bound for RL002) → a whole
 * `task_publish_retry_policy` with `max_retries` = attempts − 1 (it counts retries) and Celery's
 * default intervals, since a configured policy replaces the default and keys it leaves out fall
 * back to kombu's `Connection.ensure` defaults (max_retries None = forever, 1 s intervals). A policy
 * literal on the call gets its `max_retries` set instead; a policy set elsewhere (`app.conf`) is
 * left alone (a keyword here would be overridden by it).
 * No jitter fix: kombu's ensure has no jitter option.
 */
import type { RetryLayer } from "../../model/model";
import type { PyEditor } from "../python";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { CELERY_PUBLISH_DEFAULT_POLICY } from "../../detectors/python/celeryPublish";

/** RL002: the bound Celery's own default policy has */
const STOP_ATTEMPTS = CELERY_PUBLISH_DEFAULT_POLICY.maxRetries + 1;

export function celeryPublishLayerEdit(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const call = ed.callAt(layer.anchor.line, layer.anchor.column);
  if (!call) return null;
  if (op === "disable") return { title: `Turn off publish retries for ${layer.label} (task_publish_retry=False)`, edits: [ed.setKeyword(call, "task_publish_retry", "False")] };
  const attempts = op === "cap" ? (ctx.attempts ?? null) : op === "stop" ? STOP_ATTEMPTS : null;
  if (attempts === null || attempts < 1) return null;
  const q = ed.quote;
  const title = `Lower to ${attempts} publish attempts (task_publish_retry_policy max_retries=${attempts - 1}, which counts retries)`;
  const written = ed.keyword(call, "task_publish_retry_policy")?.childForFieldName("value");
  if (written) {
    // the call's own policy literal: its max_retries is set (or added); other keys stay
    if (written.type !== "dictionary") return null;
    const pairs = written.namedChildren.filter((n): n is NonNullable<typeof n> => n?.type === "pair");
    const mr = pairs.find((p) => /^["']max_retries["']$/.test(p.childForFieldName("key")?.text ?? ""))?.childForFieldName("value");
    if (mr) return { title, edits: [ed.edit(mr.startIndex, mr.endIndex, String(attempts - 1))] };
    const item = `${q}max_retries${q}: ${attempts - 1}`;
    return { title, edits: [pairs.length ? ed.appendItem(pairs, written.endIndex - 1, item) : ed.edit(written.startIndex, written.endIndex, `{${item}}`)] };
  }
  // a policy set elsewhere in the file (app.conf) would override a keyword written here
  if (layer.attemptsSource !== "default") return null;
  const d = CELERY_PUBLISH_DEFAULT_POLICY;
  const policy = `{${q}max_retries${q}: ${attempts - 1}, ${q}interval_start${q}: ${d.intervalStart}, ${q}interval_step${q}: ${d.intervalStep}, ${q}interval_max${q}: ${d.intervalMax}}`;
  return { title, edits: [ed.setKeyword(call, "task_publish_retry_policy", policy)] };
}
