import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildSarif, relativeUri, ruleDescriptor, sarifLevel } from "../../server/src/cli/report/sarif";
import { ALL_RULES } from "../../server/src/rules/registry";
import { ruleDocUrl, type RuleMeta } from "../../server/src/rules/types";
import { checkoutInput, finding, span } from "./helpers";
import { validate } from "./sarifSchema";

const META: RuleMeta = {
  code: "RL001",
  name: "retry-amplification",
  summary: "A call path whose retries multiply beyond the threshold.",
  defaultSeverity: "error",
  fixSafety: "display-only",
  docs: {
    whatItDoes: "Multiplies the attempts of every retry layer along a call path.",
    whyItMatters: "When a dependency fails, one request becomes many calls.",
    example: "@retry(stop=stop_after_attempt(3))\ndef reserve_stock(): ...",
    howToFix: "Retry in one layer only.",
    fixedExample: "def reserve_stock(): ...",
    options: "threshold",
    references: ["https://sre.google/sre-book/addressing-cascading-failures/"],
  },
};

describe("SARIF report", () => {
  const log = buildSarif(checkoutInput({ root: "/work/shop repo" }));

  it("validates against the SARIF 2.1.0 schema (the objects it uses)", () => {
    assert.deepEqual(validate(log), []);
    assert.deepEqual(validate(JSON.parse(JSON.stringify(log))), []);
  });

  it("the validator does catch mistakes", () => {
    const broken = JSON.parse(JSON.stringify(log));
    broken.runs[0].results[0].level = "info";
    broken.runs[0].results[0].locations[0].physicalLocation.region.startColumn = 0;
    broken.runs[0].tool.driver.rule = [];
    delete broken.runs[0].results[1].message;
    const errors = validate(broken);
    assert.equal(errors.length, 4, errors.join("\n"));
  });

  it("log, run and driver", () => {
    assert.equal(log.version, "2.1.0");
    assert.match(log.$schema ?? "", /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const driver = log.runs[0].tool.driver;
    assert.equal(driver.name, "retrylens");
    assert.equal(driver.version, "9.9.9");
    assert.ok(driver.informationUri);
    assert.ok((driver.rules ?? []).length >= ALL_RULES.length);
    assert.deepEqual(log.runs[0].originalUriBaseIds, { "%SRCROOT%": { uri: "file:///work/shop%20repo/" } });
  });

  it("results: rule, index, level, message, relative location, related locations", () => {
    const run = log.runs[0];
    const rules = run.tool.driver.rules ?? [];
    const results = run.results ?? [];
    assert.equal(results.length, 4);
    for (const r of results) {
      assert.equal(rules[r.ruleIndex!].id, r.ruleId, "ruleIndex points at the rule");
      const loc = r.locations![0].physicalLocation!;
      assert.equal(loc.artifactLocation!.uriBaseId, "%SRCROOT%");
      assert.ok(!loc.artifactLocation!.uri!.startsWith("/"));
    }
    const rl001 = results[0];
    assert.equal(rl001.ruleId, "RL001");
    assert.equal(rl001.level, "error");
    assert.match(rl001.message.text!, /27 calls reach inventory/);
    assert.deepEqual(rl001.locations![0].physicalLocation, {
      artifactLocation: { uri: "checkout/inventory_client.py", uriBaseId: "%SRCROOT%" },
      region: { startLine: 10, startColumn: 1, endLine: 10, endColumn: 41 },
    });
    assert.equal(rl001.relatedLocations!.length, 2);
    assert.equal(rl001.relatedLocations![0].physicalLocation!.artifactLocation!.uri, "deploy/gateway/envoy.yaml");
    assert.equal(rl001.relatedLocations![0].physicalLocation!.region!.startLine, 23);
    assert.equal(rl001.relatedLocations![0].message!.text, "envoy route /checkout ×3");
    assert.equal(results.find((r) => r.ruleId === "RL002")!.level, "note", "info → note");
    // config problems are configuration notifications
    const notes = run.invocations![0].toolConfigurationNotifications!;
    assert.equal(notes[0].locations![0].physicalLocation!.region!.startLine, 2);
  });

  it("levels and rule descriptors", () => {
    assert.equal(sarifLevel("error"), "error");
    assert.equal(sarifLevel("warning"), "warning");
    assert.equal(sarifLevel("info"), "note");
    assert.equal(sarifLevel("hint"), "note");
    const d = ruleDescriptor(META);
    assert.equal(d.id, "RL001");
    assert.equal(d.name, "retry-amplification");
    assert.equal(d.shortDescription!.text, META.summary);
    assert.equal(d.fullDescription!.text, META.docs.whatItDoes);
    assert.equal(d.helpUri, ruleDocUrl(META));
    assert.match(d.help!.markdown!, /## Why it matters/);
    assert.match(d.help!.markdown!, /```\n@retry/);
    assert.match(d.help!.text, /How to fix: Retry in one layer only\./);
    assert.deepEqual(d.defaultConfiguration, { level: "error" });
    assert.deepEqual(validate(d, { $ref: "reportingDescriptor" }), []);
  });

  it("every registered rule has a valid descriptor", () => {
    for (const rule of ALL_RULES) assert.deepEqual(validate(ruleDescriptor(rule.meta), { $ref: "reportingDescriptor" }), [], rule.meta.code);
  });

  it("URIs are encoded relative references", () => {
    assert.equal(relativeUri("my dir/a#b.py"), "my%20dir/a%23b.py");
    assert.equal(relativeUri("./x\\y.ts"), "x/y.ts");
    const input = checkoutInput();
    input.result.findings = [finding({ rule: "RL003", file: "odd dir/app.py", span: span(3, 0, 3, 0), message: "m" })];
    const out = buildSarif(input);
    assert.deepEqual(validate(out), []);
    assert.deepEqual(out.runs[0].results![0].locations![0].physicalLocation!.region, { startLine: 3, startColumn: 1, endLine: 3 });
  });
});
