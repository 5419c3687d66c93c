/**
 * Airflow task retries — docs/reference/job-queues-python.md#airflow (Airflow 2.x and 3.x:
 * `BaseOperator` / `airflow.sdk` `bases/operator.py`, `abstractoperator.py`).
 *
 * - Tasks whose body is Python code of the file: TaskFlow `@task`/`@task(...)`/`@task.python(...)`
 *   (also `.virtualenv`, `.external_python`, `.branch`, `.short_circuit`) and `PythonOperator(…,
 *   python_callable=fn)` (Branch/ShortCircuit/PythonVirtualenv/ExternalPython too; also mapped,
 *   `PythonOperator.partial(…, python_callable=fn).expand(…)`). The callable is
 *   its worker's entry (`TASK /<dag_id>.<task_id>`); the scheduler and its workers run it
 *   (engine/queues/airflow.ts: `airflow scheduler`, `airflow celery worker`, …). A callable imported
 *   from another file is sent by the operator (FileFacts.queueSends): its retries are a layer of
 *   that send, and the callable runs in the workers.
 * - The DAG a task belongs to: the `with DAG(…)` block or `@dag` function it is defined or called
 *   in, the DAG its `dag=` names, else the file's only DAG; the DAG's `default_args` (inline, a dict
 *   name of the file, `dict(...)`) give `retries`, `retry_delay`, `retry_exponential_backoff`,
 *   `max_retry_delay` to the tasks that do not set them. A `default_args` imported from another
 *   module (`from dags import default_args`) gives its `retries` at link time (LayerFact.countExpr).
 * - `retries` counts RETRIES: N → N+1 tries; default `[core] default_task_retries` 0 → no layer.
 *   Wait: `retry_delay` (default 300 s), fixed; `retry_exponential_backoff=True` → delay × 2^n,
 *   spread up to 2× by a hash of the task instance (jitter), capped by `max_retry_delay` (24 h).
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callParts, descendants, dottedName, enclosingFunction } from "../../parsing/python";
import type { PyContext } from "./context";
import { resolveBound } from "./context";
import { everyException, markTask, pushQueueLayer, retriesCount, secondsText, stringText } from "./queueTasks";
import type { LayerFact, QueueSendFact, WaitSpec } from "../../model/facts";

/** abstractoperator.py: `default_task_retries` fallback 0, `default_task_retry_delay` 300 s, `max_task_retry_delay` 24 h */
export const AIRFLOW_DEFAULT_RETRY_DELAY = 300;
export const AIRFLOW_MAX_RETRY_DELAY = 24 * 60 * 60;
const VERSION = "airflow 2.x–3.x";
const DAG_CLASS = /^airflow(\.models(\.dag)?|\.sdk(\.definitions\.dag)?)?\.DAG$/;
const DAG_DECORATOR = /^airflow(\.decorators|\.sdk)?\.dag$/;
const TASK_DECORATOR = /^airflow(\.decorators|\.sdk)\.task(\.(python|virtualenv|external_python|branch|short_circuit|pyspark|docker|kubernetes))?$/;
const PY_OPERATOR = /^airflow\.(operators\.python(_operator)?|providers\.standard\.operators\.python)\.(PythonOperator|BranchPythonOperator|ShortCircuitOperator|PythonVirtualenvOperator|ExternalPythonOperator|BranchPythonVirtualenvOperator)$/;
const SETTINGS = ["retries", "retry_delay", "retry_exponential_backoff", "max_retry_delay"] as const;

interface Dag {
  id: string;
  /** the with-block or @dag function body it covers */
  scope: SyntaxNode | null;
  /** the name it is bound to (`dag = DAG(…)`, `with DAG(…) as dag`) */
  binding: string | null;
  defaults: Map<string, SyntaxNode>;
  /**
   * `default_args=default_args` naming a dict this file does not bind (`from dags import
   * default_args`): its entries are read at link time (LayerFact.countExpr)
   */
  defaultsRef: { name: string; scopeId: string } | null;
}

