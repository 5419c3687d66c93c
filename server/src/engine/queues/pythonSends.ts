/**
 * What the Python job-queue adapters share (docs/reference/job-queues-python.md): a method called
 * on a task function (`actor.send(…)`, `task.submit(…)`, `f.remote(…)`) sends that task, and a
 * worker command names its module (`dramatiq app.tasks`, `huey_consumer main.huey`).
 */
import type { QueueTask, SendContext, WorkerSpec } from "../jobQueues";
import type { WorkloadFact } from "../../model/facts";

/** The task whose method `member` (one of `members`) the call invokes: `fetch.send(…)`. */
export function methodSend(ctx: SendContext, members: ReadonlySet<string>): QueueTask | null {
  const member = ctx.member.replace(/\(\)$/, "");
  if (!ctx.receiver || !members.has(member)) return null;
  // `f.options(num_cpus=2).remote(…)`, `t.with_options(…)`: the task under the options call
  const receiver = ctx.receiver.replace(/\.(options|with_options|override)\(\)$/, "");
  const target = ctx.resolver.resolve(ctx.file, ctx.scopeId, receiver);
  return target?.kind === "function" ? ctx.taskOf(target.file, target.fn) : null;
}

/** The task the call itself invokes: calling a Huey task enqueues it. */
export function directSend(ctx: SendContext): QueueTask | null {
  const target = ctx.resolver.resolve(ctx.file, ctx.scopeId, ctx.call.callee);
  return target?.kind === "function" ? ctx.taskOf(target.file, target.fn) : null;
}

/**
 * A worker command: the program (`program` matched against each token, with an optional path and
 * `.py`), then — when `sub` is given — one of those sub-commands; the first argument after that
 * which is no option is the app module (`app.tasks:broker` → `app.tasks`), cut by `appOf`.
 */
export function workerCommand(
  w: WorkloadFact,
  command: string,
  program: RegExp,
  sub: readonly string[][] | null,
  appOf: (arg: string) => string | null = (a) => a.replace(/:.*$/, ""),
): WorkerSpec | null {
  const tokens = command.split(/\s+/).map((t) => t.replace(/^["'[,]+|["',\]]+$/g, "")).filter(Boolean);
  const at = tokens.findIndex((t) => program.test(t));
  if (at < 0) return null;
  let rest = tokens.slice(at + 1);
  if (sub) {
    const match = sub.find((s) => s.every((word, i) => rest[i] === word));
    if (!match) return null;
    rest = rest.slice(match.length);
  }
  const arg = rest.find((t) => !t.startsWith("-") && /^[A-Za-z_][\w.:]*$/.test(t));
  return { app: arg ? appOf(arg) : null, codeDir: w.codeDir };
}
