// Azure SDK for Go clients (docs/reference/azure-sdk.md § Go): azcore RetryOptions.MaxRetries — 0 means the default 3, < 0 no retries.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, inFunc } from "./helpers";

const IMPORTS = ['"context"', '"github.com/Azure/azure-sdk-for-go/sdk/azcore"', '"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"', '"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"', '"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"', '"github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azsecrets"'];
const LINE = IMPORTS.length + 7;
const blob = (opts: string) => inFunc(IMPORTS, `\tclient, err := azblob.NewClient("https://acct.blob.core.windows.net", cred, ${opts})\n\tif err != nil {\n\t\treturn err\n\t}\n\t_, err = client.UploadBuffer(ctx, "c", sku, nil, nil)\n\treturn err`);

describe("Azure SDK Go clients: attempts", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    ["nil options: azcore default MaxRetries 3 → 4", blob("nil"), 4, "default", /default MaxRetries 3 → 4 attempts \(azcore policy\.RetryOptions\)/],
    ["MaxRetries: 5 → 6", blob("&azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 5}}}"), 6, "config", /MaxRetries: 5 → 6/],
    ["MaxRetries: 0 is the default 3 → 4 (trap)", blob("&azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 0}}}"), 4, "config", /0 means the default 3 → 4 attempts \(use -1/],
    ["MaxRetries: -1 turns retries off → 1", blob("&azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}}"), 1, "config", /one try, no retries/],
    ["MaxRetries from a variable: unknown", blob("&azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: n}}}"), null, "config", /not a literal/],
    ["azservicebus RetryOptions default 3 → 4", inFunc(IMPORTS, `\tbus, _ := azservicebus.NewClientFromConnectionString(cs, nil)\n\t_ = bus\n\treturn nil`), 4, "default", /default MaxRetries 3 → 4 attempts \(azservicebus RetryOptions\)/],
    ["azservicebus RetryOptions{MaxRetries: 2} → 3", inFunc(IMPORTS, `\tbus, _ := azservicebus.NewClientFromConnectionString(cs, &azservicebus.ClientOptions{RetryOptions: azservicebus.RetryOptions{MaxRetries: 2}})\n\t_ = bus\n\treturn nil`), 3, "config", /MaxRetries: 2 → 3/],
  ];
  for (const [name, code, attempts, source, note] of cases) {
    test(name, async () => {
      const facts = await go(code);
      const layers = facts.layers.filter((l) => l.kind === "azure-sdk");
      assert.equal(layers.length, 1);
      const l = layers[0]!;
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, attempts === null);
      assert.equal(l.anchor.line, LINE);
    });
  }

  test("the client sends to azure:blob; waits 800 ms × (2^n − 1) with jitter, max 60 s", async () => {
    const facts = await go(blob("nil"));
    const client = facts.clients.find((c) => c.name.endsWith("client"));
    assert.equal(client?.sdk?.target, "azure://blob");
    const l = facts.layers[0]!;
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", true, 0.8, 60]);
  });

  test("near miss: a NewClient of a package outside the Azure SDK", async () => {
    const facts = await go(inFunc(['"context"', '"example.com/azblob"'], `\tc, _ := azblob.NewClient("x")\n\t_ = c\n\treturn nil`));
    assert.equal(facts.layers.length, 0);
  });
});
