// The language server on the example's Java, Go and Spring settings files: diagnostics, hovers and
// quick fixes come from the same engine as for Python, and an edit to application.yml in the
// editor changes the Java file's diagnostics (Resilience4j instances, reference §3.1).
// Run after `npm run build` (npm test builds first).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodeAction, Diagnostic, Hover } from "vscode-languageserver-protocol/node";
import { LspClient } from "./lspClient";

const EXAMPLE = join(__dirname, "..", "..", "examples", "shop");
const JAVA = "pricing/src/main/java/com/example/shop/pricing/CatalogClient.java";
const SETTINGS = "pricing/src/main/resources/application.yml";
const GO = "shipping/internal/carrier/client.go";

const messages = (ds: Diagnostic[] | undefined, code: string) =>
  (ds ?? []).filter((d) => d.code === code).map((d) => ({ line: d.range.start.line + 1, message: typeof d.message === "string" ? d.message : d.message.value }));

describe("language server on Java, Go and Spring settings (examples/shop)", () => {
  let root: string;
  let client: LspClient;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), "retrylens-lsp-langs-"));
    cpSync(EXAMPLE, root, { recursive: true });
    client = await LspClient.start(root);
    client.open(JAVA, readFileSync(join(root, JAVA), "utf8"), "java");
    client.open(GO, readFileSync(join(root, GO), "utf8"), "go");
    await client.until("RL001 on the Java client", () => messages(client.diagnostics.get(client.uri(JAVA)), "RL001").length > 0);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("Java: the @Retry line carries the 36× path through the mesh default and catalog", () => {
    const [d] = messages(client.diagnostics.get(client.uri(JAVA)), "RL001");
    assert.equal(d!.line, 17);
    assert.match(d!.message, /^36 calls reach warehouse per pricing request: product ×4 → istio default ×3 → stock_level ×3/);
  });

  test("Go: the backoff.Retry line says it wraps a client that already retries", async () => {
    const [d] = await client.until("RL009 on the Go file", () => {
      const found = messages(client.diagnostics.get(client.uri(GO)), "RL009");
      return found.length ? found : undefined;
    });
    assert.equal(d!.line, 47);
    assert.match(d!.message, /cenkalti\/backoff, ×4\) wraps client, which already retries \(go-retryablehttp, ×5/);
  });

  test("hover on the Resilience4j annotation shows where its count comes from", async () => {
    const hover = (await client.connection.sendRequest("textDocument/hover", {
      textDocument: { uri: client.uri(JAVA) },
      position: { line: 16, character: 6 },
    })) as Hover | null;
    const text = JSON.stringify(hover?.contents ?? "");
    assert.match(text, /application\.yml:13/);
    assert.match(text, /36/);
  });

  test("quick fixes on the Go backoff.Retry line: turn that layer off (unsafe, in cenkalti's own unit)", async () => {
    const d = (client.diagnostics.get(client.uri(GO)) ?? []).find((x) => x.code === "RL009");
    assert.ok(d, "RL009 on the backoff.Retry line");
    const actions = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: client.uri(GO) },
      range: d.range,
      context: { diagnostics: [d], only: ["quickfix"] },
    })) as CodeAction[];
    const titles = actions.map((a) => a.title);
    const off = titles.find((t) => /^Turn off retries for backoff\.Retry\(op\)/.test(t));
    assert.ok(off, titles.join(" | "));
    assert.match(off, /WithMaxRetries\(…, 0\), which counts retries/);
    assert.match(off, /changes behaviour/);
  });

  test("a quick fix on the package-level retryablehttp client: jittered backoff in an init function (safe)", async () => {
    const d = (client.diagnostics.get(client.uri(GO)) ?? []).find((x) => x.code === "RL004");
    assert.ok(d, "RL004 on the retryablehttp client");
    const actions = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: client.uri(GO) },
      range: d.range,
      context: { diagnostics: [d], only: ["quickfix"] },
    })) as CodeAction[];
    const jitter = actions.find((a) => /client\.Backoff = retryablehttp\.RateLimitLinearJitterBackoff/.test(a.title));
    assert.ok(jitter, actions.map((a) => a.title).join(" | "));
    assert.equal(jitter.isPreferred, true);
  });

  test("editing application.yml in the editor lowers the Java path: max-attempts 2 → 18×", async () => {
    const text = readFileSync(join(root, SETTINGS), "utf8");
    client.open(SETTINGS, text, "yaml");
    client.change(SETTINGS, text.replace("max-attempts: 4", "max-attempts: 2"), 2);
    const [d] = await client.until("the Java RL001 at 18", () => {
      const found = messages(client.diagnostics.get(client.uri(JAVA)), "RL001").filter((m) => m.message.startsWith("18 calls"));
      return found.length ? found : undefined;
    });
    assert.match(d!.message, /product ×2 → istio default ×3 → stock_level ×3/);
  });
});
