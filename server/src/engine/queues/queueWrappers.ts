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
import type { QueueOptionFact, QueueWrapperFact } from "../../model/queueWrapperFacts";
import { dramatiqActorLayer } from "../../detectors/python/dramatiq";
import { celeryTaskLayer, type Settings } from "../../detectors/python/celery";
import { hueyTaskLayer } from "../../detectors/python/huey";
import type { Resolver } from "../resolve";

export interface QueueWrapperLayer {
  taskFile: FileFacts;
  functionId: string;
  layer: LayerFact;
}

export function queueWrapperLayers(files: FileFacts[], resolver: Resolver): QueueWrapperLayer[] {
  const out: QueueWrapperLayer[] = [];
  for (const f of files) {
    for (const p of f.queueWrappers?.pending ?? []) {
      try {
        const found = findWrapper(resolver, f, p.head, 0);
        if (!found) continue;
        const { file: wf, wrapper: w } = found;
        // a name bound to the decorator itself is used bare (`@retriable_task`); a call of it would decorate its own arguments
        if (w.bound && p.called) continue;
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
        const fn = f.functions.find((x) => x.id === p.functionId);
        const raisesOnStatus = fn?.raisesOnStatus ?? false;
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
        if (!layer) continue;
        layer.attemptsNote += ` (${w.written} through ${through} of ${wf.path})`;
        // as engine/inertLayers.ts does for the detectors' layers: a task body that calls nothing retries nothing
        const calls = f.calls.some((c) => c.functionId === p.functionId || c.functionId.startsWith(`${p.functionId}.`));
        if (!calls && fn) {
          layer.maxAttempts = 1;
          layer.attemptsNote += "; inert: the function it wraps calls nothing, so nothing is retried";
        }
        out.push({ taskFile: f, functionId: p.functionId, layer });
      } catch {
        // a bad fact costs this task's layer only
      }
    }
  }
  return out;
}

/** `name` (a wrapper of the file, or a name it imports) or `pkg.module.name`. */
function findWrapper(resolver: Resolver, file: FileFacts, name: string, depth: number): { file: FileFacts; wrapper: QueueWrapperFact } | null {
  if (depth > 4) return null;
  if (!name.includes(".")) {
    const wrapper = file.queueWrappers?.wrappers.find((w) => w.name === name);
    if (wrapper) return { file, wrapper };
    // a name the module imports (a package `__init__` re-exporting the wrapper)
    const imp = file.imports.find((i) => i.local === name && i.member && i.member !== "*");
    return imp ? findWrapper(resolver, file, `${imp.module}.${imp.member}`, depth + 1) : null;
  }
  const parts = name.split(".");
  for (let i = parts.length - 1; i >= 1; i--) {
    const target = resolver.pythonModule(parts.slice(0, i).join("."), file);
    if (!target) continue;
    const rest = parts.slice(i);
    return rest.length === 1 ? findWrapper(resolver, target, rest[0]!, depth + 1) : null;
  }
  return null;
}
