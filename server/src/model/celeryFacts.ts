/**
 * Celery facts one file records for the linker (detectors/python/celery.ts →
 * engine/queues/celeryBases.ts): the Task classes a task of another file may name as `base=`,
 * and the tasks whose `base=` is imported, so their retry settings are only known at link time.
 */
import type { SourceSpan } from "./facts";

/** A task setting as written (`max_retries = 5`, `autoretry_for=(IOError,)`), read in its own file. */
export interface CelerySettingFact {
  /** the expression's text */
  text: string;
  /** its number, through the file's constants; null when not a number known statically */
  number: number | null;
  /** `autoretry_for`: the exception types, qualified through the file's imports */
  exceptions?: string[];
  /** a dictionary (`retry_kwargs={"max_retries": 5}`): its entries */
  entries?: Record<string, CelerySettingFact>;
  span: SourceSpan;
  /** an option unpacked from a dict (`**RETRY_OPTIONS`), and the setting whose default that dict is */
  from?: string;
}

/** A class that may be a Celery Task (subclass): its bases and the task attributes its body sets. */
export interface CeleryClassFact {
  name: string;
  /** bases as the file qualifies them (`celery.Task`, `app.task.Task`, a class of the file: its name) */
  bases: string[];
  /** class attributes of Celery task options (autoretry_for, max_retries, retry_backoff, …) */
  settings: Record<string, CelerySettingFact>;
  span: SourceSpan;
}

/** A `self.retry(…)` / `<task>.retry(…)` in a task body. */
export interface CeleryRetryCallFact {
  /** the callee as written (`self.retry`) */
  callee: string;
  maxRetries: CelerySettingFact | null;
  countdown: CelerySettingFact | null;
  /** the exception types of the `except` around it; null when it is in no except clause */
  handled: string[] | null;
}

/** A decorator task whose `base=` names a class of another module. */
export interface CeleryPendingTaskFact {
  functionId: string;
  /** `base=` qualified through the file's imports (`app.whisper.task.WhisperTask`); null when only `splats` wait for the linker */
  base: string | null;
  /** `**NAME` arguments naming an imported dict: its entries are options too (resolved at link time) */
  splats?: Array<{ name: string; span: SourceSpan }>;
  /** the task's registered name */
  name: string;
  label: string;
  /** `@app.task` as written */
  written: string;
  /** the decorator (the anchor when the decorator itself turns autoretry on) */
  anchor: SourceSpan;
  /** the decorator's options with the file's task_annotations applied: both win over the base class's attributes */
  settings: Record<string, CelerySettingFact>;
  retryCalls: CeleryRetryCallFact[];
  raisesOnStatus: boolean;
}

export interface CeleryFacts {
  classes: CeleryClassFact[];
  pendingTasks: CeleryPendingTaskFact[];
}
