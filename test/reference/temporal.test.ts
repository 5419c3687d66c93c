/**
 * docs/reference/temporal.md (sdk-python 1.31, sdk-typescript 1.22, sdk-go 1.48, sdk-java 1.38,
 * sdk-dotnet 1.18, server retry.go): each default and number trap of Temporal retry policies, run
 * through the real extractors and linker (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "temporal";

const rows: Row[] = [
  {
    id: ENTRY, name: "Python: an activity with no retry_policy → the default policy: UNLIMITED attempts, 1 s ×2 to 100 s, no jitter, no schedule-to-close bound", covers: ["default", "§5.2"],
    file: "worker/workflows.py", kind: "temporal-retry-policy",
    code: src`
      from datetime import timedelta
      from temporalio import workflow
      @workflow.defn
      class W:
          @workflow.run
          async def run(self) -> None:
              await workflow.execute_activity(act, start_to_close_timeout=timedelta(seconds=5))
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["exponential", false, 1, 100], methods: "all", budget: null, note: /default activity policy retries without a count bound/ },
  },
  {
    id: ENTRY, name: "Python: schedule_to_close_timeout is the only bound of the default", covers: ["trap"],
    file: "worker/workflows.py", kind: "temporal-retry-policy",
    code: src`
      from datetime import timedelta
      from temporalio import workflow
      async def run():
          await workflow.execute_activity(act, schedule_to_close_timeout=timedelta(minutes=10))
    `,
    expect: { maxAttempts: null, timeBound: /schedule_to_close_timeout 10 min bounds the retries/, wait: ["exponential", false], overallTimeoutSeconds: 600 },
  },
  {
    id: ENTRY, name: "Python: maximum_attempts=5 counts attempts → 5", covers: ["§5.1"],
    file: "worker/workflows.py", kind: "temporal-retry-policy",
    code: src`
      from temporalio import workflow
      from temporalio.common import RetryPolicy
      async def run():
          await workflow.execute_activity(act, retry_policy=RetryPolicy(maximum_attempts=5))
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", false, 1, 100], note: /maximum_attempts 5 → 5 attempts/ },
  },
  {
    id: ENTRY, name: "Python: maximum_attempts=0 is unlimited, not off", covers: ["trap", "§5.2"],
    file: "worker/workflows.py", kind: "temporal-retry-policy",
    code: src`
      from temporalio import workflow
      from temporalio.common import RetryPolicy
      async def run():
          await workflow.execute_activity(act, retry_policy=RetryPolicy(maximum_attempts=0))
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", false] },
  },
  {
    id: ENTRY, name: "Python: maximum_attempts=1 disables", covers: ["§5.1"],
    file: "worker/workflows.py", kind: "temporal-retry-policy",
    code: src`
      from temporalio import workflow
      from temporalio.common import RetryPolicy
      async def run():
          await workflow.execute_activity(act, retry_policy=RetryPolicy(maximum_attempts=1))
    `,
    expect: { maxAttempts: 1, wait: ["exponential", false] },
  },
  {
    id: ENTRY, name: "Python: a workflow started without retry_policy has no policy (no layer)", covers: ["default"],
    file: "api/start.py", kind: "temporal-retry-policy",
    code: src`
      from temporalio.client import Client
      async def start(client: Client):
          await client.execute_workflow("Order", "o-1", id="o-1", task_queue="orders")
    `,
    expect: "none",
  },
  {
    id: ENTRY, name: "TypeScript: proxyActivities without retry → unlimited (maximumAttempts defaults to Infinity)", covers: ["default"],
    file: "worker/src/workflows.ts", kind: "temporal-retry-policy",
    code: src`
      import { proxyActivities } from "@temporalio/workflow";
      import type * as activities from "./activities";
      const { charge } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute" });
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["exponential", false, 1, 100], note: /maximumAttempts Infinity/ },
  },
  {
    id: ENTRY, name: "TypeScript: maximumAttempts 0 is rejected by the SDK (ValueError): count not known", covers: ["trap"],
    file: "worker/src/workflows.ts", kind: "temporal-retry-policy",
    code: src`
      import { proxyActivities } from "@temporalio/workflow";
      import type * as activities from "./activities";
      const { charge } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 0 } });
    `,
    expect: { maxAttempts: null, countUnknown: true, timeBound: null, wait: ["exponential", false], note: /rejected by the TypeScript SDK/ },
  },
  {
    id: ENTRY, name: "TypeScript: maximumAttempts 3, initialInterval \"2s\": 3 attempts from 2 s to 200 s", covers: ["§5.1"],
    file: "worker/src/workflows.ts", kind: "temporal-retry-policy",
    code: src`
      import { proxyActivities } from "@temporalio/workflow";
      import type * as activities from "./activities";
      const { charge } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 3, initialInterval: "2s" } });
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false, 2, 200] },
  },
  {
    id: ENTRY, name: "Go: ActivityOptions without RetryPolicy → unlimited (MaximumAttempts 0)", covers: ["default"],
    file: "worker/workflow.go", kind: "temporal-retry-policy",
    code: src`
      package worker

      import (
      	"time"

      	"go.temporal.io/sdk/workflow"
      )

      func W(ctx workflow.Context) error {
      	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
      	return workflow.ExecuteActivity(ctx, Act).Get(ctx, nil)
      }
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["exponential", false, 1, 100] },
  },
  {
    id: ENTRY, name: "Java: setMaximumAttempts(4) → 4; a stub without setRetryOptions is unlimited", covers: ["default", "§5.1"],
    file: "worker/src/main/java/com/shop/W.java", kind: "temporal-retry-policy",
    code: src`
      package com.shop;

      import io.temporal.activity.ActivityOptions;
      import io.temporal.common.RetryOptions;
      import io.temporal.workflow.Workflow;

      public class W {
          private final Acts acts = Workflow.newActivityStub(Acts.class,
                  ActivityOptions.newBuilder().setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(4).build()).build());
      }
    `,
    expect: { maxAttempts: 4, wait: ["exponential", false, 1, 100], note: /setMaximumAttempts 4 → 4 attempts/ },
  },
  {
    id: ENTRY, name: ".NET: ActivityOptions without RetryPolicy → unlimited", covers: ["default"],
    file: "Worker/W.cs", kind: "temporal-retry-policy",
    code: src`
      using Temporalio.Workflows;

      namespace Shop;

      public class W
      {
          public async Task RunAsync()
          {
              await Workflow.ExecuteActivityAsync((Acts a) => a.DoAsync(), new ActivityOptions { StartToCloseTimeout = TimeSpan.FromMinutes(1) });
          }
      }
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["exponential", false, 1, 100] },
  },
  {
    id: ENTRY, name: "the activity's policy multiplies the clients it calls: maximum_attempts 4 × urllib3 4 = 16", covers: ["§5.3"],
    file: "worker/workflows.py", kind: "temporal-retry-policy", workspace: true,
    code: src`
      //- worker/activities.py
      import requests
      from requests.adapters import HTTPAdapter
      from urllib3.util import Retry
      from temporalio import activity
      session = requests.Session()
      session.mount("http://", HTTPAdapter(max_retries=Retry(total=3)))
      @activity.defn
      async def sync(sku: str) -> None:
          session.get(f"http://inventory/items/{sku}")
      //- worker/workflows.py
      from temporalio import workflow
      from temporalio.common import RetryPolicy
      from worker.activities import sync
      @workflow.defn
      class Sync:
          @workflow.run
          async def run(self, sku: str) -> None:
              await workflow.execute_activity(sync, sku, retry_policy=RetryPolicy(maximum_attempts=4))
    `,
    expect: { maxAttempts: 4, wait: ["exponential", false], path: { target: "inventory", product: 16 } },
  },
];

runTable("Temporal", [ENTRY], rows);
