/**
 * Agenda jobs — docs/reference/bullmq.md, "Agenda" (agenda/agenda source: 5.0.0 and 6.2.2).
 *
 * - Tasks: `agenda.define("name", processor, options?)` (Agenda ≥ 4; `define(name, options,
 *   processor)` before) marks the processor `TASK /<name>`; `agenda.now("name")`,
 *   `schedule(when, "name")`, `every(interval, "name")`, `create("name")` send it
 *   (FileFacts.queueSends, engine/queues/agenda.ts).
 * - Agenda ≤ 5 never re-runs a failed job (it records `failCount`/`failReason` only): no layer.
 * - Agenda ≥ 6 (`backoff` option, #1643): `backoff: exponential({ maxRetries })`, `constant`,
 *   `linear`, `backoffStrategies.aggressive()/relaxed()/standard()` → a layer on the processor:
 *   `maxRetries` counts **retries** (default 3 → 4 runs; aggressive 3, relaxed 4, standard 5);
 *   delays `delay` 1000 ms default, exponential `factor` 2, `jitter` 0 by default; a custom
 *   function, `combine` or `when` decide the count themselves (not known statically).
 */
import type { FileFacts, LayerFact, QueueSendFact, WaitSpec } from "../../model/facts";
import { dottedName, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import type { FileIndex, IdAllocator } from "./module";

const PRESETS: Record<string, { retries: number; delay: number; factor: number; jitter: number }> = {
  aggressive: { retries: 3, delay: 100, factor: 2, jitter: 0 },
  relaxed: { retries: 4, delay: 5000, factor: 3, jitter: 0.1 },
  standard: { retries: 5, delay: 1000, factor: 2, jitter: 0.1 },
};
const VERSION = "agenda 6.x";

export function extractAgendaFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const fromAgenda = index.imports.filter((i) => i.module === "agenda" || i.module === "@hokify/agenda");
  const agendaNamed = /\bagenda\b/i.test(sf.text);
  if (!fromAgenda.length && !agendaNamed) return;
  const helper = (e: ts.Expression): string | null => {
    const c = unwrap(e);
    if (ts.isIdentifier(c)) {
      const imp = fromAgenda.find((i) => i.local === c.text);
      return imp?.member ?? null;
    }
    if (ts.isPropertyAccessExpression(c) && /^backoffStrategies$/.test(dottedName(c.expression)?.split(".").pop() ?? "")) return c.name.text;
    return null;
  };
  const sends: QueueSendFact[] = [];
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    const member = callee.name.text;
    const receiver = dottedName(callee.expression) ?? "";
    if (!/agenda|scheduler|jobs?$/i.test(receiver) && !fromAgenda.length) continue;
    const args = [...call.arguments].map((a) => unwrap(a));
    if (member === "define") {
      // a processor is marked only for Agenda itself: the file imports it, or the receiver is named after it
      if (!fromAgenda.length && !/agenda/i.test(receiver)) continue;
      const name = args[0] && ts.isStringLiteralLike(args[0]) ? args[0].text : null;
      if (!name) continue;
      // define(name, processor, options) from 4.x; define(name, options, processor) before
      const fnArg = args.slice(1).find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a) || ts.isIdentifier(a));
      const options = args.slice(1).find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
      const node = fnArg && ts.isIdentifier(fnArg) ? index.resolveName(fnArg.text, fnArg)?.node : fnArg;
      const id = node ? index.idOf(node) : undefined;
      const fn = id ? facts.functions.find((f) => f.id === id) : undefined;
      if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${name}`, library: "agenda" };
      if (id) facts.referencedFunctions = facts.referencedFunctions.filter((r) => r !== id);
      const backoff = options ? objectProperty(options, "backoff") : undefined;
      if (!backoff || ts.isMethodDeclaration(backoff) || !id) continue;
      const layer = backoffLayer(unwrap(backoff), helper, ids.next("L", backoff, sf), sf, name, id);
      if (layer) facts.layers.push(layer);
      continue;
    }
    const at = member === "now" || member === "create" ? 0 : member === "schedule" || member === "every" ? 1 : -1;
    const nameArg = at >= 0 ? args[at] : undefined;
    if (!nameArg || !ts.isStringLiteralLike(nameArg)) continue;
    sends.push({ library: "agenda", callee: dottedName(call.expression)!, line: spanOf(call, sf).line, scopeId: index.enclosingId(call), taskName: nameArg.text, taskRef: null, layerIds: [] });
  }
  if (sends.length) (facts.queueSends ??= []).push(...sends);
}

function backoffLayer(b: ts.Expression, helper: (e: ts.Expression) => string | null, localId: string, sf: ts.SourceFile, name: string, functionId: string): LayerFact | null {
  let retries: number | null = null;
  let note: string;
  let wait: WaitSpec;
  let unknown = false;
  const kind = ts.isCallExpression(b) ? helper(b.expression) : null;
  if (kind && PRESETS[kind]) {
    const p = PRESETS[kind]!;
    retries = p.retries;
    note = `backoffStrategies.${kind}(): ${p.retries} retries → ${p.retries + 1} runs (${VERSION})`;
    wait = { kind: "exponential", jitter: p.jitter > 0, initialSeconds: p.delay / 1000, maxSeconds: null, source: "default", description: `exponential from ${p.delay} ms (×${p.factor})${p.jitter ? `, jitter ±${p.jitter * 100} %` : ", no jitter"}` };
  } else if (kind === "exponential" || kind === "constant" || kind === "linear") {
    const opts = ts.isCallExpression(b) && b.arguments[0] && ts.isObjectLiteralExpression(unwrap(b.arguments[0])) ? (unwrap(b.arguments[0]) as ts.ObjectLiteralExpression) : undefined;
    const num = (k: string): number | null | undefined => {
      const v = opts ? objectProperty(opts, k) : undefined;
      if (!v || ts.isMethodDeclaration(v)) return undefined;
      const x = valueOf(unwrap(v));
      return x.kind === "number" ? x.value : null;
    };
    const mr = num("maxRetries");
    if (mr === undefined) {
      retries = 3;
      note = `${kind}() without maxRetries: default 3 retries → 4 runs (${VERSION})`;
    } else if (mr === null) {
      unknown = true;
      note = `${kind}({ maxRetries }): not known statically (${VERSION})`;
    } else {
      retries = Math.max(0, Math.trunc(mr));
      note = `maxRetries: ${mr} → ${retries + 1} run${retries === 0 ? "" : "s"} (${VERSION})`;
    }
    const delay = num("delay") ?? 1000;
    const jitter = num("jitter");
    const factor = num("factor") ?? 2;
    const jittered = jitter === undefined ? false : jitter === null ? null : jitter > 0;
    wait = {
      kind: kind === "constant" ? "fixed" : kind === "linear" ? "linear" : "exponential",
      jitter: jittered,
      initialSeconds: delay === null ? null : delay / 1000,
      maxSeconds: null,
      source: opts && objectProperty(opts, "delay") ? "config" : "default",
      description: `${kind} from ${delay ?? "?"} ms${kind === "exponential" ? ` (×${factor ?? "?"})` : ""}${jittered ? `, jitter ±${typeof jitter === "number" ? jitter * 100 : "?"} %` : ", no jitter (jitter default 0)"}`,
    };
  } else {
    unknown = true;
    note = `backoff: ${b.getText(sf).slice(0, 50)}: a custom strategy decides the count (${VERSION})`;
    wait = { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "a custom backoff strategy" };
  }
  return {
    localId,
    kind: "agenda-job",
    category: "code",
    library: "agenda",
    anchor: spanOf(b.parent, sf),
    maxAttempts: retries === null ? null : retries + 1,
    attemptsSource: kind && PRESETS[kind] ? "default" : "config",
    attemptsNote: note,
    timeBound: null,
    ...(unknown ? { countUnknown: true } : {}),
    wait,
    condition: {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: "every error the job throws is retried (unless a `when` condition says otherwise)",
      honoursRetryAfter: false,
      description: "a failed job is rescheduled and runs again from the start",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "function", functionId },
    label: name,
  };
}
