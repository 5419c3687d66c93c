/**
 * What the link-time Python task layers share (engine/queues/celeryBases.ts: a Celery `base=`
 * class of another module; engine/queues/queueWrappers.ts: a project's wrapper of the library's
 * decorator). A detector records a task whose options live in another module as a pending fact;
 * here each one is built into a layer, once the name it depends on is followed through the imports,
 * and the layer goes through the inert rule the detectors' layers go through (engine/inertLayers.ts).
 */
import type { FileFacts, LayerFact } from "../../model/facts";
import { markInertLinkedLayer } from "../inertLayers";
import type { Resolver } from "../resolve";

/** A task's layer built at link time; engine/link.ts registers it on the task function. */
export interface PendingTaskLayer {
  /** the file of the task function the layer attaches to */
  taskFile: FileFacts;
  functionId: string;
  /** the file the layer is anchored in (the task's, or the base class's that turns autoretry on) */
  anchorFile: FileFacts;
  layer: LayerFact;
}

/** `build` for every pending fact of every file; one that throws costs that task's layer only. */
export function pendingTaskLayers<P>(files: FileFacts[], pendingOf: (f: FileFacts) => P[] | undefined, build: (f: FileFacts, p: P) => PendingTaskLayer | null): PendingTaskLayer[] {
  const out: PendingTaskLayer[] = [];
  for (const f of files) {
    for (const p of pendingOf(f) ?? []) {
      try {
        const built = build(f, p);
        if (!built) continue;
        // the task body decides, as for the detectors' layers: one that calls nothing retries nothing
        markInertLinkedLayer(built.taskFile, built.layer);
        out.push(built);
      } catch {
        // a bad fact costs this task's layer only
      }
    }
  }
  return out;
}

/**
 * What a Python name stands for, where `own` finds it among one module's facts: `Name` (the
 * file's own, or a name it imports, so a package `__init__` re-exporting it is followed) or
 * `pkg.module.Name`.
 */
export function findPythonDefinition<T>(resolver: Resolver, file: FileFacts, name: string, own: (file: FileFacts, name: string) => T | undefined, depth = 0): { file: FileFacts; found: T } | null {
  if (depth > 4) return null;
  if (!name.includes(".")) {
    const found = own(file, name);
    if (found) return { file, found };
    const imp = file.imports.find((i) => i.local === name && i.member && i.member !== "*");
    return imp ? findPythonDefinition(resolver, file, `${imp.module}.${imp.member}`, own, depth + 1) : null;
  }
  const parts = name.split(".");
  for (let i = parts.length - 1; i >= 1; i--) {
    const target = resolver.pythonModule(parts.slice(0, i).join("."), file);
    if (!target) continue;
    const rest = parts.slice(i);
    // the longest prefix that is a module decides; a name below its top level (`mod.Cls.Inner`) is not looked into
    return rest.length === 1 ? findPythonDefinition(resolver, target, rest[0]!, own, depth + 1) : null;
  }
  return null;
}
