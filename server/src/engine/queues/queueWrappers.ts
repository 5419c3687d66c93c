/**
 * Job-queue tasks declared through a project's own decorator wrapper (docs/reference/job-queues-python.md,
 * "Decorator wrappers"): `@dramatiq_actor()` where `dramatiq_actor(**kwargs)` of another module
 * sets `kwargs.setdefault("max_retries", 3)` and returns `dramatiq.actor(**kwargs)`. The detector
 * records the wrappers and the decorators that may use one (FileFacts.queueWrappers,
 * detectors/python/queueWrappers.ts); here the decorator's head is followed through the imports
 * (re-exports too) to the wrapper, the options are merged as Python would — the wrapper's defaults,
 * then the caller's keywords (when the wrapper forwards them, or names them as parameters), then
 * what the wrapper forces — and the task's layer is built with the library's own arithmetic
 * (dramatiq: `dramatiqActorLayer`; Celery: `celeryTaskLayer`, which needs `autoretry_for`; Huey:
 * `hueyTaskLayer`, which needs `retries`). A wrapper that is the library's decorator bound to a
 * name (`retriable_task = huey.context_task(obj, retries=6 * 4)`) applies when used bare.
 * A head that resolves to no wrapper yields nothing.
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import type { PendingQueueDecoratorFact, QueueOptionFact } from "../../model/queueWrapperFacts";
import { dramatiqActorLayer } from "../../detectors/python/dramatiq";
import { celeryTaskLayer, type Settings } from "../../detectors/python/celery";
import { hueyTaskLayer } from "../../detectors/python/huey";
import type { Resolver } from "../resolve";
import { findPythonDefinition, pendingTaskLayers, type PendingTaskLayer } from "./pendingTasks";

export function queueWrapperLayers(files: FileFacts[], resolver: Resolver): PendingTaskLayer[] {
  return pendingTaskLayers(files, (f) => f.queueWrappers?.pending, (f, p) => wrappedLayer(resolver, f, p));
}

function wrappedLayer(resolver: Resolver, f: FileFacts, p: PendingQueueDecoratorFact): PendingTaskLayer | null {
  const resolved = findPythonDefinition(resolver, f, p.head, (m, n) => m.queueWrappers?.wrappers.find((w) => w.name === n));
  if (!resolved) return null;
  const { file: wf, found: w } = resolved;
  // a name bound to the decorator itself is used bare (`@retriable_task`); a call of it would decorate its own arguments
  if (w.bound && p.called) return null;
  const opts = new Map<string, { option: QueueOptionFact; where: string }>();
  for (const [k, v] of Object.entries(w.defaults)) opts.set(k, { option: v, where: `${w.name}() default` });
  for (const [k, v] of Object.entries(p.options)) {
    const param = w.params.find((x) => x.name === k);
    if (param) opts.set(param.option, { option: v, where: "" });
    else if (w.forwardsKeywords) opts.set(k, { option: v, where: "" });
  }
  p.positional.forEach((v, i) => {
    const param = w.params.find((x) => x.index === i);
    if (param) opts.set(param.option, { option: v, where: "" });
  });
  for (const [k, v] of Object.entries(w.fixed)) opts.set(k, { option: v, where: w.bound ? `set by ${w.name}` : `set by ${w.name}()` });
  const raisesOnStatus = f.functions.find((x) => x.id === p.functionId)?.raisesOnStatus ?? false;
  const localId = `queue-wrapper:${p.functionId}:${p.anchor.line}`;
  const through = w.bound ? `${w.name} = ${w.written.slice(1)}(…)` : `${w.name}()`;
  const written = `${p.written} (${w.written} through ${through} in ${wf.path})`;
  let layer: LayerFact | null;
  if (w.library === "dramatiq") {
    layer = dramatiqActorLayer({ localId, functionId: p.functionId, anchor: p.anchor, label: p.label, written, options: opts, raisesOnStatus });
  } else if (w.library === "huey") {
    layer = hueyTaskLayer({ localId, functionId: p.functionId, anchor: p.anchor, label: p.label, written, options: opts, raisesOnStatus });
  } else {
    const settings: Settings = new Map([...opts].map(([k, v]) => [k, v.option]));
    layer = celeryTaskLayer({ localId, functionId: p.functionId, anchor: p.anchor, settings, retryCalls: [], label: p.label, written, raisesOnStatus });
  }
  if (!layer) return null;
  layer.attemptsNote += ` (${w.written} through ${through} of ${wf.path})`;
  return { taskFile: f, functionId: p.functionId, anchorFile: f, layer };
}
