/**
 * Retry helpers declared in `.retrylens.yaml` (`helpers:`): Python functions that retry the
 * callable they are given. Used when no detector recognised the function on its own.
 */
import type { FileFacts, FunctionFact } from "../model/facts";
import type { RetryLayer, Settings } from "../model/model";
import type { Resolver } from "./resolve";

/**
 * `helpers:` names in .retrylens.yaml (`platform.retries.retry_call`) → a layer on that Python
 * function. Its count comes from a parameter default (`attempts=`/`tries=` count attempts,
 * `retries=` counts retries); otherwise it is unknown, and said so.
 */
export function declaredHelpers(files: FileFacts[], settings: Settings, resolver: Resolver): Array<{ file: FileFacts; fn: FunctionFact; layer: RetryLayer }> {
  const out: Array<{ file: FileFacts; fn: FunctionFact; layer: RetryLayer }> = [];
  const anyPython = files.find((f) => f.language === "python");
  if (!anyPython) return out;
  for (const name of settings.helpers) {
    const dot = name.lastIndexOf(".");
    if (dot < 0) continue;
    const file = resolver.pythonModule(name.slice(0, dot), anyPython);
    const fn = file ? resolver.functionById(file, name.slice(dot + 1)) : undefined;
    if (!file || !fn) continue;
    let maxAttempts: number | null = null;
    let note = `declared as a retry helper in .retrylens.yaml; its attempt count is not known statically`;
    for (const [param, value] of Object.entries(fn.paramDefaults)) {
      if (value.kind !== "number") continue;
      if (/^(max_)?(attempts|tries)$/i.test(param)) {
        maxAttempts = value.value;
        note = `declared retry helper: ${param}=${value.value} → ${value.value} attempts`;
      } else if (/^(max_)?retries$/i.test(param)) {
        maxAttempts = value.value + 1;
        note = `declared retry helper: ${param}=${value.value} → ${value.value + 1} attempts`;
      }
    }
    out.push({
      file,
      fn,
      layer: {
        id: `${file.path}#declared:${fn.id}`,
        localId: `declared:${fn.id}`,
        file: file.path,
        kind: "declared-helper",
        category: "code",
        library: "declared",
        anchor: { line: fn.span.line, column: fn.span.column, endLine: fn.span.line, endColumn: fn.span.column },
        maxAttempts,
        attemptsSource: maxAttempts === null ? "default" : "config",
        attemptsNote: note,
        timeBound: null,
        countUnknown: maxAttempts === null,
        wait: { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "as the helper implements it" },
        condition: { allErrors: false, exceptionTypes: [], statuses: [], retryOn: [], afterSendMethods: "all", permanentErrors: null, honoursRetryAfter: null, description: "as the helper implements it" },
        budget: null,
        perTryTimeoutSeconds: null,
        overallTimeoutSeconds: null,
        attach: { kind: "helper", functionId: fn.id, paramIndex: 0, paramName: fn.params[0] ?? "" },
        label: fn.name,
        service: null,
        targets: [],
        disabled: maxAttempts === 1,
        implicit: false,
      },
    });
  }
  return out;
}
