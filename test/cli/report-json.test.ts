import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildJsonReport, renderJson } from "../../server/src/cli/report/json";
import { DECORATOR, GATEWAY, SESSION, UNBOUNDED, checkoutInput } from "./helpers";

describe("JSON report (the contract)", () => {
  const report = buildJsonReport(checkoutInput());

  it("tool, and every contract field on layers", () => {
    assert.deepEqual(report.tool, { name: "retrylens", version: "9.9.9" });
    const gw = report.layers.find((l) => l.id === GATEWAY.id)!;
    assert.deepEqual(
      Object.keys(gw).sort(),
      [
        "attemptsNote",
        "attemptsSource",
        "budget",
        "category",
        "column",
        "condition",
        "disabled",
        "endLine",
        "file",
        "id",
        "implicit",
        "kind",
        "label",
        "library",
        "line",
        "maxAttempts",
        "offPath",
        "overallTimeoutSeconds",
        "perTryTimeoutSeconds",
        "service",
        "target",
        "targets",
        "timeBound",
        "wait",
      ],
    );
    assert.equal(gw.file, "deploy/gateway/envoy.yaml");
    assert.equal(gw.line, 23);
    assert.equal(gw.column, 15, "1-based column");
    assert.equal(gw.endLine, 27);
    assert.equal(gw.kind, "envoy-route");
    assert.equal(gw.maxAttempts, 3);
    assert.equal(gw.service, null);
    assert.equal(gw.target, "checkout");
    assert.deepEqual(gw.targets, ["checkout"]);
    const unbounded = report.layers.find((l) => l.id === UNBOUNDED.id)!;
    assert.equal(unbounded.maxAttempts, null);
    const disabled = report.layers.find((l) => l.disabled)!;
    assert.equal(disabled.maxAttempts, 1);
    assert.equal(disabled.target, null);
  });

  it("paths worst first, with layer ids outermost first", () => {
    assert.deepEqual(
      report.paths.map((p) => p.product),
      [null, 27, 9],
    );
    const p27 = report.paths[1];
    assert.deepEqual(p27.layers, [GATEWAY.id, DECORATOR.id, SESSION.id]);
    assert.equal(p27.target, "inventory");
    assert.deepEqual(p27.services, ["envoy:deploy/gateway/envoy.yaml", "checkout", "inventory"]);
    assert.equal(p27.budgeted, false);
    assert.equal(p27.chain, "envoy route /checkout ×3 → reserve_stock ×3 → session ×3");
    const ids = new Set(report.layers.map((l) => l.id));
    for (const p of report.paths) for (const id of p.layers) assert.ok(ids.has(id));
  });

  it("findings sorted by file, line, rule, with rule names and related places", () => {
    assert.deepEqual(
      report.findings.map((f) => `${f.file}:${f.line} ${f.rule}`),
      [
        "checkout/inventory_client.py:10 RL001",
        "checkout/inventory_client.py:10 RL009",
        "platform/http.py:6 RL004",
        "reports/worker.py:4 RL002",
      ],
    );
    const f = report.findings[0];
    for (const key of ["rule", "name", "severity", "file", "line", "column", "endLine", "message", "related"]) assert.ok(key in f, key);
    assert.equal(f.severity, "error");
    assert.equal(f.product, 27);
    assert.deepEqual(f.related[0], { file: "deploy/gateway/envoy.yaml", line: 23, column: 15, message: "envoy route /checkout ×3" });
  });

  it("problems and summary", () => {
    assert.deepEqual(
      report.problems.map((p) => `${p.file}:${p.line}`),
      [".retrylens.yaml:2", "broken.py:3"],
    );
    assert.deepEqual(report.summary, {
      files: 7,
      skipped: 1,
      layers: 5,
      paths: 3,
      worstProduct: null,
      findings: 4,
      bySeverity: { error: 1, warning: 2, info: 1, hint: 0 },
    });
  });

  it("renders as one JSON object", () => {
    const text = renderJson(checkoutInput());
    assert.ok(text.endsWith("}\n"));
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(report)));
  });
});
