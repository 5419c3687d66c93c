/** Traefik file provider in TOML (docs/reference/traefik.md): parsing/toml.ts positions and the detector. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseToml, splitKey } from "../../../server/src/parsing/toml";
import { extractTraefikToml } from "../../../server/src/detectors/toml/traefik";
import { worthParsing } from "../../../server/src/host/workspace";

test("key lines: headers, dotted and quoted keys, arrays of tables; comments and multi-line values skipped", () => {
  const t = parseToml([
    "# comment [http.fake]",
    '[http.routers."my.router"]',
    '  rule = "Host(`a`)" # trailing',
    "  middlewares = [",
    '    "retry",',
    "  ]",
    '  service = "svc"',
    "[[http.services.svc.loadBalancer.servers]]",
    '  url = "http://a:80"',
    "[[http.services.svc.loadBalancer.servers]]",
    '  url = """',
    "[not.a.header]",
    '"""',
    "http.middlewares.m.retry.attempts = 2",
  ].join("\n"));
  assert.equal(t.problems.length, 0);
  assert.equal(t.lineOf(["http", "routers", "my.router"]), 2);
  assert.equal(t.lineOf(["http", "routers", "my.router", "service"]), 7);
  assert.equal(t.lineOf(["http", "services", "svc", "loadBalancer", "servers", "1", "url"]), 11);
  assert.equal(t.lineOf(["not", "a", "header"]), null);
  // a dotted key belongs to the table above it (here the second servers entry)
  assert.equal(t.lineOf(["http", "services", "svc", "loadBalancer", "servers", "1", "http", "middlewares", "m", "retry"]), 14);
  assert.equal(parseToml('http.middlewares.m.retry.attempts = 2\n').lineOf(["http", "middlewares", "m", "retry"]), 1);
  assert.deepEqual(t.comments.map((c) => c.line), [1, 3]);
  assert.deepEqual(splitKey(' a . "b.c" . d'), ["a", "b.c", "d"]);
});

test("a Traefik TOML file: the retry table is a layer on its header; attempts = N → N tries", () => {
  const f = extractTraefikToml("traefik/dynamic.toml", "[http.middlewares]\n  [http.middlewares.retry.retry]\n    attempts = 4\n    initialInterval = \"100ms\"\n");
  assert.equal(f.layers.length, 1);
  const l = f.layers[0]!;
  assert.equal(l.kind, "traefik-retry");
  assert.equal(l.anchor.line, 2);
  assert.equal(l.maxAttempts, 4);
  assert.equal(l.wait.initialSeconds, 0.1);
  assert.equal(f.gatewayObjects?.[0]?.name, "retry");
});

test("other TOML files (Cargo.toml) give no facts and no problems; a suppression comment is read", () => {
  const cargo = extractTraefikToml("Cargo.toml", '[package]\nname = "x"\n');
  assert.equal(cargo.layers.length + cargo.problems.length, 0);
  const f = extractTraefikToml("d.toml", "# retry-lens: ignore RL003 -- immediate retry is fine here\n[http.middlewares.r.retry]\n  attempts = 2\n");
  assert.equal(f.suppressions.length, 1);
});

test("a broken Traefik TOML file is one problem with its line; a broken other TOML file is none", () => {
  const f = extractTraefikToml("d.toml", "[http.middlewares.r.retry]\n  attempts = = 2\n");
  assert.equal(f.problems.length, 1);
  assert.equal(f.problems[0]!.line, 2);
  assert.equal(extractTraefikToml("x.toml", "[package\n").problems.length, 0);
});

test("the walker reads pyproject.toml and Traefik TOML files, not other TOML files; CloudFormation App Mesh templates too", () => {
  assert.equal(worthParsing("svc/pyproject.toml", "[project]\nname = 'x'\n"), true);
  assert.equal(worthParsing("traefik/dynamic.toml", "[http.middlewares.r.retry]\n  attempts = 2\n"), true);
  assert.equal(worthParsing("conf/rules.toml", "http.routers.r.service = 'x'\n"), true);
  assert.equal(worthParsing("Cargo.toml", "[package]\nname = 'x'\n[dependencies]\nhttp = '1'\n"), false);
  assert.equal(worthParsing("infra/mesh.yaml", "Resources:\n  R:\n    Type: AWS::AppMesh::VirtualService\n"), true);
});
