/**
 * RL012 client-per-request: an SDK client that keeps retry state across calls (AWS SDK retry
 * quota, a 500-token bucket: reference §1.6, §2.7) built inside the function that handles each
 * request. The rule is exercised on hand-built models, and on fixtures: boto3 (detectors/python/
 * boto3.ts) and AWS SDK JS v3 (detectors/typescript/awsSdk.ts) clients built per call are
 * reported; per-call HTTP sessions — which have no quota to reset (§5.5) — are not.
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
      name: "boto3 in explicit legacy mode (§1.6: no retry quota) built per call",
      code: `
//! rules RL012
//- jobs/worker.py
import boto3
from botocore.config import Config


def work(item):
    sqs = boto3.client("sqs", config=Config(retries={"mode": "legacy", "max_attempts": 2}))
# ^ layer ×3
    sqs.send_message(QueueUrl="q", MessageBody=item)
`,
    },
    {
      name: "boto3 client from a cached factory, used per call",
      code: `
//! rules RL012
//- jobs/aws.py
import functools

import boto3


@functools.lru_cache(maxsize=None)
def s3_client():
    return boto3.client("s3")
# ^ layer ×5
//- jobs/worker.py
from jobs.aws import s3_client


def work(key):
    s3 = s3_client()
    s3.get_object(Bucket="b", Key=key)
//! path 5 aws:s3
`,
    },
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
  invalid: [
    {
      name: "boto3 (§1.6): a client built inside the function that handles each order",
      code: `
//! rules RL012
//- orders/store.py
import boto3


def save_order(order):
    dynamodb = boto3.client("dynamodb", region_name="eu-central-1")
# ^ layer ×10 RL012
    dynamodb.put_item(TableName="orders", Item=order)
//! path 10 aws:dynamodb
`,
    },
    {
      name: "AWS SDK JS v3 (§2.7): a client per invocation next to a shared one",
      code: `
//! rules RL012
//- ledger/src/handler.ts
import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";

const shared = new DynamoDBClient({ maxAttempts: 4 });
// ^ layer ×4

export async function record(entry: { id: string }) {
  await shared.send(new PutItemCommand({ TableName: "ledger", Item: {} }));
}

export async function handler(event: { id: string }) {
  const client = new DynamoDBClient({});
// ^ layer ×3 RL012
  await client.send(new PutItemCommand({ TableName: "audit", Item: {} }));
}
//! path 4 aws:dynamodb
//! path 3 aws:dynamodb
`,
    },
  ],
});
