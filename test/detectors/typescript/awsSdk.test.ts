// AWS SDK for JavaScript v3 — reference/retry-semantics.md §2.7 (maxAttempts N → N total, default 3,
// standard mode, adaptive = same count + rate limiter, 500-token quota, full jitter capped at 20 s), §5.1, §5.5.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, src } from "./helpers";

const H = `import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";\n`;

function client(expr: string, extra = "") {
  const facts = extract(`${H}${extra}const ddb = ${expr};\n`);
  const layer = onlyLayer(facts);
  assert.equal(facts.clients.length, 1);
  return { layer, client: facts.clients[0]!, facts };
}

describe("AWS SDK v3 attempts (§2.7: maxAttempts counts attempts; default 3)", () => {
  const cases: Array<[string, number | null, string]> = [
    ["new DynamoDBClient({})", 3, "DEFAULT_MAX_ATTEMPTS"],
    ["new DynamoDBClient()", 3, "no options at all"],
    ["new DynamoDBClient({ maxAttempts: 5 })", 5, "N → N total"],
    ["new DynamoDBClient({ maxAttempts: 1 })", 1, "one attempt: disabled"],
    ["new DynamoDBClient({ retryMode: 'adaptive' })", 3, "adaptive: same count"],
    ["new DynamoDBClient({ maxAttempts: 2, retryMode: 'adaptive' })", 2, "adaptive with a count"],
    ["new DynamoDBClient({ retryStrategy: new ConfiguredRetryStrategy(4, (a) => 100 + a * 1000) })", 4, "ConfiguredRetryStrategy(N) → N"],
    ["new DynamoDBClient({ retryStrategy: new StandardRetryStrategy(6) })", 6, "StandardRetryStrategy(N) → N"],
  ];
  const imports = `import { ConfiguredRetryStrategy, StandardRetryStrategy } from "@smithy/util-retry";\n`;
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const { layer } = client(expr, imports);
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.kind, "aws-sdk");
      assert.equal(layer.category, "client");
    });
  }
  test("unconfigured: the implicit default, anchored on the new expression", () => {
    const { layer } = client("new DynamoDBClient({ region: 'eu-central-1' })");
    assert.equal(layer.attemptsSource, "default");
    assert.equal(layer.anchor.line, 2);
  });
  test("maxAttempts from something not known statically: count unknown", () => {
    const { layer } = client("new DynamoDBClient({ maxAttempts: Number(process.env.N) })");
    assert.equal(layer.maxAttempts, null);
    assert.equal(layer.countUnknown, true);
  });
  test("options from a const object", () => {
    const { layer } = client("new DynamoDBClient(opts)", "const opts = { maxAttempts: 7 };\n");
    assert.equal(layer.maxAttempts, 7);
  });
  test("adaptive mode is said in the note", () => {
    assert.match(client("new DynamoDBClient({ retryMode: 'adaptive' })").layer.attemptsNote, /rate limiter/);
  });
});

describe("AWS SDK v3 quota, waits, condition (§2.7)", () => {
  test("every client keeps a 500-token retry quota", () => {
    const { layer, client: c } = client("new DynamoDBClient({})");
    assert.equal(c.hasRetryQuota, true);
    assert.match(layer.budget ?? "", /500-token/);
  });
  test("full jitter, capped at 20 s", () => {
    const { layer } = client("new DynamoDBClient({})");
    assert.equal(layer.wait.kind, "exponential");
    assert.equal(layer.wait.jitter, true);
    assert.equal(layer.wait.maxSeconds, 20);
  });
  test("throttling and transient errors, for every operation", () => {
    const { layer } = client("new DynamoDBClient({})");
    assert.deepEqual(layer.condition.statuses, [429, 500, 502, 503, 504]);
    assert.equal(layer.condition.afterSendMethods, "all");
    assert.equal(layer.condition.permanentErrors, null);
  });
  test("the client names its service endpoint; requestHandler.requestTimeout is its timeout", () => {
    const { client: c } = client("new DynamoDBClient({ requestHandler: { requestTimeout: 3000 } })");
    assert.equal(c.library, "@aws-sdk/client-dynamodb");
    assert.equal(c.sdk?.target, "aws://dynamodb");
    assert.equal(c.timeoutSeconds, 3);
  });
});

describe("AWS SDK v3 clients: per-call construction (RL012 material)", () => {
  test("module level: shared; inside a handler: per call", () => {
    const facts = extract(src`
      import { S3Client } from "@aws-sdk/client-s3";
      const shared = new S3Client({});
      export async function handler() {
        const s3 = new S3Client({});
        return s3;
      }
      export async function other() {
        const s3 = new S3Client({});
        await s3.send(cmd);
      }
    `);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.functionId, c.perCall]), [
      ["shared", "<module>", false],
      ["s3", "handler", false],
      ["s3", "other", true],
    ]);
    assert.equal(facts.functions.find((f) => f.id === "handler")?.returnsClientId, facts.clients[1]!.id);
  });
  test("a class constructor and a lazy module-level singleton are not per call", () => {
    const facts = extract(src`
      import { SQSClient } from "@aws-sdk/client-sqs";
      let cached: SQSClient | undefined;
      export function getClient() {
        if (!cached) cached = new SQSClient({});
        return cached;
      }
      export class Queue {
        private sqs: SQSClient;
        constructor() {
          this.sqs = new SQSClient({ maxAttempts: 2 });
        }
      }
    `);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.functionId, c.perCall]), [
      ["cached", "<module>", false],
      ["this.sqs", "Queue.constructor", false],
    ]);
  });
  test("DynamoDBDocumentClient.from(client) sends through the client's retries", () => {
    const facts = extract(src`
      import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
      import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
      const base = new DynamoDBClient({ maxAttempts: 2 });
      const doc = DynamoDBDocumentClient.from(base);
    `);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.layerIds.length, c.hasRetryQuota]), [["base", 1, true], ["doc", 1, false]]);
    assert.equal(facts.clients[0]!.layerIds[0], facts.clients[1]!.layerIds[0]);
    assert.equal(facts.layers.length, 1);
  });
  test("commands and exceptions are not clients; other packages are ignored", () => {
    const facts = extract(src`
      import { PutItemCommand, ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
      import { Client } from "other";
      const cmd = new PutItemCommand({ TableName: "t", Item: {} });
      const c = new Client({ maxAttempts: 9 });
    `);
    assert.deepEqual(facts.clients, []);
    assert.deepEqual(facts.layers, []);
  });
});
