/**
 * Job-queue decorator wrappers a file records for the linker (detectors/python/queueWrappers.ts →
 * engine/queues/queueWrappers.ts): a project's own decorator factory whose body returns the
 * library's decorator (`def dramatiq_actor(**kwargs): kwargs.setdefault("max_retries", 3); return
 * dramatiq.actor(**kwargs)`), and the decorators of the file that may be one (`@dramatiq_actor()`),
 * so the task's options are only known at link time, once the decorator is followed through the
 * imports to the wrapper. A wrapper may also be the library's decorator itself bound to a name
 * (`retriable_task = huey.context_task(obj, retries=6 * 4)`, used bare as `@retriable_task`).
 */
import type { SourceSpan } from "./facts";
import type { CelerySettingFact } from "./celeryFacts";

/** One option as written (its text, its number through the wrapper file's constants). */
export type QueueOptionFact = CelerySettingFact;

/**
 * A task declared through a project's wrapper or factory, as plain data for the library's layer
 * builder (Dramatiq `dramatiqActorLayer`, Huey `hueyTaskLayer`): where it is, how it was written,
 * and the options it ends up with, each with where it was set.
 */
export interface QueueTaskInput {
  localId: string;
  functionId: string;
  anchor: SourceSpan;
  label: string;
  /** the decorator as written (`@dramatiq_actor(…)`, `@huey.retriable_task`) */
  written: string;
  /** the options the task ends up with, each with where it was written (`"dramatiq_actor() default"`) */
  options: Map<string, { option: QueueOptionFact; where: string }>;
  raisesOnStatus: boolean;
}

export interface QueueWrapperFact {
  /** the name the wrapper is bound to at module level (`dramatiq_actor`, `my_task`) */
  name: string;
  library: "dramatiq" | "celery" | "huey";
  /**
   * the name holds the decorator itself (`retriable_task = huey.task(retries=3)`,
   * `my_actor = dramatiq.actor(max_retries=3)`): used bare (`@retriable_task`), its options are all `fixed`
   */
  bound?: boolean;
  /** `@dramatiq.actor` / `@app.task` as the wrapper writes it */
  written: string;
  /**
   * options the wrapper gives unless its caller does (`kwargs.setdefault(k, v)`, a dict literal
   * `{k: v, **kwargs}`, a keyword of `functools.partial(dramatiq.actor, k=v)`, a parameter
   * default forwarded as `k=k`)
   */
  defaults: Record<string, QueueOptionFact>;
  /** options the wrapper sets whatever its caller gives (`kwargs["k"] = v`, `{**kwargs, k: v}`, a literal keyword) */
  fixed: Record<string, QueueOptionFact>;
  /** the caller's keywords reach the library's decorator (`**kwargs` forwarded, a partial) */
  forwardsKeywords: boolean;
  /** forwarded parameters: the caller's keyword (or its position) → the library option */
  params: Array<{ name: string; index: number; option: string }>;
  span: SourceSpan;
}

/** A decorator whose head is a name the file defines or imports: perhaps a wrapper of another module. */
export interface PendingQueueDecoratorFact {
  functionId: string;
  /** the function's name (the task's default name) */
  label: string;
  /** the head qualified through the file's imports (`src.core.dramatiq_actors.dramatiq_actor`, or a local name) */
  head: string;
  /** `@dramatiq_actor()` as written (the head and whether it is called) */
  written: string;
  /** the decorator is a call (`@dramatiq_actor(…)`), not a bare name (`@retriable_task`) */
  called?: boolean;
  /** the decorator's own keyword options (and positional ones, by index) */
  options: Record<string, QueueOptionFact>;
  positional: QueueOptionFact[];
  anchor: SourceSpan;
}

export interface QueueWrapperFacts {
  wrappers: QueueWrapperFact[];
  pending: PendingQueueDecoratorFact[];
}
