/**
 * The persistent facts cache (server/src/host/factsStore.ts): hits give the facts extraction
 * gives; a changed text, another extractor version or a damaged pack is a miss, never wrong
 * facts; writes are atomic and the folder is marked as a cache.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { inProcessExtractor, type Extractor, type SourceFile } from "../../server/src/engine/analyze";
import { cachedExtractor, contentHash, extractorFingerprint, FactsStore, PACK_FILE } from "../../server/src/host/factsStore";
import { readWorkspace } from "../../server/src/host/workspace";
import type { FileFacts } from "../../server/src/model/facts";

const SHOP = path.join(__dirname, "..", "..", "examples", "shop");

/** in-process extraction that counts the files it was asked for */
function countingExtractor(): Extractor & { files: number } {
  const inner = inProcessExtractor();
  const counter = {
    files: 0,
    async extract(files: readonly SourceFile[]) {
      counter.files += files.length;
      return inner.extract(files);
    },
  };
  return counter;
}

describe("facts store", () => {
  let tmp: string;
  let files: SourceFile[];
  let expected: FileFacts[];

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-facts-"));
    files = (await readWorkspace(SHOP, {})).files;
    expected = await inProcessExtractor().extract(files);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function scan(dir: string, fingerprint = "v1", input: SourceFile[] = files) {
    const store = new FactsStore({ dir, fingerprint });
    const inner = countingExtractor();
    const facts = await cachedExtractor(store, inner).extract(input);
    store.retain(new Set(input.map((f) => f.path)));
    assert.equal(await store.flush(), true);
    return { facts, extracted: inner.files, store };
  }

  it("miss, then hit: the second scan extracts nothing and gets the same facts", async () => {
    const dir = path.join(tmp, "hit");
    const first = await scan(dir);
    assert.equal(first.extracted, files.length);
    assert.deepStrictEqual(first.facts, expected);
    const second = await scan(dir);
    assert.equal(second.extracted, 0);
    assert.equal(second.store.stats.hits, files.length);
    assert.deepStrictEqual(second.facts, expected);
    // the folder is marked as a cache and holds no temp files
    assert.deepEqual(fs.readdirSync(dir).sort(), [".gitignore", "CACHEDIR.TAG", PACK_FILE]);
    assert.match(fs.readFileSync(path.join(dir, ".gitignore"), "utf8"), /^\*$/m);
    assert.match(fs.readFileSync(path.join(dir, "CACHEDIR.TAG"), "utf8"), /^Signature: 8a477f597d28d172789f06886806bc55/);
  });

  it("a changed file is extracted again, the others are reused", async () => {
    const dir = path.join(tmp, "changed");
    await scan(dir);
    const edited = files.map((f, i) => (i === 0 ? { path: f.path, text: `${f.text}\n# edited\n` } : f));
    const again = await scan(dir, "v1", edited);
    assert.equal(again.extracted, 1);
    assert.deepStrictEqual(again.facts.slice(1), expected.slice(1));
  });

  it("another extractor version invalidates the whole pack", async () => {
    const dir = path.join(tmp, "version");
    await scan(dir, "v1");
    const other = await scan(dir, "v2");
    assert.equal(other.extracted, files.length);
    assert.equal(other.store.stats.ignored, "made by another version");
    assert.deepStrictEqual(other.facts, expected);
    assert.equal((await scan(dir, "v2")).extracted, 0);
  });

  it("a damaged, truncated or foreign pack is ignored and rewritten", async () => {
    const dir = path.join(tmp, "corrupt");
    await scan(dir);
    const pack = path.join(dir, PACK_FILE);
    const good = fs.readFileSync(pack, "utf8");
    const damaged = [
      good.slice(0, Math.floor(good.length / 2)),
      good.replace(/"line":(\d)/, '"line":9$1'),
      "",
      "\u0000\u0001garbage",
      `${good.split("\n")[0]}\n`,
      JSON.stringify({ format: "something else" }),
    ];
    for (const text of damaged) {
      fs.writeFileSync(pack, text);
      const r = await scan(dir);
      assert.equal(r.extracted, files.length, JSON.stringify(text.slice(0, 40)));
      assert.deepStrictEqual(r.facts, expected);
      assert.equal((await scan(dir)).extracted, 0, "rewritten whole");
    }
  });

  it("entries of files no longer present are pruned", async () => {
    const dir = path.join(tmp, "prune");
    await scan(dir);
    const fewer = files.slice(0, 5);
    const r = await scan(dir, "v1", fewer);
    assert.equal(r.extracted, 0);
    const store = new FactsStore({ dir, fingerprint: "v1" });
    await store.open();
    assert.equal(store.size, 5);
  });

  it("load gives a fresh copy: changing it does not change the cache", async () => {
    const store = new FactsStore({ dir: path.join(tmp, "copy"), fingerprint: "v1" });
    await store.open();
    const hash = contentHash(files[0].text);
    store.save(files[0].path, hash, expected[0]);
    const a = store.load(files[0].path, hash)!;
    a.problems.push({ line: 1, message: "changed by a caller" });
    assert.deepStrictEqual(store.load(files[0].path, hash), expected[0]);
    assert.equal(store.load(files[0].path, "0".repeat(40)), undefined);
    assert.equal(store.load("no/such/file.py", hash), undefined);
  });

  it("a cache folder that is a symlink is neither read nor written", async () => {
    const real = path.join(tmp, "elsewhere");
    await scan(real);
    const link = path.join(tmp, "link");
    fs.symlinkSync(real, link);
    const store = new FactsStore({ dir: link, fingerprint: "v1" });
    await store.open();
    assert.equal(store.size, 0);
    assert.match(store.stats.ignored, /symlink/);
    store.save(files[0].path, contentHash(files[0].text), expected[0]);
    assert.equal(await store.flush(), false);
    assert.ok(!fs.readdirSync(real).some((f) => f.endsWith(".tmp")));
  });

  it("a pack that is a symlink is not followed", async () => {
    const dir = path.join(tmp, "packlink");
    const real = path.join(tmp, "realpack");
    await scan(real);
    fs.mkdirSync(dir);
    fs.symlinkSync(path.join(real, PACK_FILE), path.join(dir, PACK_FILE));
    const store = new FactsStore({ dir, fingerprint: "v1" });
    await store.open();
    assert.equal(store.size, 0);
  });

  it("the fingerprint names the version and the build", () => {
    assert.match(extractorFingerprint(), /^[^+]+\+[0-9a-f]{16}$/);
  });
});
