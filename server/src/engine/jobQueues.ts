/**
 * Job-queue hops (docs/reference/celery.md and the other queue pages): a call that sends a task
 * or job — Celery's `task.delay(…)`, … — is a request from the calling service to the worker that
 * runs it, and the path goes on there through that task only. A task function is its worker's
 * entry: FunctionFact.handler `TASK /<task name>` (with `handler.library` naming the queue),
 * set by the library's detector. The task's own retry layer wraps everything its body calls;
 * a send may add layers of its own (a retry policy given at the call site).
 *
 * One analysis for every queue library: each library is an adapter (engine/queues/) that says
 * which calls send which task and which workload commands start its workers. The worker of a
 * task: a workload whose command starts the library's worker, the one whose app names the task's
 * top-level package or whose build context holds the task's file first; with no such workload,
 * the service that owns the task's file. When the worker is the calling service itself, the
 * task's reach is followed inline (a service calling itself is no path segment).
 */
import { REGISTERED_QUEUE, type CallFact, type FileFacts, type FunctionFact, type Language, type QueueSendFact, type RequestFact, type WorkloadFact } from "../model/facts";
import type { ResolvedClient, Resolver } from "./resolve";
import { layerKey } from "./keys";
import { serviceForHost, type ServiceIndex } from "./services";
import { QUEUE_ADAPTERS } from "./queues";

export interface QueueTask {
  file: FileFacts;
  fn: FunctionFact;
  /** the task's name (its route without the leading "/") */
  name: string;
  /** the queue library whose worker runs it ("celery", …) */
  library: string;
}

/** What a workload command that starts a worker says about it. */
export interface WorkerSpec {
  /** `-A proj` → "proj" (module path without `:attr`), null when not given */
  app: string | null;
  codeDir: string | null;
}

/** A call that sends a task, with the layers the send itself adds (ids of RetryLayers). */
export interface SentTask {
  task: QueueTask;
  layers: string[];
}

export interface SendContext {
  file: FileFacts;
  scopeId: string;
  call: CallFact;
  /** the callee's last member (`delay` in `add.delay`), the whole callee when it has no dot */
  member: string;
  /** the callee without its last member, null when it has no dot */
  receiver: string | null;
  resolver: Resolver;
  /** this library's task of that name */
  taskNamed(name: string): QueueTask | undefined;
  /** the task a resolved function is, if it is one of this library's tasks */
  taskOf(file: FileFacts, fn: FunctionFact): QueueTask | null;
  /** this library's QueueSendFacts of the file that speak about this call (its line, or its callee's binding) */
  sends: QueueSendFact[];
  /**
   * the queues of this library registered under a name anywhere in the workspace (ClientFacts named
   * `${REGISTERED_QUEUE}<name>`: NestJS BullModule.registerQueue), those of the sending file's service first
   */
  registeredQueue(name: string): ResolvedClient[];
}

export interface JobQueueAdapter {
  readonly library: string;
  readonly languages: ReadonlySet<Language>;
  /** the worker a workload command starts, null when it starts none of this library's */
  workerOf?(w: WorkloadFact, command: string): WorkerSpec | null;
  /** the task a call sends, null when the call sends none */
  taskSent(ctx: SendContext): SentTask | null;
}

interface Worker extends WorkerSpec {
  service: string;
  library: string;
}

export class JobQueues {
  private readonly byName = new Map<string, QueueTask>();
  private readonly workers: Worker[] = [];
  private readonly adapters: JobQueueAdapter[];
  /** functions no detector marked as tasks that a send names (filled while sends are followed) */
  private readonly plainTasks = new Map<string, QueueTask>();
  /** `<library>:<queue name>` → the queues registered under that name (ClientFact REGISTERED_QUEUE names) */
  private readonly registered = new Map<string, ResolvedClient[]>();

  constructor(
    files: FileFacts[],
    private readonly index: ServiceIndex,
    private readonly resolver: Resolver,
    adapters: readonly JobQueueAdapter[] = QUEUE_ADAPTERS,
  ) {
    for (const f of files) {
      for (const fn of f.functions) {
        const h = fn.handler;
        if (h?.method !== "TASK" || !h.route) continue;
        const library = h.library ?? "celery";
        const name = h.route.slice(1);
        this.byName.set(`${library}:${name}`, { file: f, fn, name, library });
      }
    }
    for (const f of files) {
      for (const c of f.clients) {
        if (!c.name.startsWith(REGISTERED_QUEUE)) continue;
        const key = `${c.library}:${c.name.slice(REGISTERED_QUEUE.length)}`;
        const list = this.registered.get(key) ?? [];
        list.push({ file: f, client: c, layers: c.layerIds.map((id) => layerKey(f, id)) });
        this.registered.set(key, list);
      }
    }
    const libraries = new Set([...this.byName.values()].map((t) => t.library));
    // a library whose detectors recorded sends (FileFacts.queueSends) even where no task function is marked
    for (const f of files) for (const q of f.queueSends ?? []) libraries.add(q.library);
    this.adapters = adapters.filter((a) => libraries.has(a.library));
    if (this.adapters.length === 0) return;
    for (const f of files) for (const w of f.workloads) for (const command of w.commands ?? []) {
      for (const a of this.adapters) {
        const spec = a.workerOf?.(w, command);
        if (spec) this.workers.push({ ...spec, library: a.library, service: serviceForHost(this.index, w.name) });
      }
    }
  }

