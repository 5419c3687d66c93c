/**
 * Inert code layers (docs/design.md "inert layer"): a Python retry decorator on a function that
 * calls nothing — a placeholder whose body is `pass`, `...` or a docstring — can never repeat a
 * call. It is reported with one attempt and the reason, like a disabled layer, and never
 * multiplies. Python only: elsewhere a body-less method can still send (a Feign interface method).
 * An Airflow task is never inert: its retries also re-run a task instance that died or stopped
 * heartbeating (Airflow core-concepts/tasks.html, "Zombie/Undead Tasks": the scheduler "either
 * fail[s] or retr[ies] the task depending on its settings"), whatever its callable does.
 *
 * Go: a retrying client stored only in an unexported struct field that no file of the package
 * reads (`a.client = httpx.NewResilientClient(…).StandardClient()`, the requests sent through
 * another client) sends nothing, so its layer is inert too.
 *
 * Go: an SDK client (go-redis, mongo-go-driver: ClientFact.sdk lists the methods that send
 * nothing) that a factory returns, where every caller of the factory only calls local methods on
 * it (`rdb.PoolStats()`, `Close`) and hands it on only to parameters that are, in turn, used that
 * way (`NewServer(…, rdb)` storing it in a field nobody reads, or `svc.rdb = …` on a local struct
 * value whose field no method of the package sends through): it is built on a path, yet no
 * command goes through it, so its layer is inert. A factory nobody calls is left alone (dead
 * code keeps its layer, on no path).
 */
import type { FileFacts, LayerFact } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { layerKey } from "./keys";
import { dirOf } from "../model/paths";

const CALLS_NOTHING = "; inert: the function it wraps calls nothing, so nothing is retried";

export function markInertLayers(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  markUnreadGoClients(files, layers);
  markUnsentGoFactoryClients(files, layers);
  for (const f of files) {
    for (const l of f.layers) {
      if (!wrapsFunctionCallingNothing(f, l)) continue;
      const layer = layers.get(layerKey(f, l.localId));
      if (!layer || layer.disabled) continue;
      layer.attemptsNote = `${layer.attemptsNote}${CALLS_NOTHING}`;
      layer.maxAttempts = 1;
      layer.disabled = true;
    }
  }
}

/**
 * A layer built at link time (engine/queues/pendingTasks.ts), before it is registered: one
 * attempt when the function it wraps calls nothing (the registered layer is then disabled, as
 * one attempt always is). Such a layer is not in `FileFacts.layers`, so markInertLayers never sees it.
 */
export function markInertLinkedLayer(file: FileFacts, layer: LayerFact): void {
  if (!wrapsFunctionCallingNothing(file, layer)) return;
  layer.maxAttempts = 1;
  layer.attemptsNote += CALLS_NOTHING;
}

