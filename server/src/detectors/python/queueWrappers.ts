/**
 * Job-queue decorator wrappers — docs/reference/job-queues-python.md ("Decorator wrappers"; Dramatiq,
 * Celery, Huey).
 *
 * A project's own decorator factory that hands its options to the library's decorator:
 *
 *     def dramatiq_actor(**kwargs):
 *         kwargs.setdefault("max_retries", 3)
 *         return dramatiq.actor(**kwargs)
 *
 *     @dramatiq_actor()          # in another module: max_retries 3 → 4 executions
 *     def send_email(...): ...
 *
 * The detector records, per file, (1) every module-level wrapper: a function whose own body
 * returns a call of `dramatiq.actor` (or a Celery `app.task` / `shared_task`), with the options it
 * gives — defaults the caller may override (`kwargs.setdefault(k, v)`, a dict literal whose
 * entries come before `**kwargs`, a parameter default forwarded as `k=k`) and options it forces
 * (`kwargs[k] = v`, entries after `**kwargs`, a literal keyword of the call) — or a module-level
 * `name = functools.partial(dramatiq.actor, k=v)` (partial keywords are defaults: call keywords
 * win, Python's functools.partial), or a module-level name bound to the library's decorator itself
 * (`retriable_task = huey.context_task(obj, retries=6 * 4)`, `huey.task(2, 30)`, `dramatiq.actor(
 * max_retries=3)`: used bare, `@retriable_task`; Huey's positional options in `task()`'s order);
 * (2) every decorator whose head is a name the file imports or a
 * local wrapper, with its own options. engine/queues/queueWrappers.ts follows the head through the
 * imports at link time and builds the task's layer with the library's own arithmetic
 * (detectors/python/dramatiq.ts `dramatiqActorLayer`, detectors/python/celery.ts `celeryTaskLayer`).
 * Dramatiq's actor options are keyword-only (`actor(fn=None, *, actor_class, actor_name,
 * queue_name, priority, broker, **options)`, dramatiq 1.12 dramatiq/actor.py), so positional
 * arguments matter only for a wrapper's own parameters.
 */
import type { PendingQueueDecoratorFact, QueueOptionFact, QueueWrapperFact } from "../../model/queueWrapperFacts";
import { callParts, descendants, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { exceptionNames } from "./tenacity";
import { hueyTaskFactory } from "./huey";

const EXCEPTION_OPTIONS = new Set(["throws", "autoretry_for", "dont_autoretry_for"]);
/** a Celery app's name, as detectors/python/celery.ts reads an imported one */
const APP_NAME = /^(app|celery|celery_?app|capp|worker|.*_app)$/i;
/** decorators that are never a project's wrapper (a pre-filter: the link step resolves the rest) */
const NOT_WRAPPER_ROOTS = new Set([
  "property", "staticmethod", "classmethod", "functools", "typing", "abc", "contextlib", "dataclasses", "asyncio", "unittest",
  "pytest", "django", "rest_framework", "flask", "fastapi", "starlette", "click", "typer", "pydantic", "sqlalchemy",
  "tenacity", "backoff", "stamina", "dramatiq", "celery", "rq", "huey", "prefect", "airflow", "ray", "arq", "temporalio",
]);

export function detectQueueWrappers(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const wrappers: QueueWrapperFact[] = [];
  if (/dramatiq|celery|shared_task|huey|\.task\b/.test(root.text)) {
    for (const child of root.namedChildren) {
      if (!child) continue;
      const def = child.type === "decorated_definition" ? child.childForFieldName("definition") : child;
      if (def?.type === "function_definition") {
        const w = wrapperOfDef(ctx, def);
        if (w) wrappers.push(w);
      } else if (child.type === "expression_statement") {
        const a = child.namedChildren[0] ?? null;
        const w = partialWrapper(ctx, a) ?? boundWrapper(ctx, a);
        if (w) wrappers.push(w);
      }
    }
  }
  const local = new Set(wrappers.map((w) => w.name));
  const pending: PendingQueueDecoratorFact[] = [];
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0] ?? null;
    const call = expr?.type === "call" ? expr : null;
    const head = call ? call.childForFieldName("function") : expr;
    if (!head || (head.type !== "identifier" && head.type !== "attribute")) continue;
    const first = head.text.split(".")[0]!;
    const imported = ctx.facts.imports.find((i) => i.local === first);
    if (!local.has(head.text) && !imported) continue;
    if (imported && NOT_WRAPPER_ROOTS.has(imported.module.split(".")[0]!)) continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    const options: Record<string, QueueOptionFact> = {};
    const positional: QueueOptionFact[] = [];
    if (call) {
      const parts = callParts(call);
      for (const [k, v] of parts.keywords) options[k] = option(ctx, v, null, k);
      for (const p of parts.positional) positional.push(option(ctx, p, null, ""));
    }
    pending.push({
      functionId: ctx.functionId(def),
      label: def.childForFieldName("name")?.text ?? "task",
      head: local.has(head.text) ? head.text : (ctx.qualifiedName(head) ?? head.text),
      written: `@${head.text}${call ? "(…)" : ""}`,
      called: call !== null,
      options,
      positional,
      anchor: nodeSpan(dec),
    });
  }
  if (wrappers.length || pending.length) ctx.facts.queueWrappers = { wrappers, pending };
}

