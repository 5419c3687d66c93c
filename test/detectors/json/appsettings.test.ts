// appsettings*.json → ConfigEntryFacts (flattened keys, environment as profile, project folder).
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractJson } from "../../../server/src/detectors/json/index";

const entries = (path: string, text: string) => (extractJson(path, text).configEntries ?? []).map((e) => [e.key, e.value, e.line, e.profile, e.projectDir]);

test("nested objects flatten with '.', scalars keep their text, arrays are numbered, null is skipped", () => {
  const text = `{
  "Services": {
    "Inventory": { "BaseAddress": "http://inventory:8080", "Retries": 3, "Enabled": true },
    "Urls": ["http://a", "http://b"],
    "Cleared": null
  }
}`;
  assert.deepEqual(entries("src/Checkout/appsettings.json", text), [
    ["Services.Inventory.BaseAddress", "http://inventory:8080", 3, null, "src/Checkout"],
    ["Services.Inventory.Retries", "3", 3, null, "src/Checkout"],
    ["Services.Inventory.Enabled", "true", 3, null, "src/Checkout"],
    ["Services.Urls.0", "http://a", 4, null, "src/Checkout"],
    ["Services.Urls.1", "http://b", 4, null, "src/Checkout"],
  ]);
});

test("the environment in the file name is the profile; comments and trailing commas are accepted", () => {
  const text = `// local overrides
{
  /* block */ "ConnectionStrings": { "Orders": "Host=orders-db;Database=orders", },
}`;
  assert.deepEqual(entries("Checkout/appsettings.Development.json", text), [["ConnectionStrings.Orders", "Host=orders-db;Database=orders", 3, "Development", "Checkout"]]);
});

test("an invalid file is one problem and no entries; a top level that is not an object is a problem", () => {
  const bad = extractJson("Checkout/appsettings.json", `{ "Services": { "Inventory": `);
  assert.equal(bad.problems.length, 1);
  assert.match(bad.problems[0]!.message, /appsettings\.json is not valid JSON/);
  assert.equal(bad.configEntries, undefined);
  assert.equal(extractJson("Checkout/appsettings.json", `[1, 2]`).problems.length, 1);
  assert.deepEqual(extractJson("Checkout/appsettings.json", ``).problems, []);
});

test("near miss: other JSON files are not settings", () => {
  assert.equal(extractJson("Checkout/settings.json", `{ "Services": { "A": "x" } }`).configEntries, undefined);
  assert.equal(extractJson("Checkout/appsettings.json.bak", `{ "A": "x" }`).configEntries, undefined);
});
