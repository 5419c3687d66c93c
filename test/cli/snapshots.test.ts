// Snapshots of the CLI's text and SARIF output on the acceptance scenarios: review the diff when
// output changes, then accept it with UPDATE_SNAPSHOTS=1 node test/run.mjs snapshots.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main, type CliIO } from "../../server/src/cli/main";

const scenarios = join(__dirname, "..", "scenarios");
const snapshots = join(__dirname, "..", "snapshots");
const update = process.env.UPDATE_SNAPSHOTS === "1";

async function run(args: string[]): Promise<string> {
  let out = "";
  const io: CliIO = {
    stdout: { isTTY: false, write: (t: string) => (out += t) },
    stderr: { isTTY: false, write: () => true },
    env: {},
    cwd: process.cwd(),
  };
  await main(args, io);
  return out;
}

function compare(name: string, actual: string): void {
  const file = join(snapshots, name);
  if (update || !existsSync(file)) {
    mkdirSync(snapshots, { recursive: true });
    writeFileSync(file, actual);
    if (!update && process.env.CI === "true") assert.fail(`snapshot ${name} was missing (written now); commit it`);
    return;
  }
  assert.equal(actual, readFileSync(file, "utf8"), `snapshot ${name} changed; review, then UPDATE_SNAPSHOTS=1`);
}

describe("CLI snapshots on the foundation scenarios", () => {
  const names = readdirSync(scenarios).filter((n) => {
    const expected = join(scenarios, n, "expected.json");
    return existsSync(expected) && JSON.parse(readFileSync(expected, "utf8")).capability === "foundation";
  });
  assert.ok(names.length > 0, `no foundation scenarios in ${scenarios}`);
  for (const name of names) {
    const workspace = join(scenarios, name, "workspace");
    test(`${name}: text`, async () => {
      compare(`${name}.txt`, await run(["scan", workspace, "--no-color", "--top", "0"]));
    });
    test(`${name}: sarif`, async () => {
      const sarif = JSON.parse(await run(["scan", workspace, "--format", "sarif"]));
      // the tool version and absolute roots vary between machines and releases
      delete sarif.runs[0].tool.driver.version;
      delete sarif.runs[0].originalUriBaseIds;
      compare(`${name}.sarif.json`, JSON.stringify(sarif, null, 2) + "\n");
    });
  }
});
