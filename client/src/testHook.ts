/**
 * Runs the extension-host integration suite when the host's environment names one
 * (RETRYLENS_TEST_SUITE), writing the results where RETRYLENS_TEST_RESULTS says — the way the
 * code-server UI test runs it inside a real VS Code workbench. Inert otherwise.
 */
import * as fs from "node:fs";

interface SuiteResult {
  passed: number;
  failed: number;
  failures: Array<{ title: string; error: string }>;
}

export async function runTestSuiteIfAsked(ready: Promise<void>): Promise<void> {
  const suite = process.env.RETRYLENS_TEST_SUITE;
  const out = process.env.RETRYLENS_TEST_RESULTS;
  if (!suite || !out) return;
  let result: SuiteResult & { done: true };
  try {
    await ready;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(suite) as { run(): Promise<SuiteResult | void> };
    const r = await mod.run();
    result = { passed: r?.passed ?? 0, failed: r?.failed ?? 0, failures: r?.failures ?? [], done: true };
  } catch (err) {
    result = { passed: 0, failed: 1, failures: [{ title: "suite", error: err instanceof Error ? (err.stack ?? err.message) : String(err) }], done: true };
  }
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}