export function detectAirflow(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/airflow/.test(root.text)) return;
  const dags: Dag[] = [];
  for (const call of descendants(root, "call")) {
    if (!DAG_CLASS.test(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const p = callParts(call);
    const id = stringText(p.keywords.get("dag_id") ?? p.positional[0]) ?? "dag";
    const item = call.parent?.type === "as_pattern" ? call.parent : null;
    const withStmt = (item ?? call).parent?.type === "with_item" ? (item ?? call).parent!.parent?.parent : null;
    const scope = withStmt?.type === "with_statement" ? withStmt.childForFieldName("body") : null;
    const alias = item ? item.namedChildren.find((c) => c?.type === "as_pattern_target")?.text ?? null : null;
    const assigned = call.parent?.type === "assignment" && call.parent.childForFieldName("left")?.type === "identifier" ? call.parent.childForFieldName("left")!.text : null;
    dags.push({ id, scope, binding: alias ?? assigned, defaults: defaultsOf(ctx, p.keywords.get("default_args"), call), defaultsRef: defaultsRefOf(ctx, p.keywords.get("default_args"), call) });
  }
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0];
    const head = expr?.type === "call" ? expr.childForFieldName("function") : expr;
    if (!DAG_DECORATOR.test(ctx.qualifiedName(head) ?? "")) continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition");
    if (!def) continue;
    const p = expr?.type === "call" ? callParts(expr) : null;
    dags.push({ id: stringText(p?.keywords.get("dag_id")) ?? def.childForFieldName("name")!.text, scope: def.childForFieldName("body"), binding: null, defaults: defaultsOf(ctx, p?.keywords.get("default_args"), dec), defaultsRef: defaultsRefOf(ctx, p?.keywords.get("default_args"), dec) });
  }
  const within = (n: SyntaxNode, s: SyntaxNode | null) => !!s && n.startIndex >= s.startIndex && n.endIndex <= s.endIndex;
  const dagAt = (n: SyntaxNode): Dag | null => dags.filter((d) => within(n, d.scope)).sort((a, b) => a.scope!.endIndex - a.scope!.startIndex - (b.scope!.endIndex - b.scope!.startIndex))[0] ?? null;
  const only = dags.length === 1 ? dags[0]! : null;
  const defs = new Map<string, SyntaxNode>();
  for (const d of descendants(root, "function_definition")) defs.set(d.childForFieldName("name")!.text, d);

  // TaskFlow @task functions
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0];
    const head = expr?.type === "call" ? expr.childForFieldName("function") : expr;
    if (!head || !TASK_DECORATOR.test(ctx.qualifiedName(head) ?? "")) continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition");
    if (!def) continue;
    const fname = def.childForFieldName("name")!.text;
    const kw = expr?.type === "call" ? callParts(expr).keywords : new Map<string, SyntaxNode>();
    // the DAG it is defined in, or called in
    const callSite = descendants(root, "call").find((c) => {
      const f = c.childForFieldName("function");
      const base = f?.type === "attribute" ? f.childForFieldName("object") : f;
      return base?.text === fname && c.startIndex > def.endIndex - 1;
    });
    const dag = dagAt(def) ?? (callSite ? dagAt(callSite) : null) ?? only;
    const taskId = stringText(kw.get("task_id")) ?? fname;
    addTask(ctx, def, dec, kw, dag, taskId, `@${head.text}`);
  }

  // PythonOperator(python_callable=fn, …)
  const sends: QueueSendFact[] = [];
  for (const call of descendants(root, "call")) {
    // `PythonOperator.partial(…).expand(…)` (dynamic task mapping, Airflow ≥ 2.3): the partial's keywords are the operator's
    const operator = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    if (!PY_OPERATOR.test(operator.endsWith(".partial") ? operator.slice(0, -".partial".length) : operator)) continue;
    const p = callParts(call);
    const callable = p.keywords.get("python_callable");
    const def = callable?.type === "identifier" ? defs.get(callable.text) ?? null : null;
    const dagName = p.keywords.get("dag")?.text;
    const dag = dagAt(call) ?? dags.find((d) => d.binding !== null && d.binding === dagName) ?? only;
    const taskId = stringText(p.keywords.get("task_id")) ?? callable?.text ?? "task";
    const layer = addTask(ctx, def, call, p.keywords, dag, taskId, call.childForFieldName("function")!.text, callable?.text);
    // a callable of another file: the operator sends it (engine/queues/airflow.ts), its retries a layer of the send
    const callee = dottedName(call.childForFieldName("function"));
    if (!def && callee && (callable?.type === "identifier" || callable?.type === "attribute")) {
      const scope = enclosingFunction(call);
      sends.push({ library: "airflow", callee, line: call.startPosition.row + 1, scopeId: ctx.functionId(scope), taskName: null, taskRef: callable.text, layerIds: layer ? [layer.localId] : [] });
    }
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

function defaultsOf(ctx: PyContext, n: SyntaxNode | null | undefined, at: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const v = resolveBound(ctx, n, at);
  if (v?.type === "dictionary") {
    for (const pair of v.namedChildren) {
      const k = pair?.type === "pair" ? stringText(pair.childForFieldName("key")) : null;
      const value = pair?.childForFieldName("value");
      if (k && value) out.set(k, value);
    }
  } else if (v?.type === "call" && v.childForFieldName("function")?.text === "dict") {
    for (const [k, value] of callParts(v).keywords) out.set(k, value);
  }
  return out;
}

function addTask(ctx: PyContext, def: SyntaxNode | null, anchor: SyntaxNode, kw: Map<string, SyntaxNode>, dag: Dag | null, taskId: string, written: string, callableName?: string): LayerFact | null {
  const name = `${dag?.id ?? "dag"}.${taskId}`;
  const functionId = def ? markTask(ctx, def, name, "airflow") : null;
  const setting = (k: (typeof SETTINGS)[number]) => kw.get(k) ?? dag?.defaults.get(k) ?? null;
  const retries = setting("retries");
  if (!retries && dag?.defaultsRef) return importedDefaultsTask(ctx, def, anchor, kw, dag, dag.defaultsRef, taskId, written, functionId, callableName);
  if (!retries || retries.text === "None") return null;
  const fromDag = !kw.has("retries");
  const count = retriesCount(ctx, retries, def ?? anchor, { key: "retries", defaultRetries: 0, version: VERSION }, fromDag ? `default_args of DAG ${dag?.id ?? "?"}` : "");
  if (count.attempts !== null) count.note = count.note.replace(/executions?/, (m) => (m === "execution" ? "try" : "tries"));
  return pushQueueLayer(ctx, {
    kind: "airflow-task",
    library: "airflow",
    anchor,
    count,
    wait: delayWait(ctx, setting("retry_delay"), setting("retry_exponential_backoff"), setting("max_retry_delay"), def ?? anchor),
    condition: everyException(ctx, functionId, `${written} ${taskId}: the task fails (any exception)`),
    functionId,
    label: def ? (def.childForFieldName("name")?.text ?? taskId) : (callableName ?? taskId),
    perTryTimeoutSeconds: seconds(ctx, kw.get("execution_timeout") ?? dag?.defaults.get("execution_timeout") ?? null, def ?? anchor),
  });
}

/** `default_args=NAME` (or `mod.NAME`) that the file binds to nothing it can read: the name, for the linker. */
function defaultsRefOf(ctx: PyContext, n: SyntaxNode | null | undefined, at: SyntaxNode): Dag["defaultsRef"] {
  if (!n || (n.type !== "identifier" && n.type !== "attribute")) return null;
  const bound = resolveBound(ctx, n, at);
  if (defaultsOf(ctx, n, at).size || (bound !== null && bound !== n)) return null;
  const name = dottedName(n);
  if (!name || !ctx.facts.imports.some((i) => i.local === name.split(".")[0])) return null;
  return { name, scopeId: ctx.functionId(enclosingFunction(at)) };
}

/**
 * A task whose DAG's `default_args` is another module's dict (`from dags import default_args`):
 * the count is that dict's `retries`, read at link time (LayerFact.countExpr: N → N+1 tries);
 * a dict without `retries`, or one the workspace does not hold, leaves Airflow's default
 * (`[core] default_task_retries` 0 → one try, a disabled layer). The wait and timeout the dict may
 * give are not read.
 */
function importedDefaultsTask(ctx: PyContext, def: SyntaxNode | null, anchor: SyntaxNode, kw: Map<string, SyntaxNode>, dag: Dag, ref: NonNullable<Dag["defaultsRef"]>, taskId: string, written: string, functionId: string | null, callableName?: string): LayerFact {
  const layer = pushQueueLayer(ctx, {
    kind: "airflow-task",
    library: "airflow",
    anchor,
    count: { attempts: 1, note: `retries not found in default_args of DAG ${dag.id} (${ref.name}, imported): default_task_retries 0 → 1 try (${VERSION})`, source: "default" },
    wait: kw.has("retry_delay") || kw.has("retry_exponential_backoff")
      ? delayWait(ctx, kw.get("retry_delay") ?? null, kw.get("retry_exponential_backoff") ?? null, kw.get("max_retry_delay") ?? null, def ?? anchor)
      : { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `retry_delay from default_args ${ref.name} of another module (not read)` },
    condition: everyException(ctx, functionId, `${written} ${taskId}: the task fails (any exception)`),
    functionId,
    label: def ? (def.childForFieldName("name")?.text ?? taskId) : (callableName ?? taskId),
    perTryTimeoutSeconds: seconds(ctx, kw.get("execution_timeout") ?? null, def ?? anchor),
  });
  layer.countExpr = {
    value: { kind: "index", of: { kind: "ref", name: ref.name }, key: "retries" },
    scopeId: ref.scopeId,
    offset: 1,
    note: `retries=$value (default_args of DAG ${dag.id}: ${ref.name}, imported) → $attempts tries`,
    unresolvedKeepsCount: true,
  };
  return layer;
}

/** `timedelta(minutes=5)`, `datetime.timedelta(seconds=30)`, `pendulum.duration(…)`, or a number of seconds. */
export function seconds(ctx: PyContext, n: SyntaxNode | null, scope: SyntaxNode): number | null {
  if (!n) return null;
  const v = ctx.number(n, scope);
  if (v !== null) return v;
  const call = resolveBound(ctx, n, scope);
  if (call?.type !== "call" || !/(^|\.)(timedelta|duration)$/.test(call.childForFieldName("function")?.text ?? "")) return null;
  const units: Record<string, number> = { weeks: 604800, days: 86400, hours: 3600, minutes: 60, seconds: 1, milliseconds: 0.001 };
  const p = callParts(call);
  let total = 0;
  if (p.positional[0]) total += (ctx.number(p.positional[0], scope) ?? NaN) * 86400;
  for (const [k, value] of p.keywords) total += (ctx.number(value, scope) ?? NaN) * (units[k] ?? NaN);
  return Number.isFinite(total) ? total : null;
}

function delayWait(ctx: PyContext, delay: SyntaxNode | null, exp: SyntaxNode | null, maxDelay: SyntaxNode | null, scope: SyntaxNode): WaitSpec {
  const d = delay ? seconds(ctx, delay, scope) : AIRFLOW_DEFAULT_RETRY_DELAY;
  const src = delay ? "config" : "default";
  const dText = d === null ? delay!.text.slice(0, 40) : secondsText(d);
  const expOn = exp !== null && exp.text !== "False" && exp.text !== "0" && exp.text !== "None";
  if (expOn) {
    const cap = maxDelay ? seconds(ctx, maxDelay, scope) : AIRFLOW_MAX_RETRY_DELAY;
    return { kind: "exponential", jitter: true, initialSeconds: d, maxSeconds: cap, source: "config", description: `retry_exponential_backoff: retry_delay ${dText} × 2^n, spread up to 2× by a hash of the task instance, max ${cap === null ? maxDelay!.text.slice(0, 30) : secondsText(cap)}${maxDelay ? "" : " (max_task_retry_delay default)"}` };
  }
  if (d === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: src, description: "retry_delay 0: retried at once" };
  return { kind: d === null ? "custom" : "fixed", jitter: false, initialSeconds: d, maxSeconds: d, source: src, description: `retry_delay ${dText}${delay ? "" : ` (${VERSION} default)`}, fixed, no jitter` };
}
