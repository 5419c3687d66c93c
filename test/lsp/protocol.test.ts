// Protocol tests: the bundled server over real stdio JSON-RPC, driven like an editor would.
// Run after `npm run build` (npm test builds first).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodeAction, CodeLens, Diagnostic, Hover } from "vscode-languageserver-protocol/node";
import { LspClient } from "./lspClient";

const SCENARIO = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");

function copyScenario(): string {
  const dir = mkdtempSync(join(tmpdir(), "retrylens-lsp-"));
  cpSync(SCENARIO, dir, { recursive: true });
  return dir;
}

const rl = (ds: Diagnostic[] | undefined, code: string) =>
  (ds ?? []).filter((d) => d.code === code).map((d) => ({ ...d, message: typeof d.message === "string" ? d.message : d.message.value }));
/** a list when it has elements (for waiting on it), undefined otherwise */
const nonEmpty = <T>(list: T[] | undefined): T[] | undefined => (list && list.length ? list : undefined);

describe("language server over stdio on seed-checkout-pr", () => {
  let root: string;
  let client: LspClient;
  const client_py = "checkout/inventory_client.py";

  before(async () => {
    root = copyScenario();
    client = await LspClient.start(root);
    client.open(client_py, readFileSync(join(root, client_py), "utf8"));
    await client.until("RL001 on the opened file", () => rl(client.diagnostics.get(client.uri(client_py)), "RL001").length > 0);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("RL001 names 27, links its docs and relates the other two layers", () => {
    const [d] = rl(client.diagnostics.get(client.uri(client_py)), "RL001");
    assert.ok(d);
    assert.equal(d.range.start.line, 9, "on the @retry line (line 10)");
    assert.match(d.message, /^27 calls reach inventory/);
    assert.match(d.message, /envoy route \/checkout ×3 → reserve_stock ×3 → session ×3/);
    assert.equal(d.source, "retry-lens");
    assert.match(d.codeDescription?.href ?? "", /docs\/rules\/RL001-retry-amplification\.md$/);
    const related = (d.relatedInformation ?? []).map((r) => `${r.location.uri.split("/workspace").pop() ?? r.location.uri}:${r.location.range.start.line + 1}`);
    assert.ok(related.some((r) => r.endsWith("deploy/gateway/envoy.yaml:23")), related.join(", "));
    assert.ok(related.some((r) => r.endsWith("platform/http.py:6")), related.join(", "));
  });

  test("files that were never opened get their diagnostics too", async () => {
    await client.until("RL013 on the gateway", () => rl(client.diagnostics.get(client.uri("deploy/gateway/envoy.yaml")), "RL013").length > 0);
    const [d] = await client.until("RL004 on the session", () => nonEmpty(rl(client.diagnostics.get(client.uri("platform/http.py")), "RL004")));
    assert.equal(d!.range.start.line, 5);
  });

  test("hover on the decorator shows the numbers and the 27× chain", async () => {
    const hover = (await client.connection.sendRequest("textDocument/hover", {
      textDocument: { uri: client.uri(client_py) },
      position: { line: 9, character: 2 },
    })) as Hover;
    const text = typeof hover.contents === "object" && "value" in hover.contents ? hover.contents.value : "";
    assert.match(text, /reserve\\_stock/);
    assert.match(text, /stop\\_after\\_attempt\(3\) → 3 attempts/);
    assert.match(text, /fixed 500 ms/);
    assert.match(text, /\*\*27×\*\* → inventory/);
    assert.match(text, /RL001 retry-amplification\]\(https:/);
  });

  test("hover on the call shows the layers it goes through", async () => {
    const hover = (await client.connection.sendRequest("textDocument/hover", {
      textDocument: { uri: client.uri(client_py) },
      position: { line: 12, character: 12 },
    })) as Hover | null;
    const text = hover && typeof hover.contents === "object" && "value" in hover.contents ? hover.contents.value : "";
    assert.match(text, /goes through 2 retry layers: 9 attempts/);
  });

  test("a code lens above the layer shows the worst case", async () => {
    const lenses = (await client.connection.sendRequest("textDocument/codeLens", { textDocument: { uri: client.uri(client_py) } })) as CodeLens[];
    const lens = lenses.find((l) => l.range.start.line === 9);
    assert.equal(lens?.command?.title, "⟳ worst case 27× → inventory (3 layers)");
    assert.equal(lens?.command?.command, "retryLens.revealPath");
  });

  test("code actions: show docs and ignore on this line", async () => {
    const diagnostics = rl(client.diagnostics.get(client.uri(client_py)), "RL004");
    const actions = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: client.uri(client_py) },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    })) as CodeAction[];
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes("Show RL004 (no-jitter) documentation"), titles.join(" | "));
    const ignore = actions.find((a) => a.title === "Ignore RL004 (no-jitter) on this line");
    assert.deepEqual(ignore?.edit?.changes?.[client.uri(client_py)], [
      { range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } }, newText: "# retry-lens: ignore RL004\n" },
    ]);
  });

  test("the custom model request returns the 27× path and its layers", async () => {
    const model = (await client.connection.sendRequest("retryLens/model")) as {
      paths: Array<{ product: number; target: string; layers: string[]; chain: string }>;
      layers: Array<{ id: string; file: string; line: number; offPath: string | null; disabled: boolean }>;
      worstProduct: number;
    };
    assert.equal(model.worstProduct, 27);
    assert.equal(model.paths[0]!.product, 27);
    // the modelChanged notification (counted without building the view) says the same
    const changed = client.notifications.filter((n) => n.method === "retryLens/modelChanged").at(-1)?.params as { worstProduct: number; paths: number; findings: number; threshold: number };
    const full = model as unknown as { paths: unknown[]; findings: number; threshold: number };
    assert.deepEqual({ worstProduct: changed.worstProduct, paths: changed.paths, findings: changed.findings, threshold: changed.threshold }, { worstProduct: 27, paths: full.paths.length, findings: full.findings, threshold: full.threshold });
    assert.equal(model.paths[0]!.target, "inventory");
    const files = model.paths[0]!.layers.map((id) => model.layers.find((l) => l.id === id)).map((l) => `${l!.file}:${l!.line}`);
    assert.deepEqual(files, ["deploy/gateway/envoy.yaml:23", "checkout/inventory_client.py:10", "platform/http.py:6"]);
    // every layer says whether it is off the request paths (null: on them)
    assert.ok(model.layers.length > 0 && model.layers.every((l) => l.offPath === null && l.disabled === false));
  });

  test("a suppression comment typed into the buffer removes that finding", async () => {
    const text = readFileSync(join(root, client_py), "utf8").replace("@retry(", "# retry-lens: ignore RL004 -- tested\n@retry(");
    client.change(client_py, text, 2);
    await client.until("RL004 gone", () => rl(client.diagnostics.get(client.uri(client_py)), "RL004").length === 0 && true);
    assert.equal(rl(client.diagnostics.get(client.uri(client_py)), "RL001")[0]?.range.start.line, 10, "the rest moved one line down");
  });

  test("editing the gateway YAML changes the Python file's diagnostics", async () => {
    const yamlFile = "deploy/gateway/envoy.yaml";
    const yaml = readFileSync(join(root, yamlFile), "utf8");
    client.open(yamlFile, yaml, "yaml");
    client.change(yamlFile, yaml.replace("num_retries: 2", "num_retries: 0"), 2);
    await client.until("RL001 with 9", () => rl(client.diagnostics.get(client.uri(client_py)), "RL001")[0]?.message.startsWith("9 calls"));
    client.change(yamlFile, yaml, 3);
    await client.until("RL001 with 27 again", () => rl(client.diagnostics.get(client.uri(client_py)), "RL001")[0]?.message.startsWith("27 calls"));
  });

  test("deleting the shared session module drops its layer and the path through it (watched files)", async () => {
    rmSync(join(root, "platform/http.py"));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("platform/http.py"), type: 3 }] });
    // `session` no longer resolves to a client, so nothing links the decorator to inventory
    await client.until("RL009 gone", () => rl(client.diagnostics.get(client.uri(client_py)), "RL009").length === 0 && true);
    assert.equal(rl(client.diagnostics.get(client.uri(client_py)), "RL001").length, 0);
    await client.until("the deleted file's diagnostics cleared", () => (client.diagnostics.get(client.uri("platform/http.py")) ?? []).length === 0);
  });

  test("renaming a file moves its diagnostics", async () => {
    renameSync(join(root, "deploy/gateway/envoy.yaml"), join(root, "deploy/gateway/edge.yaml"));
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: client.uri("deploy/gateway/envoy.yaml") } });
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [
        { uri: client.uri("deploy/gateway/envoy.yaml"), type: 3 },
        { uri: client.uri("deploy/gateway/edge.yaml"), type: 1 },
      ],
    });
    await client.until("RL013 on the renamed file", () => rl(client.diagnostics.get(client.uri("deploy/gateway/edge.yaml")), "RL013").length > 0);
    assert.deepEqual(client.diagnostics.get(client.uri("deploy/gateway/envoy.yaml")) ?? [], []);
  });

  test("a bad .retrylens.yaml gets a diagnostic on the offending line and defaults apply", async () => {
    writeFileSync(join(root, ".retrylens.yaml"), "# team settings\nthreshold: -4\n");
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri(".retrylens.yaml"), type: 1 }] });
    const [d] = await client.until("config diagnostic", () => nonEmpty(client.diagnostics.get(client.uri(".retrylens.yaml"))));
    assert.equal(d!.range.start.line, 1);
    assert.equal(d!.code, "config");
    assert.match(String(d!.message), /the default applies/);
    assert.ok(rl(client.diagnostics.get(client.uri("deploy/gateway/edge.yaml")), "RL013").length > 0, "analysis goes on");
  });

  test("the server answers unknown documents and odd positions without failing", async () => {
    const hover = await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: "file:///nowhere/x.py" }, position: { line: 0, character: 0 } });
    assert.equal(hover, null);
    const lenses = await client.connection.sendRequest("textDocument/codeLens", { textDocument: { uri: client.uri("missing.py") } });
    assert.deepEqual(lenses, []);
    assert.equal(client.child.exitCode, null, "still running");
  });
});

