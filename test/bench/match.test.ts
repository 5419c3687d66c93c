/**
 * The ecosystem check's own rules (bench/realworld): how a report is scored against labels, the
 * label validator, and reading a repository through git objects at the labelled commit.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addUp, macroAverages, scoreRepo, targets, type Report } from "../../bench/realworld/match";
import { validateLabels, type RepoLabels } from "../../bench/realworld/labels";
import { extractTree, findGitDir } from "../../bench/realworld/mirror";
import { selfCheck } from "../../bench/realworld/score";
import { renderMarkdown } from "../../bench/realworld/markdown";

const base: RepoLabels = {
  repo: "acme/shop",
  url: "https://github.com/acme/shop",
  commit: "0".repeat(40),
  exhaustive: true,
  layers: [
    { id: "L1", path: "deploy/envoy.yaml", line: 20, anchor: "retry_policy:", family: "envoy", maxAttempts: 3, implicit: false, note: "num_retries 2" },
    { id: "L2", path: "checkout/client.py", line: 10, anchor: "@retry", family: "tenacity", maxAttempts: 3, implicit: false, note: "stop_after_attempt(3)", alternatives: [{ path: "checkout/client.py", line: 11 }] },
    { id: "L3", path: "platform/http.py", line: 6, anchor: "Retry(", family: "urllib3", maxAttempts: 3, implicit: false, note: "total=2" },
    { id: "L4", path: "k8s/ns.yaml", line: 5, anchor: "istio-injection", family: "istio-default", maxAttempts: 3, implicit: true, note: "§4.1" },
    { id: "L5", path: "worker/tasks.py", line: 3, anchor: "sidekiq_options", family: "sidekiq", maxAttempts: 4, implicit: false, note: "retry: 3" },
  ],
  paths: [
    { layers: ["L1", "L2", "L3"], product: 27, target: "inventory" },
    { layers: ["L2", "L4"], product: 9, target: "inventory" },
    { layers: ["L5", "L3"], product: 12, target: "inventory" },
  ],
  nearMisses: [{ path: "scripts/wait.py", line: 8, anchor: "for attempt", why: "startup" }],
};

const layer = (id: string, file: string, line: number, maxAttempts: number | null, extra: object = {}) => ({ id, file, line, kind: "k", maxAttempts, ...extra });

describe("scoreRepo", () => {
  test("found at the line or an alternative; a count off is a 'count' miss; an anchor a few lines away is an 'anchor' miss", () => {
    const report: Report = {
      layers: [layer("a", "deploy/envoy.yaml", 20, 3), layer("b", "checkout/client.py", 11, 4), layer("c", "platform/http.py", 8, 3)],
      paths: [],
    };
    const s = scoreRepo(base, report);
    assert.deepEqual(s.explicit, { labelled: 3, found: 2 });
    assert.deepEqual(s.implicit, { labelled: 1, found: 0 });
    assert.deepEqual(s.attempts, { found: 2, right: 1 });
    assert.deepEqual(
      s.layerMisses.map((m) => [m.label.id, m.cls]),
      [["L2", "count"], ["L3", "anchor"], ["L4", "missed"]],
    );
    // the sidekiq layer (a family not modelled) is counted apart, and so is the path through it
    assert.deepEqual(s.notModelled, { layers: 1, found: 0, paths: 1 });
    // the layer reported 2 lines off its label is accounted for, not an extra
    assert.deepEqual(s.extras, []);
  });

  test("paths: exact needs the same layers in order and the product; linked needs them on one path", () => {
    const layers = [
      layer("a", "deploy/envoy.yaml", 20, 3),
      layer("b", "checkout/client.py", 10, 3),
      layer("c", "platform/http.py", 6, 3),
      layer("d", "k8s/ns.yaml", 5, 3, { implicit: true }),
    ];
    const exact = scoreRepo(base, { layers, paths: [{ layers: ["a", "b", "c"], product: 27, target: "inventory" }, { layers: ["b", "d"], product: 9, target: "inventory" }] });
    assert.deepEqual(exact.paths, { labelled: 2, linked: 2, exact: 2 });
    // an extra layer on the chain: linked, not exact
    const extra = scoreRepo(base, { layers, paths: [{ layers: ["a", "b", "c", "d"], product: 81, target: "inventory" }] });
    assert.deepEqual(extra.paths, { labelled: 2, linked: 2, exact: 0 });
    assert.deepEqual(extra.pathMisses.map((m) => m.cls), ["chain", "chain"]);
    // the same layers in another order are not exact either
    const order = scoreRepo(base, { layers, paths: [{ layers: ["b", "a", "c"], product: 27, target: "inventory" }] });
    assert.equal(order.paths.exact, 0);
    assert.equal(order.paths.linked, 1);
    // layers on separate paths: unlinked
    const apart = scoreRepo(base, { layers, paths: [{ layers: ["a", "b"], product: 9, target: "checkout" }, { layers: ["c"], product: 3, target: "inventory" }] });
    assert.equal(apart.paths.linked, 0);
    assert.match(apart.pathMisses[0].detail, /at most 2 of 3 layers/);
    // a labelled path to a service in the middle of a longer reported chain: its first layers, ending where a hop ends
    const mid = { ...base, paths: [{ layers: ["L1", "L2"], product: 9, target: "checkout" }] };
    const chain = { layers: ["a", "b", "c"], product: 27, target: "inventory" };
    assert.equal(scoreRepo(mid, { layers, paths: [{ ...chain, layerHops: [0, 1, 2] }] }).paths.exact, 1);
    // … but not when the next layer wraps the same hop (the labelled target would get 27 calls)
    assert.equal(scoreRepo(mid, { layers, paths: [{ ...chain, layerHops: [0, 1, 1] }] }).paths.exact, 0);
    assert.equal(scoreRepo(mid, { layers, paths: [chain] }).paths.exact, 0, "without hop boundaries no prefix counts");
    // a layer the label repeats (one registration wrapping two hops) must be on the path twice
    const twice = { ...base, paths: [{ layers: ["L2", "L2"], product: 9, target: "inventory" }] };
    assert.equal(scoreRepo(twice, { layers, paths: [{ layers: ["b"], product: 3, target: "inventory" }] }).paths.linked, 0);
    assert.deepEqual(scoreRepo(twice, { layers, paths: [{ layers: ["b", "b"], product: 9, target: "inventory" }] }).paths, { labelled: 1, linked: 1, exact: 1 });
    // a path whose layer was not found
    const missing = scoreRepo(base, { layers: layers.slice(0, 2), paths: [] });
    assert.deepEqual(missing.pathMisses.map((m) => [m.cls, m.detail]), [["layer missing", "not found: L3"], ["layer missing", "not found: L4"]]);
  });

  test("near misses: an active layer on one is a false positive; a disabled one or an off-path one is not; others are extras", () => {
    const s = scoreRepo(base, {
      layers: [layer("x", "scripts/wait.py", 9, null), layer("y", "scripts/wait.py", 8, 1, { disabled: true }), layer("z", "other.py", 3, 5)],
      paths: [],
    });
    assert.equal(s.nearMisses.falsePositives, 1);
    assert.equal(s.falsePositives[0].reported.id, "x");
    assert.deepEqual(s.extras.map((e) => e.id), ["z"]);
    const offPath = scoreRepo(base, { layers: [layer("x", "scripts/wait.py", 8, 5, { offPath: "connect-at-boot loop" })], paths: [] });
    assert.equal(offPath.nearMisses.falsePositives, 0);
  });

  test("unknownCount accepts any reported count", () => {
    const labels = { ...base, layers: [{ ...base.layers[2], unknownCount: true, maxAttempts: null }], paths: [] };
    const s = scoreRepo(labels, { layers: [layer("c", "platform/http.py", 6, 7)], paths: [] });
    assert.deepEqual(s.attempts, { found: 1, right: 1 });
  });

  test("totals and targets", () => {
    const s = scoreRepo(base, { layers: [layer("a", "deploy/envoy.yaml", 20, 3)], paths: [] });
    const t = addUp([{ score: s, crashed: false }, { score: null, crashed: true }]);
    assert.equal(t.crashes, 1);
    assert.equal(t.explicit.found, 1);
    const byName = Object.fromEntries(targets(t).map((x) => [x.name, x]));
    assert.equal(byName["crashes"].met, false);
    assert.equal(byName["explicit-layer recall"].met, false);
    assert.equal(byName["attempts right (of found layers)"].met, true);
  });

  test("per-repository means count each repository once and skip kinds it has none of", () => {
    const one = scoreRepo(base, { layers: [layer("a", "deploy/envoy.yaml", 20, 3)], paths: [] });
    const none = scoreRepo({ ...base, layers: [], paths: [], nearMisses: [] }, { layers: [], paths: [] });
    const m = macroAverages([one, none, null]);
    assert.equal(m.explicit, one.explicit.found / one.explicit.labelled);
    assert.equal(macroAverages([none]).explicit, null);
  });
});

describe("validateLabels", () => {
  test("a well-formed file has no problems", () => {
    assert.deepEqual(validateLabels(base, "f.json"), []);
    assert.deepEqual(validateLabels({ ...base, heldOut: "2026-12-01" }, "f.json"), []);
    assert.match(validateLabels({ ...base, heldOut: "yes" }, "f.json").join("\n"), /heldOut: a date/);
  });
  test("names every bad field", () => {
    const bad = {
      ...base,
      commit: "abc",
      layers: [{ ...base.layers[0], maxAttempts: 1 }, { ...base.layers[1], id: "L1" }],
      paths: [{ layers: ["L1", "L9"], product: 9, target: "x" }, { layers: ["L1"], product: 3, target: "x" }],
      nearMisses: [{ path: "/abs.py", line: 0, anchor: "", why: "nope" }],
    };
    const problems = validateLabels(bad, "f.json").join("\n");
    for (const expected of ["commit", "maxAttempts: an integer ≥ 2", "id: L1 is used twice", "L9 is not a layer id", "at least two layer ids", "relative '/' path", "1-based line", "anchor", "why: one of"]) {
      assert.ok(problems.includes(expected), `${expected} in\n${problems}`);
    }
  });
  test("a product that is not the product of its layers' counts", () => {
    const wrong = { ...base, paths: [{ layers: ["L1", "L2"], product: 12, target: "x" }] };
    assert.match(validateLabels(wrong, "f.json").join("\n"), /not the product of its layers' maxAttempts \(9\)/);
  });
});

describe("mirror", () => {
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" } }).trim();

  test("reads a checkout at the labelled commit (not its working tree), with include globs, and self-checks anchors", () => {
    const mirror = mkdtempSync(join(tmpdir(), "rl-mirror-"));
    const repo = join(mirror, "shop");
    mkdirSync(join(repo, "svc"), { recursive: true });
    git(mirror, "init", "-q", repo);
    writeFileSync(join(repo, "svc", "client.py"), "import x\n@retry(stop=stop_after_attempt(3))\ndef f(): pass\n");
    writeFileSync(join(repo, "README.md"), "retry docs\n");
    // root configuration the included files are read with comes along; a nested one outside the globs does not
    writeFileSync(join(repo, "tsconfig.base.json"), "{}\n");
    mkdirSync(join(repo, "web"), { recursive: true });
    writeFileSync(join(repo, "web", "tsconfig.json"), "{}\n");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "one");
    const commit = git(repo, "rev-parse", "HEAD");
    writeFileSync(join(repo, "svc", "client.py"), "changed in the working tree\n");
    const gitDir = findGitDir(mirror, "acme/shop");
    assert.ok(gitDir);
    const dest = join(mirror, "out");
    assert.equal(extractTree(gitDir!, commit, dest, ["svc/**"]), 2);
    assert.deepEqual(readdirSync(dest).sort(), ["svc", "tsconfig.base.json"]);
    assert.match(readFileSync(join(dest, "svc", "client.py"), "utf8"), /@retry/);
    assert.ok(!existsSync(join(dest, "README.md")));
    const labels: RepoLabels = {
      ...base,
      commit,
      layers: [{ ...base.layers[1], path: "svc/client.py", line: 2, alternatives: [] }],
      paths: [],
      nearMisses: [{ path: "svc/client.py", line: 1, anchor: "for attempt", why: "startup" }, { path: "gone.py", line: 1, anchor: "x", why: "test" }],
    };
    assert.deepEqual(selfCheck(labels, gitDir!), ['near miss 1: "for attempt" is not on svc/client.py:1', `near miss 2: gone.py is not in ${commit.slice(0, 10)}`]);
  });
});

describe("REALWORLD.md", () => {
  test("held-out repositories are scored apart and marked in the table", () => {
    const tuned = scoreRepo(base, { layers: [layer("a", "deploy/envoy.yaml", 20, 3)], paths: [] });
    const fresh = { ...base, repo: "acme/fresh", heldOut: "2026-12-01" };
    const held = scoreRepo(fresh, { layers: [], paths: [] });
    const row = (labels: RepoLabels, score: ReturnType<typeof scoreRepo>) => ({ file: `${labels.repo}.json`, labels, labelProblems: [], score, seconds: 1, crashed: null, files: 3, skipped: "" });
    const md = renderMarkdown([row(base, tuned), row(fresh, held)], { date: "2026-12-01", toolVersion: "0.0.0", toolCommit: "abc" });
    assert.match(md, /\| measure \| all \| held out \| target \| met \(all\) \|/);
    // 3 explicit layers of modelled families per repository: 1 of 6 found overall, none held out
    assert.match(md, /\| explicit-layer recall \| 17 % \| 0 % \| ≥ 90 % \| \*\*no\*\* \|/);
    assert.match(md, /\[acme\/fresh\]\(https:\/\/github.com\/acme\/shop\) \(held out\)/);
    assert.doesNotMatch(renderMarkdown([row(base, tuned)], { date: "d", toolVersion: "v", toolCommit: "c" }), /held out/);
  });
});

