// Spring Cloud Netflix Zuul routes (detectors/spring/zuulRoutes.ts): Ribbon (serviceId) and
// SimpleHostRoutingFilter (url) routes send through Apache HttpClient 4 built by
// DefaultApacheHttpClientFactory, whose DefaultHttpRequestRetryHandler retries 3 times → 4.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";

const layers = (path: string, text: string) => extractFile(path, text).layers.map((l) => [l.anchor.line, l.maxAttempts, l.kind] as const);

describe("Zuul routes", () => {
  test("serviceId, url and shorthand routes → 4 each; forward: routes stay in the process", () => {
    const text = [
      "zuul:",
      "  ignoredServices: '*'",
      "  routes:",
      "    orders:",
      "      path: /orders/**",
      "      serviceId: orders-service",
      "    legacy:",
      "      path: /legacy/**",
      "      url: http://legacy:8080",
      "    users: /users/**",
      "    local:",
      "      path: /local/**",
      "      url: forward:/local",
      "",
    ].join("\n");
    assert.deepEqual(layers("config/gateway.yml", text), [
      [4, 4, "apache-httpclient-retry"],
      [7, 4, "apache-httpclient-retry"],
      [10, 4, "apache-httpclient-retry"],
    ]);
  });

  test("the note says Ribbon's own retry is on when retryable is set, and names the target", () => {
    const text = "zuul:\n  retryable: true\n  routes:\n    orders:\n      path: /o/**\n      serviceId: orders\n";
    const l = extractFile("gateway/src/main/resources/application.yml", text).layers.find((x) => x.kind === "apache-httpclient-retry")!;
    assert.match(l.attemptsNote, /service orders \(Ribbon\)/);
    assert.match(l.attemptsNote, /Ribbon retry is also on/);
  });

  test("no zuul.routes map → nothing", () => {
    assert.deepEqual(layers("config/app.yml", "zuul:\n  ignoredServices: '*'\nroutes:\n  a:\n    url: http://x\n"), []);
  });
});