describe("language server settings", () => {
  test("retryLens.threshold from the editor silences RL001 below it; .retrylens.yaml wins over it", async () => {
    const root = copyScenario();
    const client = await LspClient.start(root, { configuration: { threshold: 30 } });
    try {
      const file = "deploy/gateway/envoy.yaml";
      await client.until("RL013", () => rl(client.diagnostics.get(client.uri(file)), "RL013").length > 0);
      assert.equal(rl(client.diagnostics.get(client.uri(file)), "RL001").length, 0);
      writeFileSync(join(root, ".retrylens.yaml"), "threshold: 10\n");
      await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri(".retrylens.yaml"), type: 1 }] });
      await client.until("RL001 back (27 > 10)", () => rl(client.diagnostics.get(client.uri(file)), "RL001").length > 0);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a bad threshold in .retrylens.yaml falls back to the default, not to the editor's value", async () => {
    const root = copyScenario();
    writeFileSync(join(root, ".retrylens.yaml"), "threshold: -4\n");
    const client = await LspClient.start(root, { configuration: { threshold: 30 } });
    try {
      await client.until("RL001 under the default threshold 3", () => rl(client.diagnostics.get(client.uri("deploy/gateway/envoy.yaml")), "RL001").length > 0);
      const [d] = await client.until("config diagnostic", () => nonEmpty(client.diagnostics.get(client.uri(".retrylens.yaml"))));
      assert.equal(d?.range.start.line, 0);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("retryLens.enable = false publishes nothing", async () => {
    const root = copyScenario();
    const client = await LspClient.start(root, { configuration: { enable: false } });
    try {
      await client.nextModel(0);
      const all = [...client.diagnostics.values()].flat();
      assert.deepEqual(all, []);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("clients with fewer capabilities (Neovim 0.7, eglot 1.9)", () => {
  test("plain-text hover, related layers written into the message, rule docs as a message", async () => {
    const root = copyScenario();
    const client = await LspClient.start(root, { hoverFormats: ["plaintext"], relatedInformation: false, showDocument: false });
    const file = "checkout/inventory_client.py";
    try {
      client.open(file, readFileSync(join(root, file), "utf8"));
      const [d] = await client.until("RL001", () => nonEmpty(rl(client.diagnostics.get(client.uri(file)), "RL001")));
      assert.equal(d!.relatedInformation, undefined);
      assert.match(d!.message, /\[see deploy\/gateway\/envoy\.yaml:23, platform\/http\.py:6\]$/);

      const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(file) }, position: { line: 9, character: 1 } })) as Hover;
      const contents = hover.contents as { kind: string; value: string };
      assert.equal(contents.kind, "plaintext");
      assert.match(contents.value, /^⟳ reserve_stock · tenacity · ×3/);
      assert.match(contents.value, /attempts: 3 — stop_after_attempt\(3\) → 3 attempts \(configured\)/);
      assert.match(contents.value, /wait: fixed 500 ms, no jitter\n/);
      assert.doesNotMatch(contents.value, /[*|\\]/, "no markdown syntax in plain text");

      await client.connection.sendRequest("workspace/executeCommand", { command: "retryLens.server.showRuleDocs", arguments: ["https://example.test/RL001.md"] });
      const shown = await client.until("showMessage with the URL", () =>
        client.notifications.find((n) => n.method === "window/showMessage" && String((n.params as { message: string }).message).includes("https://example.test/RL001.md")),
      );
      assert.ok(shown);
      assert.ok(!client.notifications.some((n) => n.method === "window/showDocument"));
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("markdown hover bolds the attempt count without escaping the bold marks", async () => {
    const root = copyScenario();
    const client = await LspClient.start(root);
    const file = "checkout/inventory_client.py";
    try {
      client.open(file, readFileSync(join(root, file), "utf8"));
      await client.until("RL001", () => nonEmpty(rl(client.diagnostics.get(client.uri(file)), "RL001")));
      const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(file) }, position: { line: 9, character: 1 } })) as Hover;
      const value = (hover.contents as { value: string }).value;
      assert.match(value, /\| attempts \| \*\*3\*\* — /);
      assert.match(value, /^\*\*⟳ reserve\\_stock\*\* · tenacity · ×3/);
      assert.doesNotMatch(value, /no jitter ⚠ no jitter/);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
