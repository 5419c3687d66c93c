// Never blocked, bounded inputs, editor cache (issue #11): the bundled server over stdio.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostic, Hover } from "vscode-languageserver-protocol/node";
import { generate } from "../../bench/monorepo/generate";
import { LspClient } from "./lspClient";

const SCENARIO = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");
const CLIENT_PY = "checkout/inventory_client.py";

function copyScenario(): string {
  const dir = mkdtempSync(join(tmpdir(), "retrylens-lsp-idx-"));
  cpSync(SCENARIO, dir, { recursive: true });
  return dir;
}
const logs = (c: LspClient) => c.notifications.filter((n) => n.method === "window/logMessage").map((n) => (n.params as { message: string }).message);
const hoverText = (h: Hover | null): string => {
  const c = h?.contents as { value?: unknown } | undefined;
  return c && typeof c.value === "string" ? c.value : "";
};

describe("the first index does not block requests", () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), "retrylens-lsp-mono-"));
    generate({ services: 20, out: root });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test("a hover sent while a 2,000-file workspace indexes answers before the index is done", async () => {
    const client = await LspClient.start(root);
    try {
      const file = "services/x/app.py";
      const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(file) }, position: { line: 0, character: 0 } })) as Hover | null;
      assert.equal(client.modelCount(), 0, "answered before the first analysis was published");
      assert.match(hoverText(hover), /indexing/);
      // edits typed during the index are not lost
      client.open("services/typed_during_index.py", "import requests\n\ndef f():\n    return requests.get('http://x/')\n");
      await client.until("first model", () => client.modelCount() > 0, 120_000);
      const model = (await client.connection.sendRequest("retryLens/model")) as { indexing: boolean; layers: unknown[] };
      assert.ok(model.layers.length > 0);
      assert.ok(logs(client).some((m) => /indexed .*: \d+ files/.test(m)), logs(client).join("\n"));
    } finally {
      await client.stop();
    }
  });
});

describe("bounded inputs", () => {
  let root: string;
  let client: LspClient;
  before(async () => {
    root = copyScenario();
    client = await LspClient.start(root);
    client.open(CLIENT_PY, readFileSync(join(root, CLIENT_PY), "utf8"));
    await client.until("RL001", () => (client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).some((d) => d.code === "RL001"));
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("a 10 MB open YAML buffer is not analysed: one information diagnostic on line 1, and the server keeps answering", async () => {
    const big = `routes:\n${"  - name: r\n    retries: 3\n".repeat(400_000)}`;
    assert.ok(big.length > 10_000_000);
    client.open("deploy/huge.yaml", big, "yaml");
    const [d] = await client.until("the notice", () => {
      const ds = client.diagnostics.get(client.uri("deploy/huge.yaml"));
      return ds && ds.length ? ds : undefined;
    });
    assert.equal(d!.severity, 3);
    assert.equal(d!.range.start.line, 0);
    assert.match(String(d!.message), /does not analyse this file: it is larger than/);
    const hover = (await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: client.uri(CLIENT_PY) }, position: { line: 9, character: 2 } })) as Hover | null;
    assert.match(hoverText(hover), /27/);
  });

  test("an invalid glob in .retrylens.yaml is a diagnostic on its line; fixing it recovers; a changed exclude re-reads the files", async () => {
    const cfg = ".retrylens.yaml";
    client.open(cfg, "threshold: 3\nexclude:\n  - 'docs/**'\n  - '[z-a]/**'\n", "yaml");
    const bad = await client.until("glob diagnostic", () => (client.diagnostics.get(client.uri(cfg)) ?? []).find((d: Diagnostic) => /not a valid glob/.test(String(d.message))));
    assert.equal(bad.range.start.line, 3);
    // the tool is still on
    assert.ok((client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).some((d) => d.code === "RL001"));
    // exclude the Python client: its diagnostics go (the file set is read again)
    client.change(cfg, "threshold: 3\nexclude:\n  - 'checkout/**'\n", 2);
    await client.until("config diagnostic gone", () => !(client.diagnostics.get(client.uri(cfg)) ?? []).length);
    await client.until("excluded file loses RL001", () => !(client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).some((d) => d.code === "RL001"));
    assert.ok(logs(client).some((m) => /exclude\/includeTests changed/.test(m)));
    client.change(cfg, "threshold: 3\n", 3);
    await client.until("RL001 back", () => (client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).some((d) => d.code === "RL001"));
  });
});

describe("editor facts cache (initializationOptions.factsCacheDir)", () => {
  test("a second server start on the same workspace and storage reuses the facts", async () => {
    const root = copyScenario();
    const storage = mkdtempSync(join(tmpdir(), "retrylens-lsp-store-"));
    const reusedOf = async () => {
      const client = await LspClient.start(root, { initializationOptions: { factsCacheDir: storage } });
      try {
        const line = await client.until("indexed log", () => logs(client).find((m) => /facts: \d+ reused/.test(m)));
        await client.until("model", () => client.modelCount() > 0);
        return { reused: Number(/facts: (\d+) reused/.exec(line)![1]), extracted: Number(/, (\d+) extracted/.exec(line)![1]) };
      } finally {
        await client.stop();
      }
    };
    try {
      const first = await reusedOf();
      assert.equal(first.reused, 0);
      assert.ok(first.extracted > 0);
      const second = await reusedOf();
      assert.equal(second.reused, first.extracted);
      assert.equal(second.extracted, 0);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(storage, { recursive: true, force: true });
    }
  });
});

describe("files the relevance pass left out join when an edit makes them matter", () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), "retrylens-lsp-admit-"));
    mkdirSync(join(root, "svc"));
    writeFileSync(join(root, "svc", "clients.py"), CLIENTS_BEFORE);
    // a constants module nothing reads yet: no request, no import from outside, no member names it
    writeFileSync(join(root, "svc", "hosts.py"), 'PAYMENTS = "payments:8080"\n');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test("a client that starts reading a constants module: the module is analysed and the host it names is the target", async () => {
    const client = await LspClient.start(root);
    try {
      client.open("svc/clients.py", CLIENTS_BEFORE);
      await client.until("first model", () => client.modelCount() > 0, 60_000);
      const targets = async () => {
        const model = (await client.connection.sendRequest("retryLens/model")) as { layers: Array<{ file: string; targets: string[] }> };
        return model.layers.filter((l) => l.file === "svc/clients.py").flatMap((l) => l.targets);
      };
      assert.deepEqual(await targets(), ["orders"]);
      assert.ok(logs(client).some((m) => /indexed .*: 1 files/.test(m)), `hosts.py is left out at first:\n${logs(client).join("\n")}`);
      const before = client.modelCount();
      client.change("svc/clients.py", CLIENTS_AFTER, 2);
      await client.until("the edit's model", () => client.modelCount() > before, 60_000);
      assert.deepEqual(await targets(), ["payments"], "the URL is read through the constants module let in by the edit");
    } finally {
      await client.stop();
    }
  });
});

const CLIENTS_BEFORE = `import requests
from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
def charge(order):
    return requests.post("http://orders:8080/charge", json=order)
`;
const CLIENTS_AFTER = `import requests
from tenacity import retry, stop_after_attempt
from svc.hosts import PAYMENTS


@retry(stop=stop_after_attempt(3))
def charge(order):
    return requests.post("http://" + PAYMENTS + "/charge", json=order)
`;
