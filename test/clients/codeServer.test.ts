// Editor test: the packaged extension (.vsix) in a real VS Code workbench — code-server 4.100.3
// (VS Code 1.100.3) served on loopback and driven by Debian's headless Chromium through
// playwright-core — on a copy of seed-checkout-pr. It checks what a user sees (Problems panel,
// hover, the Retry Lens view, the status bar), saving a screenshot of each step under
// test-output/screenshots/, and it collects the extension-host suite (test/vscode/suite, bundled
// to dist-test/suite.js) that the extension runs when RETRYLENS_TEST_SUITE is set. Last, once the
// suite is done, it applies RL004's "Use full jitter" quick fix from the Ctrl+. menu on line 10
// and checks the saved file and the Problems panel (RL004 gone, RL001 still there).
//
// Needs code-server in $RETRYLENS_CODE_SERVER (default .cache/code-server; install it with
// `bash .ci/install-code-server.sh "$PWD/.cache/code-server"`), /usr/bin/chromium
// (apt-get install chromium) and `npm run package`. Installs nothing itself. Outside CI a missing
// requirement skips the test; with CI=true it fails. Run with `npm run test:clients`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";

const ROOT = join(__dirname, "..", "..");
const CODE_SERVER = resolve(ROOT, process.env.RETRYLENS_CODE_SERVER || join(".cache", "code-server"));
const ENTRY = join(CODE_SERVER, "node_modules", "code-server", "out", "node", "entry.js");
const CHROMIUM = "/usr/bin/chromium";
const SCENARIO = join(ROOT, "test", "scenarios", "seed-checkout-pr", "workspace");
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; scripts?: Record<string, string> };
const VSIX = join(ROOT, `retry-lens-${PKG.version}.vsix`);
const SUITE = join(ROOT, "dist-test", "suite.js");
const SCREENSHOTS = join(ROOT, "test-output", "screenshots");
const LOGS = join(ROOT, "test-output", "code-server");
const FILE = "checkout/inventory_client.py";
const CI = process.env.CI === "true";
/** one UI step (a panel, a hover, the extension's first analysis) */
const STEP_MS = 60_000;

/** What is missing to run this test, or null. */
function missing(): string | null {
  if (!existsSync(ENTRY))
    return `code-server is not installed in ${CODE_SERVER} (set RETRYLENS_CODE_SERVER, or run: bash .ci/install-code-server.sh "$PWD/.cache/code-server")`;
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing: apt-get install chromium`;
  if (!existsSync(SCENARIO)) return `${SCENARIO} is missing (the acceptance scenarios in test/scenarios)`;
  if (!PKG.scripts?.package && !existsSync(VSIX)) return `no ${VSIX} and no "package" script to build it`;
  return null;
}

const why = missing();

/** The files inside the .vsix that must match dist/ for it to count as fresh. */
const BUNDLED = ["dist/extension.js", "dist/server.js", "dist/server.bundle.js", "dist/extractWorker.bundle.js", "dist/web-tree-sitter.wasm", "dist/tree-sitter-python.wasm", "package.json"];

/** True when VSIX exists and holds the bundles now in dist/ (so packaging again would change nothing). */
function vsixIsFresh(): boolean {
  if (!existsSync(VSIX)) return false;
  for (const file of BUNDLED) {
    const local = join(ROOT, file);
    if (!existsSync(local)) return false;
    if (file === "package.json") {
      // vsce rewrites the manifest a little: compare its mtime instead
      if (statSync(local).mtimeMs > statSync(VSIX).mtimeMs) return false;
      continue;
    }
    const packed = spawnSync("unzip", ["-p", VSIX, `extension/${file}`], { maxBuffer: 256 * 1024 * 1024 });
    if (packed.status !== 0 || !packed.stdout.equals(readFileSync(local))) return false;
  }
  return true;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeout?: number } = {}) {
  const r = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env: options.env ?? process.env, timeout: options.timeout ?? 180_000 });
  return { ok: r.status === 0, output: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port; rejects if `child` exits or after `ms`. */
async function waitForPort(port: number, child: ChildProcess, ms: number, log: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`code-server exited (${child.exitCode ?? child.signalCode}) before listening:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => (socket.destroy(), resolve(false)));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`code-server did not listen on 127.0.0.1:${port} within ${ms} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves with the results JSON once the file exists with done: true; rejects after `ms`. */
async function waitForResults(file: string, ms: number): Promise<{ passed: number; failed: number; failures: Array<{ title: string; error: string }> }> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (existsSync(file)) {
      try {
        const parsed = JSON.parse(readFileSync(file, "utf8"));
        if (parsed?.done === true) return parsed;
      } catch {
        // being written: read again
      }
    }
    if (Date.now() > deadline) throw new Error(`no results with done: true in ${file} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Resolves with probe()'s first value that is not undefined, checking every 100 ms (for state that
 * has no event or selector to wait on: a file on disk, a set of rows); rejects after `ms` with
 * `what` and, if given, describe()'s account of what was last seen.
 */
