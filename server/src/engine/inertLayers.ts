/**
 * Inert code layers (docs/design.md "inert layer"): a Python retry decorator on a function that
 * calls nothing — a placeholder whose body is `pass`, `...` or a docstring — can never repeat a
 * call. It is reported with one attempt and the reason, like a disabled layer, and never
 * multiplies. Python only: elsewhere a body-less method can still send (a Feign interface method).
 *
 * Go: a retrying client stored only in an unexported struct field that no file of the package
 * reads (`a.client = httpx.NewResilientClient(…).StandardClient()`, the requests sent through
 * another client) sends nothing, so its layer is inert too.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { layerKey } from "./keys";

export function markInertLayers(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  markUnreadGoClients(files, layers);
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

function dirOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

function markUnreadGoClients(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  const packages = new Map<string, FileFacts[]>();
  for (const f of files) if (f.language === "go") packages.set(dirOf(f.path), [...(packages.get(dirOf(f.path)) ?? []), f]);
  for (const f of files) {
    if (f.language !== "go") continue;
    const pkg = packages.get(dirOf(f.path)) ?? [f];
    for (const l of f.layers) {
      if (l.category !== "client" || l.attach.kind !== "client") continue;
      // every value carrying the layer, in the package
      const holders = f.clients.filter((c) => c.layerIds.includes(l.localId));
      if (holders.length !== 1) continue;
      const name = holders[0]!.name;
      // an unexported field (`Type.field`): only the package can read it
      const field = /^([A-Za-z_]\w*)\.([a-z_]\w*)$/.exec(name);
      // `stock.c` is a local of function stock, not a field
      if (!field || pkg.some((p) => p.functions.some((fn) => fn.id === field[1]))) continue;
      const read = pkg.some(
        (p) =>
          p.calls.some((c) => c.callee === name || c.callee.startsWith(`${name}.`) || c.args.some((a) => a.name === name || (a.value?.kind === "ref" && a.value.name === name))) ||
          p.constants.some((c) => c.value.kind === "ref" && c.value.name === name) ||
          (p === f && p.functions.some((fn) => fn.returnsClientId === holders[0]!.id)),
      );
      if (read) continue;
      const layer = layers.get(layerKey(f, l.localId));
      if (!layer || layer.disabled) continue;
      layer.attemptsNote = `${layer.attemptsNote}; inert: the client is stored in ${name}, which nothing in the package reads, so nothing is sent through it`;
      layer.maxAttempts = 1;
      layer.disabled = true;
    }
  }
}
