/**
 * The last scan's result (server/src/host/resultStore.ts) and the content key it is stored under
 * (WorkspaceRead.contentKey, host/workspace.ts): a hit gives back the result as it was rendered;
 * another key, another build, a damaged file or a symlink is a miss, never a wrong result; a
 * result that depends on the machine is not kept.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { analyzeWorkspace, type AnalysisResult } from "../../server/src/engine/analyze";
import { readWorkspace } from "../../server/src/host/workspace";
import { RESULT_FILE, ResultStore, resultKey } from "../../server/src/host/resultStore";
import { renderJson } from "../../server/src/cli/report/json";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const SHOP = path.join(__dirname, "..", "..", "examples", "shop");
const report = (result: AnalysisResult) => renderJson({ result, version: "test", files: 1, skipped: [], problems: [], root: SHOP });

describe("result store", () => {
  let tmp: string;
  let result: AnalysisResult;
  let key: string;

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-result-"));
    const read = await readWorkspace(SHOP, { contentKey: true });
    result = await analyzeWorkspace(read.files, DEFAULT_SETTINGS);
    key = resultKey(read.contentKey!, DEFAULT_SETTINGS);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("a saved result comes back under its key and renders the same report, without the facts", async () => {
    const dir = path.join(tmp, "hit");
    assert.equal(await new ResultStore(dir, "v1").save(key, result, { files: 12, filtered: 3 }), "saved");
    const stored = await new ResultStore(dir, "v1").load(key);
    assert.ok(stored);
    assert.deepEqual(stored.read, { files: 12, filtered: 3 });
    assert.equal(stored.result.facts.length, 0);
    assert.ok(stored.result.model.layerById instanceof Map && stored.result.model.layerById.size === result.model.layerById.size);
    assert.ok(report(stored.result) === report(result), "the stored result renders the report the fresh one does");
    assert.deepEqual(fs.readdirSync(dir).sort(), [".gitignore", "CACHEDIR.TAG", RESULT_FILE].sort());
  });

  it("another key, another build, a damaged or foreign file: a miss that says why", async () => {
    const dir = path.join(tmp, "miss");
    await new ResultStore(dir, "v1").save(key, result, { files: 1, filtered: 0 });
    const other = new ResultStore(dir, "v1");
    assert.equal(await other.load(resultKey("another tree", DEFAULT_SETTINGS)), null);
    assert.equal(other.missReason, "the files or settings changed");
    const newer = new ResultStore(dir, "v2");
    assert.equal(await newer.load(key), null);
    assert.equal(newer.missReason, "made by another version");

    const file = path.join(dir, RESULT_FILE);
    const bytes = fs.readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 10] ^= 0xff;
    fs.writeFileSync(file, flipped);
    const damaged = new ResultStore(dir, "v1");
    assert.equal(await damaged.load(key), null);
    assert.equal(damaged.missReason, "damaged (checksum)");

    fs.writeFileSync(file, "not a result\n");
    const foreign = new ResultStore(dir, "v1");
    assert.equal(await foreign.load(key), null);
    assert.equal(foreign.missReason, "unreadable header");
  });

  it("settings are part of the key", () => {
    assert.notEqual(resultKey("tree", DEFAULT_SETTINGS), resultKey("tree", { ...DEFAULT_SETTINGS, threshold: 2 }));
    assert.equal(resultKey("tree", DEFAULT_SETTINGS), resultKey("tree", { ...DEFAULT_SETTINGS }));
  });

  it("a result with a file skipped for its budget is not kept (it depends on the machine's load)", async () => {
    const dir = path.join(tmp, "budget");
    const skipped = { ...result, problems: [...result.problems, { file: "a.py", line: null, message: "skipped: the parser ran out of time (10 s)" }] };
    assert.equal(await new ResultStore(dir, "v1").save(key, skipped, { files: 1, filtered: 0 }), "not kept");
    assert.ok(!fs.existsSync(path.join(dir, RESULT_FILE)));
  });

  it("a result file that is a symlink is not followed", async () => {
    const real = path.join(tmp, "real");
    await new ResultStore(real, "v1").save(key, result, { files: 1, filtered: 0 });
    const dir = path.join(tmp, "linked");
    fs.mkdirSync(dir);
    fs.symlinkSync(path.join(real, RESULT_FILE), path.join(dir, RESULT_FILE));
    const store = new ResultStore(dir, "v1");
    assert.equal(await store.load(key), null);
    assert.match(store.missReason, /ELOOP|symlink|not a file/);
  });
});

describe("content key of a read", () => {
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-content-key-"));
    fs.cpSync(SHOP, path.join(tmp, "shop"), { recursive: true });
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const keyOf = async () => (await readWorkspace(path.join(tmp, "shop"), { contentKey: true })).contentKey;

  it("is stable, and changes with any file read: an edit, a file added, one the pre-filter leaves out", async () => {
    const first = await keyOf();
    assert.match(first ?? "", /^[0-9a-f]{64}$/);
    assert.equal(await keyOf(), first);
    assert.equal((await readWorkspace(path.join(tmp, "shop"), {})).contentKey, undefined, "only when asked for");

    fs.appendFileSync(path.join(tmp, "shop", "orders", "app.py"), "\n# edited\n");
    const edited = await keyOf();
    assert.notEqual(edited, first);
    // a YAML file with nothing to analyse is left out by the pre-filter, yet it was read: it counts
    fs.writeFileSync(path.join(tmp, "shop", "notes.yaml"), "title: nothing to see\n");
    const read = await readWorkspace(path.join(tmp, "shop"), { contentKey: true });
    assert.ok(read.filtered.includes("notes.yaml"), read.filtered.join(", "));
    assert.notEqual(read.contentKey, edited);
  });
});
