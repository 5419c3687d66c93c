/**
 * BullMQ and Bull sends (docs/reference/bullmq.md): `queue.add(name, data, opts)`,
 * `queue.addBulk([...])` (Bull: `queue.add([name,] data, opts)`) on a `new Queue("emails", …)` —
 * of this file or imported (a ClientFact of library "bullmq"/"bull" whose baseUrl is the queue
 * name). The task: the processor of that queue (`new Worker("emails", processor)`, Bull
 * `queue.process(processor)`), marked `TASK /<queue name>`. The send's layers: the `attempts` its
 * own options give, else the queue's `defaultJobOptions` (BullMQ merges them key by key).
 */
import type { JobQueueAdapter, SendContext, SentTask } from "../jobQueues";
import { layerKey } from "../keys";

function queueSend(library: "bullmq" | "bull") {
  return ({ file, scopeId, receiver, resolver, taskNamed, sends }: SendContext): SentTask | null => {
    const send = sends[0];
    if (!send || !receiver) return null;
    const client = resolver.clientOf(resolver.resolve(file, scopeId, receiver));
    const queueName = send.taskName ?? (client?.client.library === library && client.client.baseUrl?.kind === "string" ? client.client.baseUrl.value : null);
    if (!queueName) return null;
    const task = taskNamed(queueName);
    if (!task) return null;
    const own = send.layerIds.map((id) => layerKey(file, id));
    const defaults = client?.client.library === library ? client.layers : [];
    return { task, layers: own.length ? own : defaults };
  };
}

export const bullmq: JobQueueAdapter = { library: "bullmq", languages: new Set(["typescript"]), taskSent: queueSend("bullmq") };
export const bull: JobQueueAdapter = { library: "bull", languages: new Set(["typescript"]), taskSent: queueSend("bull") };
