/**
 * The language server stays up and answers (issue #11, "Acceptance"): the 4 KB nested-bracket
 * YAML and the 1,000-reference anchor file opened as editor buffers in a workspace; a hover on a
 * well-formed sibling still gives its chain, and the buffers' problems are logged, not fatal.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hover } from "vscode-languageserver-protocol/node";
import { LspClient } from "../lsp/lspClient";
import { anchorReferences } from "./generate";

const SCENARIO = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");
const CLIENT_PY = "checkout/inventory_client.py";
const hoverText = (h: Hover | null): string => {
  const c = h?.contents as { value?: unknown } | undefined;
  return c && typeof c.value === "string" ? c.value : "";
};
const logs = (c: LspClient) => c.notifications.filter((n) => n.method === "window/logMessage").map((n) => (n.params as { message: string }).message);

describe("the server stays up with hostile YAML buffers open", () => {
  let root: string;
  let client: LspClient;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), "retrylens-lsp-robust-"));
    cpSync(SCENARIO, root, { recursive: true });
    client = await LspClient.start(root);
    client.open(CLIENT_PY, readFileSync(join(root, CLIENT_PY), "utf8"));
    await client.until("RL001", () => (client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).some((d) => d.code === "RL001"), 60_000);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("after opening the nested-bracket YAML and the 1,000-reference file, a hover on the sibling still shows 27", async () => {
    const models = client.modelCount();
    client.open("deploy/nested-brackets.yaml", readFileSync(join(__dirname, "inputs", "nested-brackets.yaml"), "utf8"), "yaml");
    client.open("mesh/shared-retries.yaml", anchorReferences(1000, "robust-upstream"), "yaml");
    // both buffers analysed: the nesting problem is logged once the model that holds them is out
    await client.until("the nested file's problem", () => client.modelCount() > models && logs(client).some((m) => m.includes("deploy/nested-brackets.yaml") && m.includes("skipped: flow nesting deeper than 200")), 60_000);
    const model = (await client.connection.sendRequest("retryLens/model")) as { layers: Array<{ file: string }> };
    assert.equal(model.layers.filter((l) => l.file === "mesh/shared-retries.yaml").length, 1000, "every route of the anchored file is a layer");
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(CLIENT_PY) }, position: { line: 9, character: 2 } })) as Hover | null;
    assert.match(hoverText(hover), /27/);
    assert.equal(client.child.exitCode, null, "the server process is alive");
    assert.doesNotMatch(client.stderr.join(""), /unhandled|Maximum call stack|heap out of memory/i);
  });

  test("editing the nested file deeper still, and then fixing it, keeps the server answering", async () => {
    const deeper = `apiVersion: v1\nkind: ConfigMap\nretries: ${"[".repeat(5000)}${"]".repeat(5000)}\n`;
    client.change("deploy/nested-brackets.yaml", deeper, 2);
    const fixed = "apiVersion: networking.istio.io/v1beta1\nkind: VirtualService\nmetadata:\n  name: deep\nspec:\n  hosts: [deep]\n  http:\n  - route: [{destination: {host: deep}}]\n    retries: {attempts: 2}\n";
    const models = client.modelCount();
    client.change("deploy/nested-brackets.yaml", fixed, 3);
    await client.until("a model with the fixed file", () => client.modelCount() > models, 60_000);
    const hasLayer = async () => ((await client.connection.sendRequest("retryLens/model")) as { layers: Array<{ file: string }> }).layers.some((l) => l.file === "deploy/nested-brackets.yaml");
    // an edit may be analysed after a newer one arrives: wait for the models still coming
    for (let i = 0; i < 5 && !(await hasLayer()); i++) await client.nextModel();
    assert.ok(await hasLayer(), "the fixed file's retry block is a layer");
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(CLIENT_PY) }, position: { line: 9, character: 2 } })) as Hover | null;
    assert.match(hoverText(hover), /27/);
  });
});
