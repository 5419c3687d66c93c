// Azure SDK for JavaScript clients (docs/reference/azure-sdk.md § JavaScript): every default and number trap.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractTypeScript } from "../../../server/src/detectors/typescript/index";

const H = `import { BlobServiceClient } from "@azure/storage-blob";
import { SecretClient } from "@azure/keyvault-secrets";
import { ServiceBusClient } from "@azure/service-bus";
import { CosmosClient } from "@azure/cosmos";
`;

const facts = (code: string) => extractTypeScript("svc/store.ts", `${H}${code}\n`);

describe("Azure SDK JS clients: attempts", () => {
  const cases: Array<[string, number | null, "default" | "config", RegExp]> = [
    [`const kv = new SecretClient(url, cred);`, 4, "default", /default retryOptions\.maxRetries 3 → 4 attempts \(@azure\/keyvault-secrets\)/],
    [`const kv = new SecretClient(url, cred, { retryOptions: { maxRetries: 5 } });`, 6, "config", /maxRetries: 5 → 6/],
    [`const kv = new SecretClient(url, cred, { retryOptions: { maxRetries: 0 } });`, 1, "config", /maxRetries: 0 → 1/],
    [`const kv = new SecretClient(url, cred, { retryOptions: { maxRetries: n } });`, null, "config", /not a literal/],
    [`const blobs = new BlobServiceClient(url, cred);`, 4, "default", /default retryOptions\.maxTries 4 counts attempts → 4 \(@azure\/storage-blob\)/],
    [`const blobs = new BlobServiceClient(url, cred, { retryOptions: { maxTries: 2 } });`, 2, "config", /maxTries: 2 counts attempts → 2/],
    [`const blobs = new BlobServiceClient(url, cred, { retryOptions: { maxTries: 0 } });`, 4, "config", /below 1: the default 4 applies/],
    [`const blobs = BlobServiceClient.fromConnectionString(cs, { retryOptions: { maxTries: 6 } });`, 6, "config", /maxTries: 6/],
    [`const bus = new ServiceBusClient(cs, { retryOptions: { maxRetries: 2 } });`, 3, "config", /maxRetries: 2 → 3/],
    [`const bus = new ServiceBusClient(cs);`, 4, "default", /3 → 4 attempts \(@azure\/service-bus\)/],
    [`const db = new CosmosClient({ endpoint, key });`, 10, "default", /maxRetryAttemptCount 9 → 10 attempts \(@azure\/cosmos, on 429\)/],
    [`const db = new CosmosClient({ endpoint, key, connectionPolicy: { retryOptions: { maxRetryAttemptCount: 2 } } });`, 3, "config", /maxRetryAttemptCount: 2 → 3/],
  ];
  for (const [line, attempts, source, note] of cases) {
    test(`${line} → ${attempts}`, () => {
      const f = facts(line);
      const layers = f.layers.filter((l) => l.kind === "azure-sdk");
      assert.equal(layers.length, 1);
      const l = layers[0]!;
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, attempts === null);
      assert.equal(l.anchor.line, 5);
    });
  }

  test("options held by a const object are read", () => {
    const f = facts(`const opts = { retryOptions: { maxRetries: 1 } };\nconst kv = new SecretClient(url, cred, opts);`);
    assert.equal(f.layers[0]!.maxAttempts, 2);
  });

  test("storage waits (2^(n−1) − 1) × 4 s without jitter; core-rest-pipeline from 1 s with jitter", () => {
    const f = facts(`const blobs = new BlobServiceClient(url, cred);\nconst kv = new SecretClient(url, cred);`);
    assert.deepEqual(f.layers.map((l) => [l.wait.kind, l.wait.jitter, l.wait.initialSeconds]), [["exponential", false, 4], ["exponential", true, 1]]);
  });

  test("sub-clients share the parent's layer and send to azure:<service>", () => {
    const f = facts(`const blobs = new BlobServiceClient(url, cred);\nconst container = blobs.getContainerClient("images");\nexport async function save(n: string) { await container.getBlockBlobClient(n).uploadData(buf); }`);
    assert.deepEqual(f.clients.map((c) => [c.name, c.sdk?.target, c.layerIds.length]), [["blobs", "azure://blob", 1], ["container", "azure://blob", 1]]);
  });

  test("near miss: a BlobServiceClient not from @azure/*", () => {
    const f = extractTypeScript("svc/x.ts", `import { BlobServiceClient } from "./fake";\nconst b = new BlobServiceClient();\n`);
    assert.equal(f.layers.length, 0);
  });
});
