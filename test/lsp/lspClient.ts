/**
 * A plain JSON-RPC LSP client for protocol tests: spawns the bundled server over stdio and
 * drives it like an editor would. Waits on notifications (readiness signals), never on sleeps.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";

export const SERVER = join(__dirname, "..", "..", "dist", "server.js");

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
      capabilities: {
        window: { workDoneProgress: options.workDoneProgress ?? true, showDocument: { support: options.showDocument ?? true } },
        workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { relatedInformation: options.relatedInformation ?? true, codeDescriptionSupport: true, dataSupport: true },
          hover: { contentFormat: options.hoverFormats ?? ["markdown", "plaintext"] },
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
    void this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: this.uri(file), languageId, version: 1, text } });
  }

  change(file: string, text: string, version: number): void {
    void this.connection.sendNotification("textDocument/didChange", { textDocument: { uri: this.uri(file), version }, contentChanges: [{ text }] });
  }

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