/** The Python code layer wraps a function of its file that calls nothing (an Airflow task never counts: see above). */
function wrapsFunctionCallingNothing(file: FileFacts, l: LayerFact): boolean {
  if (file.language !== "python" || l.attach.kind !== "function" || l.category !== "code" || l.kind === "airflow-task") return false;
  const fnId = l.attach.functionId;
  // its own calls and those of closures defined in it
  const calls = file.calls.some((c) => c.functionId === fnId || c.functionId.startsWith(`${fnId}.`));
  return !calls && file.functions.some((fn) => fn.id === fnId);
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

/** FileFacts.clients entries of one name and file */
type Holder = { file: FileFacts; client: FileFacts["clients"][number] };

function markUnsentGoFactoryClients(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  const go = files.filter((f) => f.language === "go");
  const packages = new Map<string, FileFacts[]>();
  for (const f of go) packages.set(dirOf(f.path), [...(packages.get(dirOf(f.path)) ?? []), f]);
  const byFunctionName = new Map<string, Array<{ file: FileFacts; fn: FileFacts["functions"][number] }>>();
  for (const f of go) for (const fn of f.functions) if (fn.topLevel) byFunctionName.set(fn.name, [...(byFunctionName.get(fn.name) ?? []), { file: f, fn }]);
  for (const f of go) {
    for (const l of f.layers) {
      if (l.category !== "client" || l.attach.kind !== "client") continue;
      const own = f.clients.filter((c) => c.layerIds.includes(l.localId));
      const notSending = own.find((c) => c.sdk)?.sdk?.notSending;
      const factories = f.functions.filter((fn) => fn.topLevel && own.some((c) => c.id === fn.returnsClientId));
      if (!notSending || factories.length !== 1 || own.length !== 1) continue;
      const factory = factories[0]!;
      // the callers' variables: `rdb := redis.NewRedisClient(cfg)` (unknown clients built by the factory)
      const callers: Holder[] = [];
      for (const g of go) {
        for (const c of g.clients) {
          if (c.library !== "unknown" || !c.fromCall) continue;
          const last = c.fromCall.slice(c.fromCall.lastIndexOf(".") + 1);
          if (last === factory.name && (g === f || dirOf(g.path) === dirOf(f.path) || g.imports.some((i) => i.module.endsWith(`/${dirOf(f.path)}`) || i.module === dirOf(f.path)))) callers.push({ file: g, client: c });
        }
      }
      if (!callers.length) continue;
      const seen = new Set<string>();
      const sends = (h: Holder, depth: number): boolean => {
        const key = `${h.file.path}#${h.client.id}`;
        if (seen.has(key)) return false;
        seen.add(key);
        if (depth > 6) return true;
        const name = h.client.name;
        const scope = h.client.functionId;
        // a local is written bare in its function (`rdb.Get`), a field as the linker names it (`Server.rdb.Get`)
        const local = scope !== "<module>" && name.startsWith(`${scope}.`) ? name.slice(scope.length + 1) : null;
        const pkg = packages.get(dirOf(h.file.path)) ?? [h.file];
        const inScope = (p: FileFacts, fnId: string) => (local ? p === h.file && (fnId === scope || fnId.startsWith(`${scope}.`)) : true);
        const written = local ?? name;
        if (h.file.functions.some((fn) => fn.returnsClientId === h.client.id) && h.client.library === "unknown") return true;
        // `svc.Producer, _ = factory()`: stored in a field of a local struct value, which the
        // package's methods read under the struct's type (`checkout.Producer.Input`)
        if (local?.includes(".")) {
          const field = local.slice(local.lastIndexOf(".") + 1);
          for (const p of pkg) {
            for (const call of p.calls) {
              const at = call.callee.lastIndexOf(`.${field}.`);
              if (at < 0) continue;
              const member = call.callee.slice(at + field.length + 2);
              if (member.includes(".") || !notSending.includes(member)) return true;
            }
          }
        }
        for (const p of local ? [h.file] : pkg) {
          // a value naming it (not a copy into another holder: `&Server{rdb: rdb}` records both a client and a constant)
          if (p.constants.some((c) => c.value.kind === "ref" && (c.value.name === name || c.value.name.startsWith(`${name}.`)) && !p.clients.some((k) => k.name === c.name))) return true;
          for (const call of p.calls) {
            if (!inScope(p, call.functionId)) continue;
            if (call.callee === written) return true;
            if (call.callee.startsWith(`${written}.`)) {
              const member = call.callee.slice(written.length + 1);
              if (member.includes(".") || !notSending.includes(member)) return true;
            }
            const index = call.args.filter((a) => a.keyword === null).findIndex((a) => a.name === written || a.name === name || (a.value?.kind === "ref" && a.value.name === name));
            if (index < 0) continue;
            // handed to a function: the parameter's holders (ClientFact.fromParam), else an unknown use
            const callee = call.callee.slice(call.callee.lastIndexOf(".") + 1);
            const qualifier = call.callee.includes(".") ? call.callee.slice(0, call.callee.indexOf(".")) : null;
            const imported = qualifier ? p.imports.find((i) => i.local === qualifier)?.module : undefined;
            const targets = (byFunctionName.get(callee) ?? []).filter(
              (t) => t.fn.params.length > index && (imported ? imported === dirOf(t.file.path) || imported.endsWith(`/${dirOf(t.file.path)}`) : qualifier === null ? dirOf(t.file.path) === dirOf(p.path) : true),
            );
            if (targets.length !== 1) return true;
            const t = targets[0]!;
            const param = `${t.fn.id}.${t.fn.params[index]}`;
            const next = t.file.clients.filter((c) => c.fromParam === param);
            if (!next.length) return true;
            for (const c of next) if (sends({ file: t.file, client: c }, depth + 1)) return true;
          }
        }
        return false;
      };
      if ([{ file: f, client: own[0]! }, ...callers].some((h) => sends(h, 0))) continue;
      const layer = layers.get(layerKey(f, l.localId));
      if (!layer || layer.disabled) continue;
      layer.attemptsNote = `${layer.attemptsNote}; inert: the callers of ${factory.name} only call methods on the client that send nothing (pool stats, Close) or store it where nothing sends through it, so no command goes through it`;
      layer.maxAttempts = 1;
      layer.disabled = true;
    }
  }
}
