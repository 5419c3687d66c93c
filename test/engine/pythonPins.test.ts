// Python pins (detectors/json/pythonPins.ts → engine/sdkVersions.ts): the redis-py default
// follows the version requirements*.txt (and its -r includes), pyproject.toml (PEP 621, Poetry),
// Pipfile and the lock files (uv.lock, poetry.lock, Pipfile.lock: transitive pins too) give.
// redis-py: < 6.0 no retry (1), 6.0–7.x Retry(…, 3) (4), ≥ 8.0 Retry(…, 10) (11) — docs/reference/redis.md.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { layerAt, parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { pythonVersion } from "../../server/src/engine/sdkVersions";
import { extractPythonLock, extractRequirementsTxt, parseRequirement } from "../../server/src/detectors/json/pythonPins";
import { sourceLanguage } from "../../server/src/model/languages";

const app = (extra = "") => `//- api/app.py
import redis

r = redis.Redis(host="cache"${extra})


def get(k):
    return r.get(k)
`;

/** the fixture's files analysed, without asserting its annotations */
async function checkFixture(text: string) {
  const { files, settings } = parseFixture(text);
  return analyzeWorkspace(files, settings);
}

async function redisLayer(manifests: string, extra = "") {
  const result = await checkFixture(`${manifests}${app(extra)}`);
  return layerAt(result, "api/app.py:3");
}

const uvLock = (name: string, version: string) => `version = 1
requires-python = ">=3.12"

[[package]]
name = "click"
version = "8.1.7"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "${name}"
version = "${version}"
source = { registry = "https://pypi.org/simple" }
sdist = { url = "https://files.pythonhosted.org/x.tar.gz", hash = "sha256:00", size = 1 }

[[package]]
name = "rq"
version = "2.6.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [
    { name = "click" },
    { name = "${name}" },
]
`;

describe("redis-py default by the pinned version", () => {
  const cases: Array<[string, string, number, RegExp]> = [
    ["requirements ==8.1.0", "//- api/requirements.txt\nredis==8.1.0\n", 11, /Retry\(ExponentialWithJitterBackoff\(base=0\.01, cap=1\), 10\) → 11 attempts \(redis-py ≥ 8\.0\) \(redis ==8\.1\.0 in api\/requirements\.txt:1\)/],
    ["requirements ==6.2.0", "//- api/requirements.txt\nflask==3.0\nredis[hiredis]==6.2.0 ; python_version >= '3.9'\n", 4, /3\) → 4 attempts \(redis-py 6\.0–7\.x\) \(redis ==6\.2\.0 in api\/requirements\.txt:2\)/],
    ["requirements ~=7.1", "//- api/requirements.txt\nredis~=7.1\n", 4, /newest allowed 7\.x/],
    ["requirements >=5,<8", "//- api/requirements.txt\nredis>=5,<8.0.0\n", 4, /6\.0–7\.x/],
    ["requirements ==5.0.1: no default retry", "//- api/requirements.txt\nredis==5.0.1\n", 1, /no default retry.*redis-py < 6\.0/],
    ["requirements >=4.2: the newest", "//- api/requirements.txt\nredis>=4.2\n", 11, /redis >=4\.2 in api\/requirements\.txt:1 allows the newest: ≥ 8 assumed/],
    ["-r include from the folder above", "//- requirements.txt\n-r requirements/base.txt\n//- requirements/base.txt\nredis==7.0.1\n", 4, /redis ==7\.0\.1 in requirements\/base\.txt:1/],
    ["pyproject PEP 621", '//- api/pyproject.toml\n[project]\nname = "api"\ndependencies = ["fastapi", "redis>=6.0,<7"]\n', 4, /redis >=6\.0,<7 in api\/pyproject\.toml:3 → newest allowed 6\.x/],
    ["pyproject Poetry caret", '//- api/pyproject.toml\n[tool.poetry]\nname = "api"\n[tool.poetry.dependencies]\npython = "^3.11"\nredis = "^5.0"\n', 1, /redis-py < 6\.0/],
    ["uv.lock: redis pulled in by rq", `//- uv.lock\n${uvLock("redis", "8.1.0")}//- api/pyproject.toml\n[project]\nname = "api"\ndependencies = ["rq>=2.0"]\n`, 11, /redis 8\.1\.0 locked in uv\.lock:10/],
    ["poetry.lock 6.4.0 beats a range in pyproject", `//- poetry.lock\n${uvLock("redis", "6.4.0")}//- api/pyproject.toml\n[project]\nname = "api"\ndependencies = ["redis>=5"]\n`, 4, /redis 6\.4\.0 locked in poetry\.lock/],
    ["Pipfile.lock", '//- api/Pipfile.lock\n{"_meta": {}, "default": {"redis": {"hashes": [], "version": "==5.2.1"}}, "develop": {}}\n', 1, /redis 5\.2\.1 locked in api\/Pipfile\.lock/],
    ["nothing pins redis", "//- api/requirements.txt\nflask==3.0\n", 11, /redis not pinned in a requirements file, pyproject\.toml or lock file: ≥ 8 assumed/],
    ["a pin of another project does not apply", "//- worker/requirements.txt\nredis==5.0.1\n", 11, /not pinned.*≥ 8 assumed/],
  ];
  for (const [name, manifests, attempts, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const l = await redisLayer(manifests);
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.disabled ?? false, attempts === 1);
    });
  }

  test("the wait follows the version: 6.x 1 s … 10 s, 8.x 10 ms … 1 s", async () => {
    assert.equal((await redisLayer("//- api/requirements.txt\nredis==6.2.0\n")).wait.maxSeconds, 10);
    assert.equal((await redisLayer("//- api/requirements.txt\nredis==8.0.0\n")).wait.maxSeconds, 1);
  });

  test("redis-py < 6 with retry_on_timeout=True: Retry(NoBackoff(), 1) → 2; ≥ 6 ignores it", async () => {
    assert.equal((await redisLayer("//- api/requirements.txt\nredis==4.6.0\n", ", retry_on_timeout=True")).maxAttempts, 2);
    const l = await redisLayer("//- api/requirements.txt\nredis==7.4.0\n", ", retry_on_timeout=True");
    assert.equal(l.maxAttempts, 4);
    assert.match(l.attemptsNote, /deprecated since 6\.0/);
  });

  test("a written Retry keeps its count whatever the pin", async () => {
    const result = await checkFixture(`//- api/requirements.txt\nredis==5.0.1\n//- api/app.py\nimport redis\nfrom redis.retry import Retry\nfrom redis.backoff import NoBackoff\n\nr = redis.Redis(host="cache", retry=Retry(NoBackoff(), 2))\n`);
    assert.equal(layerAt(result, "api/app.py:5").maxAttempts, 3);
  });
});

