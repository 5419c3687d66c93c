// The extension-host test runner: mocha (tdd UI) over every test/vscode/suite/*.test.ts, bundled by
// scripts/build-test-suite.mjs into dist-test/suite.js. Two callers load it:
//  - desktop VS Code through @vscode/test-electron (extensionTestsPath): it calls run() and treats
//    a rejected promise as a failed run;
//  - the extension's test hook (RETRYLENS_TEST_SUITE, used with code-server): it awaits run() and
//    writes the results to RETRYLENS_TEST_RESULTS.
// So run() resolves with the results when every test passed, and rejects with a SuiteFailure
// (an Error whose `results` holds the same object) when any failed.
import Mocha from "mocha";
import { suiteFiles } from "retrylens:suite-files";

export interface SuiteFailureInfo {
  title: string;
  error: string;
}

export interface SuiteResults {
  passed: number;
  failed: number;
  failures: SuiteFailureInfo[];
}

export class SuiteFailure extends Error {
  constructor(readonly results: SuiteResults) {
    super(
      `${results.failed} of ${results.passed + results.failed} extension-host tests failed:\n` +
        results.failures.map((f) => `  ✗ ${f.title}: ${f.error}`).join("\n"),
    );
    this.name = "SuiteFailure";
  }
}

/** The results of the last run() (undefined before it ends). */
export let lastResults: SuiteResults | undefined;

export function run(): Promise<SuiteResults> {
  const mocha = new Mocha({ ui: "tdd", timeout: 60_000, color: false, reporter: "spec" });
  // what Mocha#loadFiles does for files on disk, for the modules bundled into this file
  for (const [name, load] of suiteFiles) {
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, name, mocha);
    const exported = load();
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_REQUIRE, exported, name, mocha);
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_POST_REQUIRE, globalThis, name, mocha);
  }

  return new Promise<SuiteResults>((resolve, reject) => {
    const results: SuiteResults = { passed: 0, failed: 0, failures: [] };
    try {
      const runner = mocha.run(() => {
        lastResults = results;
        if (results.failed > 0) reject(new SuiteFailure(results));
        else if (results.passed === 0) reject(new SuiteFailure({ passed: 0, failed: 1, failures: [{ title: "suite", error: "no test ran" }] }));
        else resolve(results);
      });
      runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => {
        results.passed++;
      });
      // also fires for failing hooks (suiteSetup...), which then stand for the tests they skip
      runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Runnable, err: unknown) => {
        results.failed++;
        results.failures.push({ title: test.fullTitle(), error: err instanceof Error ? err.stack ?? err.message : String(err) });
      });
    } catch (err) {
      reject(err);
    }
  });
}
