// Quick fixes through the LSP on seed-checkout-pr: the returned WorkspaceEdits are applied like
// an editor would (buffers and files), and the diagnostics are checked again.
import { afterEach, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodeAction, Diagnostic } from "vscode-languageserver-protocol/node";
import { parseAllDocuments } from "yaml";
import { LspClient } from "./lspClient";

const SCENARIO = join(__dirname, "..", "scenarios", "seed-checkout-pr", "workspace");
const CLIENT_PY = "checkout/inventory_client.py";
const HTTP_PY = "platform/http.py";
const ENVOY = "deploy/gateway/envoy.yaml";

const codes = (ds: Diagnostic[] | undefined, code: string) => (ds ?? []).filter((d) => d.code === code);

describe("quick fixes over LSP (seed-checkout-pr)", () => {
  let root: string;
  let client: LspClient;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "retrylens-fix-"));
    cpSync(SCENARIO, root, { recursive: true });
    client = await LspClient.start(root);
    for (const f of [CLIENT_PY, HTTP_PY]) client.open(f, readFileSync(join(root, f), "utf8"));
    client.open(ENVOY, readFileSync(join(root, ENVOY), "utf8"), "yaml");
    await client.until(
      "RL013, RL001 and the session's RL005",
      () =>
        codes(client.diagnostics.get(client.uri(ENVOY)), "RL013").length > 0 &&
        codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL001").length > 0 &&
        codes(client.diagnostics.get(client.uri(HTTP_PY)), "RL005").length > 0,
    );
  });
  afterEach(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  async function actions(file: string, code: string): Promise<{ diagnostic: Diagnostic; actions: CodeAction[] }> {
    const [diagnostic] = codes(client.diagnostics.get(client.uri(file)), code);
    assert.ok(diagnostic, `${code} on ${file}`);
    const actions = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: client.uri(file) },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], only: ["quickfix"] },
    })) as CodeAction[];
    return { diagnostic, actions };
  }

  async function applyPreferred(file: string, code: string): Promise<CodeAction> {
    const { actions: list } = await actions(file, code);
    const preferred = list.find((a) => a.isPreferred);
    assert.ok(preferred?.edit, `a preferred fix for ${code}: ${list.map((a) => a.title).join(" | ")}`);
    const before = client.modelCount();
    await client.applyEdit(preferred.edit);
    await client.nextModel(before);
    return preferred;
  }

  const parsesAsPython = (text: string) => !/\t/.test(text) && text.split("\n").every((l) => !/^\s*[)\]}]\s*[([{]/.test(l));

  test("RL004: full jitter replaces wait_fixed; the import follows", async () => {
    const action = await applyPreferred(CLIENT_PY, "RL004");
    assert.match(action.title, /Use full jitter/);
    await client.until("RL004 gone", () => codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL004").length === 0);
    const text = readFileSync(join(root, CLIENT_PY), "utf8");
    // full jitter over the same bound: wait_fixed(0.5) → wait_random(0, 0.5) (the jitter changes, nothing else)
    assert.match(text, /wait=wait_random\(0, 0\.5\)/);
    assert.match(text, /^from tenacity import retry, stop_after_attempt, wait_random, retry_if_exception_type$/m);
    assert.ok(parsesAsPython(text));
    assert.ok(!client.stderr.join("").includes("syntax error"));
  });

  test("RL005 in the client: an Idempotency-Key from order_id, and the session's RL005 goes too", async () => {
    const action = await applyPreferred(CLIENT_PY, "RL005");
    assert.match(action.title, /Idempotency-Key/);
    await client.until("RL005 gone in both files", () =>
      codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL005").length === 0 && codes(client.diagnostics.get(client.uri(HTTP_PY)), "RL005").length === 0,
    );
    assert.match(readFileSync(join(root, CLIENT_PY), "utf8"), /headers=\{"Idempotency-Key": f"reserve-\{order_id\}"\},/);
  });

  test("RL005 on the shared session: the preferred fix edits the call in the other file", async () => {
    const action = await applyPreferred(HTTP_PY, "RL005");
    assert.match(action.title, /Idempotency-Key/);
    assert.deepEqual(Object.keys(action.edit?.changes ?? {}).length + (action.edit?.documentChanges?.length ?? 0), 1);
    await client.until("RL005 gone on the session", () => codes(client.diagnostics.get(client.uri(HTTP_PY)), "RL005").length === 0);
  });

  test("RL013: the gateway retries only pre-send failures; the YAML keeps its layout", async () => {
    const before = readFileSync(join(root, ENVOY), "utf8");
    await applyPreferred(ENVOY, "RL013");
    await client.until("RL013 gone", () => codes(client.diagnostics.get(client.uri(ENVOY)), "RL013").length === 0);
    const after = readFileSync(join(root, ENVOY), "utf8");
    assert.equal(after, before.replace('"5xx,reset,connect-failure"', '"connect-failure,refused-stream,reset-before-request"'));
    assert.ok(parseAllDocuments(after).every((d) => d.errors.length === 0));
  });

  test("keep the tenacity layer, turn off the others: one multi-file edit, product 3", async () => {
    const { actions: list } = await actions(CLIENT_PY, "RL001");
    const keep = list.find((a) => a.title.startsWith("Keep reserve_stock"));
    assert.ok(keep?.edit, list.map((a) => a.title).join(" | "));
    assert.match(keep.title, /\(changes behaviour\)$/);
    const files = (keep.edit.documentChanges ?? []).map((d) => ("textDocument" in d ? d.textDocument.uri : "")).filter(Boolean);
    assert.equal(files.length, 2, "the gateway YAML and the session module");
    const before = client.modelCount();
    await client.applyEdit(keep.edit);
    await client.nextModel(before);
    const model = (await client.connection.sendRequest("retryLens/model")) as { paths: Array<{ product: number | null }> };
    assert.ok(model.paths.every((p) => p.product !== null && p.product <= 3), JSON.stringify(model.paths.map((p) => p.product)));
    await client.until("RL001 gone", () => codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL001").length === 0);
    const yaml = readFileSync(join(root, ENVOY), "utf8");
    assert.ok(!yaml.includes("retry_policy"));
    assert.ok(yaml.includes("# Edge gateway in front of the checkout service"), "comments stay");
    assert.match(readFileSync(join(root, HTTP_PY), "utf8"), /total=0,\s+# 2 retries = 3 attempts/);
  });

  test("unsafe fixes are never preferred over a safe one and say they change behaviour", async () => {
    const { actions: list } = await actions(CLIENT_PY, "RL009");
    assert.ok(list.every((a) => !a.title.startsWith("Remove") || a.title.endsWith("(changes behaviour)")));
    const { actions: rl004 } = await actions(CLIENT_PY, "RL004");
    assert.ok(rl004.filter((a) => a.isPreferred).every((a) => !a.title.endsWith("(changes behaviour)")));
  });

  test("with every diagnostic of a line: one action per fix, safe first, no unsafe fix preferred over a safe one", async () => {
    const line10 = (client.diagnostics.get(client.uri(CLIENT_PY)) ?? []).filter((d) => d.range.start.line === 9);
    assert.ok(line10.length >= 5);
    const list = (await client.connection.sendRequest("textDocument/codeAction", {
      textDocument: { uri: client.uri(CLIENT_PY) },
      range: line10[0]!.range,
      context: { diagnostics: line10, only: ["quickfix"] },
    })) as CodeAction[];
    const titles = list.map((a) => a.title);
    assert.equal(new Set(titles).size, titles.length, `duplicates in ${titles.join(" | ")}`);
    assert.match(titles[0]!, /^(Use full jitter|Add an Idempotency-Key)/);
    assert.ok(list.filter((a) => a.isPreferred).every((a) => !a.title.endsWith("(changes behaviour)")), titles.join(" | "));
    const firstUnsafe = titles.findIndex((t) => t.endsWith("(changes behaviour)"));
    const lastSafeFix = titles.map((t, i) => (/^(Use full jitter|Add an Idempotency-Key|Retry only)/.test(t) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
    assert.ok(lastSafeFix < firstUnsafe, titles.join(" | "));
  });

  test("source.fixAll.retryLens applies only safe fixes, and twice equals once", async () => {
    const ask = async () =>
      (await client.connection.sendRequest("textDocument/codeAction", {
        textDocument: { uri: client.uri(CLIENT_PY) },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ["source.fixAll.retryLens"] },
      })) as CodeAction[];
    const [all] = await ask();
    assert.ok(all?.edit);
    assert.equal(all.kind, "source.fixAll.retryLens");
    const before = client.modelCount();
    await client.applyEdit(all.edit);
    await client.nextModel(before);
    const text = readFileSync(join(root, CLIENT_PY), "utf8");
    assert.match(text, /wait=wait_random\(0, 0\.5\)/);
    assert.match(text, /Idempotency-Key/);
    assert.match(text, /@retry\(/, "the unsafe removal of the decorator was not applied");
    await client.until("RL004 and RL005 gone", () => codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL004").length + codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL005").length === 0);
    const again = await ask();
    if (again[0]?.edit) {
      await client.applyEdit(again[0].edit);
    }
    assert.equal(readFileSync(join(root, CLIENT_PY), "utf8").split("Idempotency-Key").length, 2, "a second fix-all adds nothing twice");
  });
});

describe("quick fixes that create a file", () => {
  test("RL010: a VirtualService with attempts 0 turns the Istio default off", async () => {
    const scenario = join(__dirname, "..", "scenarios", "seed-failover-mesh", "workspace");
    const root = mkdtempSync(join(tmpdir(), "retrylens-fix-"));
    cpSync(scenario, root, { recursive: true });
    const client = await LspClient.start(root);
    try {
      const ns = "k8s/namespaces.yaml";
      client.open(ns, readFileSync(join(root, ns), "utf8"), "yaml");
      const [d] = await client.until("RL010", () => {
        const list = codes(client.diagnostics.get(client.uri(ns)), "RL010");
        return list.length ? list : undefined;
      });
      const list = (await client.connection.sendRequest("textDocument/codeAction", {
        textDocument: { uri: client.uri(ns) },
        range: d!.range,
        context: { diagnostics: [d], only: ["quickfix"] },
      })) as CodeAction[];
      const off = list.find((a) => a.title.startsWith("Turn off the Istio default"));
      assert.ok(off?.edit?.documentChanges?.some((c) => "kind" in c && c.kind === "create"), list.map((a) => a.title).join(" | "));
      const before = client.modelCount();
      await client.applyEdit(off!.edit!);
      await client.nextModel(before);
      assert.ok(existsSync(join(root, "k8s", "inventory-no-mesh-retries.yaml")));
      await client.until("RL010 gone", () => codes(client.diagnostics.get(client.uri(ns)), "RL010").length === 0);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("code actions resolved lazily (codeAction/resolve)", () => {
  test("the light bulb lists fixes without edits; resolving one computes its edit", async () => {
    const root = mkdtempSync(join(tmpdir(), "retrylens-fix-"));
    cpSync(SCENARIO, root, { recursive: true });
    const client = await LspClient.start(root, { resolveCodeActions: true });
    try {
      client.open(CLIENT_PY, readFileSync(join(root, CLIENT_PY), "utf8"));
      const [d] = await client.until("RL004", () => {
        const list = codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL004");
        return list.length ? list : undefined;
      });
      const list = (await client.connection.sendRequest("textDocument/codeAction", {
        textDocument: { uri: client.uri(CLIENT_PY) },
        range: d!.range,
        context: { diagnostics: [d], only: ["quickfix"] },
      })) as CodeAction[];
      const jitter = list.find((a) => a.title.startsWith("Use full jitter"));
      assert.ok(jitter && !jitter.edit && jitter.data, "offered without its edit");
      const resolved = (await client.connection.sendRequest("codeAction/resolve", jitter)) as CodeAction;
      assert.ok(resolved.edit, "resolve computes the edit");
      const before = client.modelCount();
      await client.applyEdit(resolved.edit);
      await client.nextModel(before);
      await client.until("RL004 gone", () => codes(client.diagnostics.get(client.uri(CLIENT_PY)), "RL004").length === 0);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
