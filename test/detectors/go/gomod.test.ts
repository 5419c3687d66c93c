// go.mod: module path → service (package workload) and the module path for import resolution.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractGoMod, parseGoMod, tokenizeGoMod } from "../../../server/src/detectors/go/gomod";

const GO_MOD = `// orders service
module github.com/shop/orders/v2

go 1.22

require github.com/cenkalti/backoff/v4 v4.3.0

require (
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
	"google.golang.org/grpc" v1.70.0
)

replace (
	github.com/shop/proto => ../proto
)
exclude github.com/bad/mod v1.0.0
`;

describe("go.mod", () => {
  test("module, require (line and block, quoted, with comments), replace", () => {
    const mod = parseGoMod(GO_MOD);
    assert.equal(mod.module, "github.com/shop/orders/v2");
    assert.deepEqual(mod.requires.map((r) => [r.path, r.version, r.line]), [
      ["github.com/cenkalti/backoff/v4", "v4.3.0", 6],
      ["github.com/hashicorp/go-retryablehttp", "v0.7.8", 9],
      ["google.golang.org/grpc", "v1.70.0", 10],
    ]);
    assert.deepEqual(mod.replaces.map((r) => [r.from, r.to]), [["github.com/shop/proto", "../proto"]]);
    assert.deepEqual(mod.problems, []);
  });

  test("the tokenizer keeps `//` inside words apart from comments and counts lines", () => {
    const kinds = tokenizeGoMod('module x // c\nrequire ( a v1 )\n').map((t) => `${t.kind}:${t.text.trim()}@${t.line}`);
    assert.deepEqual(kinds, ["word:module@1", "word:x@1", "newline:@1", "word:require@2", "lparen:(@2", "word:a@2", "word:v1@2", "rparen:)@2", "newline:@2"]);
  });

  test("facts: a package workload named by the last path segment (major version dropped), folder = code", () => {
    const f = extractGoMod("services/orders/go.mod", GO_MOD);
    assert.equal(f.module, "github.com/shop/orders/v2");
    assert.deepEqual(f.workloads.map((w) => [w.kind, w.name, w.codeDir]), [["package", "orders", "services/orders"]]);
    assert.equal(f.imports.length, 3);
  });

  test("a root go.mod names the repository, not a service; its module path is still recorded", () => {
    const f = extractGoMod("go.mod", "module github.com/shop/monorepo\n");
    assert.equal(f.module, "github.com/shop/monorepo");
    assert.deepEqual(f.workloads, []);
  });

  test("broken files: problems, never a throw", () => {
    assert.equal(extractGoMod("a/go.mod", "go 1.22\n").problems.length, 1, "no module directive");
    const unclosed = extractGoMod("a/go.mod", "module example.com/a\nrequire (\n\tx v1\n");
    assert.equal(unclosed.module, "example.com/a");
    assert.match(unclosed.problems.map((p) => p.message).join(";"), /not closed/);
    assert.match(extractGoMod("a/go.mod", "module example.com/a\nfrobnicate x\n").problems[0]!.message, /unknown directive/);
    for (const text of ["", "(", ")", "module", '"', "`", "module (\n"]) extractGoMod("a/go.mod", text);
  });
});
