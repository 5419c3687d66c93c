/**
 * Starts the bundled language server (dist/server.js over IPC) and restarts it when it dies,
 * at most MAX_RESTARTS times in RESTART_WINDOW_MS; after that it says so and stays down.
 */
import * as path from "node:path";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  TransportKind,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from "vscode-languageclient/node";
import type { InitializationOptions } from "../../server/src/protocol";

const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60_000;

export function createClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath(path.join("dist", "server.js"));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6011"] } },
  };
  const restarts: number[] = [];
  const errorHandler: ErrorHandler = {
    error: () => ({ action: ErrorAction.Continue }),
    closed: () => {
      const now = Date.now();
      while (restarts.length && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
      restarts.push(now);
      if (restarts.length <= MAX_RESTARTS) {
        output.appendLine(`[retry-lens] the server stopped; restarting (${restarts.length}/${MAX_RESTARTS})`);
        return { action: CloseAction.Restart };
      }
      void vscode.window
        .showErrorMessage(`Retry Lens: the language server stopped ${restarts.length} times in 3 minutes and will not be restarted.`, "Show Output")
        .then((choice) => choice && output.show());
      return { action: CloseAction.DoNotRestart };
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "file", language: "typescript" },
      { scheme: "file", language: "typescriptreact" },
      { scheme: "file", language: "javascript" },
      { scheme: "file", language: "javascriptreact" },
      { scheme: "file", language: "yaml" },
      { scheme: "file", language: "csharp" },
      { scheme: "file", language: "java" },
      { scheme: "file", language: "kotlin" },
      { scheme: "file", language: "go" },
      // Spring Boot configuration, gRPC service configs, appsettings.json, tsconfig.json, go.mod
      { scheme: "file", pattern: "**/{application,bootstrap}*.properties" },
      { scheme: "file", pattern: "**/*.json" },
      { scheme: "file", pattern: "**/go.mod" },
      { scheme: "file", pattern: "**/.retrylens.{yaml,yml}" },
      { scheme: "file", pattern: "**/{package.json,pyproject.toml}" },
      // Traefik file-provider configuration in TOML (docs/reference/traefik.md)
      { scheme: "file", pattern: "**/*.toml" },
      // Jinja templates of YAML / TOML files (Ansible `templates/*.yml.j2`)
      { scheme: "file", pattern: "**/*.{yml,yaml,toml}.{j2,jinja,jinja2}" },
      // NGINX and HAProxy configuration (reference §4.9, §4.10)
      { scheme: "file", pattern: "**/*.{conf,cfg}" },
    ],
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/{*.py,*.cs,*.csproj,Directory.Packages.props,pom.xml,*.gradle,*.java,*.kt,*.kts,*.go,go.mod,*.properties,*.json,*.ts,*.tsx,*.js,*.jsx,*.mjs,*.cjs,*.yaml,*.yml,*.conf,*.cfg,*.toml,*.j2,*.jinja,*.jinja2,.retrylens.yaml,.retrylens.yml}"),
    },
    outputChannel: output,
    errorHandler,
    // the workspace storage keeps the server's facts cache: a reopened workspace is not parsed again
    initializationOptions: { factsCacheDir: context.storageUri?.fsPath } satisfies InitializationOptions,
  };
  return new LanguageClient("retryLens", "Retry Lens", serverOptions, clientOptions);
}
