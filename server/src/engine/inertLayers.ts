/**
 * Inert code layers (docs/design.md "inert layer"): a Python retry decorator on a function that
 * calls nothing — a placeholder whose body is `pass`, `...` or a docstring — can never repeat a
 * call. It is reported with one attempt and the reason, like a disabled layer, and never
 * multiplies. Python only: elsewhere a body-less method can still send (a Feign interface method).
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { layerKey } from "./keys";

export function markInertLayers(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  for (const f of files) {
    if (f.language !== "python") continue;
    for (const l of f.layers) {
      if (l.attach.kind !== "function" || l.category !== "code") continue;
      const fnId = l.attach.functionId;
      // its own calls and those of closures defined in it
      const calls = f.calls.some((c) => c.functionId === fnId || c.functionId.startsWith(`${fnId}.`));
      if (calls || !f.functions.some((fn) => fn.id === fnId)) continue;
      const layer = layers.get(layerKey(f, l.localId));
      if (!layer || layer.disabled) continue;
      layer.attemptsNote = `${layer.attemptsNote}; inert: the function it wraps calls nothing, so nothing is retried`;
      layer.maxAttempts = 1;
      layer.disabled = true;
    }
  }
}
