// A module namespace from an awaited dynamic import (`const sdk = await import("m")`) binds like
// `import * as sdk from "m"` (FileIndex.imports), so SDK clients built from it are found.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("dynamic import namespaces", () => {
  test("new sdk.S3Client(…) on `const sdk = await import(\"@aws-sdk/client-s3\")` is an AWS SDK v3 client with the default 3 attempts; destructured members bind too", () => {
    const f = extract(`export class S3Storage {
  async client() {
    const sdk = await import("@aws-sdk/client-s3");
    const client = new sdk.S3Client({ region: "eu-west-1" });
    const { DynamoDBClient } = await import("@aws-sdk/client-dynamodb");
    const ddb = new DynamoDBClient({ maxAttempts: 5 });
    const lazy = import("@aws-sdk/client-sqs");
    return { client, ddb, lazy };
  }
}
`);
    assert.deepEqual(f.imports.map((i) => [i.local, i.module, i.member]), [["sdk", "@aws-sdk/client-s3", null], ["DynamoDBClient", "@aws-sdk/client-dynamodb", "DynamoDBClient"]]);
    assert.deepEqual(f.layers.filter((l) => l.kind === "aws-sdk").map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]), [[4, 3, "default"], [6, 5, "config"]]);
  });

  test("a static namespace import builds the same client; a namespace member not named …Client is none", () => {
    const f = extract(`import * as AwsS3 from "@aws-sdk/client-s3";
const s3 = new AwsS3.S3Client({ maxAttempts: 4 });
const cmd = new AwsS3.GetObjectCommand({ Bucket: "b", Key: "k" });
`);
    assert.deepEqual(f.layers.filter((l) => l.kind === "aws-sdk").map((l) => [l.anchor.line, l.maxAttempts]), [[2, 4]]);
    assert.deepEqual(f.clients.map((c) => [c.name, c.library]), [["s3", "@aws-sdk/client-s3"]]);
  });
});
