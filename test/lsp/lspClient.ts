/**
 * A plain JSON-RPC LSP client for protocol tests: spawns the bundled server over stdio and
 * drives it like an editor would. Waits on notifications (readiness signals), never on sleeps.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextEdit,
  type WorkspaceEdit,
} from "vscode-languageserver-protocol/node";

/** Applies LSP text edits (non-overlapping) to a text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const offset = (line: number, character: number) => {
    let o = 0;
    for (let l = 0; l < line; l++) {
      const nl = text.indexOf("\n", o);
      if (nl < 0) return text.length;
      o = nl + 1;
    }
    return o + character;
  };
  const sorted = [...edits]
    .map((e) => ({ start: offset(e.range.start.line, e.range.start.character), end: offset(e.range.end.line, e.range.end.character), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

// RETRYLENS_DIST: a bundle of one's own (as esbuild.mjs builds it), e.g. for bench/monorepo/run.ts
export const SERVER = join(process.env.RETRYLENS_DIST ? resolve(process.env.RETRYLENS_DIST) : join(__dirname, "..", "..", "dist"), "server.js");

export class LspClient {
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly notifications: Array<{ method: string; params: unknown }> = [];
  private waiters: Array<() => void> = [];
  private constructor(
    readonly connection: ProtocolConnection,
    readonly child: ChildProcess,
    readonly root: string,
    readonly stderr: string[],
  ) {}

  static async start(
    root: string,
    options: {
      configuration?: Record<string, unknown>;
      workDoneProgress?: boolean;
      relatedInformation?: boolean;
      hoverFormats?: string[];
      showDocument?: boolean;
      resolveCodeActions?: boolean;
      initializationOptions?: Record<string, unknown>;
    } = {},
  ): Promise<LspClient> {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build`);
    const child = spawn(process.execPath, [SERVER, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    const stderr: string[] = [];
    child.stderr!.on("data", (d) => stderr.push(String(d)));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(connection, child, root, stderr);
    connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
      client.diagnostics.set(p.uri, p.diagnostics);
      client.wake();
    });
    for (const method of ["retryLens/modelChanged", "window/logMessage", "window/showMessage", "$/progress"]) {
      connection.onNotification(method, (params: unknown) => {
        client.notifications.push({ method, params });
        client.wake();
      });
    }
    connection.onRequest("workspace/configuration", (p: { items: Array<{ section?: string }> }) =>
      p.items.map(() => options.configuration ?? null),
    );
    connection.onRequest("window/workDoneProgress/create", () => null);
    connection.onRequest("client/registerCapability", () => null);
    connection.onRequest("window/showDocument", (params: unknown) => {
      client.notifications.push({ method: "window/showDocument", params });
      client.wake();
      return { success: true };
    });
    connection.listen();
    await connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(root).toString(),
      workspaceFolders: [{ uri: pathToFileURL(root).toString(), name: "ws" }],
      ...(options.initializationOptions ? { initializationOptions: options.initializationOptions } : {}),
      capabilities: {
        window: { workDoneProgress: options.workDoneProgress ?? true, showDocument: { support: options.showDocument ?? true } },
        workspace: {
          configuration: true,
          workspaceFolders: true,
          didChangeWatchedFiles: { dynamicRegistration: true },
          workspaceEdit: { documentChanges: true, resourceOperations: ["create"] },
        },
        textDocument: {
          publishDiagnostics: { relatedInformation: options.relatedInformation ?? true, codeDescriptionSupport: true, dataSupport: true },
          hover: { contentFormat: options.hoverFormats ?? ["markdown", "plaintext"] },
          codeAction: options.resolveCodeActions ? { resolveSupport: { properties: ["edit"] }, dataSupport: true } : {},
        },
      },
    });
    await connection.sendNotification("initialized", {});
    return client;
  }

  uri(file: string): string {
    return pathToFileURL(join(this.root, file)).toString();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  /** Resolves when `predicate` holds, re-checked on every message from the server. */
  async until<T>(what: string, predicate: () => T | undefined | null | false, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; server stderr:\n${this.stderr.join("").slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the next model-changed notification after the current count. */
  async nextModel(after = this.modelCount()): Promise<void> {
    await this.until("retryLens/modelChanged", () => this.modelCount() > after);
  }

  modelCount(): number {
    return this.notifications.filter((n) => n.method === "retryLens/modelChanged").length;
  }

  open(file: string, text: string, languageId = "python"): void {
    this.openTexts.set(this.uri(file), text);
    this.versions.set(this.uri(file), 1);
    void this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: this.uri(file), languageId, version: 1, text } });
  }

  change(file: string, text: string, version: number): void {
    this.openTexts.set(this.uri(file), text);
    this.versions.set(this.uri(file), version);
    void this.connection.sendNotification("textDocument/didChange", { textDocument: { uri: this.uri(file), version }, contentChanges: [{ text }] });
  }

  /** versions of the documents this client opened */
  private versions = new Map<string, number>();

  /**
   * Applies a WorkspaceEdit like an editor: open documents get a didChange, files on disk are
   * rewritten (and created) with a watched-files event. Returns the files it touched.
   */
  async applyEdit(edit: WorkspaceEdit): Promise<string[]> {
    const touched: string[] = [];
    const changes: Array<{ uri: string; edits: TextEdit[] }> = [];
    const created: string[] = [];
    for (const dc of edit.documentChanges ?? []) {
      if ("kind" in dc) {
        if (dc.kind === "create") created.push(dc.uri);
        continue;
      }
      changes.push({ uri: dc.textDocument.uri, edits: dc.edits as TextEdit[] });
    }
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) changes.push({ uri, edits });
    const events: Array<{ uri: string; type: number }> = [];
    for (const uri of created) {
      const path = fileURLToPath(uri);
      mkdirSync(dirname(path), { recursive: true });
      if (!existsSync(path)) writeFileSync(path, "");
    }
    for (const { uri, edits } of changes) {
      const path = fileURLToPath(uri);
      const before = existsSync(path) ? readFileSync(path, "utf8") : "";
      const text = this.openTexts.get(uri) ?? before;
      const after = applyTextEdits(text, edits);
      writeFileSync(path, after);
      touched.push(path);
      if (this.openTexts.has(uri)) {
        const version = (this.versions.get(uri) ?? 1) + 1;
        this.versions.set(uri, version);
        this.openTexts.set(uri, after);
        void this.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: after }] });
      } else events.push({ uri, type: created.includes(uri) ? 1 : 2 });
    }
    if (events.length) void this.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: events });
    return touched;
  }

  private openTexts = new Map<string, string>();

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest("shutdown");
      await this.connection.sendNotification("exit");
    } catch {
      // already gone
    }
    this.connection.dispose();
    this.child.kill();
  }
}
