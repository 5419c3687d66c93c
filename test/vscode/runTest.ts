// Runs the extension-host suite (dist-test/suite.js, built from test/vscode/suite/) in desktop
// VS Code through @vscode/test-electron, on a temporary copy of the seed-checkout-pr workspace.
//
//   npm run test:vscode                                   downloads VS Code into .vscode-test/
//   VSCODE_EXECUTABLE=/path/to/code npm run test:vscode   uses a VS Code you already have
//
// A contributor tool, not part of CI: CI machines cannot download VS Code, and CI runs the same
// suite inside code-server instead (test/clients/codeServer.test.ts). On Linux without a display,
// wrap it in xvfb-run. Exits non-zero when the suite fails or when no VS Code can be had.
import { runTests, TestRunFailedError } from "@vscode/test-electron";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "..", "..");
const scenario = resolve(root, "test", "scenarios", "seed-checkout-pr", "workspace");
const suite = join(root, "dist-test", "suite.js");

function fail(message: string): never {
  console.error(`test:vscode: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  for (const [file, how] of [
    [join(root, "dist", "extension.js"), "npm run build"],
    [suite, "npm run build:test-suite"],
    [scenario, "the acceptance scenarios in test/scenarios"],
  ] as const) {
    if (!existsSync(file)) fail(`${file} is missing (${how})`);
  }

  const executable = process.env.VSCODE_EXECUTABLE;
  if (executable && !existsSync(executable)) fail(`VSCODE_EXECUTABLE=${executable} does not exist`);
  if (!executable) console.log("test:vscode: VSCODE_EXECUTABLE is not set: downloading VS Code through @vscode/test-electron…");

  const workspace = mkdtempSync(join(tmpdir(), "retrylens-vscode-"));
  cpSync(scenario, workspace, { recursive: true });
  const userData = mkdtempSync(join(tmpdir(), "retrylens-vscode-user-"));
  let problem: string | undefined;
  try {
    const code = await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : { timeout: 20_000 }),
      extensionDevelopmentPath: root,
      extensionTestsPath: suite,
      launchArgs: [workspace, "--disable-extensions", "--disable-workspace-trust", "--skip-welcome", "--skip-release-notes", `--user-data-dir=${userData}`],
    });
    if (code !== 0) problem = `the extension-host suite failed (VS Code exited with ${code})`;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    problem =
      !executable && !(err instanceof TestRunFailedError)
        ? `could not download VS Code (${message}).\n` +
          "  This machine cannot reach the VS Code download servers. Point VSCODE_EXECUTABLE at a local VS Code\n" +
          "  (e.g. VSCODE_EXECUTABLE=/usr/share/code/code npm run test:vscode), or run the same suite in\n" +
          "  code-server: npm run test:clients (see test/clients/codeServer.test.ts)."
        : `the extension-host suite failed: ${message}`;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  }
  if (problem) fail(problem);
  console.log("test:vscode: the extension-host suite passed");
}

void main();
