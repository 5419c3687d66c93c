/** Every job-queue library the linker follows sends of (engine/jobQueues.ts): one line each. */
import type { JobQueueAdapter } from "../jobQueues";
import { celery } from "./celery";
import { temporal } from "./temporal";
import { bull, bullmq } from "./bullmq";
import { agenda } from "./agenda";
import { dramatiq } from "./dramatiq";
import { rq } from "./rq";
import { huey } from "./huey";
import { arq } from "./arq";
import { prefect } from "./prefect";
import { airflow } from "./airflow";
import { ray } from "./ray";

export const QUEUE_ADAPTERS: readonly JobQueueAdapter[] = [celery, temporal, bullmq, bull, agenda,
  dramatiq, rq, huey, arq, prefect, airflow, ray];
