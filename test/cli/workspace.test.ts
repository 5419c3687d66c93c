import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { isTestFile, readWorkspace, worthParsing } from "../../server/src/host/workspace";
import { isTestPath } from "../../server/src/model/languages";
import { sourceLanguage } from "../../server/src/model/languages";

const PY = "import requests\n\ndef get():\n    return requests.get('http://inventory/x')\n";

function write(root: string, rel: string, content: string | Buffer) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe("readWorkspace", () => {
  let tmp: string;
  let root: string;
  let outside: string;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-ws-"));
    root = path.join(tmp, "repo");
    outside = path.join(tmp, "outside");
    write(outside, "secret.py", PY);
    write(outside, "lib/mod.py", PY);

    write(root, "svc/app.py", PY);
    write(root, "svc/client.ts", "import axios from 'axios';\nexport const c = axios.create();\n");
    write(root, "deploy/vs.yaml", "apiVersion: networking.istio.io/v1\nkind: VirtualService\n");
    write(root, "deploy/values.yaml", "replicas: 3\nimage: nginx\n"); // a chart's values: read whatever they hold
    write(root, "deploy/notes.yaml", "replicas: 3\nimage: nginx\n"); // no manifest or retry key
    write(root, "svc/constants.py", "X = 1\n"); // nothing to parse
    write(root, "svc/package.json", '{"name":"svc"}');
    write(root, "README.md", "# not analysed\n");
    write(root, "node_modules/axios/index.js", "module.exports = function () {};\n");
    write(root, "dist/bundle.js", "function x() {}\n");
    write(root, "svc/__pycache__/app.py", PY);
    write(root, "generated/api.py", PY);
    write(root, "svc/legacy.gen.py", PY);
    // .gitignore: root and nested, with a negation
    write(root, ".gitignore", "*.log.py\nsecrets/\n");
    write(root, "svc/debug.log.py", PY);
    write(root, "secrets/creds.py", PY);
    write(root, "pkg/.gitignore", "local_*.py\n!local_keep.py\n");
    write(root, "pkg/local_dev.py", PY);
    write(root, "pkg/local_keep.py", PY);
    write(root, "other/local_dev.py", PY); // the nested .gitignore does not reach here
    // limits
    write(root, "svc/huge.py", "import x\n" + "#".repeat(2 * 1024 * 1024));
    write(root, "svc/blob.py", Buffer.concat([Buffer.from("import x\n"), Buffer.from([0, 1, 2, 3])]));
    // tests
    write(root, "svc/tests/test_app.py", PY);
    write(root, "svc/test_unit.py", PY);
    write(root, "web/app.test.ts", "import x from 'y';\n");
    write(root, "web/conftest.py", PY);
    // .NET output beside a project file
    write(root, "Dotnet/Api.csproj", "<Project/>");
    write(root, "Dotnet/bin/Debug/gen.js", "function x() {}\n");
    write(root, "tools/bin/run.js", "function run() { return fetch('/jobs'); }\n"); // not .NET: kept
    // a virtualenv under another name
    write(root, "env3/pyvenv.cfg", "home = /usr\n");
    write(root, "env3/lib/site.py", PY);

    // symlinks: a loop, a folder outside, a file outside, a file inside, a broken one
    fs.symlinkSync(root, path.join(root, "loop"), "dir");
    fs.symlinkSync(path.join(outside, "lib"), path.join(root, "outlib"), "dir");
    fs.symlinkSync(path.join(outside, "secret.py"), path.join(root, "svc/leak.py"), "file");
    write(root, "shared/util.py", PY);
    fs.symlinkSync(path.join(root, "shared/util.py"), path.join(root, "svc/util_link.py"), "file");
    fs.symlinkSync(path.join(root, "node_modules/axios/index.js"), path.join(root, "svc/axios_link.js"), "file");
    fs.symlinkSync(path.join(root, "nowhere.py"), path.join(root, "svc/broken.py"), "file");
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("reads usable files, skips vendored, ignored, excluded and test files", async () => {
    const read = await readWorkspace(root, { exclude: ["generated/**", "*.gen.py"] });
    const paths = read.files.map((f) => f.path);
    assert.deepEqual(paths, [
      // a .NET project file is read (its name and folder name the project); its bin/ output is not
      "Dotnet/Api.csproj",
      "deploy/values.yaml",
      "deploy/vs.yaml",
      "other/local_dev.py",
      "pkg/local_keep.py",
      "shared/util.py",
      "svc/app.py",
      // a symlink into node_modules is refused like node_modules itself (host/safeFs.ts)
      "svc/client.ts",
      "svc/package.json",
      "tools/bin/run.js",
    ]);
    assert.equal(read.files.find((f) => f.path === "svc/app.py")?.text, PY);
    assert.ok(read.filtered.includes("deploy/notes.yaml"));
    assert.ok(!read.filtered.includes("deploy/values.yaml"), "a chart's values.yaml fills its templates: always read");
    assert.ok(read.filtered.includes("svc/constants.py"));
  });

  it("reports too large, binary, escaping symlinks and symlinked folders without following them", async () => {
    const read = await readWorkspace(root);
    const reasons = Object.fromEntries(read.skipped.map((s) => [s.path, s.reason]));
    assert.equal(reasons["svc/huge.py"], "too-large");
    assert.equal(reasons["svc/blob.py"], "binary");
    assert.equal(reasons["svc/leak.py"], "symlink-outside");
    assert.equal(reasons["svc/broken.py"], "unreadable");
    assert.equal(reasons["svc/axios_link.js"], "refused");
    assert.equal(reasons["loop/"], "symlinked-folder");
    assert.equal(reasons["outlib/"], "symlinked-folder");
    const paths = read.files.map((f) => f.path);
    assert.ok(!paths.some((p) => p.startsWith("loop/") || p.startsWith("outlib/")));
    assert.ok(!paths.includes("svc/leak.py"));
    // a symlink to a file already read under its own name is not read twice
    assert.ok(paths.includes("shared/util.py"));
    assert.ok(!paths.includes("svc/util_link.py"));
  });

  it("includes tests with includeTests", async () => {
    const without = (await readWorkspace(root)).files.map((f) => f.path);
    const withTests = (await readWorkspace(root, { includeTests: true })).files.map((f) => f.path);
    for (const p of ["svc/tests/test_app.py", "svc/test_unit.py", "web/app.test.ts", "web/conftest.py"]) {
      assert.ok(!without.includes(p), `${p} skipped by default`);
      assert.ok(withTests.includes(p), `${p} included with includeTests`);
    }
  });

  it("inside a git repository, the .gitignore files above the root and .git/info/exclude apply", async () => {
    const repo = path.join(tmp, "gitrepo");
    write(repo, ".git/info/exclude", "private_*.py\n");
    write(repo, ".gitignore", "*.tmp.py\nfixtures-out/\n");
    write(repo, "services/.gitignore", "!keep.tmp.py\n");
    write(repo, "services/shop/app.py", PY);
    write(repo, "services/shop/scratch.tmp.py", PY);
    write(repo, "services/shop/keep.tmp.py", PY);
    write(repo, "services/shop/private_notes.py", PY);
    write(repo, "fixtures-out/case/app.py", PY);
    const shop = (await readWorkspace(path.join(repo, "services", "shop"))).files.map((f) => f.path);
    assert.deepEqual(shop, ["app.py", "keep.tmp.py"]);
    // a folder the repository ignores is still scanned when asked for
    const fixture = (await readWorkspace(path.join(repo, "fixtures-out"))).files.map((f) => f.path);
    assert.deepEqual(fixture, ["case/app.py"]);
  });

  it("never throws: a missing root and an unreadable folder are reported", async () => {
    const missing = await readWorkspace(path.join(tmp, "does-not-exist"));
    assert.deepEqual(missing.files, []);
    assert.equal(missing.skipped[0].reason, "unreadable");

    if (process.getuid?.() !== 0) {
      const locked = path.join(tmp, "locked");
      write(locked, "a/x.py", PY);
      fs.chmodSync(path.join(locked, "a"), 0o000);
      try {
        const read = await readWorkspace(locked);
        assert.deepEqual(read.skipped.map((s) => [s.path, s.reason]), [["a/", "unreadable"]]);
      } finally {
        fs.chmodSync(path.join(locked, "a"), 0o755);
      }
    }
  });
});

