import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { loadConfig, parseConfig } from "../../server/src/host/config";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const FILE = ".retrylens.yaml";

describe("config", () => {
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retrylens-config-"));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("no file: defaults, no problem", () => {
    const loaded = loadConfig(tmp);
    assert.equal(loaded.file, null);
    assert.deepEqual(loaded.problems, []);
    assert.equal(loaded.settings.threshold, DEFAULT_SETTINGS.threshold);
    assert.deepEqual(loaded.settings.helpers, []);
  });

  it("a good file is merged over the defaults", () => {
    const dir = path.join(tmp, "good");
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, ".retrylens.yml"),
      [
        "# Retry Lens settings",
        "threshold: 9",
        "rules:",
        "  RL004: off",
        "  rl003: info",
        "  unbounded-retry: error",
        "exclude:",
        "  - generated/**",
        "  - '*.pb.py'",
        "includeTests: true",
        "services:",
        "  inventory: [inventory/**, inventory.shop.svc.cluster.local]",
        "  gateway: deploy/gateway/**",
        "helpers:",
        "  - platform.retries.retry_call",
        "",
      ].join("\n"),
    );
    const loaded = loadConfig(dir);
    assert.equal(loaded.file, ".retrylens.yml");
    assert.deepEqual(loaded.problems, []);
    assert.equal(loaded.settings.threshold, 9);
    assert.deepEqual(loaded.settings.rules, { RL004: "off", RL003: "info", RL002: "error" });
    assert.deepEqual(loaded.settings.exclude, ["generated/**", "*.pb.py"]);
    assert.equal(loaded.settings.includeTests, true);
    assert.deepEqual(loaded.settings.services, {
      inventory: ["inventory/**", "inventory.shop.svc.cluster.local"],
      gateway: ["deploy/gateway/**"],
    });
    assert.deepEqual(loaded.settings.helpers, ["platform.retries.retry_call"]);
    // the defaults object is not mutated
    assert.deepEqual(DEFAULT_SETTINGS.rules, {});
  });

  it("a bad threshold: a problem on its line, the default kept, the rest still applies", () => {
    const { settings, problems } = parseConfig("rules:\n  RL001: warning\nthreshold: zero\nincludeTests: true\n", FILE);
    assert.equal(settings.threshold, DEFAULT_SETTINGS.threshold);
    assert.equal(settings.includeTests, true);
    assert.deepEqual(settings.rules, { RL001: "warning" });
    assert.equal(problems.length, 1);
    assert.equal(problems[0].file, FILE);
    assert.equal(problems[0].line, 3);
    assert.match(problems[0].message, /threshold/);

    const low = parseConfig("\n\nthreshold: 0.5\n", FILE);
    assert.equal(low.problems[0].line, 3);
    assert.equal(low.settings.threshold, DEFAULT_SETTINGS.threshold);
  });

  it("unknown rule codes, bad levels and unknown keys are problems on their lines", () => {
    const text = ["rules:", "  RL999: error", "  RL002: loud", "  RL003: hint", "colour: red", ""].join("\n");
    const { settings, problems } = parseConfig(text, FILE);
    assert.deepEqual(settings.rules, { RL003: "hint" });
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 3, 5],
    );
    assert.match(problems[0].message, /unknown rule "RL999"/);
    assert.match(problems[1].message, /error, warning, info, hint or off/);
    assert.match(problems[2].message, /unknown key "colour"/);
  });

  it("wrong shapes: each key falls back alone", () => {
    const text = ["exclude: 3", "services: [a, b]", "helpers:", "  - ok.name", "  - 'not a name'", "includeTests: maybe", ""].join("\n");
    const { settings, problems } = parseConfig(text, FILE);
    assert.deepEqual(settings.exclude, []);
    assert.deepEqual(settings.services, {});
    assert.deepEqual(settings.helpers, ["ok.name"]);
    assert.equal(settings.includeTests, false);
    assert.deepEqual(
      problems.map((p) => p.line),
      [1, 2, 5, 6],
    );
  });

  it("broken YAML: problems with lines, defaults, no throw", () => {
    const { settings, problems } = parseConfig("threshold: 5\nrules: [\n  RL001: error\n", FILE);
    assert.ok(problems.length > 0);
    assert.ok(problems.every((p) => p.line >= 1));
    assert.match(problems[0].message, /invalid YAML/);
    assert.equal(settings.threshold, DEFAULT_SETTINGS.threshold);

    const dup = parseConfig("threshold: 5\nthreshold: 6\n", FILE);
    assert.equal(dup.problems[0].line, 2);

    const list = parseConfig("- a\n- b\n", FILE);
    assert.equal(list.problems.length, 1);
    assert.equal(list.problems[0].line, 1);

    assert.deepEqual(parseConfig("", FILE).problems, []);
    assert.deepEqual(parseConfig("# only a comment\n", FILE).problems, []);
  });

  it(".retrylens.yaml wins over .retrylens.yml, with a note", () => {
    const dir = path.join(tmp, "both");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, ".retrylens.yaml"), "threshold: 4\n");
    fs.writeFileSync(path.join(dir, ".retrylens.yml"), "threshold: 8\n");
    const loaded = loadConfig(dir);
    assert.equal(loaded.file, ".retrylens.yaml");
    assert.equal(loaded.settings.threshold, 4);
    assert.equal(loaded.problems.length, 1);
    assert.equal(loaded.problems[0].file, ".retrylens.yml");
  });

  it("the JSON Schema lists exactly the keys the loader reads", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "schemas", "retrylens.schema.json"), "utf8"));
    assert.equal(schema.type, "object");
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(Object.keys(schema.properties).sort(), ["exclude", "helpers", "includeTests", "rules", "services", "threshold"]);
    assert.equal(schema.properties.threshold.default, DEFAULT_SETTINGS.threshold);
    assert.deepEqual(schema.properties.rules.additionalProperties.enum, ["error", "warning", "info", "hint", "off"]);
    // every key of the schema is accepted without a problem
    const { problems } = parseConfig("threshold: 3\nrules: {}\nexclude: []\nincludeTests: false\nservices: {}\nhelpers: []\n", FILE);
    assert.deepEqual(problems, []);
  });
});