  get active(): boolean {
    return this.adapters.length > 0;
  }

  /** The task a call sends, if it sends one, and the layers of the send. */
  taskSent(file: FileFacts, scopeId: string, call: CallFact): SentTask | null {
    const dot = call.callee.lastIndexOf(".");
    const member = dot >= 0 ? call.callee.slice(dot + 1) : call.callee;
    const receiver = dot >= 0 ? call.callee.slice(0, dot) : null;
    for (const a of this.adapters) {
      if (!a.languages.has(file.language)) continue;
      const sent = a.taskSent({
        file,
        scopeId,
        call,
        member,
        receiver,
        resolver: this.resolver,
        taskNamed: (name) => this.byName.get(`${a.library}:${name}`),
        taskOf: (tf, fn) => {
          const h = fn.handler;
          if (h?.method !== "TASK" || !h.route || (h.library ?? "celery") !== a.library) return null;
          return this.byName.get(`${a.library}:${h.route.slice(1)}`) ?? { file: tf, fn, name: h.route.slice(1), library: a.library };
        },
        registeredQueue: (name) => {
          const all = this.registered.get(`${a.library}:${name}`) ?? [];
          const service = this.serviceOf(file);
          return [...all.filter((r) => this.serviceOf(r.file) === service), ...all.filter((r) => this.serviceOf(r.file) !== service)];
        },
        sends: (file.queueSends ?? []).filter((q) => q.library === a.library && sameCallee(q, call, scopeId) && (q.line === null ? q.scopeId === "<module>" || scopeId === q.scopeId || scopeId.startsWith(`${q.scopeId}.`) : q.line === call.span.line)),
      });
      if (sent) {
        // a plain function sent as a job (RQ `enqueue(fn)`, an Airflow operator's callable): it runs in the workers too
        if (sent.task.fn.handler?.method !== "TASK") this.plainTasks.set(`${sent.task.file.path}::${sent.task.fn.id}`, sent.task);
        return sent;
      }
    }
    return null;
  }

  /** The worker services that run a task's file (null: the file's own service). */
  workerServices(file: FileFacts, library: string): string[] | null {
    const workers = this.workers.filter((w) => w.library === library);
    if (!workers.length) return null;
    const module = file.module ?? "";
    const byApp = workers.filter((w) => w.app !== null && (module === w.app || module.startsWith(`${w.app.split(".")[0]}.`) || module === w.app.split(".")[0]));
    const byDir = workers.filter((w) => w.codeDir !== null && (w.codeDir === "" || file.path.startsWith(`${w.codeDir}/`)));
    const chosen = byApp.length ? byApp : byDir.length ? byDir : workers;
    return [...new Set(chosen.map((w) => w.service))];
  }

  /** A task function runs in its workers (an entry of theirs, not of the file's folder). */
  entryServices(file: FileFacts, fnId: string): string[] | null {
    const fn = file.functions.find((f) => f.id === fnId);
    const plain = this.plainTasks.get(`${file.path}::${fnId}`);
    if (plain && fn?.handler?.method !== "TASK") return this.workerServices(file, plain.library);
    if (fn?.handler?.method !== "TASK") return null;
    return this.workerServices(file, fn.handler.library ?? "celery");
  }

  /** The services whose code sends from this file: its task's workers when it is a task module. */
  senderServices(file: FileFacts): string[] | null {
    const task = file.functions.find((fn) => fn.handler?.method === "TASK");
    return task ? this.workerServices(file, task.handler!.library ?? "celery") : null;
  }

  /** The request a sending call stands for: `TASK <library>://<worker>/<task name>`. */
  request(task: QueueTask, worker: string): RequestFact {
    return {
      method: "TASK",
      url: { kind: "string", value: `${task.library}://${worker}/${task.name}` },
      protocol: "queue",
      idempotencyKey: null,
      timeoutSeconds: null,
      library: task.library,
    };
  }

  serviceOf(file: FileFacts): string | null {
    return this.index.fileService.get(file.path) ?? null;
  }
}

/**
 * A send speaks about a call written the same way, or — on its line, in its function — the same
 * method under the receiver's declared type (Go: `h.temporal.ExecuteWorkflow` whose call the
 * linker names `client.Client.ExecuteWorkflow` through the field's type).
 */
function sameCallee(q: QueueSendFact, call: CallFact, scopeId: string): boolean {
  if (q.callee === call.callee) return true;
  if (q.line === null || q.line !== call.span.line || q.scopeId !== scopeId) return false;
  const member = (callee: string) => callee.slice(callee.lastIndexOf(".") + 1);
  return member(q.callee) === member(call.callee);
}
