/** Spring Boot application*.yml / bootstrap*.yml: settings flattened to Spring property names, with profiles. */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";
import { yaml } from "../yaml/helpers";
import { worthParsing } from "../../../server/src/host/workspace";

const PATH = "orders/src/main/resources/application.yml";
const settings = (text: string, path = PATH) => extractFile(path, text).configEntries!.map((e) => [e.key, e.value, e.line, e.profile] as const);

describe("application.yml settings", () => {
  test("nested maps, dotted keys and lists flatten to Spring's names; values as written", () => {
    assert.deepEqual(
      settings(yaml`
        resilience4j.retry:
          instances:
            inventory:
              max-attempts: 5
              wait-duration: 500ms
              multiplier: 1.0
              retry-exceptions:
                - java.io.IOException
                - java.util.concurrent.TimeoutException
        inventory:
          url: "http://inventory:8080"
          enabled: true
          empty:
      `),
      [
        ["resilience4j.retry.instances.inventory.max-attempts", "5", 4, null],
        ["resilience4j.retry.instances.inventory.wait-duration", "500ms", 5, null],
        ["resilience4j.retry.instances.inventory.multiplier", "1.0", 6, null],
        ["resilience4j.retry.instances.inventory.retry-exceptions[0]", "java.io.IOException", 8, null],
        ["resilience4j.retry.instances.inventory.retry-exceptions[1]", "java.util.concurrent.TimeoutException", 9, null],
        ["inventory.url", "http://inventory:8080", 11, null],
        ["inventory.enabled", "true", 12, null],
        ["inventory.empty", "", 13, null],
      ],
    );
  });

  test("lists of maps: spring.cloud.gateway.routes[0].uri", () => {
    const got = settings(yaml`
      spring.cloud.gateway.routes:
        - id: a
          uri: lb://a
    `);
    assert.deepEqual(got.map((e) => e[0]), ["spring.cloud.gateway.routes[0].id", "spring.cloud.gateway.routes[0].uri"]);
  });

  test("profiles: the file's (application-prod.yml), a document's on-profile, the legacy spring.profiles", () => {
    assert.deepEqual(settings("a: 1\n", "orders/src/main/resources/application-prod.yml"), [["a", "1", 1, "prod"]]);
    const multi = settings(yaml`
      a: base
      ---
      spring:
        config:
          activate:
            on-profile: prod
      a: prod
      ---
      spring.profiles: dev
      a: dev
      ---
      a: later-base
    `);
    assert.deepEqual(
      multi.filter((e) => e[0] === "a"),
      [["a", "prod", 7, "prod"], ["a", "dev", 10, "dev"], ["a", "later-base", 12, null]],
      "a later always-active document overrides an earlier one",
    );
  });

  test("aliases and merge keys are followed", () => {
    const got = settings(yaml`
      defaults: &d
        max-attempts: 4
      resilience4j.retry.instances.inventory:
        <<: *d
        wait-duration: 1s
    `);
    assert.ok(got.some((e) => e[0] === "resilience4j.retry.instances.inventory.max-attempts" && e[1] === "4"));
  });

  test("spring.application.name (also in bootstrap.yml) is the service owning the project's code", () => {
    for (const path of [PATH, "orders/src/main/resources/bootstrap.yaml"]) {
      const f = extractFile(path, "spring:\n  application:\n    name: orders\n");
      assert.deepEqual(f.workloads.map((w) => [w.kind, w.name, w.codeDir, w.span.line]), [["package", "orders", "orders", 3]]);
    }
  });

  test("the workspace walker reads Spring settings files whatever they hold", () => {
    assert.equal(worthParsing(PATH, "inventory:\n  url: http://inventory\n"), true);
    assert.equal(worthParsing("orders/src/main/resources/bootstrap-dev.yaml", "a: 1\n"), true);
    assert.equal(worthParsing("deploy/other.yml", "a: 1\n"), false);
  });

  test("other YAML files are not Spring settings", () => {
    const f = extractFile("deploy/values.yml", "spring:\n  application:\n    name: orders\n");
    assert.equal(f.configEntries, undefined);
    assert.equal(f.workloads.length, 0);
  });

  test("a broken document is one problem; the well-formed documents are still read", () => {
    const f = extractFile(PATH, "a: 1\n---\nb: [unclosed\n---\nc: 3\n");
    assert.equal(f.problems.length, 1);
    assert.deepEqual(f.configEntries!.map((e) => e.key), ["a", "c"]);
  });

  test("an alias bomb stops at the settings budget with one problem", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 6; i++) lines.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`);
    const f = extractFile(PATH, `${lines.join("\n")}\n`);
    assert.equal(f.problems.length, 1);
    assert.ok(f.configEntries!.length <= 20_000);
  });
});
