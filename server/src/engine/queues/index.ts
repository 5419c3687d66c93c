/** Every job-queue library the linker follows sends of (engine/jobQueues.ts): one line each. */
import type { JobQueueAdapter } from "../jobQueues";
import { celery } from "./celery";

export const QUEUE_ADAPTERS: readonly JobQueueAdapter[] = [celery];
