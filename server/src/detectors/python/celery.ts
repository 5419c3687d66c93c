/**
 * Celery task retries — docs/reference/celery.md (Celery 5.6.2 source, same numbers since 4.4).
 *
 * - Tasks: `@app.task(...)`/`@app.task` on a Celery app (an `X = Celery(...)` of the file, or an
 *   imported name that reads like an app: `app`, `celery`, `celery_app`, `*_app`), `@shared_task`,
 *   `@celery.shared_task`; class-based tasks (`class T(Task)` with a `run` method). Every task
 *   function is marked as the worker's entry (FunctionFact.handler `TASK /<task name>`): a
 *   `task.delay(…)`/`apply_async(…)`/`.s(…)` call is a queue hop into it (engine/jobQueues.ts, engine/queues/celery.ts).
 *   The task's registered name is `name=` or `<module>.<function>` (Celery's gen_task_name).
 * - A layer (kind "celery-task", category code, attached to the task function, so it wraps
 *   everything the body calls) when the task retries: `autoretry_for=(…)` (decorator, `base=`
 *   class of the file, or class attribute), or a `self.retry(…)` (bind=True) / `<task>.retry(…)`
 *   in the body.
 * - Count: `max_retries` counts RETRIES → N+1 executions; default 3 → 4; `max_retries=None` →
 *   forever; 0 → disabled. `self.retry(max_retries=N)` overrides the task's; `self.retry(max_retries=None)`
 *   keeps the task's (None there means "not given"). `retry_kwargs={'max_retries': N}` for autoretry.
 * - Wait: autoretry with `retry_backoff` truthy → `factor × 2^retries` s (True = 1), capped at
 *   `retry_backoff_max` (600), full jitter unless `retry_jitter=False` (default True); otherwise the
 *   retry's `countdown` or `default_retry_delay` (180 s) — fixed, no jitter.
 * - Near misses: `broker_connection_retry*`, `task_publish_retry` (connection/publish concerns),
 *   `apply()` (runs locally), tasks that never retry (no layer, still a queue hop).
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { callParts, descendants, nodeSpan, numberValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { fmtSeconds } from "./waits";

/** celery/app/task.py (5.6.2): `max_retries = 3`, `default_retry_delay = 3 * 60` */
export const CELERY_DEFAULT_MAX_RETRIES = 3;
export const CELERY_DEFAULT_RETRY_DELAY = 180;
/** celery/app/autoretry.py: `retry_backoff_max` 600, `retry_jitter` True */
export const CELERY_DEFAULT_BACKOFF_MAX = 600;
const VERSION = "celery 5.x";

const APP_NAME = /^(app|celery|celery_?app|capp|worker|.*_app)$/i;
const TASK_BASES = new Set(["celery.Task", "celery.app.task.Task", "celery.task.Task"]);

/** A setting as written: the node, or "absent". */
type Settings = Map<string, SyntaxNode>;