describe("Python pin parsing", () => {
  const specs: Array<[string, number | null, boolean]> = [
    ["==8.1.0", 8, true],
    ["===7.0.0", 7, true],
    ["==7.*", 7, false],
    ["~=7.1", 7, false],
    ["~=7.1.0", 7, false],
    ["^6.0", 6, false],
    ["~6.2", 6, false],
    [">=5,<8", 7, false],
    [">=5,<8.1", 8, false],
    ["<=7.4", 7, false],
    [">=4.2", null, false],
    ["*", null, false],
    ["", null, false],
    ["!=5.0", null, false],
  ];
  for (const [spec, major, exact] of specs) {
    test(`"${spec}" → ${major}${exact ? " (exact)" : ""}`, () => {
      const v = pythonVersion(spec);
      assert.equal(v.major, major);
      assert.equal(v.exact, exact);
    });
  }

  test("requirement lines: extras, markers, comments, continuations, options", () => {
    assert.deepEqual(parseRequirement("Redis[hiredis] >= 5, < 7 ; python_version > '3.8'"), ["redis", ">=5,<7"]);
    const f = extractRequirementsTxt("svc/requirements.txt", "# pins\n--index-url https://x\n-e ./lib\nredis==\\\n  8.0.1  # cache\n-r ../common.txt\n-c constraints.txt\nhttps://x/y.whl\n");
    assert.deepEqual(f.pythonPins, { redis: { spec: "==8.0.1", line: 4 } });
    assert.deepEqual(f.pythonPinIncludes, ["common.txt", "svc/constraints.txt"]);
  });

  test("lock files: only the versioned packages' tables, with their line", () => {
    const f = extractPythonLock("uv.lock", uvLock("redis", "8.1.0"));
    assert.deepEqual(f.pythonPins, { redis: { spec: "==8.1.0", line: 10, locked: true } });
    assert.equal(extractPythonLock("uv.lock", "[[package]]\nname = 'redis'\nversion = \n").pythonPins, undefined);
  });

  test("file names", () => {
    for (const p of ["requirements.txt", "api/requirements-dev.txt", "dev-requirements.txt", "requirements/prod.txt"]) assert.equal(sourceLanguage(p), "requirements", p);
    assert.equal(sourceLanguage("notes.txt"), null);
    assert.equal(sourceLanguage("uv.lock"), "toml");
    assert.equal(sourceLanguage("app/poetry.lock"), "toml");
    assert.equal(sourceLanguage("Pipfile.lock"), "json");
  });
});

describe("SDK defaults in Python deployment scripts are off-path", () => {
  test("a boto3 client default in scripts/ serves no request; the service's own is active", async () => {
    const result = await checkFixture(`//- scripts/deploy_model.py
import boto3

sm = boto3.client("sagemaker")


def main():
    sm.create_endpoint(EndpointName="churn", EndpointConfigName="churn")
//- api/app.py
import boto3

runtime = boto3.client("sagemaker-runtime")


def predict(body):
    return runtime.invoke_endpoint(EndpointName="churn", Body=body)
`);
    const script = layerAt(result, "scripts/deploy_model.py:3");
    assert.match(script.offPath ?? "", /scripts\//);
    assert.equal(layerAt(result, "api/app.py:3").offPath, undefined);
  });
});
