import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { parseArgs, UsageError } from "../../server/src/cli/args";

describe("parseArgs", () => {
  it("scan with defaults", () => {
    assert.deepEqual(parseArgs(["scan"]), {
      command: "scan",
      dir: null,
      format: "text",
      failOn: "warning",
      threshold: null,
      includeTests: false,
      top: 10,
      color: null,
      verbose: false,
      output: null,
      jobs: null,
      fileTimeout: null,
      workerMemory: null,
      cache: false,
    });
  });

  it("every option, both spellings", () => {
    const a = parseArgs([
      "scan",
      "repo",
      "--format",
      "sarif",
      "--fail-on=error",
      "--threshold",
      "4.5",
      "--include-tests",
      "--top=3",
      "--no-color",
      "-v",
      "-o",
      "out.sarif",
    ]);
    assert.equal(a.command, "scan");
    if (a.command !== "scan") return;
    assert.equal(a.dir, "repo");
    assert.equal(a.format, "sarif");
    assert.equal(a.failOn, "error");
    assert.equal(a.threshold, 4.5);
    assert.equal(a.includeTests, true);
    assert.equal(a.top, 3);
    assert.equal(a.color, false);
    assert.equal(a.verbose, true);
    assert.equal(a.output, "out.sarif");

    const b = parseArgs(["--format=json", "scan", "--", "-odd-folder"]);
    assert.ok(b.command === "scan" && b.format === "json" && b.dir === "-odd-folder");
  });

  it("help and version", () => {
    assert.deepEqual(parseArgs(["--help"]), { command: "help" });
    assert.deepEqual(parseArgs(["-h"]), { command: "help" });
    assert.deepEqual(parseArgs(["scan", "--help"]), { command: "help" });
    assert.deepEqual(parseArgs(["help"]), { command: "help" });
    assert.deepEqual(parseArgs([]), { command: "help" });
    assert.deepEqual(parseArgs(["--version"]), { command: "version" });
  });

  it("errors are usage errors", () => {
    const bad: string[][] = [
      ["scan", "--format", "xml"],
      ["scan", "--format"],
      ["scan", "--fail-on", "fatal"],
      ["scan", "--threshold", "0"],
      ["scan", "--threshold", "many"],
      ["scan", "--top", "2.5"],
      ["scan", "--top", "-1"],
      ["scan", "--bogus"],
      ["scan", "--no-color=yes"],
      ["scan", "a", "b"],
      ["lint"],
      ["scan", "--output"],
    ];
    for (const argv of bad) {
      assert.throws(() => parseArgs(argv), UsageError, argv.join(" "));
    }
  });
});
