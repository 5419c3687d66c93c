// Extension-host integration tests: the packaged extension in a real VS Code (desktop through
// @vscode/test-electron, or code-server through the extension's RETRYLENS_TEST_SUITE hook) on the
// seed-checkout-pr workspace, seen only through the VS Code API. They never show an editor or
// focus a view, so a UI test driving the same window is not disturbed.
// Readiness: the extension API's `ready`, then VS Code's own change events; never a fixed sleep.
import * as assert from "node:assert/strict";
import { suite, suiteSetup, test } from "mocha";
import * as vscode from "vscode";

const EXTENSION_ID = "retry-lens.retry-lens";
const FILE = "checkout/inventory_client.py";
const CHAIN = "envoy route /checkout ×3 → reserve_stock ×3 → session ×3";
const WAIT_MS = 45_000;

/** The API activate() returns (the extension's contract). */
interface RetryLensApi {
  ready: Promise<void>;
  pathsProvider: vscode.TreeDataProvider<unknown>;
  servicesProvider: vscode.TreeDataProvider<unknown>;
  statusBarText(): string;
}

/**
 * Resolves with probe()'s first value that is not undefined/false, checking now, on every event
 * fired by `events`, and (for state that changes without an event) every `pollMs`. Rejects after
 * `timeoutMs` with `what` and the last value seen by `describe`.
 */
