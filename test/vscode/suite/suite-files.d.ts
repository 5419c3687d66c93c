// The virtual module scripts/build-test-suite.mjs generates: every test/vscode/suite/*.test.ts
// as [file name, loader], loaded by index.ts after mocha's pre-require event.
declare module "retrylens:suite-files" {
  export const suiteFiles: ReadonlyArray<readonly [name: string, load: () => unknown]>;
}
