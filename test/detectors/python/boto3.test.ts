// boto3 / botocore clients — reference/retry-semantics.md §1.6, §5.1 (the max_attempts trap), §5.3, §5.5.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = "import boto3\nfrom botocore.config import Config\n";

async function client(line: string, extra = "") {
  const facts = await py(`${H}${extra}${line}\n`);
  assert.equal(facts.layers.length, 1, `layers: ${facts.layers.map((l) => l.kind).join(",")}; problems: ${JSON.stringify(facts.problems)}`);
  assert.equal(facts.clients.length, 1, `clients: ${facts.clients.map((c) => c.name).join(",")}`);
  return { layer: facts.layers[0]!, client: facts.clients[0]!, facts };
}

describe("boto3 attempts (§1.6: Config max_attempts counts retries → N+1; total_max_attempts → N)", () => {
  const cases: Array<[string, number | null, string]> = [
    [`s3 = boto3.client("s3")`, 5, "no config: legacy mode by default, 5 attempts"],
    [`ddb = boto3.client("dynamodb")`, 10, "legacy DynamoDB default: 10 attempts"],
    [`s3 = boto3.client("s3", config=Config(retries={"max_attempts": 4}))`, 5, "max_attempts counts retries"],
    [`s3 = boto3.client("s3", config=Config(retries={"total_max_attempts": 4}))`, 4, "total_max_attempts counts attempts"],
    [`s3 = boto3.client("s3", config=Config(retries={"max_attempts": 9, "total_max_attempts": 4}))`, 4, "total_max_attempts wins"],
    [`s3 = boto3.client("s3", config=Config(retries={"mode": "standard"}))`, 3, "standard mode default"],
    [`ddb = boto3.client("dynamodb", config=Config(retries={"mode": "standard"}))`, 3, "standard mode: 3 for DynamoDB too"],
    [`s3 = boto3.client("s3", config=Config(retries={"mode": "adaptive"}))`, 3, "adaptive: same count as standard"],
    [`ddb = boto3.client("dynamodb", config=Config(retries={"mode": "legacy"}))`, 10, "explicit legacy DynamoDB"],
    [`s3 = boto3.client("s3", config=Config(retries={"mode": "standard", "max_attempts": 0}))`, 1, "max_attempts 0: retries disabled"],
    [`s3 = boto3.client("s3", config=Config(connect_timeout=5))`, 5, "a Config without retries keeps the default"],
  ];
  for (const [line, expected, why] of cases) {
    test(`${line} → ${expected} (${why})`, async () => {
      const { layer } = await client(line);
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.kind, "aws-sdk");
      assert.equal(layer.category, "client");
    });
  }
  test("an unconfigured client is the implicit default layer, anchored on the boto3.client( line", async () => {
    const { layer } = await client(`\n\ns3 = boto3.client(\n    "s3",\n)`);
    assert.equal(layer.attemptsSource, "default");
    assert.equal(layer.anchor.line, 5);
    assert.match(layer.attemptsNote, /legacy/);
  });
  test("a Config and its retries dict bound to names", async () => {
    const { layer } = await client(`s3 = boto3.client("s3", config=CFG)`, `RETRIES = {"max_attempts": 2}\nCFG = Config(retries=RETRIES)\n`);
    assert.equal(layer.maxAttempts, 3);
    assert.equal(layer.attemptsSource, "config");
  });
  test("a count from a module constant", async () => {
    const { layer } = await client(`s3 = boto3.client("s3", config=Config(retries={"total_max_attempts": N}))`, "N = 6\n");
    assert.equal(layer.maxAttempts, 6);
  });
  test("a retries value not known statically: count unknown, not unbounded", async () => {
    const { layer } = await client(`s3 = boto3.client("s3", config=Config(retries=load()))`);
    assert.equal(layer.maxAttempts, null);
    assert.equal(layer.countUnknown, true);
  });
});

