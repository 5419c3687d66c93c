/**
 * Airflow task runs (docs/reference/job-queues-python.md#airflow): calling a TaskFlow `@task`
 * inside a DAG (`extract()`, `extract.override(task_id=…)()`, `.expand(…)`, `.partial(…)`) adds it
 * to the DAG; the scheduler's executor runs it on a worker. Workers: `airflow scheduler` (Local
 * and Sequential executors run tasks there), `airflow celery worker`, `airflow worker` (1.x),
 * `airflow standalone`, also as the bare command of the official image (`image: apache/airflow`,
 * `command: scheduler`, in a workload named or imaged like airflow: the official compose's
 * `airflow-scheduler`/`airflow-worker`). A `PythonOperator`'s callable is an entry of those workers.
 */
import type { JobQueueAdapter, QueueTask } from "../jobQueues";
import { layerKey } from "../keys";
import { directSend, methodSend, workerCommand } from "./pythonSends";

const ADDING = new Set(["expand", "partial", "expand_kwargs", "override"]);
const SUBCOMMANDS = [["scheduler"], ["celery", "worker"], ["worker"], ["standalone"]];

export const airflow: JobQueueAdapter = {
  library: "airflow",
  languages: new Set(["python"]),
  workerOf: (w, command) =>
    workerCommand(w, command, /(^|\/)airflow$/, SUBCOMMANDS, () => null) ??
    // the official image's entrypoint is airflow itself: `image: apache/airflow:2.9.3`, `command: scheduler`
    (([w.name, ...(w.images ?? [])]).some((i) => /airflow/i.test(i)) && SUBCOMMANDS.some((sub) => sub.every((word, i) => command.trim().split(/\s+/)[i] === word)) ? { app: null, codeDir: w.codeDir } : null),
  taskSent(ctx) {
    // `PythonOperator(python_callable=jobs.pull)` with a callable of another file (the detector's send)
    const send = ctx.sends[0];
    if (send?.taskRef) {
      const target = ctx.resolver.resolve(ctx.file, ctx.scopeId, send.taskRef);
      if (target?.kind !== "function") return null;
      const task: QueueTask = ctx.taskOf(target.file, target.fn) ?? { file: target.file, fn: target.fn, name: `${target.file.module ?? ""}.${target.fn.id}`, library: "airflow" };
      return { task, layers: send.layerIds.map((id) => layerKey(ctx.file, id)) };
    }
    const task = directSend(ctx) ?? methodSend(ctx, ADDING);
    return task ? { task, layers: [] } : null;
  },
};
