/**
 * .NET retry counts that live in application settings (LayerFact.configRef "dotnet", §3.6/§3.8):
 * `MaxRetryAttempts = config.GetValue<int>("Inventory:Retries")` or a configuration section bound
 * to the standard resilience handler's options. The value comes from the service's environment
 * (`Inventory__Retries`), then the project's appsettings*.json, then the default written in code.
 * `MaxRetryAttempts` counts retries: n → n+1 attempts.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { evaluate, type Resolver } from "./resolve";

export function applyDotnetRetrySettings(layer: RetryLayer, file: FileFacts, resolver: Resolver, env: Record<string, string>): RetryLayer {
  const ref = layer.configRef;
  if (ref?.library !== "dotnet") return layer;
  const text = evaluate({ kind: "setting", key: ref.retriesKey }, file, "<module>", resolver, env);
  const configured = text !== null && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
  const retries = configured ?? ref.fallbackRetries;
  if (retries === null) return layer;
  const maxAttempts = retries + 1;
  const attemptsNote =
    configured !== null
      ? `${ref.retriesKey} = ${configured} in the settings: ${configured} retries → ${maxAttempts} attempts`
      : `${ref.retriesKey} is not set in the settings: default ${retries} retries → ${maxAttempts} attempts`;
  return { ...layer, maxAttempts, countUnknown: false, attemptsSource: configured !== null ? "config" : layer.attemptsSource, attemptsNote, disabled: maxAttempts === 1 };
}
