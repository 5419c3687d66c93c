/**
 * Property (issue #11): products saturate instead of becoming Infinity or NaN. Chains of layers
 * with huge attempt counts — tenacity stop_after_attempt(10**9), urllib3 Retry(total=10**6),
 * an Envoy route's num_retries and an Istio route's attempts of 10⁶ — must give reports whose
 * products are numbers (JSON has no Infinity: JSON.stringify writes null, which reads as
 * "unbounded"), consistent with their layers, and never NaN anywhere in the model.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace, type AnalysisResult, type SourceFile } from "../../server/src/engine/analyze";
import { buildJsonReport } from "../../server/src/cli/report/json";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { checkReport, SATURATION } from "../fuzz/reportCheck";
import { nonFiniteNumbers } from "../fuzz/nonFinite";
import { propertyWorkspaces } from "./canonical";

function edited(name: string, edits: Array<[file: string, from: string, to: string]>): SourceFile[] {
  const ws = propertyWorkspaces().find((w) => w.name === name)!;
  return ws.files.map((f) => {
    let text = f.text;
    for (const [file, from, to] of edits) {
      if (file !== f.path) continue;
      assert.ok(text.includes(from), `${file} holds ${from}`);
      text = text.replace(from, to);
    }
    return { path: f.path, text };
  });
}

async function analyse(files: SourceFile[]): Promise<{ result: AnalysisResult; report: ReturnType<typeof buildJsonReport> }> {
  const result = await analyzeWorkspace(files, DEFAULT_SETTINGS);
  return { result, report: buildJsonReport({ result, version: "property", files: files.length, skipped: [], problems: [] }) };
}

/** the checks every report here must pass: no Infinity/NaN in the model, a report that keeps the contract */
function assertFinite(result: AnalysisResult, report: ReturnType<typeof buildJsonReport>): void {
  assert.deepEqual(nonFiniteNumbers({ layers: result.model.layers, paths: result.model.paths, findings: result.findings }), []);
  assert.deepEqual(checkReport(JSON.stringify(report)).errors, []);
}

const CHECKOUT = "test/scenarios/seed-checkout-pr/workspace";
const ISTIO = "test/scenarios/istio-explicit/workspace";

describe("products saturate, never Infinity or NaN", () => {
  test("Envoy num_retries 999999 → tenacity stop_after_attempt(10**9) → urllib3 Retry(total=10**6): a finite product of at least 10⁶", async () => {
    const { result, report } = await analyse(
      edited(CHECKOUT, [
        ["deploy/gateway/envoy.yaml", "num_retries: 2", "num_retries: 999999"],
        ["checkout/inventory_client.py", "stop_after_attempt(3)", "stop_after_attempt(10**9)"],
        ["platform/http.py", "total=2,", "total=10**6,"],
      ]),
    );
    assert.deepEqual(report.layers.map((l) => l.maxAttempts).sort((a, b) => a! - b!), [1_000_000, 1_000_001, 1_000_000_000]);
    assert.equal(report.paths.length, 1);
    const product = report.paths[0]!.product;
    assert.ok(typeof product === "number" && Number.isFinite(product) && product >= SATURATION, `product ${product}`);
    assertFinite(result, report);
  });

  test("Istio attempts 1000000 under tenacity stop_after_attempt(1000000000): a finite product of at least 10⁶", async () => {
    const { result, report } = await analyse(
      edited(ISTIO, [
        ["mesh/virtual-services.yaml", "attempts: 4", "attempts: 1000000"],
        ["orders/clients.py", "def charge(", "@retry(stop=stop_after_attempt(1000000000))\ndef charge("],
      ]),
    );
    const payments = report.paths.find((p) => p.target === "payments");
    assert.ok(payments, JSON.stringify(report.paths.map((p) => p.chain)));
    assert.ok(typeof payments.product === "number" && Number.isFinite(payments.product) && payments.product >= SATURATION, `product ${payments.product}`);
    assertFinite(result, report);
  });

  test("counts that are not numbers (1e400, \"NaN\", float('nan'), True) are unknown counts: null products, never NaN", async () => {
    for (const v of ["1e400", '"NaN"', "float('nan')", "True"]) {
      const { result, report } = await analyse(
        edited(CHECKOUT, [
          ["checkout/inventory_client.py", "stop_after_attempt(3)", `stop_after_attempt(${v})`],
          ["platform/http.py", "total=2,", `total=${v},`],
        ]),
      );
      const counts = report.layers.filter((l) => l.file.endsWith(".py")).map((l) => l.maxAttempts);
      assert.deepEqual(counts, [null, null], `${v}: ${counts}`);
      assert.ok(report.paths.every((p) => p.product === null), v);
      assertFinite(result, report);
    }
  });

  test(
    "counts of 1e308 on two layers multiply past the largest double: the product stays a number (the saturated form)",
    async () => {
      const { result, report } = await analyse(
        edited(CHECKOUT, [
          ["deploy/gateway/envoy.yaml", "num_retries: 2", "num_retries: 1e308"],
          ["platform/http.py", "total=2,", "total=1e308,"],
          ["platform/http.py", "backoff_factor=0.2", "backoff_factor=0"],
        ]),
      );
      assertFinite(result, report);
    },
  );
});
