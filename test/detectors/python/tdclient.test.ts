// td-client (docs/reference/td-client.md): tdclient.connect / Client / API build
// urllib3.PoolManager(**pool_options) without retries (td-client 1.5.0 tdclient/api.py _init_http),
// so urllib3's Retry.DEFAULT = Retry(3) applies to every request: 4 attempts (retry-semantics.md §1.3).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const layers = async (text: string) => (await py(text)).layers.map((l) => `${l.kind}@${l.anchor.line} ×${l.maxAttempts ?? "∞"} ${l.attemptsSource}`);

describe("td-client's urllib3 pool keeps Retry.DEFAULT", () => {
  const cases: Array<[string, string, string[]]> = [
    ["tdclient.connect without retries → 4 on the call", `import tdclient\n\n\ndef run(q):\n    connection = tdclient.connect(apikey="k", type="hive", db="d")\n    cursor = connection.cursor()\n    cursor.execute(q)\n`, ["urllib3-retry@5 ×4 default"]],
    ["tdclient.Client(retries=0) → 1 (no retry)", `import tdclient\n\nclient = tdclient.Client(apikey="k", retries=0)\n`, ["urllib3-retry@3 ×1 config"]],
    ["retries=2 → 3, anchored on the keyword", `from tdclient.api import API\n\napi = API(apikey="k",\n          retries=2)\n`, ["urllib3-retry@4 ×3 config"]],
  ];
  for (const [name, text, want] of cases) test(name, async () => assert.deepEqual(await layers(text), want));

  test("the connection and the cursor taken from it are the client; the endpoint names the target", async () => {
    const f = await py(`import tdclient\n\n\nclass TreasureData:\n    def run_query(self, query):\n        connection = tdclient.connect(endpoint="https://api.treasuredata.co.jp", apikey="k")\n        cursor = connection.cursor()\n        cursor.execute(query)\n        return cursor.show_job()\n`);
    const names = f.clients.filter((c) => c.library === "td-client").map((c) => `${c.functionId}:${c.name}`);
    assert.deepEqual(names, ["TreasureData.run_query:connection", "TreasureData.run_query:cursor"]);
    assert.equal(f.clients[0]!.sdk!.target, "sdk://api.treasuredata.co.jp");
    assert.match(f.layers[0]!.attemptsNote, /td-client 1\.5\.0 builds urllib3\.PoolManager/);
  });

  test("a client of a with statement is the name after as", async () => {
    const f = await py(`import tdclient\n\n\ndef tables(key):\n    with tdclient.Client(key) as client:\n        return list(client.tables("db"))\n`);
    assert.deepEqual(f.clients.filter((c) => c.library === "td-client").map((c) => `${c.functionId}:${c.name}`), ["tables:client"]);
    assert.equal(f.layers[0]!.label, "client");
  });

  test("near miss: a module named like it is not td-client", async () => {
    assert.deepEqual(await layers(`import tdclient_helpers\n\nc = tdclient_helpers.connect()\n`), []);
  });
});
