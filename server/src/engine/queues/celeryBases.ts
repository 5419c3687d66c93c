/**
 * Celery tasks whose `base=` class lives in another module (docs/reference/celery.md, "Task
 * classes of another module"): `@app.task(base=WhisperTask, bind=True)` with `WhisperTask`
 * imported, itself a subclass of a project `Task(celery.Task)` that sets `autoretry_for`,
 * `max_retries`, `retry_backoff`, … as class attributes.
 *
 * Celery 5.6.2 (celery/app/base.py `_task_from_fun`): the task is `type(name, (base,),
 * {decorator options…})`, so its attributes are the decorator's options over the base class's
 * (inherited through Python's MRO); `task_annotations` are set on the task class after that
 * (celery/app/task.py `annotate`); celery/app/autoretry.py reads the autoretry options with
 * `getattr(task, …)` (Celery ≥ 4.4). The detector records the task (FileFacts.celery.pendingTasks,
 * its decorator options with the file's annotations applied) and every file's Task-like classes
 * (FileFacts.celery.classes); here the base is followed through the imports (re-exports too), its
 * ancestors' attributes are merged nearest-first, and the task's layer is built with the
 * detector's own `celeryTaskLayer`. The layer is anchored where `autoretry_for` is written: the
 * decorator when it sets it, else the class attribute (in that class's file). A base that cannot
 * be followed leaves the decorator's options alone (as the detector would have read them).
 */
import type { CeleryClassFact, CeleryPendingTaskFact } from "../../model/celeryFacts";
import type { FileFacts } from "../../model/facts";
import { CELERY_TASK_BASES, celerySettingsFromValue, celeryTaskLayer, type Settings } from "../../detectors/python/celery";
import { constantOf, type Resolver } from "../resolve";
import { findPythonDefinition, pendingTaskLayers, type PendingTaskLayer } from "./pendingTasks";

interface ResolvedClass {
  file: FileFacts;
  cls: CeleryClassFact;
}

export function celeryBaseLayers(files: FileFacts[], resolver: Resolver): PendingTaskLayer[] {
  return pendingTaskLayers(files, (f) => f.celery?.pendingTasks, (f, t) => baseLayer(resolver, f, t));
}

function baseLayer(resolver: Resolver, f: FileFacts, t: CeleryPendingTaskFact): PendingTaskLayer | null {
  const chain = t.base ? classChain(resolver, f, t.base) : [];
  // nearest first: a subclass's attribute hides its bases'; the task's own options hide them all
  const settings: Settings = new Map();
  const from = new Map<string, FileFacts>();
  for (const { file, cls } of [...chain].reverse()) {
    for (const [k, v] of Object.entries(cls.settings)) {
      settings.set(k, v);
      from.set(k, file);
    }
  }
  for (const splat of t.splats ?? []) {
    const c = constantOf(resolver.resolve(f, "<module>", splat.name));
    const entries = c ? celerySettingsFromValue(c.constant.value, splat.span, `**${splat.name} of ${c.file.path}`) : null;
    for (const [k, v] of Object.entries(entries ?? {})) {
      settings.set(k, v);
      from.set(k, f);
    }
  }
  for (const [k, v] of Object.entries(t.settings)) {
    settings.set(k, v);
    from.set(k, f);
  }
  const auto = settings.get("autoretry_for");
  const anchorFile = auto ? from.get("autoretry_for")! : f;
  const anchor = auto && anchorFile !== f ? auto.span : t.anchor;
  const layer = celeryTaskLayer({
    localId: `celery-base:${f.path}:${t.functionId}`,
    functionId: t.functionId,
    anchor,
    settings,
    retryCalls: t.retryCalls,
    label: t.label,
    written: t.written,
    raisesOnStatus: t.raisesOnStatus,
  });
  if (!layer) return null;
  const inherited = [...from.entries()].filter(([, file]) => file !== f).map(([k]) => k);
  if (inherited.length && chain.length) layer.attemptsNote += ` (${inherited.sort().join(", ")} from base ${chain.map((c) => c.cls.name).join(" → ")})`;
  return { taskFile: f, functionId: t.functionId, anchorFile, layer };
}

/** The class a qualified name stands for, and its ancestors through the workspace: nearest first (depth-first, as Python's MRO for single inheritance). */
function classChain(resolver: Resolver, from: FileFacts, qualified: string): ResolvedClass[] {
  const chain: ResolvedClass[] = [];
  const visit = (file: FileFacts, name: string, depth: number) => {
    if (depth > 8 || CELERY_TASK_BASES.has(name)) return;
    const found = findPythonDefinition(resolver, file, name, (m, n) => m.celery?.classes.find((c) => c.name === n));
    if (!found || chain.some((c) => c.cls === found.found)) return;
    chain.push({ file: found.file, cls: found.found });
    for (const b of found.found.bases) visit(found.file, b, depth + 1);
  };
  visit(from, qualified, 0);
  return chain;
}