function option(ctx: PyContext, n: SyntaxNode, scope: SyntaxNode | null, key: string): QueueOptionFact {
  const s: QueueOptionFact = { text: n.text.slice(0, 200), number: ctx.number(n, scope), span: nodeSpan(n) };
  if (EXCEPTION_OPTIONS.has(key)) s.exceptions = exceptionNames(ctx, n);
  return s;
}

/**
 * The queue library whose task decorator a callee is: `dramatiq.actor`, a Celery `app.task` /
 * `shared_task`, a Huey `huey.task` / `periodic_task` / `context_task` (detectors/python/huey.ts).
 */
function libraryOf(ctx: PyContext, fn: SyntaxNode | null): "dramatiq" | "celery" | "huey" | null {
  if (!fn) return null;
  if (hueyTaskFactory(ctx, fn)) return "huey";
  const q = ctx.qualifiedName(fn) ?? fn.text;
  if (q === "dramatiq.actor" || q === "dramatiq.actor.actor") return "dramatiq";
  if (q === "celery.shared_task" || q === "celery.task" || q === "celery.decorators.task") return "celery";
  if (fn.type === "attribute" && fn.childForFieldName("attribute")?.text === "task") {
    const obj = fn.childForFieldName("object");
    if (obj?.type !== "identifier") return null;
    if (q.startsWith("celery.")) return "celery";
    if (ctx.facts.imports.some((i) => i.local === obj.text && i.member !== null && APP_NAME.test(i.local))) return "celery";
    // `app = Celery(…)` in this file
    for (const a of descendants(ctx.tree.rootNode, "assignment", { skipNestedDefs: true })) {
      const right = a.childForFieldName("right");
      if (a.childForFieldName("left")?.text === obj.text && right?.type === "call" && /^celery(\.app)?\.Celery$/.test(ctx.qualifiedName(right.childForFieldName("function")) ?? "")) return "celery";
    }
  }
  return null;
}

interface Param {
  name: string;
  index: number;
  default: SyntaxNode | null;
}

function paramsOf(def: SyntaxNode): { params: Param[]; kwargs: string | null } {
  const out: Param[] = [];
  let kwargs: string | null = null;
  let index = 0;
  for (const p of def.childForFieldName("parameters")?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === "dictionary_splat_pattern") {
      kwargs = p.namedChildren[0]?.text ?? null;
      continue;
    }
    if (p.type === "list_splat_pattern" || p.type === "keyword_separator" || p.type === "positional_separator") continue;
    const name = p.type === "identifier" ? p : p.type === "typed_parameter" ? p.namedChildren[0] : p.childForFieldName("name");
    if (!name || name.type !== "identifier") continue;
    out.push({ name: name.text, index: index++, default: p.type === "default_parameter" || p.type === "typed_default_parameter" ? p.childForFieldName("value") : null });
  }
  return { params: out, kwargs };
}

