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

/** how long the first analysis may take before the suite reports that the server never became ready */
const READY_TIMEOUT_MS = 90_000;

export async function runTestSuiteIfAsked(ready: Promise<void>): Promise<void> {
  const suite = process.env.RETRYLENS_TEST_SUITE;
  const out = process.env.RETRYLENS_TEST_RESULTS;
  if (!suite || !out) return;
  let result: SuiteResult & { done: true };
  try {
    await Promise.race([
      ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`the language server did not finish its first analysis within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS)),
    ]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(suite) as { run(): Promise<SuiteResult | void> };
    const r = await mod.run();
    result = { passed: r?.passed ?? 0, failed: r?.failed ?? 0, failures: r?.failures ?? [], done: true };
  } catch (err) {
    // the suite rejects when a test fails (so @vscode/test-electron sees a failure) and carries its counts
    const counts = (err as { results?: SuiteResult }).results;
    result = counts
      ? { ...counts, done: true }
      : { passed: 0, failed: 1, failures: [{ title: "suite", error: err instanceof Error ? (err.stack ?? err.message) : String(err) }], done: true };
  }
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}
