// google-api-python-client — docs/reference/google-sdks.md: execute() tries once by default
// (num_retries=0: no layer); execute(num_retries=N) counts RETRIES → N+1; full jitter 2^n s.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";
import { checkFixture } from "../../harness";

const H = `from googleapiclient.discovery import build\n\nservice = build("drive", "v3", credentials=None)\n\n\ndef run():\n`;

describe("googleapiclient execute(num_retries=…)", () => {
  const cases: Array<[string, number | null | "none", string]> = [
    ["service.files().list(q='x').execute()", "none", "default num_retries=0: one attempt, no layer"],
    ["service.files().list(q='x').execute(num_retries=3)", 4, "N retries → N+1"],
    ["service.files().list(q='x').execute(num_retries=0)", 1, "0 written: one attempt (off)"],
    ["service.files().get(fileId='1').execute(num_retries=N)", 6, "a module constant"],
    ["service.files().get(fileId='1').execute(num_retries=n)", null, "a parameter: not known statically"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, async () => {
      const facts = await py(`${H.replace("def run():", "def run(n=None):")}    return ${expr}\n`.replace("service = build", "N = 5\nservice = build"));
      const sent = facts.calls.filter((c) => c.request?.library === "googleapiclient");
      assert.equal(sent.length, 1, "the execute call is a request either way");
      assert.deepEqual(sent[0]!.request!.url, { kind: "string", value: "sdk://drive.googleapis.com" });
      if (expected === "none") return assert.equal(facts.layers.length, 0);
      assert.equal(facts.layers.length, 1);
      const l = facts.layers[0]!;
      assert.equal(l.kind, "googleapiclient");
      assert.equal(l.maxAttempts, expected);
      assert.deepEqual(l.attach, { kind: "block", functionId: "run", callIds: [sent[0]!.id] });
      if (expected === null) assert.equal(l.countUnknown, true);
    });
  }
  test("a request object bound first: req = service.files().list(); req.execute(num_retries=2)", async () => {
    const facts = await py(`${H}    req = service.files().list(q="x")\n    return req.execute(num_retries=2)\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 3);
    assert.equal(facts.layers[0]!.anchor.line, 8);
  });
  test("the anchor is the execute line of a multi-line chain", async () => {
    const facts = await py(`${H}    return (\n        service.files()\n        .list(q="x")\n        .execute(num_retries=5)\n    )\n`);
    assert.equal(facts.layers[0]!.anchor.line, 10);
  });
  test("wait and condition: full jitter 2^n s; 5xx, 429, rate-limit 403; POST too", async () => {
    const l = (await py(`${H}    return service.files().create(body={}).execute(num_retries=1)\n`)).layers[0]!;
    assert.equal(l.wait.jitter, true);
    assert.match(l.wait.description, /2\^n/);
    assert.deepEqual(l.condition.statuses, [403, 429, 500, 502, 503, 504]);
    assert.equal(l.condition.afterSendMethods, "all");
  });
  test("near misses: a DB-API cursor.execute(sql), build(num_retries=…) (discovery only), no googleapiclient import", async () => {
    assert.equal((await py(`${H}    cur = conn.cursor()\n    cur.execute("select 1")\n`)).layers.length, 0);
    assert.equal((await py(`${H}    cur = conn.cursor()\n    cur.execute("select 1")\n`)).calls.filter((c) => c.request?.library === "googleapiclient").length, 0);
    assert.equal((await py(`from googleapiclient.discovery import build\n\nsheets = build("sheets", "v4", num_retries=3)\n`)).layers.length, 0);
    assert.equal((await py(`def run(job):\n    return job.execute(num_retries=3)\n`)).layers.length, 0);
  });
});

describe("googleapiclient linking", () => {
  test("tenacity ×3 around execute(num_retries=2) → 9 calls to drive.googleapis.com; a bare execute() is one more path", async () => {
    await checkFixture(`
//! rules RL009
//- app/drive.py
from googleapiclient.discovery import build
from tenacity import retry, stop_after_attempt, wait_random_exponential

service = build("drive", "v3")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=5))
# ^ layer ×3 RL009
def get_file(file_id):
    return service.files().get(fileId=file_id).execute(num_retries=2)
# ^ layer ×3


@retry(stop=stop_after_attempt(5), wait=wait_random_exponential(max=5))
# ^ layer ×5
def list_files():
    return service.files().list().execute()
//! path 9 drive.googleapis.com
//! path 5 drive.googleapis.com
`);
  });
});