describe("file classification", () => {
  it("knows test files", () => {
    for (const name of ["test_x.py", "x_test.py", "conftest.py", "a.test.ts", "a.test.mjs", "a.spec.js", "FooTest.java", "FooTests.cs", "x_test.go"]) {
      assert.ok(isTestFile(name), name);
    }
    for (const name of ["testing.py", "contest.py", "latest.ts", "app.py"]) assert.ok(!isTestFile(name), name);
  });

  it("knows test-helper packages: integration and e2e suites, test utilities, fixtures, pytest plugins", () => {
    for (const p of [
      "platform/services/admin-api/integration/utils/server.ts",
      "web/e2e/support/api.ts",
      "pkg/testing/client.go",
      "svc/integration_tests/helpers.py",
      "app/fixtures/seed.py",
      "src/it/java/ClientIT.java",
      "tools/pytest_retry_plugin.py",
      "go/internal/testutil/http.go",
    ]) {
      assert.ok(isTestPath(p), p);
    }
    // a file named like a helper folder is production code (fixtures loaded at boot, an integrations package)
    for (const p of ["internal/trainer/fixtures.go", "src/integrations/slack.py", "services/testimonials/client.ts"]) assert.ok(!isTestPath(p), p);
  });

  it("one language list: by extension and by manifest name", () => {
    assert.equal(sourceLanguage("a/b.py"), "python");
    assert.equal(sourceLanguage("a/b.tsx"), "typescript");
    assert.equal(sourceLanguage("a/b.YML"), "yaml");
    assert.equal(sourceLanguage("svc/package.json"), "json");
    assert.equal(sourceLanguage("pyproject.toml"), "toml");
    assert.equal(sourceLanguage("tsconfig.json"), "json");
    assert.equal(sourceLanguage("src/Main.java"), "java");
    assert.equal(sourceLanguage("app/Client.kt"), "kotlin");
    assert.equal(sourceLanguage("build.gradle.kts"), "kotlin");
    assert.equal(sourceLanguage("cmd/main.go"), "go");
    assert.equal(sourceLanguage("go.mod"), "gomod");
    assert.equal(sourceLanguage("src/main/resources/application-prod.properties"), "properties");
    assert.equal(sourceLanguage("src/main/resources/messages.properties"), null);
    assert.equal(sourceLanguage("types.d.ts"), null);
    assert.equal(sourceLanguage("README.md"), null);
  });

  it("pre-filters by content, never by parsing", () => {
    assert.ok(worthParsing("k8s/a.yaml", "apiVersion: v1\nkind: Service\n"));
    assert.ok(worthParsing("envoy.yaml", "static_resources:\n  listeners: []\n"));
    assert.ok(worthParsing("compose.yml", "services:\n  web: {}\n"));
    assert.ok(worthParsing("policy.yaml", "retryPolicy:\n  attempts: 3\n"));
    assert.ok(!worthParsing("notes.yaml", "replicas: 3\n"));
    // a Helm chart's values fill its templates' names, images and env, not only counts
    assert.ok(worthParsing("chart/values.yaml", "image:\n  repository: docker.io/acme\n"));
    assert.ok(worthParsing("a.ts", "const f = () => 1;\n"));
    // a file declaring only an interface names the type calls on it dispatch by (engine/tsDispatch.ts)
    assert.ok(worthParsing("port.ts", "export interface PriceProvider {\n  getPrice(symbol: string): Promise<number>;\n}\n"));
    assert.ok(!worthParsing("types.ts", "export type Price = { value: number };\n"));
    // a CommonJS config module reading the environment names the URLs calls go to
    assert.ok(worthParsing("gateway/config.js", 'module.exports = {\n  ordersUrl: process.env.ORDERS_URL || "http://orders:3002",\n};\n'));
    // a constants module names the hosts, URLs and counts of the code importing it (the relevance pass leaves it out when nothing reads it)
    assert.ok(worthParsing("svc/hosts.py", 'PAYMENTS = "payments:8080"\n'));
    assert.ok(worthParsing("a.py", "X = 1\n"));
    assert.ok(worthParsing("svc/hosts.py", 'BASE: str = f"http://{HOST}"\n'));
    assert.ok(worthParsing("web/hosts.ts", 'export const ORDERS_URL = "http://orders:3002";\n'));
    assert.ok(worthParsing("web/limits.js", "const MAX_RETRIES = 3;\nmodule.exports = { MAX_RETRIES };\n"));
    assert.ok(!worthParsing("a.py", "# only a comment\n"));
    assert.ok(!worthParsing("a.py", '"""A docstring."""\n'));
    assert.ok(!worthParsing("a.py", "    indented = 'not at module level'\n"));
    assert.ok(worthParsing("package.json", "{}"));
    // JSON: manifests and settings by name, gRPC service configs by content, nothing else
    assert.ok(worthParsing("svc/appsettings.Production.json", "{}"));
    assert.ok(worthParsing("web/tsconfig.json", "{}"));
    assert.ok(worthParsing("deploy/orders.service-config.json", '{"methodConfig": []}'));
    assert.ok(!worthParsing("fixtures/big.json", '{"rows": []}'));
  });
});
