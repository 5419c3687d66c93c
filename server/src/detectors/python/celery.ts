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
 * - A `base=` class imported from another module (Celery ≥ 4.4 reads autoretry options as class
 *   attributes, inherited through the class's bases: celery/app/autoretry.py `getattr(task, …)`;
 *   celery/app/base.py `_task_from_fun` makes the task `type(name, (base,), {decorator options})`,
 *   so the decorator's options win over the base's): the file records the task
 *   (`FileFacts.celery.pendingTasks`) and every file records its Task-like classes
 *   (`FileFacts.celery.classes`); engine/queues/celeryBases.ts resolves the base through the
 *   imports at link time and builds the layer with the same `celeryTaskLayer`. Anchored where
 *   `autoretry_for` is written (the base class's attribute when the decorator does not set it).
 * - Near misses: `broker_connection_retry*`, `task_publish_retry` (connection/publish concerns),
 *   `apply()` (runs locally), tasks that never retry (no layer, still a queue hop).
 */
import type { LayerFact, RetryCondition, SourceSpan, ValueExpr, WaitSpec } from "../../model/facts";
import type { CeleryClassFact, CeleryPendingTaskFact, CeleryRetryCallFact, CelerySettingFact } from "../../model/celeryFacts";
import { callParts, descendants, elements, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { moduleConstant, type PyContext } from "./context";
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
export const CELERY_TASK_BASES: ReadonlySet<string> = new Set(["celery.Task", "celery.app.task.Task", "celery.task.Task"]);
/** the task options that are also Task class attributes (celery/app/task.py, autoretry.py) */
const TASK_OPTIONS = new Set([
  "autoretry_for", "dont_autoretry_for", "max_retries", "retry_kwargs", "retry_backoff", "retry_backoff_max", "retry_jitter",
  "default_retry_delay", "time_limit", "soft_time_limit", "name", "bind", "acks_late",
]);
/** bases that make no Task */
const NOT_TASK_BASE = /^(object|Exception|BaseException|\w*Error|enum\.\w+|typing\.\w+|pydantic\.BaseModel|abc\.ABC)$/;

/** The task settings, each read in its own file. */
export type Settings = Map<string, CelerySettingFact>;

function setting(ctx: PyContext, n: SyntaxNode, scope: SyntaxNode | null, key: string, at: SyntaxNode = n): CelerySettingFact {
  const s: CelerySettingFact = { text: n.text.slice(0, 200), number: ctx.number(n, scope), span: nodeSpan(at) };
  if (key === "autoretry_for" || key === "dont_autoretry_for") s.exceptions = exceptionTuple(ctx, n, 0);
  if (n.type === "dictionary") {
    const entries: Record<string, CelerySettingFact> = {};
    for (const pair of n.namedChildren) {
      const k = pair?.type === "pair" ? pair.childForFieldName("key") : null;
      const v = pair?.childForFieldName("value");
      if (k?.type === "string" && v) {
        const name = k.text.replace(/^['"]|['"]$/g, "");
        entries[name] = setting(ctx, v, scope, name);
      }
    }
    s.entries = entries;
  }
  return s;
}

/**
 * The exception names of an `autoretry_for` value, through the module's tuple constants:
 * `RETRYABLE`, `(Extra, *RETRYABLE)` — each name of a tuple/list constant of the file is replaced
 * by its elements (Python builds the same flat tuple).
 */
function exceptionTuple(ctx: PyContext, n: SyntaxNode, depth: number): string[] {
  const out: string[] = [];
  for (const e of elements(n)) {
    const name = e.type === "list_splat" ? e.namedChildren[0] : e;
    const own = depth < 4 && name?.type === "identifier" ? moduleConstant(ctx.tree, name.text) : null;
    if (own && (own.type === "tuple" || own.type === "list" || own.type === "parenthesized_expression")) out.push(...exceptionTuple(ctx, own, depth + 1));
    else if (name) out.push(...exceptionNames(ctx, name));
  }
  return out;
}

export function detectCelery(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/celery|shared_task|autoretry_for|\.task\b|Task\b/.test(root.text)) return;
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
  const appTask = (b: SyntaxNode): boolean => /^(\w+)\.Task$/.test(b.text) && (apps.has(b.text.split(".")[0]!) || importedApps.has(b.text.split(".")[0]!));
  const basesOf = (c: SyntaxNode): SyntaxNode[] => (c.childForFieldName("superclasses")?.namedChildren ?? []).filter((b): b is SyntaxNode => !!b && b.type !== "keyword_argument" && b.type !== "comment");
  const taskClass = (c: SyntaxNode, depth = 0): boolean => {
    if (depth > 4) return false;
    return basesOf(c).some((b) => {
      const q = ctx.qualifiedName(b) ?? b.text;
      if (CELERY_TASK_BASES.has(q) || appTask(b)) return true;
      const local = classes.get(b.text);
      return local ? taskClass(local, depth + 1) : false;
    });
  };
  /** the class and its local ancestors, nearest first (Python's MRO for single inheritance); `leaves`: a base of another module */
  const localChain = (c: SyntaxNode): { chain: SyntaxNode[]; leaves: boolean } => {
    const chain: SyntaxNode[] = [];
    let leaves = false;
    const visit = (k: SyntaxNode, depth: number) => {
      if (depth > 5 || chain.includes(k)) return;
      chain.push(k);
      for (const b of basesOf(k)) {
        const local = classes.get(b.text);
        if (local) visit(local, depth + 1);
        else {
          const q = ctx.qualifiedName(b) ?? b.text;
          if (!CELERY_TASK_BASES.has(q) && !appTask(b) && !NOT_TASK_BASE.test(q)) leaves = true;
        }
      }
    };
    visit(c, 0);
    return { chain, leaves };
  };
  const chainSettings = (chain: SyntaxNode[]): Settings => {
    const out: Settings = new Map();
    for (const k of [...chain].reverse()) for (const [key, v] of classSettings(ctx, k)) out.set(key, v);
    return out;
  };

  // the file's Task-like classes, for tasks of other files that name one as base= (link time)
  const classFacts: CeleryClassFact[] = [];
  for (const [name, c] of classes) {
    if (c.parent?.type !== "module" && c.parent?.parent?.type !== "module") continue;
    const bases = basesOf(c).map((b) => ctx.qualifiedName(b) ?? b.text).filter((q) => !NOT_TASK_BASE.test(q));
    const settings = classSettings(ctx, c);
    if (!bases.length && !settings.size) continue;
    classFacts.push({ name, bases, settings: Object.fromEntries(settings), span: nodeSpan(c) });
  }
  const pending: CeleryPendingTaskFact[] = [];

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
    // `base=RetryingTask`: a Task subclass supplies class-level defaults
    const base = parts?.keywords.get("base");
    const baseClass = base ? classes.get(base.text) : undefined;
    const local = baseClass ? localChain(baseClass) : null;
    const baseQualified = base ? ctx.qualifiedName(base) : null;
    // a base of another module (or a local base whose ancestors are): resolved at link time
    const baseDeferred = !!base && (local ? local.leaves : !!baseQualified && baseQualified.includes(".") && !CELERY_TASK_BASES.has(baseQualified) && !appTask(base));
    // `**RETRY_OPTIONS`: a dict of this module is read now, an imported one at link time
    const splats = call ? splatOptions(ctx, call) : { settings: new Map() as Settings, imported: [] };
    const deferred = baseDeferred || splats.imported.length > 0;
    if (local && !baseDeferred) for (const [k, v] of chainSettings(local.chain)) settings.set(k, v);
    for (const [k, v] of splats.settings) settings.set(k, v);
    for (const [k, v] of parts?.keywords ?? []) settings.set(k, setting(ctx, v, def, k, v.parent ?? v));
    const fname = def.childForFieldName("name")?.text ?? "task";
    const nameNode = parts?.keywords.get("name");
    const name = nameNode?.type === "string" ? nameNode.text.replace(/^[rbuf]*['"]{1,3}|['"]{1,3}$/gi, "") : `${ctx.module}.${fname}`;
    annotate(settings, annotations, name);
    const bound = settings.get("bind")?.text === "True";
    const params = def.childForFieldName("parameters")?.namedChildren.filter((p): p is SyntaxNode => !!p) ?? [];
    const selfName = bound ? (params[0]?.type === "identifier" ? params[0].text : "self") : null;
    const functionId = markTask(ctx, def, name);
    const retryCalls = retryCallsOf(ctx, def, selfName, fname);
    const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
    if (deferred) {
      const qualified = !baseDeferred ? null : local ? `${ctx.module}.${base!.text}` : baseQualified!;
      pending.push({ functionId, base: qualified, name, label: fname, written: `@${head.text}`, anchor: nodeSpan(dec), settings: Object.fromEntries(settings), retryCalls, raisesOnStatus, ...(splats.imported.length ? { splats: splats.imported } : {}) });
      continue;
    }
    const layer = celeryTaskLayer({ localId: ctx.nextId("L", dec), functionId, anchor: nodeSpan(dec), settings, retryCalls, label: fname, written: `@${head.text}`, raisesOnStatus });
    if (layer) ctx.facts.layers.push(layer);
  }

  for (const c of classes.values()) {
    if (!taskClass(c)) continue;
    const run = c.childForFieldName("body")?.namedChildren.find((s) => s?.type === "function_definition" && s.childForFieldName("name")?.text === "run");
    if (!run) continue;
    const settings = chainSettings(localChain(c).chain);
    const cname = c.childForFieldName("name")?.text ?? "Task";
    const nameNode = settings.get("name");
    const name = nameNode && /^['"]/.test(nameNode.text) ? nameNode.text.replace(/^['"]|['"]$/g, "") : `${ctx.module}.${cname}`;
    annotate(settings, annotations, name);
    const functionId = markTask(ctx, run, name);
    const classSpan = nodeSpan(c);
    const anchor = settings.get("autoretry_for")?.span ?? classSpan;
    const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
    // the id of the anchor's node (line:column), as every layer of the file
    const anchorNode = anchor === classSpan ? c : (root.descendantForPosition({ row: anchor.line - 1, column: anchor.column }) ?? c);
    const layer = celeryTaskLayer({ localId: ctx.nextId("L", anchorNode), functionId, anchor, settings, retryCalls: retryCallsOf(ctx, run, "self", cname), label: cname, written: `class ${cname}`, raisesOnStatus });
    if (layer) ctx.facts.layers.push(layer);
  }
  if (classFacts.length || pending.length) ctx.facts.celery = { classes: classFacts, pendingTasks: pending };

  function annotate(settings: Settings, annotations: Map<string, Map<string, SyntaxNode>>, name: string): void {
    for (const key of ["*", name]) {
      for (const [k, v] of annotations.get(key) ?? []) {
        if (k === "max_retries" || k === "default_retry_delay" || !settings.has(k)) settings.set(k, setting(ctx, v, null, k));
      }
    }
  }
}

/**
 * The `**NAME` arguments of a task decorator, in order: a dict of this module — a literal, whose
 * own `**OTHER` spreads of module dicts are merged where they stand (later entries win, as in
 * Python), a `dict(…)` call (its `**spreads` first, then its keywords), or a settings getter's
 * default — gives its entries as options; an imported name is left to the linker
 * (CeleryPendingTaskFact.splats). Python rejects a keyword given twice in one call, so the order
 * of the decorator's own spreads and keywords cannot change a value; the caller lets the explicit
 * keywords win anyway.
 */
function splatOptions(ctx: PyContext, call: SyntaxNode): { settings: Settings; imported: Array<{ name: string; span: SourceSpan }> } {
  const settings: Settings = new Map();
  const imported: Array<{ name: string; span: SourceSpan }> = [];
  for (const a of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (a?.type !== "dictionary_splat") continue;
    const n = a.namedChildren[0];
    if (n?.type !== "identifier") continue;
    const own = moduleConstant(ctx.tree, n.text);
    const read = own ? moduleDictSettings(ctx, own, nodeSpan(a), `**${n.text}`, 0) : null;
    if (read) {
      for (const [k, v] of read.settings) settings.set(k, v);
      imported.push(...read.imported);
      continue;
    }
    const value = own ? ctx.value(own) : null;
    const entries = value ? celerySettingsFromValue(value, nodeSpan(a), `**${n.text}`) : null;
    if (entries) for (const [k, v] of Object.entries(entries)) settings.set(k, v);
    else if (!own && ctx.facts.imports.some((i) => i.local === n.text)) imported.push({ name: n.text, span: nodeSpan(a) });
  }
  return { settings, imported };
}

/**
 * The options of a module-level dict written in the file: `{"k": v, **OTHER}` or `dict(**OTHER, k=v)`,
 * merged in Python's order. Every option is spanned on the decorator's spread (`span`) and says
 * where it came from (`via`). Null when the node is no dict the parser can read (the caller then
 * tries the value reader: a settings getter's default).
 */
function moduleDictSettings(ctx: PyContext, n: SyntaxNode, span: SourceSpan, via: string, depth: number): { settings: Settings; imported: Array<{ name: string; span: SourceSpan }> } | null {
  if (depth > 4) return null;
  const out: Settings = new Map();
  const imported: Array<{ name: string; span: SourceSpan }> = [];
  const put = (key: string, v: SyntaxNode) => out.set(key, { ...setting(ctx, v, null, key), span, from: via });
  const spread = (inner: SyntaxNode | null | undefined): void => {
    if (inner?.type !== "identifier") return;
    const own = moduleConstant(ctx.tree, inner.text);
    const read = own ? moduleDictSettings(ctx, own, span, `${via} ← **${inner.text}`, depth + 1) : null;
    if (read) {
      for (const [k, v] of read.settings) out.set(k, v);
      imported.push(...read.imported);
    } else if (!own && ctx.facts.imports.some((i) => i.local === inner.text)) imported.push({ name: inner.text, span });
  };
  if (n.type === "dictionary") {
    for (const c of n.namedChildren) {
      if (c?.type === "dictionary_splat") spread(c.namedChildren[0]);
      else if (c?.type === "pair") {
        const k = c.childForFieldName("key");
        const v = c.childForFieldName("value");
        if (k?.type === "string" && v) put(k.text.replace(/^[rbuf]*['"]{1,3}|['"]{1,3}$/gi, ""), v);
      }
    }
    return { settings: out, imported };
  }
  if (n.type === "call" && n.childForFieldName("function")?.text === "dict") {
    const args = n.childForFieldName("arguments")?.namedChildren ?? [];
    // dict(mapping, **kw): a positional mapping is not read; without one, spreads then keywords
    if (args.some((a) => a && a.type !== "keyword_argument" && a.type !== "dictionary_splat" && a.type !== "comment")) return null;
    for (const a of args) if (a?.type === "dictionary_splat") spread(a.namedChildren[0]);
    for (const a of args) {
      if (a?.type !== "keyword_argument") continue;
      const k = a.childForFieldName("name");
      const v = a.childForFieldName("value");
      if (k && v) put(k.text, v);
    }
    return { settings: out, imported };
  }
  return null;
}

/**
 * Task options from a dict value (`dict(max_retries=None, retry_backoff=True)`, a literal, or a
 * project settings getter's default): scalar entries only (an `autoretry_for` tuple is not read).
 * `via` says where the option came from (`**RETRY_OPTIONS`, and the setting whose default it is).
 */
export function celerySettingsFromValue(value: ValueExpr, span: SourceSpan, via: string): Record<string, CelerySettingFact> | null {
  const setting = value.kind === "setting" && value.projectSetting ? value.key : null;
  const map = value.kind === "map" ? value : setting && value.kind === "setting" && value.fallback?.kind === "map" ? value.fallback : null;
  if (!map) return null;
  const from = setting ? `${via}: the default of the project setting ${setting}, which the project may override` : via;
  const out: Record<string, CelerySettingFact> = {};
  for (const [k, v] of Object.entries(map.entries)) {
    const text = v.kind === "number" ? String(v.value) : v.kind === "unknown" && /^(None|True|False)$/.test(v.text) ? v.text : null;
    if (text === null) continue;
    out[k] = { text, number: v.kind === "number" ? v.value : null, span, from };
  }
  return out;
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
 * Annotations are set on the task class after it is made, so a `max_retries` there wins over the
 * decorator's; autoretry options (`autoretry_for`, `retry_backoff`, …) passed to the decorator
 * win over the class attributes annotations set (celery/app/autoretry.py reads options first).
 */
function taskAnnotations(ctx: PyContext): Map<string, Map<string, SyntaxNode>> {
  const out = new Map<string, Map<string, SyntaxNode>>();
  const read = (dict: SyntaxNode | null | undefined) => {
    if (dict?.type !== "dictionary") return;
    for (const pair of dict.namedChildren) {
      const key = pair?.type === "pair" ? pair.childForFieldName("key") : null;
      const value = pair?.childForFieldName("value");
      if (key?.type !== "string" || value?.type !== "dictionary") continue;
      const attrs = new Map<string, SyntaxNode>();
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

/** `autoretry_for = (…)`, `max_retries = 5`, … assigned in a class body. */
function classSettings(ctx: PyContext, c: SyntaxNode): Settings {
  const out: Settings = new Map();
  for (const stmt of c.childForFieldName("body")?.namedChildren ?? []) {
    const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
    if (a?.type !== "assignment") continue;
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type === "identifier" && right && TASK_OPTIONS.has(left.text)) out.set(left.text, setting(ctx, right, null, left.text, a));
  }
  return out;
}

/** The task function is its worker's entry: `TASK /<name>`. Returns its function id. */
function markTask(ctx: PyContext, def: SyntaxNode, name: string): string {
  const functionId = ctx.functionId(def);
  const fn = ctx.facts.functions.find((f) => f.id === functionId);
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${name}`, library: "celery" };
  return functionId;
}

/** `self.retry(…)` (bind=True) or `<task>.retry(…)` in the body */
function retryCallsOf(ctx: PyContext, def: SyntaxNode, selfName: string | null, label: string): CeleryRetryCallFact[] {
  const body = def.childForFieldName("body");
  const out: CeleryRetryCallFact[] = [];
  for (const c of body ? descendants(body, "call", { skipNestedDefs: true }) : []) {
    const f = c.childForFieldName("function");
    if (f?.type !== "attribute" || f.childForFieldName("attribute")?.text !== "retry") continue;
    const obj = f.childForFieldName("object")?.text;
    if (obj !== selfName && obj !== label) continue;
    const kw = callParts(c).keywords;
    const mr = kw.get("max_retries");
    const cd = kw.get("countdown") ?? kw.get("eta");
    let p: SyntaxNode | null = c.parent;
    while (p && p.id !== def.id && p.type !== "except_clause") p = p.parent;
    let handled: string[] | null = null;
    if (p?.type === "except_clause") {
      const t = p.namedChildren.find((x) => x && x.type !== "block" && x.type !== "comment");
      const typeNode = t?.type === "as_pattern" ? t.namedChildren[0] : t;
      handled = typeNode ? exceptionNames(ctx, typeNode) : ["Exception"];
    }
    out.push({ callee: f.text, maxRetries: mr ? setting(ctx, mr, def, "max_retries") : null, countdown: cd ? setting(ctx, cd, def, "countdown") : null, handled });
  }
  return out;
}

export interface CeleryTaskInput {
  localId: string;
  functionId: string;
  anchor: SourceSpan;
  settings: Settings;
  retryCalls: CeleryRetryCallFact[];
  label: string;
  written: string;
  raisesOnStatus: boolean;
}

/**
 * The layer of a task whose settings are known (pure: the detector and the link-time base-class
 * resolution both use it). Null when the task never retries (no autoretry_for, no retry()).
 */
export function celeryTaskLayer(t: CeleryTaskInput): LayerFact | null {
  const { settings, retryCalls } = t;
  const autoretry = settings.get("autoretry_for");
  const autoTypes = autoretry?.exceptions ?? [];
  const autoOn = autoTypes.length > 0;
  if (!autoOn && retryCalls.length === 0) return null;

  // the count: self.retry(max_retries=N) overrides, else retry_kwargs / the task's max_retries, else 3
  const kwargMax = settings.get("retry_kwargs")?.entries?.["max_retries"] ?? null;
  const taskMax = settings.get("max_retries") ?? null;
  type Count = { retries: number | null; note: string; source: "config" | "default"; unknown?: boolean };
  const countOf = (n: CelerySettingFact | null, where: string, close = ""): Count | null => {
    if (!n) return null;
    const from = n.from ? ` (${n.from})` : "";
    if (n.text === "None") return { retries: null, note: `${where}None${close}: retries forever${from}`, source: "config" };
    const v = n.number;
    if (v === null || !Number.isInteger(v)) return { retries: null, note: `${where}${n.text.slice(0, 40)}${close}: not known statically${from}`, source: "config", unknown: true };
    return { retries: v, note: `${where}${v}${close} → ${v + 1} executions${from}`, source: "config" };
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
    const mr = rc.maxRetries;
    // self.retry(max_retries=None) means "not given": the task's own max_retries applies
    const c = mr && mr.text !== "None" ? countOf(mr, `${rc.callee}(max_retries=`, ")") : null;
    counts.push(c ?? taskCount);
  }
  const unbounded = counts.find((c) => c.retries === null && !c.unknown);
  const unknown = counts.find((c) => c.unknown);
  const worst = unbounded ?? unknown ?? counts.reduce((a, b) => ((b.retries ?? 0) > (a.retries ?? 0) ? b : a));
  const maxAttempts = worst.retries === null ? null : Math.max(1, worst.retries + 1);

  const wait = waitOf(settings, retryCalls, autoOn);
  let condition: RetryCondition;
  if (autoOn) condition = conditionForExceptions(autoTypes, t.raisesOnStatus, `autoretry_for=${autoretry!.text.slice(0, 60)}`);
  else {
    const handled = retryCalls.flatMap((rc) => rc.handled ?? []);
    condition = handled.length ? conditionForExceptions(handled, t.raisesOnStatus, `${t.written}: self.retry() in except ${[...new Set(handled)].join(", ")}`) : customCondition(`${t.written}: self.retry() where the task decides`);
  }
  condition = { ...condition, afterSendMethods: "all" };
  const timeLimit = (settings.get("time_limit") ?? settings.get("soft_time_limit"))?.number ?? null;

  return {
    localId: t.localId,
    kind: "celery-task",
    category: "code",
    library: "celery",
    anchor: t.anchor,
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
    attach: { kind: "function", functionId: t.functionId },
    label: t.label,
  };
}

function waitOf(settings: Settings, retryCalls: CeleryRetryCallFact[], autoOn: boolean): WaitSpec {
  const backoff = settings.get("retry_backoff");
  const backoffOn = autoOn && backoff !== undefined && backoff.text !== "False" && backoff.text !== "0";
  if (backoffOn && retryCalls.length === 0) {
    const factor = backoff!.text === "True" ? 1 : Math.max(1, Math.trunc(backoff!.number ?? 1));
    const maxNode = settings.get("retry_backoff_max");
    const max = maxNode ? maxNode.number : CELERY_DEFAULT_BACKOFF_MAX;
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
  const countdowns = retryCalls.map((rc) => rc.countdown);
  const kw = settings.get("retry_kwargs");
  if (autoOn && kw?.entries) countdowns.push(kw.entries["countdown"] ?? null);
  const written = countdowns.find((c): c is CelerySettingFact => !!c);
  if (written) {
    const random = /random|uniform|randint|jitter/.test(written.text);
    const v = written.number;
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
  const delay = delayNode ? delayNode.number : CELERY_DEFAULT_RETRY_DELAY;
  return {
    kind: delay === 0 ? "none" : "fixed",
    jitter: false,
    initialSeconds: delay,
    maxSeconds: delay,
    source: delayNode ? "config" : "default",
    description: delayNode ? `default_retry_delay ${delay === null ? delayNode.text : fmtSeconds(delay)}` : `default_retry_delay ${fmtSeconds(CELERY_DEFAULT_RETRY_DELAY)} (${VERSION} default), no jitter`,
  };
}
