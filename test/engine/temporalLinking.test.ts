/**
 * Temporal across the linker (docs/reference/temporal.md): an activity scheduled from a workflow
 * runs under the send's retry policy — Temporal's default being UNLIMITED attempts — wrapping
 * every client and SDK the activity calls; a client starting the workflow is a queue hop into the
 * worker service (no layer: workflows have no default policy).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const chain = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product ?? "∞"} ${p.services.join(">")}: ${p.layers.map((id) => `${result.model.layerById.get(id)!.label}×${result.model.layerById.get(id)!.maxAttempts ?? "∞"}`).join(" → ")}`).sort();

describe("Temporal linking", () => {
  test("Python: execute_activity wraps the activity's OpenAI client (default 3): ∞ with the default policy, 4 × 3 = 12 with maximum_attempts=4", async () => {
    const result = await checkFixture(`
//! rules RL001
//- worker/requirements.txt
temporalio==1.8.0
openai==1.40.0
//- worker/activities.py
from openai import OpenAI
from temporalio import activity

client = OpenAI()
# ^ layer ×3 RL001


@activity.defn
async def summarize(text: str) -> str:
    r = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": text}])
    return r.choices[0].message.content
//- worker/workflows.py
from datetime import timedelta
from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities import summarize


@workflow.defn
class Summarize:
    @workflow.run
    async def run(self, text: str) -> str:
        return await workflow.execute_activity(summarize, text, start_to_close_timeout=timedelta(seconds=30))
# ^ layer ×∞ RL001


@workflow.defn
class Bounded:
    @workflow.run
    async def run(self, text: str) -> str:
        return await workflow.execute_activity(
            summarize,
            text,
            start_to_close_timeout=timedelta(seconds=30),
            retry_policy=RetryPolicy(maximum_attempts=4),
# ^ layer ×4 RL001
        )
//! path ∞ openai
//! path 12 openai
`);
    assert.deepEqual(chain(result), ["12 worker>openai: summarize×4 → client×3", "∞ worker>openai: summarize×∞ → client×3"]);
  });

  test("TypeScript: a client in the api starts the workflow (a queue hop, no layer); proxyActivities' default policy wraps the activity's axios-retry client", async () => {
    const result = await checkFixture(`
//! rules RL001
//- api/package.json
{ "name": "api", "dependencies": { "@temporalio/client": "^1.11.0", "express": "^4.19.0" } }
//- api/src/server.ts
import express from "express";
import { Client } from "@temporalio/client";
import { orderWorkflow } from "../../worker/src/workflows";

const app = express();
const client = new Client();
app.post("/orders", async (req, res) => {
  await client.workflow.start(orderWorkflow, { taskQueue: "orders", workflowId: req.body.id, args: [req.body.id] });
  res.sendStatus(202);
});
//- worker/package.json
{ "name": "worker", "dependencies": { "@temporalio/workflow": "^1.11.0", "axios": "^1.7.0", "axios-retry": "^4.4.0" } }
//- worker/src/activities.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const billing = axios.create({ baseURL: "http://billing" });
axiosRetry(billing, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3 RL001

export async function charge(id: string): Promise<void> {
  await billing.post(\`/charges/\${id}\`, {}, { headers: { "Idempotency-Key": id } });
}
//- worker/src/workflows.ts
import { proxyActivities } from "@temporalio/workflow";
import type * as activities from "./activities";

const { charge } = proxyActivities<typeof activities>({
  startToCloseTimeout: "30s",
  retry: { maximumAttempts: 5 },
// ^ layer ×5 RL001
});

export async function orderWorkflow(id: string): Promise<void> {
  await charge(id);
}
//! path 15 billing
`);
    assert.deepEqual(chain(result), ["15 api>worker>billing: charge×5 → billing×3"]);
    const hop = result.model.hops.find((h) => h.caller === "api" && h.callee === "worker")!;
    assert.equal(hop.protocol, "queue");
    assert.deepEqual(hop.layerIds, []);
    assert.deepEqual(hop.calls.map((c) => `${c.method} ${c.path}`), ["TASK /orderWorkflow"]);
  });

  test("Go: ExecuteActivity under WithActivityOptions wraps the activity's retryablehttp client: ∞ without a RetryPolicy", async () => {
    const result = await checkFixture(`
//! rules RL001
//- worker/go.mod
module example.com/worker

go 1.22
//- worker/workflow.go
package worker

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func OrderWorkflow(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	if err := workflow.ExecuteActivity(ctx, ChargeCard, id).Get(ctx, nil); err != nil {
// ^ layer ×∞ RL001
		return err
	}
	ao := workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 2},
// ^ layer ×2 RL001
	}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, ChargeCard, id).Get(ctx, nil)
}
//- worker/activities.go
package worker

import (
	"context"

	"github.com/hashicorp/go-retryablehttp"
)

var client = retryablehttp.NewClient()
// ^ layer ×5 RL001

func ChargeCard(ctx context.Context, id string) error {
	_, err := client.Post("http://billing/charges/"+id, "application/json", nil)
	return err
}

type Activities struct{}

func (a *Activities) Refund(ctx context.Context, id string) error {
	_, err := client.Post("http://billing/refunds/"+id, "application/json", nil)
	return err
}
//- worker/refund.go
package worker

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func RefundWorkflow(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 3}})
// ^ layer ×3 RL001
	var a *Activities
	return workflow.ExecuteActivity(ctx, a.Refund, id).Get(ctx, nil)
}
//! path ∞ billing
//! path 10 billing
//! path 15 billing
`);
    assert.deepEqual(chain(result), ["10 worker>billing: ChargeCard×2 → client×5", "15 worker>billing: Refund×3 → client×5", "∞ worker>billing: ChargeCard×∞ → client×5"]);
  });
  test("Go: an activity struct's fields set by the worker's main in another package (samples' `&app.Activities{…}`): the activity's default policy × the mongo collection and the http.Client", async () => {
    const result = await checkFixture(`
//! rules RL001
//- go.mod
module example.com/pay

go 1.22

require (
	go.mongodb.org/mongo-driver v1.17.1
	go.temporal.io/sdk v1.31.0
)
//- app/activity.go
package app

import (
	"context"
	"net/http"
	"strings"

	"go.mongodb.org/mongo-driver/mongo"
)

type Activities struct {
	Collection *mongo.Collection
	Client     *http.Client
}

func (a *Activities) Charge(ctx context.Context, id string) error {
	_, err := a.Client.Post("http://billing/charges/"+id, "application/json", strings.NewReader("{}"))
	return err
}

func (a *Activities) Save(ctx context.Context, doc string) error {
	_, err := a.Collection.InsertOne(ctx, doc)
	return err
}
//- app/workflow.go
package app

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

func PayWorkflow(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	var a *Activities
	if err := workflow.ExecuteActivity(ctx, a.Charge, id).Get(ctx, nil); err != nil {
// ^ layer ×∞
		return err
	}
	lctx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{StartToCloseTimeout: time.Second})
	return workflow.ExecuteLocalActivity(lctx, a.Save, id).Get(lctx, nil)
// ^ layer ×∞ RL001
}
//- worker/main.go
package main

import (
	"context"
	"net/http"

	"example.com/pay/app"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

func main() {
	c, _ := client.Dial(client.Options{})
	mc, _ := mongo.Connect(context.Background(), options.Client().ApplyURI("mongodb://pay-db:27017"))
// ^ layer ×2 RL001
	w := worker.New(c, "pay", worker.Options{})
	w.RegisterWorkflow(app.PayWorkflow)
	w.RegisterActivity(&app.Activities{Collection: mc.Database("pay").Collection("payments"), Client: &http.Client{}})
	_ = w.Run(worker.InterruptCh())
}
//! path ∞ billing
//! path ∞ pay-db
`);
    assert.deepEqual(chain(result), ["∞ app>billing: Charge×∞", "∞ app>pay-db: Save×∞ → main.mc×2"]);
  });

  test("Java: calls on a Workflow.newActivityStub field run the implementation under the stub's options: ∞ without setRetryOptions, 3 with setMaximumAttempts(3)", async () => {
    const result = await checkFixture(`
//! rules RL002
//- worker/pom.xml
<project><modelVersion>4.0.0</modelVersion><groupId>com.shop</groupId><artifactId>worker</artifactId><version>1</version></project>
//- worker/src/main/java/com/shop/OrderActivities.java
package com.shop;

public interface OrderActivities {
    void charge(String id);
}
//- worker/src/main/java/com/shop/OrderActivitiesImpl.java
package com.shop;

import org.springframework.web.client.RestTemplate;

public class OrderActivitiesImpl implements OrderActivities {
    private final RestTemplate rest = new RestTemplate();

    @Override
    public void charge(String id) {
        rest.postForObject("http://billing/charges/" + id, null, String.class);
    }
}
//- worker/src/main/java/com/shop/OrderWorkflowImpl.java
package com.shop;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;

public class OrderWorkflowImpl {
    private final OrderActivities bounded = Workflow.newActivityStub(OrderActivities.class,
            ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(3).build()).build());
// ^ layer ×3
    private final OrderActivities unbounded = Workflow.newActivityStub(OrderActivities.class,
// ^ layer ×∞ RL002
            ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

    public void processOrder(String id) {
        bounded.charge(id);
        unbounded.charge(id);
    }
}
//! path ∞ billing
//! path 3 billing
`);
    assert.deepEqual(chain(result), ["3 worker>billing: bounded×3", "∞ worker>billing: unbounded×∞"]);
  });

  test(".NET: the lambda's activity call runs under ExecuteActivityAsync's options", async () => {
    const result = await checkFixture(`
//! rules RL002
//- Worker/Worker.csproj
<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Temporalio" Version="1.3.0" /></ItemGroup></Project>
//- Worker/Activities.cs
using System.Net.Http;
using Temporalio.Activities;

namespace Shop.Worker;

public class OrderActivities
{
    private static readonly HttpClient Http = new HttpClient();

    [Activity]
    public async Task ChargeAsync(string id)
    {
        await Http.PostAsync($"http://billing/charges/{id}", null);
    }
}
//- Worker/OrderWorkflow.cs
using Temporalio.Common;
using Temporalio.Workflows;

namespace Shop.Worker;

[Workflow]
public class OrderWorkflow
{
    [WorkflowRun]
    public async Task RunAsync(string id)
    {
        await Workflow.ExecuteActivityAsync(
            (OrderActivities act) => act.ChargeAsync(id),
            new ActivityOptions { StartToCloseTimeout = TimeSpan.FromMinutes(5), RetryPolicy = new RetryPolicy { MaximumAttempts = 3 } });
// ^ layer ×3
        await Workflow.ExecuteActivityAsync(
// ^ layer ×∞ RL002
            (OrderActivities act) => act.ChargeAsync(id),
            new() { StartToCloseTimeout = TimeSpan.FromMinutes(5) });
    }
}
//! path ∞ billing
//! path 3 billing
`);
    assert.deepEqual(chain(result), ["3 worker>billing: ChargeAsync×3", "∞ worker>billing: ChargeAsync×∞"]);
  });
});
