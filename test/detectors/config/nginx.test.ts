/** NGINX proxy_next_upstream (reference §4.9): a real parser of nginx.conf and its inheritance. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractProxyConfig } from "../../../server/src/detectors/config/index";
import { parseNginx } from "../../../server/src/detectors/config/nginx";
import { yaml as text } from "../yaml/helpers";

const conf = (httpExtra: string, locationExtra: string, servers = "server orders-1:8080;\n        server orders-2:8080;") => text`
  http {
${httpExtra}
    upstream orders_up {
        ${servers}
    }
    server {
      listen 80;
      location /orders/ {
        proxy_pass http://orders_up;   # the order service
${locationExtra}
      }
      location = /health { return 200 "ok; {fine}"; }
    }
  }
`;

test("parser: blocks, quoted strings with ; and braces, comments, positions", () => {
  const tree = parseNginx(conf("", ""));
  const http = tree[0]!;
  assert.equal(http.name, "http");
  const server = http.children!.find((d) => d.name === "server")!;
  const health = server.children!.filter((d) => d.name === "location")[1]!;
  assert.deepEqual(health.args, ["=", "/health"]);
  assert.deepEqual(health.children![0]!.args, ["200", "ok; {fine}"]);
  assert.equal(server.children!.find((d) => d.name === "location")!.children![0]!.span.line, 10);
  assert.throws(() => parseNginx("http { server { listen 80; }"), /not closed/);
  assert.throws(() => parseNginx("proxy_pass http://x"), /not terminated/);
});

test("§4.9 defaults: tries 0 = one try per upstream server (2 servers → 2), error timeout, POST not passed on", () => {
  const f = extractProxyConfig("nginx/nginx.conf", conf("", ""));
  assert.deepEqual(f.problems, []);
  assert.equal(f.layers.length, 1);
  const l = f.layers[0]!;
  assert.equal(l.kind, "nginx-proxy-next-upstream");
  assert.equal(l.maxAttempts, 2);
  assert.equal(l.attemptsSource, "default");
  assert.equal(l.anchor.line, 10, "implicit: anchored on proxy_pass");
  assert.equal(l.wait.kind, "none");
  assert.ok(Array.isArray(l.condition.afterSendMethods) && !l.condition.afterSendMethods.includes("POST"));
  assert.deepEqual(f.routes.map((r) => [r.product, r.edge, r.gateway, r.destinations, r.match]), [["nginx", true, "nginx:nginx/nginx.conf", ["orders-1", "orders-2"], "/orders/"]]);
});

test("§4.9 a single-server upstream never retries by default: a route without a layer", () => {
  const f = extractProxyConfig("nginx.conf", conf("", "", "server orders:8080;"));
  assert.equal(f.layers.length, 0);
  assert.equal(f.routes[0]!.layerId, null);
  assert.deepEqual(f.routes[0]!.destinations, ["orders"]);
});

test("§4.9 tries N = N total, inherited from http and overridden in location; capped by the servers", () => {
  const f = extractProxyConfig("nginx.conf", conf("    proxy_next_upstream_tries 5;", ""));
  assert.equal(f.layers[0]!.maxAttempts, 2, "5 tries, but only 2 servers");
  assert.equal(f.layers[0]!.anchor.line, 2);
  const g = extractProxyConfig("nginx.conf", conf("    proxy_next_upstream_tries 5;", "        proxy_next_upstream_tries 1;"));
  assert.equal(g.layers[0]!.maxAttempts, 1);
  assert.equal(g.layers[0]!.anchor.line, 11);
});

test("§4.9 non_idempotent → any method after sending; off → disabled", () => {
  const f = extractProxyConfig("nginx.conf", conf("", "        proxy_next_upstream error timeout http_502 non_idempotent;"));
  assert.equal(f.layers[0]!.condition.afterSendMethods, "all");
  assert.deepEqual(f.layers[0]!.condition.statuses, [502]);
  assert.equal(extractProxyConfig("nginx.conf", conf("", "        proxy_next_upstream off;")).layers[0]!.maxAttempts, 1);
});

test("a plain host: tries N counts in full (the name may resolve to several addresses)", () => {
  const f = extractProxyConfig("site.conf", "server {\n  location / {\n    proxy_pass http://payments.shop:80/;\n    proxy_next_upstream_tries 3;\n  }\n}\n");
  assert.equal(f.layers[0]!.maxAttempts, 3);
  assert.deepEqual(f.routes[0]!.destinations, ["payments.shop"]);
});

test("robustness: a syntax error is a problem, a .conf that is not NGINX proxying gives nothing", () => {
  const broken = extractProxyConfig("nginx.conf", "http {\n  server {\n    location / { proxy_pass http://x; }\n");
  assert.equal(broken.layers.length, 0);
  assert.match(broken.problems[0]!.message, /NGINX configuration could not be read/);
  const other = extractProxyConfig("supervisord.conf", "[program:x]\ncommand=/bin/x\n");
  assert.deepEqual([other.problems, other.layers, other.routes], [[], [], []]);
});

// lua-nginx-module: the body of a `*_by_lua_block` directive is Lua (ngx_http_lua_conf_lua_block_parse),
// read to its balanced `}`; braces in Lua strings and comments do not count
const LUA_BLOCKS: { name: string; body: string }[] = [
  { name: "calls without `;` (Kong's nginx-kong.conf)", body: "Kong = require 'kong'\n    Kong.init()" },
  { name: "a Lua table and a nested function", body: "local t = { a = { 1, 2 } }\n    local f = function() return { } end" },
  { name: "braces in quoted strings and escapes", body: "ngx.say(\"}\") ngx.say('{\\'}')" },
  { name: "braces in long strings and comments", body: "local s = [==[ } ]] } ]==]\n    -- a } in a comment\n    --[[ } { ]] x = 1" },
];
for (const c of LUA_BLOCKS) {
  test(`parser: a *_by_lua_block body is skipped — ${c.name}`, () => {
    const tree = parseNginx(`http {\n  init_by_lua_block {\n    ${c.body}\n  }\n  server { listen 80; location / { content_by_lua_block { ${c.body.replace(/\n/g, " ").replace(/--[^\n]*$/, "")} } proxy_pass http://orders:8080; } }\n}\n`);
    const http = tree[0]!;
    assert.deepEqual(http.children!.map((d) => [d.name, d.children?.length ?? null]), [["init_by_lua_block", 0], ["server", 2]]);
    const location = http.children![1]!.children![1]!;
    assert.deepEqual(location.children!.map((d) => d.name), ["content_by_lua_block", "proxy_pass"]);
  });
}

test("parser: an unterminated Lua block is a syntax error, not a hang", () => {
  assert.throws(() => parseNginx("init_by_lua_block {\n  local s = \"}\n"), /Lua block|not closed/);
  assert.throws(() => parseNginx("init_by_lua_block { x = [[ } "), /unterminated Lua block/);
});
