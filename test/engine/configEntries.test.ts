import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ConfigIndex, normalizeSettingKey, projectDirOf } from "../../server/src/engine/configEntries";
import { emptyFacts, type ConfigEntryFact } from "../../server/src/model/facts";

function configFile(path: string, entries: Array<[key: string, value: string, profile?: string]>) {
  const f = emptyFacts(path, path.endsWith(".json") ? "json" : "yaml");
  f.configEntries = entries.map(([key, value, profile], i): ConfigEntryFact => ({ key, value, line: i + 1, profile: profile ?? null, projectDir: projectDirOf(path) }));
  return f;
}

describe("application settings (Spring, .NET)", () => {
  it("a Spring resources folder configures its project; appsettings.json its own folder", () => {
    assert.equal(projectDirOf("services/orders/src/main/resources/application.yml"), "services/orders");
    assert.equal(projectDirOf("src/main/resources/application.properties"), "");
    assert.equal(projectDirOf("src/Checkout.Api/appsettings.json"), "src/Checkout.Api");
    assert.equal(projectDirOf("app/config/application.yml"), "app");
  });

  it("keys bind relaxed: case, dashes, underscores and .NET colons do not matter", () => {
    assert.equal(normalizeSettingKey("resilience4j.retry.instances.inventory.max-attempts"), normalizeSettingKey("Resilience4j.Retry.Instances.Inventory.maxAttempts"));
    assert.equal(normalizeSettingKey("Services:Inventory"), normalizeSettingKey("services.inventory"));
  });

  it("finds the deepest project's value; the base file wins over a profile; placeholders resolve", () => {
    const index = new ConfigIndex([
      configFile("src/main/resources/application.yml", [["inventory.url", "http://root-inventory"]]),
      configFile("orders/src/main/resources/application.yml", [["inventory.host", "inventory"], ["inventory.url", "http://${inventory.host}:8080/api"]]),
      configFile("orders/src/main/resources/application-prod.yml", [["inventory.url", "http://prod-inventory", "prod"], ["only.prod", "x", "prod"]]),
    ]);
    assert.equal(index.lookup("orders/src/main/java/a/B.java", "inventory.url")?.value, "http://inventory:8080/api");
    assert.equal(index.lookup("billing/src/main/java/a/B.java", "inventory.url")?.value, "http://root-inventory");
    assert.equal(index.lookup("orders/src/main/java/a/B.java", "only.prod")?.profile, "prod");
    assert.equal(index.lookup("orders/src/main/java/a/B.java", "missing"), null);
  });

  it("with the service's environment, a placeholder's variable wins over the written default (exact name, then FOO_BAR form)", () => {
    const index = new ConfigIndex([
      configFile("svc/src/main/resources/application.properties", [["people-api/mp-rest/url", "${PERSON_API_URL:http://localhost:8080/api}"], ["todo.url", "${todoUrl:http://localhost}"], ["mongo", "${mongo.uri:mongodb://localhost}"]]),
    ]);
    const env = { PERSON_API_URL: "http://people:8081/api", todoUrl: "http://todo:8083", MONGO_URI: "mongodb://mongo:27017" };
    assert.equal(index.lookup("svc/src/A.java", "people-api/mp-rest/url", 0, env)?.value, "http://people:8081/api");
    assert.equal(index.lookup("svc/src/A.java", "todo.url", 0, env)?.value, "http://todo:8083");
    assert.equal(index.lookup("svc/src/A.java", "mongo", 0, env)?.value, "mongodb://mongo:27017");
    // without it, the written default
    assert.equal(index.lookup("svc/src/A.java", "people-api/mp-rest/url")?.value, "http://localhost:8080/api");
  });

  it("a placeholder with no value keeps its written default", () => {
    const index = new ConfigIndex([configFile("svc/src/main/resources/application.yml", [["payments.url", "http://${PAYMENTS_HOST:payments}:9000"]])]);
    assert.equal(index.lookup("svc/src/Main.java", "payments.url")?.value, "http://payments:9000");
  });

  it("lists the entries under a prefix, the deeper project first", () => {
    const index = new ConfigIndex([
      configFile("src/main/resources/application.yml", [["resilience4j.retry.instances.inventory.max-attempts", "5"], ["resilience4j.retry.instances.inventory.wait-duration", "1s"]]),
      configFile("orders/src/main/resources/application.yml", [["resilience4j.retry.instances.inventory.max-attempts", "2"]]),
    ]);
    const entries = index.entriesUnder("orders/src/A.java", "resilience4j.retry.instances.inventory");
    assert.equal(entries.get("maxattempts")?.value, "2");
    assert.equal(entries.get("waitduration")?.value, "1s");
  });
});
