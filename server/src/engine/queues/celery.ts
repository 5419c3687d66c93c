/**
 * Celery sends (docs/reference/celery.md): `task.delay(…)`, `task.apply_async(…)`,
 * `task.s(…)`/`si`/`signature` (the signature is sent by a chain, group or chord, or by
 * `.delay()` on it), `app.send_task("name", …)`, `signature("name", …)`. Workers:
 * `celery -A proj worker -l info`, `python -m celery --app=proj.celery:app worker`; beat and
 * flower are no workers.
 */
import type { JobQueueAdapter, WorkerSpec } from "../jobQueues";
import type { WorkloadFact } from "../../model/facts";

/** Task methods that send a message (apply() runs in-process, retry() is the task's own). */
const SENDING = new Set(["delay", "apply_async", "s", "si", "signature", "subtask"]);

export const celery: JobQueueAdapter = {
  library: "celery",
  languages: new Set(["python"]),
  workerOf,
  taskSent({ file, scopeId, call, member, receiver, resolver, taskNamed, taskOf }) {
    // by name: app.send_task("proj.tasks.add", …), signature("proj.tasks.add", …)
    if (member === "send_task" || member === "signature" || member === "subtask") {
      const first = call.args.find((a) => a.keyword === null || a.keyword === "name");
      const name = first?.value?.kind === "string" ? first.value.value : null;
      const byName = name ? taskNamed(name) : undefined;
      if (byName) return { task: byName, layers: [] };
      if (member === "send_task") return null;
    }
    if (!receiver || !SENDING.has(member)) return null;
    const target = resolver.resolve(file, scopeId, receiver);
    if (target?.kind !== "function") return null;
    const task = taskOf(target.file, target.fn);
    return task ? { task, layers: [] } : null;
  },
};

function workerOf(w: WorkloadFact, command: string): WorkerSpec | null {
  const tokens = command.split(/\s+/).filter(Boolean);
  const at = tokens.findIndex((t) => /(^|\/)celery$/.test(t));
  if (at < 0) return null;
  const rest = tokens.slice(at + 1);
  if (!rest.includes("worker")) return null;
  let app: string | null = null;
  rest.forEach((t, i) => {
    if (t === "-A" || t === "--app") app = rest[i + 1] ?? null;
    else if (t.startsWith("--app=")) app = t.slice("--app=".length);
    else if (/^-A\S/.test(t)) app = t.slice(2);
  });
  const cleaned = app === null ? null : (app as string).replace(/:.*$/, "").replace(/["']/g, "");
  return { app: cleaned, codeDir: w.codeDir };
}