describe("boto3 retry quota and waits (§1.6: standard/adaptive 500-token bucket; legacy none)", () => {
  test("standard mode: quota and budget, full jitter capped at 20 s", async () => {
    const { layer, client: c } = await client(`s3 = boto3.client("s3", config=Config(retries={"mode": "standard"}))`);
    assert.equal(c.hasRetryQuota, true);
    assert.match(layer.budget ?? "", /500-token/);
    assert.equal(layer.wait.jitter, true);
    assert.equal(layer.wait.maxSeconds, 20);
  });
  test("explicit legacy mode: no quota, no budget, uncapped random backoff", async () => {
    const { layer, client: c } = await client(`s3 = boto3.client("s3", config=Config(retries={"mode": "legacy"}))`);
    assert.equal(c.hasRetryQuota, false);
    assert.equal(layer.budget, null);
    assert.equal(layer.wait.jitter, true);
    assert.equal(layer.wait.maxSeconds, null);
  });
  test("mode not set in code: the environment decides, so the quota may exist (RL012 material)", async () => {
    const { layer, client: c } = await client(`s3 = boto3.client("s3")`);
    assert.equal(c.hasRetryQuota, true);
    assert.equal(layer.budget, null);
  });
  test("AWS operations are retried after sending, whatever the operation", async () => {
    const { layer } = await client(`s3 = boto3.client("s3")`);
    assert.equal(layer.condition.afterSendMethods, "all");
    assert.deepEqual(layer.condition.statuses, [429, 500, 502, 503, 504]);
    assert.equal(layer.condition.permanentErrors, null);
  });
  test("per-attempt read timeout: 60 s by default, read_timeout= when given", async () => {
    assert.equal((await client(`s3 = boto3.client("s3")`)).client.timeoutSeconds, 60);
    assert.equal((await client(`s3 = boto3.client("s3", config=Config(read_timeout=5))`)).client.timeoutSeconds, 5);
  });
});

describe("boto3 clients: forms, targets and per-call construction", () => {
  test("the client names its service endpoint; helpers like get_paginator do not send", async () => {
    const { client: c } = await client(`ddb = boto3.client("dynamodb")`);
    assert.equal(c.library, "boto3");
    assert.equal(c.sdk?.target, "aws://dynamodb");
    assert.ok(c.sdk?.notSending.includes("get_paginator"));
  });
  test("session.client(...) on a boto3.Session, and boto3.Session().client(...)", async () => {
    const facts = await py(`${H}session = boto3.Session(profile_name="x")\nsqs = session.client("sqs")\nsns = boto3.session.Session().client("sns")\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [["sqs", "aws://sqs"], ["sns", "aws://sns"]]);
    assert.deepEqual(facts.layers.map((l) => l.anchor.line), [4, 5]);
  });
  test("botocore get_session().create_client(...)", async () => {
    const facts = await py(`import botocore.session\nsession = botocore.session.get_session()\nkms = session.create_client("kms")\n`);
    assert.deepEqual(facts.clients.map((c) => c.name), ["kms"]);
  });
  test("aioboto3: `async with session.client(...) as s3` inside a handler is per call", async () => {
    const facts = await py(`import aioboto3\nsession = aioboto3.Session()\n\nasync def handler(key):\n    async with session.client("s3") as s3:\n        await s3.get_object(Bucket="b", Key=key)\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.functionId, c.perCall, c.sdk?.target]), [["s3", "handler", true, "aws://s3"]]);
  });
  test("boto3.resource and its sub-resources (Table) send through the same retries", async () => {
    const facts = await py(`${H}dynamodb = boto3.resource("dynamodb")\ntable = dynamodb.Table("orders")\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.library, c.layerIds.length]), [["dynamodb", "boto3.resource", 1], ["table", "boto3.resource", 1]]);
    assert.equal(facts.clients[0]!.layerIds[0], facts.clients[1]!.layerIds[0]);
    assert.ok(facts.clients[0]!.sdk?.notSending.includes("Table"));
    assert.equal(facts.layers.length, 1);
  });
  test("a client at module level is shared; one in a handler is per call", async () => {
    const facts = await py(`${H}shared = boto3.client("s3")\n\ndef handler(event):\n    s3 = boto3.client("s3")\n    s3.put_object(Bucket="b", Key="k", Body=b"")\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.functionId, c.perCall]), [["shared", "<module>", false], ["s3", "handler", true]]);
  });
  test("built in __init__, in a factory that returns it, or in a cached function: not per call", async () => {
    const facts = await py(
      `${H}import functools\n\nclass Store:\n    def __init__(self):\n        self.ddb = boto3.client("dynamodb")\n\ndef make_client():\n    c = boto3.client("s3")\n    return c\n\n@functools.lru_cache\ndef cached():\n    return boto3.client("sqs")\n`,
    );
    assert.deepEqual(facts.clients.map((c) => [c.name, c.perCall]), [["self.ddb", false], ["c", false], ["", false]]);
    const factory = facts.functions.find((f) => f.id === "make_client");
    assert.equal(factory?.returnsClientId, facts.clients[1]!.id);
  });
  test("the generic factory detector does not also record boto3.client(...) as an unknown client", async () => {
    const facts = await py(`${H}def f():\n    ddb = boto3.client("dynamodb")\n`);
    assert.deepEqual(facts.clients.map((c) => c.library), ["boto3"]);
  });
  test("not boto3: a .client() on something else", async () => {
    const facts = await py(`import redis\nr = redis.Redis()\nc = r.client("x")\n`);
    assert.equal(facts.layers.filter((l) => l.kind === "aws-sdk").length, 0);
  });
});
