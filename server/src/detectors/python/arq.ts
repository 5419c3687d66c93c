/**
 * arq jobs — docs/reference/job-queues-python.md#arq (arq 0.26.1 source, `arq/worker.py`).
 *
 * - Jobs: the coroutines a worker settings class lists (`class WorkerSettings: functions = [download,
 *   func(upload, max_tries=3, name="up")]`, `cron_jobs`) and any function of the file that raises
 *   arq's `Retry`. Each is its worker's entry (`TASK /<name>`: `name=` or the function's name);
 *   `await redis.enqueue_job("download", …)` is a queue hop into it (engine/queues/arq.ts).
 * - arq re-runs a job only when it raises `Retry(defer=…)` (or is cancelled by a worker shutdown):
 *   any other exception fails the job at once. So a layer exists only where the job raises `Retry`.
 * - `max_tries` counts TRIES (total executions): `func(…, max_tries=N)`, else the settings class's
 *   `max_tries` (same file), else the worker default 5. Wait: `Retry(defer=…)` as written (no
 *   jitter); none without it.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callParts, descendants, elements } from "../../parsing/python";
import type { PyContext } from "./context";
import { customCondition } from "./exceptions";
import { markTask, pushQueueLayer, raises, secondsText, stringText, type TaskCount } from "./queueTasks";
import type { WaitSpec } from "../../model/facts";

/** arq/worker.py (0.26.1): `Worker.__init__(…, max_tries: int = 5, …)` */
export const ARQ_DEFAULT_MAX_TRIES = 5;
const VERSION = "arq 0.2x";
const RETRY = new Set(["arq.Retry", "arq.worker.Retry"]);

export function detectArq(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  if (!/\barq\b/.test(root.text)) return;
  const defs = new Map<string, SyntaxNode>();
  for (const stmt of root.namedChildren) {
    const def = stmt?.type === "decorated_definition" ? stmt.childForFieldName("definition") : stmt;
    if (def?.type === "function_definition") defs.set(def.childForFieldName("name")!.text, def);
  }
  // worker settings classes: functions = [...], max_tries = N
  const listed = new Map<string, { name: string; maxTries: SyntaxNode | null }>();
  let settingsTries: SyntaxNode | null = null;
  for (const c of descendants(root, "class_definition")) {
    const attrs = new Map<string, SyntaxNode>();
    for (const stmt of c.childForFieldName("body")?.namedChildren ?? []) {
      const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
      const left = a?.type === "assignment" ? a.childForFieldName("left") : null;
      const right = a?.childForFieldName("right");
      if (left?.type === "identifier" && right) attrs.set(left.text, right);
    }
    if (!attrs.has("functions") && !attrs.has("cron_jobs")) continue;
    settingsTries = attrs.get("max_tries") ?? settingsTries;
    for (const e of [...elements(attrs.get("functions")), ...elements(attrs.get("cron_jobs"))]) {
      if (e.type === "identifier") listed.set(e.text, { name: e.text, maxTries: null });
      else if (e.type === "call") {
        const q = ctx.qualifiedName(e.childForFieldName("function")) ?? "";
        if (q !== "arq.func" && q !== "arq.worker.func" && q !== "arq.cron" && q !== "arq.cron.cron") continue;
        const p = callParts(e);
        const target = p.positional[0];
        if (target?.type !== "identifier") continue;
        listed.set(target.text, { name: stringText(p.keywords.get("name")) ?? target.text, maxTries: p.keywords.get("max_tries") ?? null });
      }
    }
  }
  const tasks = new Map<string, { def: SyntaxNode; name: string; maxTries: SyntaxNode | null }>();
  for (const [fname, l] of listed) {
    const def = defs.get(fname);
    if (def) tasks.set(fname, { def, name: l.name, maxTries: l.maxTries });
  }
  for (const [fname, def] of defs) {
    if (tasks.has(fname)) continue;
    if (raises(ctx, def, (q) => RETRY.has(q)).length) tasks.set(fname, { def, name: fname, maxTries: null });
  }
  for (const [fname, t] of tasks) {
    const functionId = markTask(ctx, t.def, t.name, "arq");
    const retries = raises(ctx, t.def, (q) => RETRY.has(q));
    if (!retries.length) continue;
    const tries = t.maxTries ?? settingsTries;
    const count = triesCount(ctx, tries, t.def, t.maxTries ? "func(max_tries=" : "WorkerSettings.max_tries=");
    pushQueueLayer(ctx, {
      kind: "arq-job",
      library: "arq",
      anchor: retries[0]!,
      count,
      wait: deferWait(ctx, retries, t.def),
      condition: { ...customCondition(`raise Retry in ${fname}: re-run where the job decides (other exceptions fail it)`), afterSendMethods: "all" },
      functionId,
      label: fname,
    });
  }
}

function triesCount(ctx: PyContext, n: SyntaxNode | null, scope: SyntaxNode, written: string): TaskCount {
  if (!n) return { attempts: ARQ_DEFAULT_MAX_TRIES, note: `default max_tries ${ARQ_DEFAULT_MAX_TRIES} (counts tries) → ${ARQ_DEFAULT_MAX_TRIES} executions (${VERSION}; a WorkerSettings elsewhere may set it)`, source: "default" };
  const v = ctx.number(n, scope);
  if (v === null || !Number.isInteger(v)) return { attempts: null, note: `${written}${n.text.slice(0, 40)}${written.endsWith("(max_tries=") ? ")" : ""}: not known statically`, source: "config", unknown: true };
  return { attempts: Math.max(1, v), note: `${written}${v}${written.endsWith("(max_tries=") ? ")" : ""} (counts tries) → ${Math.max(1, v)} executions`, source: "config" };
}

function deferWait(ctx: PyContext, retries: SyntaxNode[], scope: SyntaxNode): WaitSpec {
  const defers = retries.map((r) => {
    const e = r.namedChildren[0];
    if (e?.type !== "call") return null;
    const p = callParts(e);
    return p.keywords.get("defer") ?? p.positional[0] ?? null;
  });
  const written = defers.find((d): d is SyntaxNode => d !== null);
  if (!written) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "Retry() without defer: re-queued at once" };
  const v = ctx.number(written, scope);
  const grows = /job_try|\*\*|\*/.test(written.text);
  if (v !== null) return { kind: v === 0 ? "none" : "fixed", jitter: false, initialSeconds: v, maxSeconds: v, source: "config", description: `Retry(defer=${secondsText(v)}), fixed, no jitter` };
  return { kind: grows ? (/\*\*/.test(written.text) ? "exponential" : "linear") : "custom", jitter: /random|uniform|jitter/.test(written.text) ? true : grows ? false : null, initialSeconds: null, maxSeconds: null, source: "config", description: `Retry(defer=${written.text.slice(0, 50)})` };
}