function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  events: ReadonlyArray<vscode.Event<unknown> | undefined> = [],
  options: { timeoutMs?: number; pollMs?: number; describe?: () => string } = {},
): Promise<T> {
  const { timeoutMs = WAIT_MS, pollMs = 250 } = options;
  return new Promise<T>((resolve, reject) => {
    const subscriptions: vscode.Disposable[] = [];
    let settled = false;
    let checking = false;
    let again = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      for (const s of subscriptions) s.dispose();
      fn();
    };
    const check = async () => {
      if (settled) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          const value = await probe();
          if (value !== undefined && value !== false) return finish(() => resolve(value));
        } while (again && !settled);
      } catch (err) {
        finish(() => reject(err));
      } finally {
        checking = false;
      }
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}${options.describe ? `; last seen: ${options.describe()}` : ""}`))),
      timeoutMs,
    );
    const poll = setInterval(() => void check(), pollMs);
    for (const event of events) if (event) subscriptions.push(event(() => void check()));
    void check();
  });
}

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === "object" ? String(d.code.value) : d.code === undefined ? undefined : String(d.code));
const codeTarget = (d: vscode.Diagnostic) => (typeof d.code === "object" ? d.code.target.toString() : undefined);
const describeDiagnostics = (ds: readonly vscode.Diagnostic[]) =>
  ds.length ? ds.map((d) => `${codeOf(d)}@${d.range.start.line + 1} ${d.message.split("\n")[0]}`).join(" | ") : "(none)";
const markdown = (c: vscode.MarkdownString | vscode.MarkedString): string =>
  typeof c === "string" ? c : "value" in c ? c.value : "";
const labelOf = (item: vscode.TreeItem) => (typeof item.label === "object" ? item.label.label : item.label ?? "");
const descriptionOf = (item: vscode.TreeItem) => (typeof item.description === "string" ? item.description : "");

async function children(provider: vscode.TreeDataProvider<unknown>, element?: unknown) {
  const elements = (await provider.getChildren(element)) ?? [];
  return Promise.all(elements.map(async (e) => ({ element: e, item: await provider.getTreeItem(e) })));
}

suite("Retry Lens in VS Code on seed-checkout-pr", () => {
  let api: RetryLensApi;
  let uri: vscode.Uri;
  let rl001: vscode.Diagnostic;

  suiteSetup(async function () {
    this.timeout(120_000);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, "a workspace folder is open (the seed-checkout-pr workspace)");
    uri = vscode.Uri.joinPath(folder.uri, FILE);
    // open the document without showing it: a UI test may be driving this window
    await vscode.workspace.openTextDocument(uri);

    const extension = vscode.extensions.getExtension<RetryLensApi>(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is installed`);
    // When the suite runs from the extension's own test hook, activate() has already returned;
    // if the hook ran inside activate(), activate() would wait on this suite: report that instead.
    api = extension.isActive
      ? extension.exports
      : await Promise.race([
          extension.activate(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${EXTENSION_ID} did not finish activating in 60 s (a test hook awaited inside activate() deadlocks)`)), 60_000),
          ),
        ]);
    assert.ok(api && typeof api === "object", "activate() returns the API object");
    assert.ok(api.ready instanceof Promise || typeof (api.ready as { then?: unknown })?.then === "function", "api.ready is a promise");
    await api.ready;

    rl001 = await waitFor(
      `RL001 on ${FILE}`,
      () => vscode.languages.getDiagnostics(uri).find((d) => codeOf(d) === "RL001"),
      [vscode.languages.onDidChangeDiagnostics],
      { describe: () => describeDiagnostics(vscode.languages.getDiagnostics(uri)) },
    );
  });

  test("RL001 on line 10 names 27 calls, the chain, and links its documentation", () => {
    assert.equal(rl001.range.start.line, 9, "on the @retry line (line 10)");
    assert.match(rl001.message, /^27 calls reach inventory/);
    assert.ok(rl001.message.includes(CHAIN), rl001.message);
    assert.equal(rl001.source, "retry-lens");
    assert.match(codeTarget(rl001) ?? "(no codeDescription)", /RL001-retry-amplification\.md$/);
    const related = (rl001.relatedInformation ?? []).map((r) => `${r.location.uri.path}:${r.location.range.start.line + 1}`);
    assert.ok(related.some((r) => r.endsWith("/deploy/gateway/envoy.yaml:23")), related.join(", "));
    assert.ok(related.some((r) => r.endsWith("/platform/http.py:6")), related.join(", "));
  });

  test("hover on the decorator shows the 27× chain", async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, new vscode.Position(9, 2));
    const text = (hovers ?? []).flatMap((h) => h.contents.map(markdown)).join("\n---\n");
    assert.ok(text.includes("27×"), text || "(no hover)");
    assert.match(text, /reserve\\?_stock/);
  });

  test("a code lens above the decorator shows the worst case", async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>("vscode.executeCodeLensProvider", uri, 10);
    const titles = (lenses ?? []).map((l) => `${l.range.start.line + 1}: ${l.command?.title}`);
    const lens = (lenses ?? []).find((l) => l.command?.title === "⟳ worst case 27× → inventory (3 layers)");
    assert.ok(lens, titles.join(" | ") || "(no code lenses)");
    assert.equal(lens.range.start.line, 9);
    assert.equal(lens.command?.command, "retryLens.revealPath");
  });

  test("code actions on the RL001 range: show its documentation, ignore it on this line", async () => {
    const actions = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
      "vscode.executeCodeActionProvider",
      uri,
      rl001.range,
    );
    const titles = (actions ?? []).map((a) => a.title);
    assert.ok(titles.includes("Show RL001 (retry-amplification) documentation"), titles.join(" | "));
    const ignore = (actions ?? []).find((a) => a.title === "Ignore RL001 (retry-amplification) on this line") as vscode.CodeAction | undefined;
    assert.ok(ignore, titles.join(" | "));
    const edits = ignore.edit?.get(uri) ?? [];
    assert.ok(
      edits.some((e) => e.newText.includes("retry-lens: ignore RL001") && e.range.start.line === 9),
      JSON.stringify(edits.map((e) => ({ line: e.range.start.line, text: e.newText }))),
    );
  });

  test("code actions on the RL004 range: full jitter is a preferred quick fix that rewrites the wait and the import", async () => {
    const rl004 = await waitFor(
      `RL004 on ${FILE}:10`,
      () => vscode.languages.getDiagnostics(uri).find((d) => codeOf(d) === "RL004" && d.range.start.line === 9),
      [vscode.languages.onDidChangeDiagnostics],
      { describe: () => describeDiagnostics(vscode.languages.getDiagnostics(uri)) },
    );
    const actions = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
      "vscode.executeCodeActionProvider",
      uri,
      rl004.range,
      vscode.CodeActionKind.QuickFix.value,
      // the server computes a fix's edit only when it is chosen (codeAction/resolve): resolve them
      50,
    );
    const titles = (actions ?? []).map((a) => a.title);
    const fix = (actions ?? []).find((a) => a.title === "Use full jitter: wait_random(0, 0.5)") as vscode.CodeAction | undefined;
    assert.ok(fix, titles.join(" | "));
    assert.ok(fix.kind && vscode.CodeActionKind.QuickFix.contains(fix.kind), fix.kind?.value);
    assert.equal(fix.isPreferred, true, "the safe fix is the preferred one");
    // apply the edits to a copy of the text only: the document stays as it is for the other tests
    const document = await vscode.workspace.openTextDocument(uri);
    const edits = [...(fix.edit?.get(uri) ?? [])].sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start));
    assert.ok(edits.length > 0, "the fix edits the file");
    let text = document.getText();
    for (const e of edits) text = text.slice(0, document.offsetAt(e.range.start)) + e.newText + text.slice(document.offsetAt(e.range.end));
    assert.match(text, /^@retry\(stop=stop_after_attempt\(3\), wait=wait_random\(0, 0\.5\),$/m, text);
    assert.match(text, /^from tenacity import [^\n]*\bwait_random\b/m, text);
    assert.ok(!text.includes("wait_fixed"), text);
  });

  test("Worst Paths: the 27× path first, with its three layers in order", async () => {
    const provider = api.pathsProvider;
    const roots = await waitFor(
      "the 27× path in the Worst Paths tree",
      async () => {
        const items = await children(provider);
        return items.length && labelOf(items[0]!.item).startsWith("27×") ? items : undefined;
      },
      [provider.onDidChangeTreeData],
      { describe: () => "tree roots without a 27× path first" },
    );
    const worst = roots[0]!;
    assert.equal(labelOf(worst.item), "27× → inventory");
    assert.equal(descriptionOf(worst.item), CHAIN);
    assert.notEqual(worst.item.collapsibleState ?? vscode.TreeItemCollapsibleState.None, vscode.TreeItemCollapsibleState.None, "a path expands into its layers");
    const layers = await children(provider, worst.element);
    const labels = layers.map((l) => labelOf(l.item));
    assert.equal(layers.length, 3, labels.join(", "));
    assert.ok(labels[0]!.endsWith("envoy.yaml:23"), labels.join(", "));
    assert.ok(labels[1]!.endsWith("inventory_client.py:10"), labels.join(", "));
    assert.ok(labels[2]!.endsWith("http.py:6"), labels.join(", "));
    const descriptions = layers.map((l) => descriptionOf(l.item));
    assert.ok(descriptions.every((d) => d.startsWith("×3")), descriptions.join(", "));
    assert.equal(descriptions[1], "×3 tenacity");
  });

  test("Services: a caller → callee edge into inventory", async () => {
    const provider = api.servicesProvider;
    // callers at the root, their "→ callee" edges below (or "caller → callee" rows at the root)
    const rows = async () => {
      const out: string[] = [];
      for (const root of await children(provider)) {
        out.push(labelOf(root.item));
        const expandable = (root.item.collapsibleState ?? vscode.TreeItemCollapsibleState.None) !== vscode.TreeItemCollapsibleState.None;
        if (expandable) for (const child of await children(provider, root.element)) out.push(`${labelOf(root.item)} ${labelOf(child.item)}`);
      }
      return out;
    };
    let seen: string[] = [];
    const edge = await waitFor(
      "an edge into inventory in the Services tree",
      async () => (seen = await rows()).find((r) => /→\s*inventory\b/.test(r)),
      [provider.onDidChangeTreeData],
      { describe: () => seen.join(" | ") || "(empty)" },
    );
    assert.match(edge, /^checkout\b.*→\s*inventory/, seen.join(" | "));
  });

  test("the status bar shows ⟳ 27×", async () => {
    const text = await waitFor("the status bar text ⟳ 27×", () => (api.statusBarText() === "⟳ 27×" ? api.statusBarText() : undefined), [api.pathsProvider.onDidChangeTreeData], {
      describe: () => JSON.stringify(api.statusBarText()),
    });
    assert.equal(text, "⟳ 27×");
  });

  test("the contributed commands are registered", async () => {
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const id of ["retryLens.rescan", "retryLens.showWorstPaths", "retryLens.openRuleDocs", "retryLens.copyPath", "retryLens.revealPath"]) {
      assert.ok(commands.has(id), `${id} is registered`);
    }
  });
});
