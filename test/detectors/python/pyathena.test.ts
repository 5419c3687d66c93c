// PyAthena's own botocore client (docs/reference/pyathena.md): pyathena.connect builds
// session.client("athena", config=config if config else Config()) (PyAthena 2.25.2
// pyathena/connection.py), so botocore's legacy default applies without retries in the Config:
// 5 attempts (retry-semantics.md §1.6).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const layers = async (text: string) => (await py(text)).layers.map((l) => `${l.kind}@${l.anchor.line} ×${l.maxAttempts ?? "∞"} ${l.attemptsSource}`);

describe("pyathena.connect builds an implicit boto3 athena client", () => {
  const cases: Array<[string, string, string[]]> = [
    [
      "no config: legacy default 5 on the connect call",
      `import pyathena\n\n\ndef run(q, creds):\n    cursor = pyathena.connect(\n        s3_staging_dir="s3://bucket/",\n        **creds,\n    ).cursor()\n    cursor.execute(q)\n    return cursor.fetchall()\n`,
      ["aws-sdk@5 ×5 default"],
    ],
    ["config=Config(retries={'max_attempts': 2}) → 3", `from botocore.config import Config\nfrom pyathena import connect\n\nconn = connect(s3_staging_dir="s3://b/", config=Config(retries={"max_attempts": 2}))\n`, ["aws-sdk@4 ×3 config"]],
    ["standard mode through a bound Config → 3", `from botocore.config import Config\nfrom pyathena.connection import Connection\n\nCFG = Config(retries={"mode": "standard"})\nconn = Connection(work_group="primary", config=CFG)\n`, ["aws-sdk@5 ×3 config"]],
  ];
  for (const [name, text, want] of cases) test(name, async () => assert.deepEqual(await layers(text), want));

  test("the cursor chained on the connection is the client: its calls go to aws://athena, cursor() and close() send nothing", async () => {
    const f = await py(`import pyathena\n\n\nclass Athena:\n    def run_query(self, query):\n        cursor = pyathena.connect(s3_staging_dir="s3://b/").cursor()\n        cursor.execute(query)\n        return cursor.fetchall()\n`);
    const c = f.clients.find((x) => x.sdk?.target === "aws://athena")!;
    assert.equal(`${c.functionId}:${c.name}`, "Athena.run_query:cursor");
    assert.equal(c.library, "boto3");
    assert.ok(c.sdk!.notSending.includes("cursor") && c.sdk!.notSending.includes("close"));
    assert.equal(f.layers[0]!.label, "cursor");
    assert.match(f.layers[0]!.attemptsNote, /PyAthena 2\.25\.2 connect builds its own botocore "athena" client/);
  });

  test("near misses: another library's connect, a config the file cannot read", async () => {
    assert.deepEqual(await layers(`import psycopg2\n\nconn = psycopg2.connect("dbname=x")\n`), []);
    assert.deepEqual(await layers(`import pyathena\n\n\ndef run(cfg):\n    return pyathena.connect(work_group="primary", config=cfg)\n`), ["aws-sdk@5 ×∞ config"]);
  });
});
