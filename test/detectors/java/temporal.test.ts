// Temporal Java SDK (docs/reference/temporal.md): Workflow.newActivityStub without setRetryOptions
// is the default activity policy — UNLIMITED attempts; setMaximumAttempts counts attempts; 0 is unlimited.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

const wf = (options: string) => `package com.shop;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;

public class OrderWorkflowImpl implements OrderWorkflow {
    private final ActivityOptions options = ActivityOptions.newBuilder()
            ${options}
            .build();
    private final OrderActivities activities = Workflow.newActivityStub(OrderActivities.class, options);

    @Override
    public void processOrder(String id) {
        activities.charge(id);
    }
}
`;

describe("Temporal Java activity stubs", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp, boolean?]> = [
    [".setStartToCloseTimeout(Duration.ofSeconds(10))", null, "default", /no setRetryOptions: Temporal's default activity policy retries without a count bound \(setMaximumAttempts 0 = unlimited; 1 s ×2, max 100 s\) \(io\.temporal:temporal-sdk 1\.x\)/],
    [".setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(3).build())", 3, "config", /setMaximumAttempts 3 → 3 attempts/],
    [".setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())", 1, "config", /retries off/],
    [".setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(0).build())", null, "config", /setMaximumAttempts 0 → unlimited/],
    [".setRetryOptions(RetryOptions.newBuilder().setInitialInterval(Duration.ofSeconds(2)).build())", null, "config", /setRetryOptions without setMaximumAttempts: unlimited/],
    [".setRetryOptions(RETRY)", null, "config", /not known statically/, true],
  ];
  for (const [options, attempts, source, note, unknown] of cases) {
    test(`${options} → ${attempts ?? "unbounded"}`, async () => {
      const f = await java(wf(options));
      const l = f.layers.find((x) => x.kind === "temporal-retry-policy")!;
      assert.ok(l, `a layer; problems ${JSON.stringify(f.problems)}`);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, unknown ?? false);
      assert.equal(l.label, "activities");
    });
  }

  test("the stub's calls are sends; the anchor is setRetryOptions when written; schedule-to-close bounds the default", async () => {
    const f = await java(wf(".setScheduleToCloseTimeout(Duration.ofMinutes(5))\n            .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(4).setInitialInterval(Duration.ofSeconds(3)).build())"));
    const l = f.layers[0]!;
    assert.equal(l.anchor.line, 11);
    assert.equal(l.wait.initialSeconds, 3);
    assert.equal(l.overallTimeoutSeconds, 300);
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.line, s.layerIds.length]), [["OrderActivities.charge", 17, 1]]);
    const g = await java(wf(".setScheduleToCloseTimeout(Duration.ofMinutes(5))"));
    assert.match(g.layers[0]!.timeBound ?? "", /setScheduleToCloseTimeout 5 min bounds the retries/);
  });

  test("Kotlin through the shared JVM model: Workflow.newActivityStub(Acts::class.java, options)", async () => {
    const f = await kotlin(`package com.shop

import io.temporal.activity.ActivityOptions
import io.temporal.common.RetryOptions
import io.temporal.workflow.Workflow

class OrderWorkflowImpl : OrderWorkflow {
    private val activities = Workflow.newActivityStub(
        OrderActivities::class.java,
        ActivityOptions.newBuilder().setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(3).build()).build()
    )

    override fun processOrder(id: String) {
        activities.charge(id)
    }
}
`);
    assert.deepEqual(f.layers.map((l) => [l.kind, l.maxAttempts]), [["temporal-retry-policy", 3]]);
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.line]), [["activities.charge", 14]]);
  });

  test("near miss: no io.temporal import", async () => {
    const f = await java(`package com.shop;\n\npublic class W {\n    private final Object a = Workflow.newActivityStub(A.class, options);\n}\n`);
    assert.equal(f.layers.length, 0);
  });
});