async function waitUntil<T>(what: string, ms: number, probe: () => T | undefined | Promise<T | undefined>, describe?: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${describe ? `; last seen:\n${describe()}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops code-server and everything it started (it leads its own process group). */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

test(
  "code-server: the .vsix shows RL001, the 27× hover, the Retry Lens view and ⟳ 27×, its extension-host suite passes, and the RL004 quick fix applies from the light-bulb menu",
  { skip: !CI && why ? why : false, timeout: 6 * 60_000 },
  async (t) => {
    if (why) assert.fail(why);
    const started = Date.now();
    const step = (what: string) => t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);

    // 1. the .vsix and the extension-host suite
    if (vsixIsFresh()) step(`reusing ${VSIX} (its bundles match dist/)`);
    else {
      const p = run("npm", ["run", "package"]);
      assert.ok(p.ok && existsSync(VSIX), `npm run package failed:\n${p.output.slice(-4000)}`);
      step(`packaged ${VSIX}`);
    }
    const b = run(process.execPath, [join(ROOT, "scripts", "build-test-suite.mjs")]);
    assert.ok(b.ok && existsSync(SUITE), `building the extension-host suite failed:\n${b.output}`);
    step("built dist-test/suite.js");

    const tmp = mkdtempSync(join(tmpdir(), "retrylens-code-server-"));
    const workspace = join(tmp, "workspace");
    const userData = join(tmp, "user-data");
    const extensions = join(tmp, "extensions");
    const results = join(tmp, "results.json");
    const logFile = join(tmp, "code-server.log");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // code-server's own config file and state stay in the temp dir
      XDG_CONFIG_HOME: join(tmp, "xdg", "config"),
      XDG_DATA_HOME: join(tmp, "xdg", "data"),
      XDG_CACHE_HOME: join(tmp, "xdg", "cache"),
      RETRYLENS_TEST_SUITE: SUITE,
      RETRYLENS_TEST_RESULTS: results,
    };
    delete env.NODE_OPTIONS; // tsx's loader is for this test process, not for code-server
    cpSync(SCENARIO, workspace, { recursive: true });
    mkdirSync(join(userData, "User"), { recursive: true });
    writeFileSync(
      join(userData, "User", "settings.json"),
      JSON.stringify(
        {
          "workbench.startupEditor": "none",
          "workbench.welcomePage.walkthroughs.openOnInstall": false,
          "workbench.tips.enabled": false,
          "telemetry.telemetryLevel": "off",
          "extensions.autoCheckUpdates": false,
          "extensions.autoUpdate": false,
          "extensions.ignoreRecommendations": true,
          "update.mode": "none",
          "security.workspace.trust.enabled": false,
        },
        null,
        2,
      ),
    );
    rmSync(SCREENSHOTS, { recursive: true, force: true });
    mkdirSync(SCREENSHOTS, { recursive: true });

    let codeServer: ChildProcess | undefined;
    let killOnExit: (() => void) | undefined;
    const consoleLines: string[] = [];
    let context: BrowserContext | undefined;
    const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : "(no log)");
    try {
      // 2. install the .vsix into a fresh extensions dir
      const install = run(process.execPath, [ENTRY, "--install-extension", VSIX, "--extensions-dir", extensions, "--user-data-dir", userData], { env });
      assert.ok(install.ok && /successfully installed/i.test(install.output), `installing ${VSIX} failed:\n${install.output}`);
      step("installed the .vsix into a temporary --extensions-dir");

      // 3. code-server on loopback
      const port = await freePort();
      const out = openSync(logFile, "a");
      codeServer = spawn(
        process.execPath,
        [
          ENTRY,
          "--bind-addr",
          `127.0.0.1:${port}`,
          "--auth",
          "none",
          "--user-data-dir",
          userData,
          "--extensions-dir",
          extensions,
          "--disable-telemetry",
          "--disable-update-check",
          "--disable-workspace-trust",
        ],
        { cwd: tmp, env, stdio: ["ignore", out, out], detached: true },
      );
      closeSync(out);
      // if this process dies before `finally` (a test-runner timeout, Ctrl+C), do not leave it behind
      const pid = codeServer.pid!;
      killOnExit = () => {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      process.once("exit", killOnExit);
      await waitForPort(port, codeServer, 30_000, log);
      step(`code-server listening on 127.0.0.1:${port}`);

      // 4. the workbench in headless Chromium
      context = await chromium.launchPersistentContext(join(tmp, "chromium-profile"), {
        executablePath: CHROMIUM,
        headless: true,
        viewport: { width: 1400, height: 900 },
        // without the background-networking flags Chromium keeps trying hosts this machine cannot reach
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      });
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(STEP_MS);
      // the workbench's console carries the extension host's (the suite's mocha report among it)
      page.on("console", (m) => void consoleLines.push(`[${m.type()}] ${m.text()}`));
      page.on("pageerror", (e) => void consoleLines.push(`[pageerror] ${e.stack ?? e.message}`));
      await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: "domcontentloaded" });
      await page.waitForSelector(".monaco-workbench");
      await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "checkout" }).first().waitFor();
      await shot(page, "01-workbench");
      step("workbench loaded with the workspace in the explorer");

      await openFile(page, FILE);
      // VS Code asks for code lenses only while the editor's text has focus (a blur cancels the
      // pending request until the next focus or edit): wait for the lens before the Problems panel
      // takes the focus, as the hover step below needs it
      await worstCaseLens(page).waitFor();
      await shot(page, "02-quick-open-file");
      step(`opened ${FILE} with Quick Open; the code lens shows the worst case`);

      await problemsPanel(page);
      await shot(page, "03-problems-rl001");
      step("the Problems panel lists RL001 with 27");

      await hoverDecorator(page);
      await shot(page, "04-hover-27x");
      step("the hover on the decorator shows the 27× chain");

      await retryLensView(page);
      await shot(page, "05-retry-lens-view");
      step("the Retry Lens view lists the 27× path and its layers");

      const status = page.locator(".part.statusbar .statusbar-item", { hasText: "⟳ 27×" });
      await status.first().waitFor();
      await page.locator(".part.statusbar").screenshot({ path: join(SCREENSHOTS, "06-status-bar.png") });
      assert.match(await status.first().innerText(), /⟳ 27×/);
      step("the status bar shows ⟳ 27×");

      // 5. the extension-host suite the extension ran after its first analysis
      const r = await waitForResults(results, 120_000);
      step(`extension-host suite: ${r.passed} passed, ${r.failed} failed`);
      assert.equal(r.failed, 0, `extension-host suite failures:\n${r.failures.map((f) => `✗ ${f.title}\n${f.error}`).join("\n")}`);
      assert.ok(r.passed > 0, "the extension-host suite ran tests");

      // 6. the RL004 quick fix through the light-bulb menu, as a user applies it (after the suite:
      // the fix changes the file the suite reads)
      const before = await problemsGroup(page, FILE, "RL001 and RL004", (g) => g.codes.includes("RL001") && g.codes.includes("RL004"));
      const entry = await openQuickFixMenu(page);
      await shot(page, "07-quick-fix-menu");
      step(`Ctrl+. on line 10 lists "${FIX_TITLE}"`);

      await pickMenuEntry(page, entry);
      await editorLine(page, FIXED_WAIT).waitFor();
      step("the editor shows the fixed @retry line");
      // VS Code 1.100 saves the file itself after this quick fix (files.refactoring.autoSave, on by
      // default): Ctrl+S is what a user presses anyway, and harmless on a saved file
      await page.keyboard.press("Control+S");
      const saved = await waitUntil(`${FIXED_WAIT} in ${FILE} on disk`, 15_000, () => {
        const text = readFileSync(join(workspace, FILE), "utf8");
        return text.includes(FIXED_WAIT) ? text : undefined;
      });
      await page.locator(".tabs-container .tab.active:not(.dirty)", { hasText: FILE.split("/").pop()! }).waitFor();
      assert.ok(saved.includes(`@retry(stop=stop_after_attempt(3), wait=${FIXED_WAIT},`), saved);
      assert.match(saved, /^from tenacity import [^\n]*\bwait_random\b/m, saved);
      assert.ok(!saved.includes("wait_fixed"), saved);
      step("saved with Ctrl+S: the file on disk has full jitter and the import");

      // RL004's absence counts only in a group shown whole, with one problem less than before
      const after = await problemsGroup(page, FILE, "the whole group without RL004", (g) => g.whole && g.count === before.count - 1 && !g.codes.includes("RL004"));
      assert.equal(after.codes.length, after.count, after.codes.join(", "));
      assert.ok(after.codes.includes("RL001"), after.codes.join(", "));
      assert.match(after.problems[after.codes.indexOf("RL001")]!, /^27 calls reach inventory/);
      await mouseOffCode(page); // it clicked the menu entry over the editor's text
      await shot(page, "08-after-fix");
      step(`the Problems panel for ${FILE}: ${before.count} problems (${before.codes.join(", ")}${before.whole ? "" : ", …"}) → ${after.count} (${after.codes.join(", ")})`);
    } catch (err) {
      const page = context?.pages()[0];
      if (page) await page.screenshot({ path: join(SCREENSHOTS, "99-failure.png") }).catch(() => {});
      t.diagnostic(`code-server log (tail):\n${log()}`);
      throw err;
    } finally {
      await context?.close().catch(() => {});
      if (codeServer) await stopProcessGroup(codeServer);
      if (killOnExit) process.off("exit", killOnExit);
      // kept for a look after the run (best effort): test-output/code-server/
      try {
        rmSync(LOGS, { recursive: true, force: true });
        mkdirSync(LOGS, { recursive: true });
        if (existsSync(logFile)) copyFileSync(logFile, join(LOGS, "code-server.log"));
        if (existsSync(join(userData, "logs"))) cpSync(join(userData, "logs"), join(LOGS, "logs"), { recursive: true });
        if (existsSync(results)) copyFileSync(results, join(LOGS, "extension-host-results.json"));
        writeFileSync(join(LOGS, "browser-console.log"), consoleLines.join("\n") + "\n");
      } catch (err) {
        t.diagnostic(`could not keep the logs in ${LOGS}: ${String(err)}`);
      }
      rmSync(tmp, { recursive: true, force: true });
      step("code-server and Chromium stopped");
    }
  },
);

const FIX_TITLE = "Use full jitter: wait_random(0, 0.5)";
const FIXED_WAIT = "wait_random(0, 0.5)";

/** A line of the open editor that contains `text` (Monaco renders spaces as U+00A0; hasText normalizes them). */
function editorLine(page: Page, text: string): Locator {
  return page.locator(".part.editor .monaco-editor .view-line", { hasText: text }).first();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Quick Open (Ctrl+P), type the path, Enter; resolves when the editor shows the file. */
async function openFile(page: Page, file: string): Promise<void> {
  const name = file.split("/").pop()!;
  await page.locator(".monaco-workbench").click({ position: { x: 700, y: 450 } }).catch(() => {});
  await page.keyboard.press("Control+P");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(file);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".tabs-container .tab.active", { hasText: name }).waitFor();
  await page.locator(".monaco-editor .view-line", { hasText: "@retry(stop=stop_after_attempt(3)" }).waitFor();
}

/** Ctrl+Shift+M; resolves when a Problems row shows RL001 with 27. */
async function problemsPanel(page: Page): Promise<void> {
  await page.keyboard.press("Control+Shift+M");
  const row = page.locator(".markers-panel .monaco-list-row", { hasText: "RL001" }).filter({ hasText: "27" });
  await row.first().waitFor();
  const text = await row.first().innerText();
  assert.match(text, /27 calls reach inventory/, text);
}

/** The code lens above line 10. */
function worstCaseLens(page: Page): Locator {
  return page.locator(".monaco-editor .codelens-decoration", { hasText: "⟳ worst case 27× → inventory (3 layers)" }).first();
}

/**
 * Waits for the code lens above line 10 (it moves the line down when it appears), then moves the
 * mouse onto `@retry`; resolves when the hover shows the server's part with the chain and 27×.
 */
async function hoverDecorator(page: Page): Promise<void> {
  await worstCaseLens(page).waitFor();
  const line = page.locator(".monaco-editor .view-line", { hasText: "@retry(stop=stop_after_attempt(3)" }).first();
  // the widget lists the line's problems first, then the server's hover (the 27× part)
  const part = page.locator(".monaco-hover .hover-row:not(:has(.marker))", { hasText: "27×" }).filter({ hasText: "reserve_stock" });
  const deadline = Date.now() + STEP_MS;
  for (let attempt = 1; ; attempt++) {
    // measured afresh each time: the layout may still move (lenses, panels)
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    const text = await line.innerText();
    assert.ok(box && text.length, "line 10 is on screen");
    const charWidth = box.width / text.length;
    // from below the line onto "retry" (columns 2-6), so the editor sees the mouse arrive
    await page.mouse.move(box.x + charWidth * 8, box.y + box.height * 3);
    await page.mouse.move(box.x + charWidth * 3.5, box.y + box.height / 2, { steps: 5 });
    try {
      await part.first().waitFor({ state: "attached", timeout: 10_000 });
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await page.keyboard.press("Escape");
    }
  }
  await part.first().evaluate((e) => e.scrollIntoView({ block: "start" }));
  await part.first().waitFor({ state: "visible" });
  const content = await part.first().innerText();
  assert.ok(content.includes("reserve_stock") && content.includes("27×"), content);
}

/** Clicks the Retry Lens activity-bar item; resolves when Worst Paths shows 27× and, expanded, its layers. */
async function retryLensView(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.locator('.activitybar .action-item a[aria-label^="Retry Lens"], .activitybar .action-item .action-label[aria-label^="Retry Lens"]').first().click();
  const row = page.locator(".part.sidebar .monaco-list-row", { hasText: "27×" }).filter({ hasText: "inventory" });
  await row.first().waitFor();
  if ((await row.first().getAttribute("aria-expanded")) !== "true") await row.first().click();
  await page.locator(".part.sidebar .monaco-list-row", { hasText: "inventory_client.py:10" }).first().waitFor();
}

/**
 * Clicks into `@retry` on line 10, waits for the light bulb, presses Ctrl+.; resolves with the menu
 * entry of the RL004 fix once the Quick Fix menu shows it.
 */
async function openQuickFixMenu(page: Page): Promise<Locator> {
  await page.keyboard.press("Escape"); // nothing of the earlier steps left open
  const line = editorLine(page, "@retry(stop=stop_after_attempt(3)");
  await line.scrollIntoViewIfNeeded();
  const box = await line.boundingBox();
  assert.ok(box, "line 10 is on screen");
  // a few pixels into the text: between "@re" and "try"
  await page.mouse.click(box.x + 20, box.y + box.height / 2);
  await page.locator(".part.statusbar .statusbar-item", { hasText: /Ln 10, Col \d+/ }).first().waitFor();
  await mouseOffCode(page); // so no hover opens over the menu
  await page.locator(".part.editor .monaco-editor").locator('.lightBulbWidget, [class*="gutter-lightbulb"]').first().waitFor({ state: "visible" });
  await page.keyboard.press("Control+Period");
  const menu = page.locator(".action-widget");
  await menu.waitFor({ state: "visible" });
  const entry = menu.locator(".monaco-list-row.action", { hasText: FIX_TITLE }).first();
  await entry.waitFor({ state: "visible" });
  return entry;
}

/** Moves the mouse to the empty bottom of the editor (below the file's last line), where nothing hovers. */
async function mouseOffCode(page: Page): Promise<void> {
  const editor = await page.locator(".part.editor").boundingBox();
  assert.ok(editor, "the editor area is on screen");
  await page.mouse.move(editor.x + editor.width * 0.6, editor.y + editor.height - 20);
}

/**
 * Moves the mouse onto the entry, then clicks it. While the menu opens, the workbench puts a
 * full-window .context-view-pointerBlock over everything and takes it away on the first pointer
 * move, as a user's hand does before a click.
 */
async function pickMenuEntry(page: Page, entry: Locator): Promise<void> {
  const box = await entry.boundingBox();
  assert.ok(box, "the menu entry is on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  await page.locator(".context-view-pointerBlock").waitFor({ state: "detached" });
  await entry.click();
}

interface ProblemsGroup {
  /** how many problems the file's row says it has ("6 problems in file inventory_client.py of folder checkout") */
  count: number;
  /** whether every row of the group is rendered, up to the next file's */
  whole: boolean;
  /** the codes of its rendered problems, in the panel's order */
  codes: string[];
  /** the texts of its rendered problem rows */
  problems: string[];
}

/**
 * Resolves with the Problems panel's group for `file` once `accept` takes it; rejects after
 * STEP_MS with the rows last seen. The list renders only the rows in view, so a group may be cut
 * short: `whole` says whether it is not (in the 1400×900 window a group of 10 rows fits).
 */
async function problemsGroup(page: Page, file: string, what: string, accept: (g: ProblemsGroup) => boolean): Promise<ProblemsGroup> {
  const name = file.split("/").pop()!;
  let last = "(no rows)";
  return waitUntil(
    `${what} (the Problems panel's group for ${name})`,
    STEP_MS,
    async () => {
      // level 1 = a file, 2 = a problem, 3 = a related place
      const all = await page.evaluate(() =>
        [...document.querySelectorAll(".markers-panel .monaco-list-row")]
          .map((r) => ({ index: Number(r.getAttribute("data-index")), level: r.getAttribute("aria-level"), label: r.getAttribute("aria-label") ?? "", text: (r as HTMLElement).innerText }))
          .sort((a, b) => a.index - b.index),
      );
      last = all.map((r) => `${r.index} L${r.level} ${r.text.replace(/\s+/g, " ").slice(0, 100)}`).join("\n") || "(no rows)";
      const start = all.findIndex((r) => r.level === "1" && r.label.includes(`in file ${name} `));
      if (start < 0) return undefined;
      let end = start + 1; // the rendered rows of the group: consecutive indexes up to the next file's row
      while (end < all.length && all[end]!.level !== "1" && all[end]!.index === all[end - 1]!.index + 1) end++;
      const whole = end < all.length && all[end]!.level === "1" && all[end]!.index === all[end - 1]!.index + 1;
      const problems = all.slice(start + 1, end).filter((r) => r.level === "2").map((r) => r.text);
      const count = Number(/^(\d+) problems? in file /.exec(all[start]!.label)?.[1] ?? NaN);
      const group = { count, whole, codes: problems.map((t) => /\b(RL\d{3})\b/.exec(t)?.[1] ?? "?"), problems };
      return accept(group) ? group : undefined;
    },
    () => last,
  );
}