/** `def w(**kwargs): …; return dramatiq.actor(**kwargs)`: its options. */
function wrapperOfDef(ctx: PyContext, def: SyntaxNode): QueueWrapperFact | null {
  const body = def.childForFieldName("body");
  const name = def.childForFieldName("name")?.text;
  if (!body || !name) return null;
  let call: SyntaxNode | null = null;
  let library: "dramatiq" | "celery" | "huey" | null = null;
  for (const r of descendants(body, "return_statement", { skipNestedDefs: true })) {
    const v = r.namedChildren[0];
    if (v?.type !== "call") continue;
    const lib = libraryOf(ctx, v.childForFieldName("function"));
    if (lib) {
      call = v;
      library = lib;
      break;
    }
  }
  if (!call || !library) return null;
  const { params, kwargs } = paramsOf(def);
  const w: QueueWrapperFact = { name, library, written: `@${call.childForFieldName("function")!.text}`, defaults: {}, fixed: {}, forwardsKeywords: false, params: [], span: nodeSpan(def) };
  /** names in the body holding the options dict: `kwargs`, or `opts = {…, **kwargs}` */
  const dicts = new Set<string>();
  const readDict = (d: SyntaxNode) => {
    let afterSplat = false;
    for (const e of d.namedChildren) {
      if (!e) continue;
      if (e.type === "dictionary_splat") {
        if (e.namedChildren[0]?.text === kwargs) {
          w.forwardsKeywords = true;
          afterSplat = true;
        }
        continue;
      }
      if (e.type !== "pair") continue;
      const k = e.childForFieldName("key");
      const v = e.childForFieldName("value");
      const key = k?.type === "string" ? k.text.replace(/^[rbuRBU]*['"]|['"]$/g, "") : null;
      if (!key || !v) continue;
      (afterSplat || !kwargs ? w.fixed : w.defaults)[key] = option(ctx, v, def, key);
    }
  };
  if (kwargs) dicts.add(kwargs);
  for (const a of descendants(body, "assignment", { skipNestedDefs: true })) {
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type === "identifier" && right?.type === "dictionary") {
      dicts.add(left.text);
      readDict(right);
    } else if (left?.type === "subscript" && right && dicts.has(left.childForFieldName("value")?.text ?? "")) {
      // kwargs["max_retries"] = 3
      const k = left.childForFieldName("subscript");
      if (k?.type === "string") {
        const key = k.text.replace(/^[rbuRBU]*['"]|['"]$/g, "");
        w.fixed[key] = option(ctx, right, def, key);
      }
    }
  }
  for (const c of descendants(body, "call", { skipNestedDefs: true })) {
    const fn = c.childForFieldName("function");
    if (fn?.type !== "attribute" || !dicts.has(fn.childForFieldName("object")?.text ?? "")) continue;
    const method = fn.childForFieldName("attribute")?.text;
    const parts = callParts(c);
    if (method === "setdefault" && parts.positional.length === 2 && parts.positional[0]!.type === "string") {
      const key = parts.positional[0]!.text.replace(/^[rbuRBU]*['"]|['"]$/g, "");
      if (!(key in w.fixed) && !(key in w.defaults)) w.defaults[key] = option(ctx, parts.positional[1]!, def, key);
    } else if (method === "update") {
      for (const [k, v] of parts.keywords) w.fixed[k] = option(ctx, v, def, k);
      const d = parts.positional[0];
      if (d?.type === "dictionary") for (const e of d.namedChildren) {
        const k = e?.type === "pair" ? e.childForFieldName("key") : null;
        const v = e?.childForFieldName("value");
        if (k?.type === "string" && v) {
          const key = k.text.replace(/^[rbuRBU]*['"]|['"]$/g, "");
          w.fixed[key] = option(ctx, v, def, key);
        }
      }
    }
  }
  // the library call itself: `**kwargs` / `**opts` forwarded, keywords literal or from parameters
  for (const a of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!a) continue;
    if (a.type === "dictionary_splat") {
      const n = a.namedChildren[0]?.text ?? "";
      if (n === kwargs) w.forwardsKeywords = true;
      else if (a.namedChildren[0]?.type === "dictionary") readDict(a.namedChildren[0]!);
      continue;
    }
    if (a.type !== "keyword_argument") continue;
    const k = a.childForFieldName("name")?.text;
    const v = a.childForFieldName("value");
    if (!k || !v) continue;
    const p = v.type === "identifier" ? params.find((x) => x.name === v.text) : undefined;
    if (p) {
      w.params.push({ name: p.name, index: p.index, option: k });
      if (p.default) w.defaults[k] = option(ctx, p.default, def, k);
    } else w.fixed[k] = option(ctx, v, def, k);
  }
  return w;
}

/** `my_actor = functools.partial(dramatiq.actor, max_retries=3)` at module level. */
function partialWrapper(ctx: PyContext, a: SyntaxNode | null): QueueWrapperFact | null {
  if (a?.type !== "assignment") return null;
  const left = a.childForFieldName("left");
  const right = a.childForFieldName("right");
  if (left?.type !== "identifier" || right?.type !== "call") return null;
  if (ctx.qualifiedName(right.childForFieldName("function")) !== "functools.partial") return null;
  const parts = callParts(right);
  const lib = libraryOf(ctx, parts.positional[0] ?? null);
  if (!lib) return null;
  const w: QueueWrapperFact = { name: left.text, library: lib, written: `@${parts.positional[0]!.text}`, defaults: {}, fixed: {}, forwardsKeywords: true, params: [], span: nodeSpan(a) };
  for (const [k, v] of parts.keywords) w.defaults[k] = option(ctx, v, null, k);
  return w;
}

/**
 * Positional parameters of the libraries' decorator factories, in order (huey 2.5.3 api.py:
 * `task(self, retries=0, retry_delay=0, priority=None, context=False, name=None, expires=None,
 * **kwargs)`, `periodic_task(self, validate_datetime, retries=0, retry_delay=0, …)`,
 * `context_task(self, obj, as_argument=False, **kwargs)`; dramatiq's `actor(fn=None, *, …)` and
 * Celery's `app.task(*args, **opts)` take their options by keyword only).
 */
const POSITIONAL: Record<string, string[]> = {
  task: ["retries", "retry_delay", "priority", "context", "name", "expires"],
  periodic_task: ["validate_datetime", "retries", "retry_delay", "priority", "context", "name", "expires"],
  context_task: ["obj", "as_argument"],
  db_task: ["retries", "retry_delay", "priority", "context", "name", "expires"],
  db_periodic_task: ["validate_datetime", "retries", "retry_delay", "priority", "context", "name", "expires"],
};

/**
 * `retriable_task = huey.context_task(db.SessionHandler(), as_argument=True, retries=6 * 4)` (or
 * `huey.task(retries=3)`, `dramatiq.actor(max_retries=3)`, `app.task(autoretry_for=…)`) at module
 * level: the name holds the library's decorator, options as written; other modules use it bare,
 * `@huey.retriable_task`. A call that is handed the function itself (`dramatiq.actor(fn)`) is a
 * task, not a decorator.
 */
function boundWrapper(ctx: PyContext, a: SyntaxNode | null): QueueWrapperFact | null {
  if (a?.type !== "assignment") return null;
  const left = a.childForFieldName("left");
  const right = a.childForFieldName("right");
  if (left?.type !== "identifier" || right?.type !== "call") return null;
  const fn = right.childForFieldName("function");
  const lib = libraryOf(ctx, fn);
  if (!lib) return null;
  const parts = callParts(right);
  const names = lib === "huey" ? (POSITIONAL[hueyTaskFactory(ctx, fn) ?? ""] ?? []) : [];
  if (parts.positional.length > names.length) return null;
  const w: QueueWrapperFact = { name: left.text, library: lib, bound: true, written: `@${fn!.text}`, defaults: {}, fixed: {}, forwardsKeywords: false, params: [], span: nodeSpan(a) };
  parts.positional.forEach((p, i) => (w.fixed[names[i]!] = option(ctx, p, null, names[i]!)));
  for (const [k, v] of parts.keywords) w.fixed[k] = option(ctx, v, null, k);
  return w;
}
