/**
 * RL012 client-per-request: an SDK client that keeps retry state across calls (AWS SDK retry
 * quota, a 500-token bucket: reference §1.6, §2.7) built inside the function that handles each
 * request. No shipped detector marks `hasRetryQuota` yet (HTTP client libraries have no budgets,
 * §5.5), so the rule is exercised on hand-built models, and fixtures show that per-call HTTP
 * sessions — which have no quota to reset — are not reported.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { runRules } from "../../server/src/engine/runRules";
import { DEFAULT_SETTINGS, type LinkedClient, type Model } from "../../server/src/model/model";
import { RL012 } from "../../server/src/rules/RL012-client-per-request";
import { ruleTester } from "./helpers";

function modelWith(clients: LinkedClient[]): Model {
  return {
    layers: [],
    clients,
    layerById: new Map(),
    hops: [],
    paths: [],
    services: new Map(),
    fileService: new Map(),
    settings: { ...DEFAULT_SETTINGS, rules: {}, services: {} },
  };
}

const span = (line: number, column = 4) => ({ line, column, endLine: line, endColumn: column + 40 });

function client(fields: Partial<LinkedClient> & Pick<LinkedClient, "file" | "name" | "library" | "functionId" | "perCall" | "hasRetryQuota">): LinkedClient {
  return { span: span(7), ...fields };
}

const boto3PerCall = client({ file: "orders/store.py", span: span(7), name: "dynamodb", library: "boto3.client", functionId: "save_order", perCall: true, hasRetryQuota: true });
const boto3Shared = client({ file: "orders/store.py", span: span(4, 0), name: "dynamodb", library: "boto3.client", functionId: "<module>", perCall: false, hasRetryQuota: true });
const dynamoPerCall = client({ file: "ledger/src/handler.ts", span: span(16, 2), name: "client", library: "@aws-sdk/client-dynamodb", functionId: "handler", perCall: true, hasRetryQuota: true });
const sessionPerCall = client({ file: "reports/publisher.py", span: span(8), name: "session", library: "requests.Session", functionId: "publish", perCall: true, hasRetryQuota: false });

describe("RL012 client-per-request (hand-built models)", () => {
  describe("invalid", () => {
    test("a boto3 client built inside the request handler resets its retry quota on every call", () => {
      const findings = RL012.check(modelWith([boto3PerCall]));
      assert.equal(findings.length, 1);
      const f = findings[0]!;
      assert.equal(f.file, "orders/store.py");
      assert.deepEqual(f.span, boto3PerCall.span);
      assert.equal(f.layerId, null);
      assert.match(f.message, /boto3\.client client built inside save_order/);
      assert.match(f.message, /fresh retry quota/);
    });

    test("an AWS SDK JS v3 client built per invocation (TypeScript) is reported with the rule's default severity", () => {
      const { findings, problems } = runRules(modelWith([dynamoPerCall]), [RL012]);
      assert.deepEqual(problems, []);
      assert.deepEqual(
        findings.map((f) => `${f.file}:${f.span.line} ${f.rule} ${f.severity}`),
        ["ledger/src/handler.ts:16 RL012 warning"],
      );
    });

    test("every per-call quota client is reported once, and only those", () => {
      const findings = RL012.check(modelWith([boto3Shared, boto3PerCall, sessionPerCall, dynamoPerCall]));
      assert.deepEqual(findings.map((f) => `${f.file}:${f.span.line}`).sort(), ["ledger/src/handler.ts:16", "orders/store.py:7"]);
    });

    test("a severity override from settings applies (rules: {RL012: error})", () => {
      const model = modelWith([boto3PerCall]);
      model.settings.rules = { RL012: "error" };
      assert.deepEqual(runRules(model, [RL012]).findings.map((f) => f.severity), ["error"]);
    });
  });

  describe("valid", () => {
    test("a quota client built once at module level is shared by every call", () => {
      assert.deepEqual(RL012.check(modelWith([boto3Shared])), []);
    });

    test("a per-call client with no retry quota (requests.Session) has nothing to reset", () => {
      assert.deepEqual(RL012.check(modelWith([sessionPerCall])), []);
    });

    test("a model with no clients", () => {
      assert.deepEqual(RL012.check(modelWith([])), []);
    });

    test("rules: {RL012: off} silences it", () => {
      const model = modelWith([boto3PerCall]);
      model.settings.rules = { RL012: "off" };
      assert.deepEqual(runRules(model, [RL012]).findings, []);
    });
  });
});

ruleTester(RL012, {
  valid: [
    {
      name: "a requests Session built (and given a Retry) inside a function is per call but has no retry quota",
      code: `
//! rules RL012
//- reports/publisher.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry


def publish(report):
    session = requests.Session()
    session.mount("https://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
# ^ layer ×3
    return session.put(f"https://storage:9000/reports/{report['id']}", json=report, timeout=5)
`,
      check(result) {
        const session = result.model.clients.find((c) => c.name === "session");
        assert.ok(session, "the per-call session is listed on the model");
        assert.equal(session.perCall, true);
        assert.equal(session.hasRetryQuota, false);
      },
    },
    {
      name: "an httpx.Client opened per call in a with block",
      code: `
//! rules RL012
//- reports/fetch.py
import httpx


def fetch(report_id):
    with httpx.Client(base_url="http://storage:9000", timeout=5.0) as client:
        return client.get(f"/reports/{report_id}").json()
`,
      check(result) {
        assert.equal(result.model.clients.find((c) => c.name === "client")?.perCall, true);
      },
    },
    {
      name: "a module-level session shared by every call",
      code: `
//! rules RL012
//- reports/fetch.py
import requests

session = requests.Session()


def fetch(report_id):
    return session.get(f"http://storage:9000/reports/{report_id}", timeout=5).json()
`,
      check(result) {
        assert.equal(result.model.clients.find((c) => c.name === "session")?.perCall, false);
      },
    },
  ],
  invalid: [],
});
