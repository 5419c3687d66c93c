/** HAProxy retries / retry-on (reference §4.10): retries N → N+1, default 3 → 4. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractProxyConfig } from "../../../server/src/detectors/config/index";
import { parseHaproxy } from "../../../server/src/detectors/config/haproxy";

const cfg = `global
  daemon
defaults
  mode http
  timeout connect 200ms
  retries 2
frontend web
  bind :80
  default_backend orders
backend orders
  server o1 orders-1:8080 check
  server o2 orders-2:8080 check   # second replica
backend payments
  retries 0
  server p1 payments.shop:8080
backend ledger
  retry-on conn-failure empty-response 503
  server l1 "ledger:8080"
`;

test("parser: sections, quoted and commented words", () => {
  const s = parseHaproxy(cfg);
  assert.deepEqual(s.map((x) => [x.kind, x.name]), [["global", null], ["defaults", null], ["frontend", "web"], ["backend", "orders"], ["backend", "payments"], ["backend", "ledger"]]);
  assert.deepEqual(s[3]!.directives[1]!.args, ["o2", "orders-2:8080", "check"]);
  assert.deepEqual(s[5]!.directives[1]!.args, ["l1", "ledger:8080"]);
});

test("§4.10 retries from defaults (2 → 3), 0 disables, retry-on beyond conn-failure resends for any method", () => {
  const f = extractProxyConfig("lb/haproxy.cfg", cfg);
  assert.deepEqual(f.problems, []);
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]), [
    [6, 3, "config"],
    [14, 1, "config"],
    [6, 3, "config"],
  ]);
  assert.deepEqual(f.layers[0]!.condition.afterSendMethods, [], "conn-failure only by default");
  assert.equal(f.layers[0]!.wait.initialSeconds, 0.2, "turn-around min(timeout connect, 1 s)");
  assert.equal(f.layers[2]!.condition.afterSendMethods, "all");
  assert.deepEqual(f.layers[2]!.condition.statuses, [503]);
  assert.deepEqual(f.routes.map((r) => [r.match, r.destinations, r.gateway]), [
    ["orders", ["orders-1", "orders-2"], "haproxy:lb/haproxy.cfg"],
    ["payments", ["payments.shop"], "haproxy:lb/haproxy.cfg"],
    ["ledger", ["ledger"], "haproxy:lb/haproxy.cfg"],
  ]);
});

test("§4.10 no retries anywhere → the default 3 retries → 4 attempts, anchored on the backend", () => {
  const f = extractProxyConfig("haproxy.cfg", "backend api\n  server a api:80\n");
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]), [[1, 4, "default"]]);
  assert.equal(f.layers[0]!.wait.initialSeconds, 1);
});

test("a .cfg that is not HAProxy (setup.cfg) gives nothing", () => {
  const f = extractProxyConfig("setup.cfg", "[metadata]\nname = x\n");
  assert.deepEqual([f.layers, f.routes, f.problems], [[], [], []]);
});
