// AWS SDK for JavaScript v2 (aws-sdk) — reference §2.7b: maxRetries counts RETRIES (N → N+1);
// default 3 → 4, DynamoDB 10 → 11; full jitter random × 2^i × 100 ms (DynamoDB 50 ms), no cap.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer } from "./helpers";
import { checkFixture } from "../../harness";

const NS = `import AWS from "aws-sdk";\n`;

describe("aws-sdk v2 counts (maxRetries counts retries)", () => {
  const cases: Array<[string, string, number | null, string]> = [
    [NS, "new AWS.S3()", 4, "default 3 retries → 4"],
    [NS, "new AWS.S3({ region: 'eu-west-1' })", 4, "no maxRetries: the default"],
    [NS, "new AWS.DynamoDB()", 11, "DynamoDB default 10 → 11"],
    [NS, "new AWS.DynamoDB.DocumentClient()", 11, "DocumentClient: its DynamoDB client's 10 → 11"],
    [NS, "new AWS.SQS({ maxRetries: 5 })", 6, "N → N+1 (not v3's N)"],
    [NS, "new AWS.SNS({ maxRetries: 0 })", 1, "0 → off"],
    [NS, "new AWS.DynamoDB({ maxRetries: 2 })", 3, "DynamoDB with a count"],
    [NS, "new AWS.S3({ maxRetries: Number(process.env.N) })", null, "not known statically"],
    [`import * as AWS from "aws-sdk";\n`, "new AWS.SageMakerRuntime()", 4, "namespace import"],
    [`const AWS = require("aws-sdk");\n`, "new AWS.Lambda()", 4, "CommonJS require"],
    [`import { S3 } from "aws-sdk";\n`, "new S3({ maxRetries: 1 })", 2, "named class import"],
    [`import DynamoDB from "aws-sdk/clients/dynamodb";\n`, "new DynamoDB.DocumentClient()", 11, "per-service module"],
    [`import S3 from "aws-sdk/clients/s3";\n`, "new S3()", 4, "per-service module"],
    [`${NS}AWS.config.update({ region: "eu-west-1", maxRetries: 1 });\n`, "new AWS.S3()", 2, "AWS.config.update({ maxRetries }) in the file"],
    [`${NS}AWS.config.update({ maxRetries: 1 });\n`, "new AWS.S3({ maxRetries: 4 })", 5, "the client's own count wins"],
    [`${NS}AWS.config.maxRetries = 0;\n`, "new AWS.S3()", 1, "AWS.config.maxRetries = N"],
  ];
  for (const [head, expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const layer = onlyLayer(extract(`${head}const c = ${expr};\n`));
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.kind, "aws-sdk-v2");
      assert.equal(layer.library, "aws-sdk-js-v2");
      if (expected === null) assert.equal(layer.countUnknown, true);
    });
  }
  test("waits: full jitter, 100 ms base (DynamoDB 50 ms), retryDelayOptions.base, customBackoff", () => {
    assert.match(onlyLayer(extract(`${NS}const c = new AWS.S3();\n`)).wait.description, /100 ms/);
    assert.match(onlyLayer(extract(`${NS}const c = new AWS.DynamoDB();\n`)).wait.description, /50 ms/);
    assert.match(onlyLayer(extract(`${NS}const c = new AWS.S3({ retryDelayOptions: { base: 300 } });\n`)).wait.description, /300 ms/);
    assert.equal(onlyLayer(extract(`${NS}const c = new AWS.S3({ retryDelayOptions: { customBackoff: (n) => 100 * n } });\n`)).wait.kind, "custom");
  });
  test("the client targets aws:<service>; no retry quota in v2", () => {
    const facts = extract(`${NS}const c = new AWS.SageMakerRuntime();\n`);
    assert.equal(facts.clients[0]!.sdk!.target, "aws://sagemaker-runtime");
    assert.equal(facts.clients[0]!.hasRetryQuota, false);
  });
  test("near misses: credentials, config and endpoints are not clients; v3 packages are not v2", () => {
    const facts = extract(`${NS}const a = new AWS.SharedIniFileCredentials({ profile: "p" });\nconst b = new AWS.Config({});\nconst e = new AWS.Endpoint("x");\nconst m = new AWS.S3.ManagedUpload({});\n`);
    assert.equal(facts.layers.length, 0);
  });
});

describe("aws-sdk v2 linking", () => {
  test("a client built in a class constructor: invokeEndpoint(params).promise() is one call to aws:sagemaker-runtime", async () => {
    await checkFixture(`
//! rules RL009
//- app/package.json
{ "name": "app", "dependencies": { "aws-sdk": "^2.1692.0" } }
//- app/src/sagemaker.ts
import AWS from "aws-sdk";

export class SageMakerClient {
  private runtime: AWS.SageMakerRuntime;
  constructor() {
    AWS.config.update({ region: "eu-west-1" });
    this.runtime = new AWS.SageMakerRuntime();
// ^ layer ×4
  }
  async predict(payload: any) {
    const response = await this.runtime.invokeEndpoint({ EndpointName: "e", Body: JSON.stringify(payload) }).promise();
    return JSON.parse(response.Body!.toString());
  }
}
//! path 4 aws:sagemaker-runtime
//! paths 1
`);
  });
  test("a module-level DocumentClient imported elsewhere", async () => {
    await checkFixture(`
//! rules RL009
//- app/package.json
{ "name": "app" }
//- app/src/db.ts
const AWS = require("aws-sdk");
export const docs = new AWS.DynamoDB.DocumentClient({ maxRetries: 2 });
// ^ layer ×3
//- app/src/orders.ts
import { docs } from "./db";

export async function save(order: any) {
  await docs.put({ TableName: "orders", Item: order }).promise();
}
//! path 3 aws:dynamodb
`);
  });
});
