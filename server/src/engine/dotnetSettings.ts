/**
 * .NET retry counts written as names (LayerFact.configRef "dotnet", §3.6/§3.8, detectors/csharp/countRef.ts):
 * - a settings read: `MaxRetryAttempts = config.GetValue<int>("Inventory:Retries")`, or a
 *   configuration section bound to the standard resilience handler's options. The value comes from
 *   the service's environment (`Inventory__Retries`), then the project's appsettings*.json, then the
 *   default written in code;
 * - a constant (`MaxRetryAttempts = MaxRetries`);
 * - an options-class property read through a typed variable (`policyOptions.Retry.Count`): the
 *   settings section named after the options type (`PolicyOptions:Retry:Count`, the `nameof(T)`
 *   binding convention) when a settings file writes it, else the property's initializer in the
 *   options class (`public int Count { get; set; } = 3;`), following property types across files.
 * Every such count counts retries: n → n+1 attempts. A layer already inert (one attempt) keeps it,
 * with the configured count in its note.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { evaluate, type Resolver } from "./resolve";

export function applyDotnetRetrySettings(layer: RetryLayer, file: FileFacts, resolver: Resolver, env: Record<string, string>): RetryLayer {
  const ref = layer.configRef;
  if (ref?.library !== "dotnet") return layer;
  const text = ref.retriesKey ? evaluate({ kind: "setting", key: ref.retriesKey }, file, "<module>", resolver, env) : null;
  const configured = text !== null && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
  // an options read (`options.Value.RetryCount`) names its settings key and its class member alike
  const optionsPath = !!ref.fallbackRef && ref.retriesKey === ref.fallbackRef.name;
  const written = configured === null && ref.fallbackRef ? countFromName(ref.fallbackRef.name, file, ref.fallbackRef.scopeId, resolver, env, optionsPath) : null;
  const retries = configured ?? written?.value ?? ref.fallbackRetries;
  if (retries === null) return layer;
  const maxAttempts = retries + 1;
  const attemptsNote =
    configured !== null
      ? `${ref.retriesKey} = ${configured} in the settings: ${configured} retries → ${maxAttempts} attempts`
      : written
        ? `${ref.fallbackRef!.name} = ${written.value} (${written.source}): ${written.value} retries → ${maxAttempts} attempts`
        : ref.retriesKey
          ? `${ref.retriesKey} is not set in the settings: default ${retries} retries → ${maxAttempts} attempts`
          : ref.defaultOf
            ? `${ref.defaultOf} = ${retries} (the parameter's default) → ${maxAttempts} attempts`
            : `${retries} retries passed in by every call of the method → ${maxAttempts} attempts`;
  // an inert layer (a Polly pipeline run only by a synchronous Execute over an async lambda) keeps
  // its one attempt: the count it was configured with is only said
  if (layer.disabled && layer.maxAttempts === 1) return { ...layer, attemptsNote: `${layer.attemptsNote} (configured: ${attemptsNote})` };
  return { ...layer, maxAttempts, countUnknown: false, attemptsSource: "config", attemptsNote, disabled: maxAttempts === 1 };
}

/** A count written as a constant or an options path, where the workspace gives its value. */
function countFromName(name: string, file: FileFacts, scopeId: string, resolver: Resolver, env: Record<string, string>, optionsPath = false): { value: number; source: string } | null {
  // an options property is its class's default (`public int RetryCount { get; set; } = 10;`), said so
  const member = optionsPath ? optionsDefault(name, file, scopeId, resolver) : null;
  if (member) return member;
  const constant = evaluate({ kind: "ref", name }, file, scopeId, resolver, env);
  if (constant !== null && /^\s*\d+\s*$/.test(constant)) return { value: Number(constant), source: "a constant" };
  return optionsDefault(name, file, scopeId, resolver);
}

/** `Type.Member[.Member…]`: the initializer of the last property, following property types across files. */
function optionsDefault(name: string, file: FileFacts, scopeId: string, resolver: Resolver): { value: number; source: string } | null {
  const [typeName, ...members] = name.split(".");
  if (!typeName || !members.length) return null;
  let type = resolver.resolve(file, scopeId, typeName);
  for (const [i, member] of members.entries()) {
    if (type?.kind !== "function") return null;
    const id = `${type.fn.id}.${member}`;
    if (i === members.length - 1) {
      const c = type.file.constants.find((k) => k.name === id);
      return c?.value.kind === "number" ? { value: c.value.value, source: `the default in ${type.fn.name}, ${type.file.path}:${c.line}` } : null;
    }
    const next = type.file.dotnet?.memberTypes?.[id];
    if (!next) return null;
    // resolved from the class's namespace: `public RetryOptions RetryOptions { get; set; }` names its type like itself
    const outer = type.fn.id.includes(".") ? type.fn.id.slice(0, type.fn.id.lastIndexOf(".")) : "<module>";
    type = resolver.resolve(type.file, outer, next.replace(/`\d+$/, ""));
  }
  return null;
}
