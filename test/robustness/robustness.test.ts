/**
 * Hostile inputs as regression fixtures (issue #11, "Robustness" and "Acceptance"): each is scanned
 * by the bundled CLI in a workspace beside a well-formed sibling with a retry layer. The scan must
 * end normally (the bound is a hang guard, not a benchmark), print a valid JSON report
 * (test/fuzz/reportCheck.ts), report a file it cannot read as one problem, and still find the
 * sibling's layer. Every committed input in inputs/ is scanned (what the fuzzer found goes there);
 * large ones are generated here (generate.ts).
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { checkReport } from "../fuzz/reportCheck";
import { CLI, exitProblem, scanFolder } from "../fuzz/scan";
import type { JsonReport } from "../../server/src/cli/report/json";
import { anchorReferences, deepBlockNesting, deepFlowMap, longLinePython } from "./generate";

const INPUTS = join(__dirname, "inputs");
/** generous: a hang guard (each scan takes about 1–4 s on the 2-core machine) */
const HANG_GUARD_MS = 30_000;
const SIBLING = "sibling/retrying_client.py";
const SIBLING_TEXT = `import requests
from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
def fetch_sibling():
    return requests.get("http://sibling-upstream/items")
`;

let scratch: string;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), "retrylens-robust-"));
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Scans a fresh workspace holding `files` and the sibling; asserts a normal, valid, timely run. */
async function scan(files: Record<string, string | Buffer>, guardMs = HANG_GUARD_MS): Promise<JsonReport> {
  assert.ok(statSync(CLI).isFile(), `${CLI} is missing: npm run build`);
  const dir = mkdtempSync(join(scratch, "ws-"));
  for (const [path, content] of Object.entries({ ...files, [SIBLING]: SIBLING_TEXT })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  // --include-tests: an input kept under a test-like name (test_x.py, tests/) is still analysed
  const run = await scanFolder(dir, guardMs, ["--include-tests"]);
  assert.equal(exitProblem(run, guardMs), null, `the scan did not end normally; stderr:\n${run.stderr.slice(-2000)}`);
  assert.doesNotMatch(run.stderr, /unhandled|internal error|\n\s+at .+:\d+:\d+/i);
  const verdict = checkReport(run.stdout);
  assert.deepEqual(verdict.errors, [], "the report keeps the contract");
  assert.deepEqual(verdict.guarded, [], "no detector threw");
  const report = verdict.report!;
  const sibling = report.layers.filter((l) => l.file === SIBLING);
  assert.deepEqual(sibling.map((l) => [l.line, l.maxAttempts]), [[5, 3]], "the well-formed sibling still has its layer");
  return report;
}

const problemsOf = (r: JsonReport, file: string) => r.problems.filter((p) => p.file === file).map((p) => p.message);
const layersOf = (r: JsonReport, file: string) => r.layers.filter((l) => l.file === file);

describe("hostile YAML", () => {
  test("a 4 KB route nested ~2,000 brackets deep is one problem ('skipped: flow nesting …'), not a dead process", async () => {
    const text = readFileSync(join(INPUTS, "nested-brackets.yaml"), "utf8");
    assert.ok(text.length >= 4000 && text.length <= 4096);
    const r = await scan({ "deploy/nested-brackets.yaml": text });
    assert.deepEqual(problemsOf(r, "deploy/nested-brackets.yaml"), ["skipped: flow nesting deeper than 200"]);
    assert.equal(layersOf(r, "deploy/nested-brackets.yaml").length, 0);
  });

  test("a flow map {a: {a: …}} 2,000 deep and block nesting 1,000 deep are one problem each", async () => {
    const r = await scan({ "deploy/flow-map.yaml": deepFlowMap(2000), "deploy/block.yaml": deepBlockNesting(1000) });
    assert.deepEqual(problemsOf(r, "deploy/flow-map.yaml"), ["skipped: flow nesting deeper than 200"]);
    assert.deepEqual(problemsOf(r, "deploy/block.yaml"), ["skipped: nesting deeper than 200"]);
  });

  test("nesting just under the limit is read: a VirtualService with labels 190 deep keeps its retry layer", async () => {
    const labels = Array.from({ length: 190 }, (_, i) => `${"  ".repeat(i + 2)}l${i}:`).join("\n");
    const text = `apiVersion: networking.istio.io/v1beta1\nkind: VirtualService\nmetadata:\n  name: nested\n  labels:\n${labels} x\nspec:\n  hosts: [nested]\n  http:\n  - route: [{destination: {host: nested}}]\n    retries: {attempts: 2}\n`;
    const r = await scan({ "mesh/nested-labels.yaml": text });
    assert.deepEqual(problemsOf(r, "mesh/nested-labels.yaml"), []);
    assert.deepEqual(layersOf(r, "mesh/nested-labels.yaml").map((l) => l.maxAttempts), [3]);
  });

  test("an anchor referenced by 1,000 Istio routes (alias and merge) gives 1,000 layers of 4 attempts, in seconds", async () => {
    const started = Date.now();
    const r = await scan({ "mesh/inventory-vs.yaml": anchorReferences(1000) });
    const layers = layersOf(r, "mesh/inventory-vs.yaml");
    assert.equal(layers.length, 1000);
    assert.ok(layers.every((l) => l.maxAttempts === 4), "attempts: 3 retries → 4 attempts, through `*r` and `<<: *r` alike");
    assert.deepEqual(problemsOf(r, "mesh/inventory-vs.yaml"), []);
    // the issue measured 38 s; the hang guard allows 30 s, and this says how far from it we are
    assert.ok(Date.now() - started < HANG_GUARD_MS);
  });

  test("a billion-laughs alias bomb in a route's match, retryOn and timeout: the route's own count is still read", async () => {
    const r = await scan({ "mesh/billion-laughs.yaml": readFileSync(join(INPUTS, "billion-laughs.yaml"), "utf8") });
    const layers = layersOf(r, "mesh/billion-laughs.yaml");
    assert.ok(layers.some((l) => l.maxAttempts === 3), JSON.stringify(layers.map((l) => [l.line, l.maxAttempts])));
  });

  test("merge keys fanned out 8 wide and 12 deep resolve to the outermost map's own count", async () => {
    const r = await scan({ "mesh/merge-key-bomb.yaml": readFileSync(join(INPUTS, "merge-key-bomb.yaml"), "utf8") });
    // m11 sets attempts: 12 (retries) over everything it merges → 13 attempts
    assert.deepEqual(layersOf(r, "mesh/merge-key-bomb.yaml").map((l) => l.maxAttempts), [13]);
  });
});

describe("hostile code files", () => {
  test("a Python file with lone-CR line endings parses: its layer is on the decorator's line", async () => {
    const r = await scan({ "svc/lone_cr.py": readFileSync(join(INPUTS, "lone-cr.py")) });
    assert.deepEqual(layersOf(r, "svc/lone_cr.py").map((l) => [l.line, l.maxAttempts]), [[5, 5]]);
  });

  test("a 300,000-character line before a layer: the layer is found on its line", async () => {
    const text = longLinePython(300_000);
    assert.ok(text.split("\n")[2]!.length >= 299_990);
    const r = await scan({ "svc/long_line.py": text });
    assert.deepEqual(layersOf(r, "svc/long_line.py").map((l) => [l.line, l.maxAttempts]), [[5, 4]]);
  });

  test("a 300,000-character line of unclosed brackets in Python (fuzzer, seed 1 run 30): extraction stays linear", async () => {
    // `// {[({[(…` is no comment in Python: 100,000 nested unclosed brackets, one deep ERROR tree
    // that a per-node walk or query over the tree must not revisit per level
    const text = `import boto3\nfrom tenacity import retry, stop_after_attempt\n\n// ${"{[(".repeat(100_000)}\n\n@retry(stop=stop_after_attempt(3))\ndef save_order(order):\n    return boto3.client("dynamodb").put_item(TableName="orders", Item=order)\n`;
    const r = await scan({ "orders/store.py": text });
    assert.ok(problemsOf(r, "orders/store.py").some((m) => m.startsWith("syntax error")));
  });

  test("300,000-character lines in YAML and TypeScript do not stop the scan", async () => {
    const r = await scan({
      "deploy/long.yaml": `apiVersion: v1\nkind: ConfigMap\ndata:\n  retries: "${"r".repeat(300_000)}"\n`,
      "web/long.ts": `import axios from "axios";\nconst s = "${"x".repeat(300_000)}";\nexport const f = () => axios.get("http://long-ts/");\n`,
    });
    assert.ok(r.summary.files >= 3);
  });
});

describe("huge counts in the rules", () => {
  test(
    "urllib3 Retry(total=10²³) with exponential back-off on a timed call: the scan ends (RL008 sums the back-off in closed form)",
    async () => {
      const scenario = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");
      const files: Record<string, string> = {};
      for (const path of ["checkout/app.py", "checkout/inventory_client.py", "deploy/gateway/envoy.yaml", "inventory/app.py", "platform/http.py"]) {
        files[path] = readFileSync(join(scenario, path), "utf8");
      }
      files["platform/http.py"] = files["platform/http.py"]!.replace("total=2,", "total=99999999999999999999999,");
      assert.match(files["platform/http.py"]!, /total=9{23},/);
      const r = await scan(files, 15_000);
      assert.ok(r.layers.some((l) => l.file === "platform/http.py" && l.maxAttempts !== null && l.maxAttempts > 1e22));
    },
  );
});

/** every committed input, where a test above does not already place it (what the fuzzer found goes here too) */
function committedInputs(dir = INPUTS, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) committedInputs(join(dir, e.name), out);
    else out.push(relative(INPUTS, join(dir, e.name)).split("\\").join("/"));
  }
  return out.sort();
}

describe("every committed input scans cleanly beside a well-formed sibling", () => {
  for (const path of committedInputs()) {
    test(path, async () => {
      await scan({ [`inputs/${path}`]: readFileSync(join(INPUTS, path)) });
    });
  }
});
