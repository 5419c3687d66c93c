/**
 * Celery queue hops (docs/reference/celery.md): a call that sends a task — `task.delay(…)`,
 * `task.apply_async(…)`, `task.s(…)`/`si`/`signature` (the signature is sent by a chain, group or
 * chord, or by `.delay()` on it), `app.send_task("name", …)`, `signature("name", …)` — is a
 * request from the calling service to the worker that runs the task, and the path goes on there
 * through that task only (the task function is the worker's `TASK /<name>` entry, set by
 * detectors/python/celery.ts). The task's own retry layer wraps everything its body calls.
 *
 * The worker: a workload whose command runs `celery … worker` (compose `command`, k8s
 * `command`/`args`), the one whose `-A`/`--app` names the task's top-level package or whose
 * build context holds the task's file first; with no such workload, the service that owns the
 * task's file. When the worker is the calling service itself, the task's reach is followed
 * inline (no hop of its own: a service calling itself is no path segment).
 */
import type { CallFact, FileFacts, FunctionFact, RequestFact, WorkloadFact } from "../model/facts";
import type { Resolver } from "./resolve";
import { serviceForHost, type ServiceIndex } from "./services";

/** Task methods that send a message (apply() runs in-process, retry() is the task's own). */
const SENDING = new Set(["delay", "apply_async", "s", "si", "signature", "subtask"]);

interface Task {
  file: FileFacts;
  fn: FunctionFact;
  name: string;
}

interface Worker {
  service: string;
  /** `-A proj` → "proj" (module path without `:attr`), null when not given */
  app: string | null;
  codeDir: string | null;
}

export class CeleryTasks {
  private readonly byName = new Map<string, Task>();
  private readonly workers: Worker[] = [];

  constructor(
    files: FileFacts[],
    private readonly index: ServiceIndex,
    private readonly resolver: Resolver,
  ) {
    for (const f of files) {
      if (f.language !== "python") continue;
      for (const fn of f.functions) if (fn.handler?.method === "TASK" && fn.handler.route) this.byName.set(fn.handler.route.slice(1), { file: f, fn, name: fn.handler.route.slice(1) });
    }
    if (this.byName.size === 0) return;
    for (const f of files) for (const w of f.workloads) for (const command of w.commands ?? []) {
      const worker = workerOf(w, command);
      if (worker) this.workers.push({ ...worker, service: serviceForHost(index, w.name) });
    }
  }

  get active(): boolean {
    return this.byName.size > 0;
  }

  /** The task a call sends, if it sends one. */
  taskSent(file: FileFacts, scopeId: string, call: CallFact): Task | null {
    if (!this.byName.size || file.language !== "python") return null;
    const dot = call.callee.lastIndexOf(".");
    const member = dot >= 0 ? call.callee.slice(dot + 1) : call.callee;
    const receiver = dot >= 0 ? call.callee.slice(0, dot) : null;
    // by name: app.send_task("proj.tasks.add", …), signature("proj.tasks.add", …)
    if (member === "send_task" || member === "signature" || member === "subtask") {
      const first = call.args.find((a) => a.keyword === null || a.keyword === "name");
      const name = first?.value?.kind === "string" ? first.value.value : null;
      const byName = name ? this.byName.get(name) : undefined;
      if (byName) return byName;
      if (member === "send_task") return null;
    }
    if (!receiver || !SENDING.has(member)) return null;
    const target = this.resolver.resolve(file, scopeId, receiver);
    if (target?.kind !== "function" || target.fn.handler?.method !== "TASK" || !target.fn.handler.route) return null;
    return this.byName.get(target.fn.handler.route.slice(1)) ?? { file: target.file, fn: target.fn, name: target.fn.handler.route.slice(1) };
  }

  /** The worker services that run a task's file (null: the file's own service). */
  workerServices(file: FileFacts): string[] | null {
    if (!this.workers.length) return null;
    const module = file.module ?? "";
    const byApp = this.workers.filter((w) => w.app !== null && (module === w.app || module.startsWith(`${w.app.split(".")[0]}.`) || module === w.app.split(".")[0]));
    const byDir = this.workers.filter((w) => w.codeDir !== null && (w.codeDir === "" || file.path.startsWith(`${w.codeDir}/`)));
    const chosen = byApp.length ? byApp : byDir.length ? byDir : this.workers;
    return [...new Set(chosen.map((w) => w.service))];
  }

  /** A task function runs in its workers (an entry of theirs, not of the file's folder). */
  entryServices(file: FileFacts, fnId: string): string[] | null {
    const fn = file.functions.find((f) => f.id === fnId);
    if (fn?.handler?.method !== "TASK") return null;
    return this.workerServices(file);
  }

  /** The request a sending call stands for: `TASK celery://<worker>/<task name>`. */
  request(task: Task, worker: string): RequestFact {
    return {
      method: "TASK",
      url: { kind: "string", value: `celery://${worker}/${task.name}` },
      protocol: "queue",
      idempotencyKey: null,
      timeoutSeconds: null,
      library: "celery",
    };
  }

  serviceOf(file: FileFacts): string | null {
    return this.index.fileService.get(file.path) ?? null;
  }
}

/** `celery -A proj worker -l info`, `python -m celery --app=proj.celery:app worker`; beat and flower are no workers. */
function workerOf(w: WorkloadFact, command: string): Omit<Worker, "service"> | null {
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
