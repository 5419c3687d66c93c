/**
 * arq sends (docs/reference/job-queues-python.md#arq): `await redis.enqueue_job("download", url,
 * _defer_by=…)` on an `ArqRedis` pool names the job by its registered name. Workers:
 * `arq app.worker.WorkerSettings` (the settings class's module is the app).
 */
import type { JobQueueAdapter } from "../jobQueues";
import { workerCommand } from "./pythonSends";

export const arq: JobQueueAdapter = {
  library: "arq",
  languages: new Set(["python"]),
  workerOf(w, command) {
    const spec = workerCommand(w, command, /(^|\/)arq$/, null);
    if (!spec) return null;
    // the settings class (`app.worker.WorkerSettings`), wherever it stands among the options (`--watch app`)
    const settings = command.split(/\s+/).find((t) => /^[A-Za-z_][\w.]*\.[A-Z]\w*$/.test(t));
    return { ...spec, app: settings ? settings.slice(0, settings.lastIndexOf(".")) : spec.app };
  },
  taskSent({ call, member, taskNamed }) {
    if (member !== "enqueue_job") return null;
    const first = call.args.find((a) => a.keyword === null || a.keyword === "function");
    const name = first?.value?.kind === "string" ? first.value.value : (first?.text ?? null);
    const task = name ? taskNamed(name) : undefined;
    return task ? { task, layers: [] } : null;
  },
};
