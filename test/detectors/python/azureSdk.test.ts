// Azure SDK for Python clients (docs/reference/azure-sdk.md § Python): every default and number trap.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = `from azure.storage.blob import BlobServiceClient, ExponentialRetry
from azure.storage.blob.aio import BlobServiceClient as AioBlobServiceClient
from azure.keyvault.secrets import SecretClient
from azure.core.pipeline.policies import RetryPolicy
from azure.servicebus import ServiceBusClient
from azure.cosmos import CosmosClient
`;

describe("Azure SDK Python clients: attempts", () => {
  const cases: Array<[string, number | null, "default" | "config", RegExp]> = [
    [`kv = SecretClient(vault_url=u, credential=c)`, 4, "default", /default retry_total 10, but retry_connect\/retry_read\/retry_status 3 each: .* → 4 attempts \(azure-keyvault-secrets\)/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_total=5)`, 4, "config", /retry_total=5, but .* 3 each/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_total=2)`, 3, "config", /retry_total=2 → 3 attempts/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_total=0)`, 1, "config", /retry_total=0 → 1 attempts/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_total=8, retry_status=6)`, 7, "config", /6 each/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_policy=RetryPolicy(retry_total=1))`, 2, "config", /retry_total=1 → 2/],
    [`kv = SecretClient(vault_url=u, credential=c, retry_total=n)`, null, "config", /not a literal/],
    [`blobs = BlobServiceClient(account_url=u, credential=c)`, 4, "default", /default retry_total 3 → 4 attempts \(azure-storage-blob\)/],
    [`blobs = BlobServiceClient.from_connection_string(cs)`, 4, "default", /default retry_total 3/],
    [`blobs = BlobServiceClient.from_connection_string(cs, retry_total=1)`, 2, "config", /retry_total=1 → 2/],
    [`blobs = BlobServiceClient(u, retry_policy=ExponentialRetry(retry_total=6))`, 4, "config", /retry_total=6, but/],
    [`blobs = AioBlobServiceClient(account_url=u, credential=c)`, 4, "default", /default retry_total 3/],
    [`bus = ServiceBusClient.from_connection_string(cs)`, 4, "default", /default retry_total 3 → 4 attempts \(azure-servicebus\)/],
    [`bus = ServiceBusClient.from_connection_string(cs, retry_total=6)`, 7, "config", /retry_total=6 → 7/],
    [`db = CosmosClient(u, credential=k)`, 10, "default", /9 throttle retries → 10 attempts on 429/],
  ];
  for (const [line, attempts, source, note] of cases) {
    test(`${line} → ${attempts}`, async () => {
      const facts = await py(`${H}${line}\n`);
      const layers = facts.layers.filter((l) => l.kind === "azure-sdk");
      assert.equal(layers.length, 1);
      const l = layers[0]!;
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, attempts === null);
      assert.equal(l.anchor.line, 7);
    });
  }

  test("storage waits 15 s then 15 + 3^n s with ±3 s jitter; azure-core 0.8 s × 2^(n−1), no jitter", async () => {
    const facts = await py(`${H}blobs = BlobServiceClient(account_url=u)\nkv = SecretClient(vault_url=u, credential=c)\n`);
    const [blob, kv] = facts.layers;
    assert.deepEqual([blob!.wait.kind, blob!.wait.jitter, blob!.wait.initialSeconds], ["exponential", true, 15]);
    assert.deepEqual([kv!.wait.kind, kv!.wait.jitter, kv!.wait.maxSeconds], ["exponential", false, 120]);
    assert.equal(kv!.condition.honoursRetryAfter, true);
  });

  test("clients and sub-clients send to azure:<service>; get_container_client is local", async () => {
    const facts = await py(`${H}blobs = BlobServiceClient(account_url=u)\ncontainer = blobs.get_container_client("images")\nwith ServiceBusClient.from_connection_string(cs) as bus:\n    with bus.get_queue_sender("q") as sender:\n        sender.send_messages(m)\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [
      ["blobs", "azure://blob"],
      ["bus", "azure://servicebus"],
      ["container", "azure://blob"],
      ["sender", "azure://servicebus"],
    ]);
    assert.ok(facts.clients[0]!.sdk!.notSending.includes("get_container_client"));
  });

  test("near misses: a local class named BlobServiceClient, azure.identity credentials", async () => {
    const facts = await py(`from azure.identity import DefaultAzureCredential\nclass BlobServiceClient: pass\nc = DefaultAzureCredential()\nb = BlobServiceClient()\n`);
    assert.equal(facts.layers.filter((l) => l.kind === "azure-sdk").length, 0);
  });

  test("a client imported inside the function that builds it (an optional dependency) is a layer", async () => {
    const facts = await py(`def parse(config, file):\n    from azure.ai.documentintelligence import DocumentIntelligenceClient\n    from azure.core.credentials import AzureKeyCredential\n\n    client = DocumentIntelligenceClient(\n        endpoint=config.endpoint,\n        credential=AzureKeyCredential(config.api_key),\n    )\n    return client.begin_analyze_document("prebuilt-read", body=file)\n`);
    const layers = facts.layers.filter((l) => l.kind === "azure-sdk");
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.maxAttempts]), [[5, 4]]);
    assert.equal(facts.clients[0]?.sdk?.target, "azure://documentintelligence");
  });

  test("a function-local import binds only in its function: the same name elsewhere is not the client", async () => {
    const facts = await py(`def a():\n    from azure.keyvault.secrets import SecretClient\n    return SecretClient(vault_url=u, credential=c)\n\ndef b():\n    return SecretClient(vault_url=u, credential=c)\n`);
    assert.deepEqual(facts.layers.filter((l) => l.kind === "azure-sdk").map((l) => l.anchor.line), [3]);
  });
});