export function detectCelery(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/celery|shared_task|autoretry_for|\.task\b/.test(root.text)) return;
  const apps = new Set<string>();
  for (const a of descendants(root, "assignment", { skipNestedDefs: true })) {
    const right = a.childForFieldName("right");
    const left = a.childForFieldName("left");
    if (right?.type === "call" && left?.type === "identifier" && /^celery(\.app)?\.Celery$/.test(ctx.qualifiedName(right.childForFieldName("function")) ?? "")) apps.add(left.text);
  }
  const importedApps = new Set(ctx.facts.imports.filter((i) => APP_NAME.test(i.local) && i.member !== null).map((i) => i.local));
  const classes = new Map<string, SyntaxNode>();
  for (const c of descendants(root, "class_definition")) {
    const n = c.childForFieldName("name")?.text;
    if (n) classes.set(n, c);
  }
  const taskClass = (c: SyntaxNode, depth = 0): boolean => {
    if (depth > 4) return false;
    const bases = c.childForFieldName("superclasses")?.namedChildren ?? [];
    return bases.some((b) => {
      if (!b) return false;
      const q = ctx.qualifiedName(b) ?? b.text;
      if (TASK_BASES.has(q) || /^(\w+)\.Task$/.test(b.text) && (apps.has(b.text.split(".")[0]!) || importedApps.has(b.text.split(".")[0]!))) return true;
      const local = classes.get(b.text);
      return local ? taskClass(local, depth + 1) : false;
    });
  };

  const annotations = taskAnnotations(ctx);
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0] ?? null;
    const call = expr?.type === "call" ? expr : null;
    const head = call ? call.childForFieldName("function") : expr;
    if (!head || !isTaskDecorator(ctx, head, apps, importedApps)) continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    const settings: Settings = new Map();
    const parts = call ? callParts(call) : null;
    // `base=RetryingTask`: a Task subclass of this file supplies class-level defaults
    const base = parts?.keywords.get("base");
    const baseClass = base ? classes.get(base.text) : undefined;
    if (baseClass) for (const [k, v] of classSettings(baseClass)) settings.set(k, v);
    for (const [k, v] of parts?.keywords ?? []) settings.set(k, v);
    const fname = def.childForFieldName("name")?.text ?? "task";
    const nameNode = settings.get("name");
    const name = nameNode?.type === "string" ? nameNode.text.replace(/^[rbuf]*['"]{1,3}|['"]{1,3}$/gi, "") : `${ctx.module}.${fname}`;
    annotate(settings, annotations, name);
    const bound = settings.get("bind")?.text === "True";
    const params = def.childForFieldName("parameters")?.namedChildren.filter((p): p is SyntaxNode => !!p) ?? [];
    const selfName = bound ? (params[0]?.type === "identifier" ? params[0].text : "self") : null;
    addTask(ctx, def, dec, settings, name, selfName, fname, `@${head.text}`);
  }

  for (const c of classes.values()) {
    if (!taskClass(c)) continue;
    const run = c.childForFieldName("body")?.namedChildren.find((s) => s?.type === "function_definition" && s.childForFieldName("name")?.text === "run");
    if (!run) continue;
    const settings: Settings = new Map();
    const chain: SyntaxNode[] = [];
    for (let k: SyntaxNode | undefined = c; k && chain.length < 5; ) {
      chain.unshift(k);
      const b: string | undefined = k.childForFieldName("superclasses")?.namedChildren[0]?.text;
      k = b ? classes.get(b) : undefined;
    }
    for (const k of chain) for (const [key, v] of classSettings(k)) settings.set(key, v);
    const cname = c.childForFieldName("name")?.text ?? "Task";
    const nameNode = settings.get("name");
    const name = nameNode?.type === "string" ? nameNode.text.replace(/^['"]|['"]$/g, "") : `${ctx.module}.${cname}`;
    annotate(settings, annotations, name);
    const anchor = settings.get("autoretry_for")?.parent ?? c;
    addTask(ctx, run, anchor, settings, name, "self", cname, `class ${cname}`);
  }
}

function isTaskDecorator(ctx: PyContext, head: SyntaxNode, apps: Set<string>, importedApps: Set<string>): boolean {
  const q = ctx.qualifiedName(head) ?? head.text;
  if (q === "celery.shared_task" || q === "celery.task" || q === "celery.decorators.task") return true;
  if (head.type !== "attribute" || head.childForFieldName("attribute")?.text !== "task") return false;
  const obj = head.childForFieldName("object");
  if (obj?.type !== "identifier") return false;
  return apps.has(obj.text) || importedApps.has(obj.text) || (q.startsWith("celery.") && q.endsWith(".task"));
}

/**
 * `task_annotations` written in this file (`app.conf.task_annotations = {…}`,
 * `app.conf.update(task_annotations={…})`, a config module's `task_annotations = {…}`): task name
 * or "*" → the attributes set on the task class when it is bound (celery/app/task.py `annotate`).
 */
function taskAnnotations(ctx: PyContext): Map<string, Settings> {
  const out = new Map<string, Settings>();
  const read = (dict: SyntaxNode | null | undefined) => {
    if (dict?.type !== "dictionary") return;
    for (const pair of dict.namedChildren) {
      const key = pair?.type === "pair" ? pair.childForFieldName("key") : null;
      const value = pair?.childForFieldName("value");
      if (key?.type !== "string" || value?.type !== "dictionary") continue;
      const attrs: Settings = new Map();
      for (const p of value.namedChildren) {
        const k = p?.type === "pair" ? p.childForFieldName("key") : null;
        const v = p?.childForFieldName("value");
        if (k?.type === "string" && v) attrs.set(k.text.replace(/^['"]|['"]$/g, ""), v);
      }
      out.set(key.text.replace(/^['"]|['"]$/g, ""), attrs);
    }
  };
  for (const a of descendants(ctx.tree.rootNode, "assignment")) {
    const left = a.childForFieldName("left")?.text ?? "";
    if (left === "task_annotations" || left === "CELERY_TASK_ANNOTATIONS" || /\.conf\.task_annotations$/.test(left)) read(a.childForFieldName("right"));
  }
  for (const c of descendants(ctx.tree.rootNode, "call")) {
    if (!/\.conf\.update$/.test(c.childForFieldName("function")?.text ?? "")) continue;
    read(callParts(c).keywords.get("task_annotations"));
  }
  return out;
}

/**
 * Annotations are set on the task class after it is made, so a `max_retries` there wins over the
 * decorator's; autoretry options (`autoretry_for`, `retry_backoff`, …) passed to the decorator
 * win over the class attributes annotations set (celery/app/autoretry.py reads options first).
 */
function annotate(settings: Settings, annotations: Map<string, Settings>, name: string): void {
  for (const key of ["*", name]) {
    for (const [k, v] of annotations.get(key) ?? []) {
      if (k === "max_retries" || k === "default_retry_delay" || !settings.has(k)) settings.set(k, v);
    }
  }
}

/** `autoretry_for = (…)`, `max_retries = 5`, … assigned in a class body. */
function classSettings(c: SyntaxNode): Settings {
  const out: Settings = new Map();
  for (const stmt of c.childForFieldName("body")?.namedChildren ?? []) {
    const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
    if (a?.type !== "assignment") continue;
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type === "identifier" && right) out.set(left.text, right);
  }
  return out;
}

function addTask(ctx: PyContext, def: SyntaxNode, anchorNode: SyntaxNode, settings: Settings, name: string, selfName: string | null, label: string, written: string): void {
  const functionId = ctx.functionId(def);
  const fn = ctx.facts.functions.find((f) => f.id === functionId);
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${name}`, library: "celery" };
  const body = def.childForFieldName("body");
  // `self.retry(…)` (bind=True) or `<task>.retry(…)` in the body
  const retryCalls = (body ? descendants(body, "call", { skipNestedDefs: true }) : []).filter((c) => {
    const f = c.childForFieldName("function");
    if (f?.type !== "attribute" || f.childForFieldName("attribute")?.text !== "retry") return false;
    const obj = f.childForFieldName("object")?.text;
    return obj === selfName || obj === label;
  });
  const autoretry = settings.get("autoretry_for");
  const autoTypes = autoretry ? exceptionNames(ctx, autoretry) : [];
  const autoOn = autoTypes.length > 0;
  if (!autoOn && retryCalls.length === 0) return;

  // the count: self.retry(max_retries=N) overrides, else retry_kwargs / the task's max_retries, else 3
  const retryKwargs = settings.get("retry_kwargs");
  const kwargMax = retryKwargs?.type === "dictionary" ? dictEntry(retryKwargs, "max_retries") : null;
  const taskMax = settings.get("max_retries") ?? null;
  type Count = { retries: number | null; note: string; source: "config" | "default"; unknown?: boolean };
  const countOf = (n: SyntaxNode | null, where: string, close = ""): Count | null => {
    if (!n) return null;
    if (n.text === "None") return { retries: null, note: `${where}None${close}: retries forever`, source: "config" };
    const v = ctx.number(n, def);
    if (v === null || !Number.isInteger(v)) return { retries: null, note: `${where}${n.text.slice(0, 40)}${close}: not known statically`, source: "config", unknown: true };
    return { retries: v, note: `${where}${v}${close} → ${v + 1} executions`, source: "config" };
  };
  const taskCount: Count =
    countOf(kwargMax, "retry_kwargs max_retries=") ??
    countOf(taskMax, "max_retries=") ?? {
      retries: CELERY_DEFAULT_MAX_RETRIES,
      note: `default max_retries ${CELERY_DEFAULT_MAX_RETRIES} → ${CELERY_DEFAULT_MAX_RETRIES + 1} executions (${VERSION})`,
      source: "default",
    };
  const counts: Count[] = autoOn ? [taskCount] : [];
  for (const rc of retryCalls) {
    const mr = callParts(rc).keywords.get("max_retries");
    // self.retry(max_retries=None) means "not given": the task's own max_retries applies
    const c = mr && mr.text !== "None" ? countOf(mr, `${rc.childForFieldName("function")!.text}(max_retries=`, ")") : null;
    counts.push(c ?? taskCount);
  }
  const unbounded = counts.find((c) => c.retries === null && !c.unknown);
  const unknown = counts.find((c) => c.unknown);
  const worst = unbounded ?? unknown ?? counts.reduce((a, b) => ((b.retries ?? 0) > (a.retries ?? 0) ? b : a));
  const maxAttempts = worst.retries === null ? null : Math.max(1, worst.retries + 1);

  const wait = waitOf(ctx, settings, retryCalls, autoOn, def);
  const raisesOnStatus = fn?.raisesOnStatus ?? false;
  let condition: RetryCondition;
  if (autoOn) condition = conditionForExceptions(autoTypes, raisesOnStatus, `autoretry_for=${autoretry!.text.slice(0, 60)}`);
  else {
    const handled = retryCalls.flatMap((rc) => {
      let p: SyntaxNode | null = rc.parent;
      while (p && p.id !== def.id && p.type !== "except_clause") p = p.parent;
      if (p?.type !== "except_clause") return [] as string[] | ["*"];
      const t = p.namedChildren.find((x) => x && x.type !== "block" && x.type !== "comment");
      const typeNode = t?.type === "as_pattern" ? t.namedChildren[0] : t;
      return typeNode ? exceptionNames(ctx, typeNode) : ["Exception"];
    });
    condition = handled.length ? conditionForExceptions(handled, raisesOnStatus, `${written}: self.retry() in except ${[...new Set(handled)].join(", ")}`) : customCondition(`${written}: self.retry() where the task decides`);
  }
  condition = { ...condition, afterSendMethods: "all" };
  const timeLimit = ctx.number(settings.get("time_limit") ?? settings.get("soft_time_limit") ?? null, def);

  const layer: LayerFact = {
    localId: ctx.nextId("L", anchorNode),
    kind: "celery-task",
    category: "code",
    library: "celery",
    anchor: nodeSpan(anchorNode),
    maxAttempts,
    attemptsSource: worst.source,
    attemptsNote: `${worst.note}${autoOn ? "" : " (self.retry)"}`,
    timeBound: null,
    ...(worst.unknown ? { countUnknown: true } : {}),
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: timeLimit,
    overallTimeoutSeconds: null,
    attach: { kind: "function", functionId },
    label,
  };
  ctx.facts.layers.push(layer);
}

function dictEntry(dict: SyntaxNode, key: string): SyntaxNode | null {
  for (const pair of dict.namedChildren) {
    if (pair?.type !== "pair") continue;
    const k = pair.childForFieldName("key");
    if (k?.type === "string" && k.text.replace(/^['"]|['"]$/g, "") === key) return pair.childForFieldName("value");
  }
  return null;
}

function waitOf(ctx: PyContext, settings: Settings, retryCalls: SyntaxNode[], autoOn: boolean, def: SyntaxNode): WaitSpec {
  const backoff = settings.get("retry_backoff");
  const backoffOn = autoOn && backoff !== undefined && backoff.text !== "False" && backoff.text !== "0";
  if (backoffOn && retryCalls.length === 0) {
    const factor = backoff!.text === "True" ? 1 : Math.max(1, Math.trunc(numberValue(backoff) ?? 1));
    const maxNode = settings.get("retry_backoff_max");
    const max = maxNode ? ctx.number(maxNode, def) : CELERY_DEFAULT_BACKOFF_MAX;
    const jitterNode = settings.get("retry_jitter");
    const jitter = jitterNode ? jitterNode.text !== "False" : true;
    return {
      kind: "exponential",
      jitter,
      initialSeconds: factor,
      maxSeconds: max,
      source: "config",
      description: `exponential from ${fmtSeconds(factor)} (×2), max ${max === null ? "?" : fmtSeconds(max)}${jitter ? `, full jitter${jitterNode ? "" : " (retry_jitter default True)"}` : ", no jitter (retry_jitter=False)"}`,
    };
  }
  // the countdown the retry is scheduled with: self.retry(countdown=…), retry_kwargs, default_retry_delay
  const countdowns = retryCalls.map((rc) => callParts(rc).keywords.get("countdown") ?? callParts(rc).keywords.get("eta") ?? null);
  const kw = settings.get("retry_kwargs");
  if (autoOn && kw?.type === "dictionary") countdowns.push(dictEntry(kw, "countdown"));
  const written = countdowns.find((c): c is SyntaxNode => c !== null);
  if (written) {
    const random = /random|uniform|randint|jitter/.test(written.text);
    const v = ctx.number(written, def);
    const exp = /\*\*|2\s*<<|pow\(/.test(written.text);
    return {
      kind: random ? "random" : exp ? "exponential" : v !== null ? "fixed" : "custom",
      jitter: random ? true : v !== null || exp ? false : null,
      initialSeconds: v,
      maxSeconds: v,
      source: "config",
      description: v !== null ? `countdown ${fmtSeconds(v)}` : `countdown ${written.text.slice(0, 50)}`,
    };
  }
  const delayNode = settings.get("default_retry_delay");
  const delay = delayNode ? ctx.number(delayNode, def) : CELERY_DEFAULT_RETRY_DELAY;
  return {
    kind: delay === 0 ? "none" : "fixed",
    jitter: false,
    initialSeconds: delay,
    maxSeconds: delay,
    source: delayNode ? "config" : "default",
    description: delayNode ? `default_retry_delay ${delay === null ? delayNode.text : fmtSeconds(delay)}` : `default_retry_delay ${fmtSeconds(CELERY_DEFAULT_RETRY_DELAY)} (${VERSION} default), no jitter`,
  };
}
