/**
 * BullMQ and Bull sends (docs/reference/bullmq.md): `queue.add(name, data, opts)`,
 * `queue.addBulk([...])` (Bull: `queue.add([name,] data, opts)`) on a `new Queue("emails", …)` —
 * of this file or imported (a ClientFact of library "bullmq"/"bull" whose baseUrl is the queue
 * name). The task: the processor of that queue (`new Worker("emails", processor)`, Bull
 * `queue.process(processor)`), marked `TASK /<queue name>`. The send's layers: the `attempts` its
 * own options give, else those of a job-options constant they spread or name (QueueSendFact.optionRefs,
 * resolved through imports: `{ ...GATHER_JOB_OPTIONS, jobId }`), else the queue's `defaultJobOptions`
 * (BullMQ and Bull merge them key by key) — for a NestJS `@InjectQueue(name)` queue, those of the
 * queue registered under that name (`BullModule.registerQueue`, in whichever file its options are written).
 *
 * A call that hands job-shaped objects (`{ name, data, opts }`) to a function of the workspace whose
 * body sends its parameter through a queue (`addJobs(jobs) { return this.queue.addBulk(jobs); }`,
 * QueueSendFact.viaWrapper / optionsFromParam) is the send: the options written at that call apply.
 */
import type { FileFacts, QueueSendFact } from "../../model/facts";
import type { JobQueueAdapter, QueueTask, SendContext, SentTask } from "../jobQueues";
import { layerKey } from "../keys";
import type { Resolver } from "../resolve";

type Lib = "bullmq" | "bull";

/** The layers of the last job-options constant among `refs` that sets attempts. */
function refLayers(refs: string[] | undefined, file: FileFacts, scopeId: string, resolver: Resolver, library: Lib): string[] {
  for (const ref of [...(refs ?? [])].reverse()) {
    const c = resolver.clientOf(resolver.resolve(file, scopeId, ref));
    if (c && c.client.library === library && c.client.baseUrl === null && c.layers.length) return c.layers;
  }
  return [];
}

/**
 * The queue a send goes to (its name) and that queue's default layers: those of the queue the receiver is,
 * else (an injected queue, `@InjectQueue("mail") queue` in NestJS) those of the queue registered under that name.
 */
function queueOf(send: QueueSendFact, file: FileFacts, scopeId: string, ctx: Pick<SendContext, "resolver" | "registeredQueue">, library: Lib): { name: string; defaults: string[] } | null {
  const { resolver } = ctx;
  const dot = send.callee.lastIndexOf(".");
  const receiver = dot >= 0 ? send.callee.slice(0, dot) : null;
  const client = receiver ? resolver.clientOf(resolver.resolve(file, scopeId, receiver)) : null;
  const ofLibrary = client?.client.library === library;
  const name = send.taskName ?? (ofLibrary && client.client.baseUrl?.kind === "string" ? client.client.baseUrl.value : null);
  if (!name) return null;
  const own = ofLibrary ? client.layers : [];
  return { name, defaults: own.length ? own : (ctx.registeredQueue(name).find((r) => r.layers.length)?.layers ?? []) };
}

/**
 * Bull routes a job by its name: of the queue's processors (`@Process({ name })` methods of one
 * `@Processor` class, `queue.process(name, fn)`), the one taking the send's job name. Without a
 * known name (or no processor of that name in the task's file), the queue's task as found.
 */
function processorFor(task: QueueTask, queue: string, jobName: string | undefined, library: Lib): QueueTask {
  if (!jobName || task.fn.handler?.job === jobName) return task;
  const fn = task.file.functions.find((f) => f.handler?.method === "TASK" && f.handler.route === `/${queue}` && f.handler.library === library && f.handler.job === jobName);
  return fn ? { ...task, fn } : task;
}

function queueSend(library: Lib) {
  return (ctx: SendContext): SentTask | null => {
    const { file, scopeId, call, resolver, taskNamed, sends } = ctx;
    const send = sends[0];
    if (!send) return null;
    const own = send.layerIds.map((id) => layerKey(file, id));
    const given = own.length ? own : refLayers(send.optionRefs, file, scopeId, resolver, library);
    if (send.viaWrapper) {
      // the function called sends what it is handed: find its send of a parameter
      const target = resolver.resolve(file, scopeId, call.callee);
      if (target?.kind !== "function") return null;
      const fnId = target.fn.id;
      const inner = (target.file.queueSends ?? []).find((q) => q.library === library && q.optionsFromParam && !q.viaWrapper && (q.scopeId === fnId || q.scopeId.startsWith(`${fnId}.`)));
      const queue = inner ? queueOf(inner, target.file, inner.scopeId, ctx, library) : null;
      const task = queue ? taskNamed(queue.name) : undefined;
      return task && queue ? { task: processorFor(task, queue.name, send.jobName, library), layers: given.length ? given : queue.defaults } : null;
    }
    const queue = queueOf(send, file, scopeId, ctx, library);
    const task = queue ? taskNamed(queue.name) : undefined;
    if (!task || !queue) return null;
    return { task: processorFor(task, queue.name, send.jobName, library), layers: given.length ? given : queue.defaults };
  };
}

export const bullmq: JobQueueAdapter = { library: "bullmq", languages: new Set(["typescript"]), taskSent: queueSend("bullmq") };
export const bull: JobQueueAdapter = { library: "bull", languages: new Set(["typescript"]), taskSent: queueSend("bull") };
