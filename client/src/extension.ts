/**
 * Retry Lens for VS Code: starts the bundled language server and shows its model — a tree of
 * the worst retry paths, services grouped caller → callee, and the worst product in the status
 * bar. Wiring only; each part lives in its own file.
 */
import * as vscode from "vscode";
import { VIEW_IDS } from "../../server/src/protocol";
import { createClient } from "./client";
import { registerCommands } from "./commands";
import { ModelStore } from "./model";
import { WorstProductStatus } from "./statusBar";
import { runTestSuiteIfAsked } from "./testHook";
import { PathsTreeProvider } from "./views/pathsTree";
import { ServicesTreeProvider } from "./views/servicesTree";

export interface RetryLensApi {
  /** resolves after the server's first analysis has been fetched */
  ready: Promise<void>;
  pathsProvider: vscode.TreeDataProvider<unknown>;
  servicesProvider: vscode.TreeDataProvider<unknown>;
  statusBarText(): string;
}

export async function activate(context: vscode.ExtensionContext): Promise<RetryLensApi> {
  const output = vscode.window.createOutputChannel("Retry Lens", { log: true });
  const client = createClient(context, output);
  const store = new ModelStore(client);
  const paths = new PathsTreeProvider(store);
  const services = new ServicesTreeProvider(store);
  const pathsView = vscode.window.createTreeView(VIEW_IDS.paths, { treeDataProvider: paths, showCollapseAll: true });
  const servicesView = vscode.window.createTreeView(VIEW_IDS.services, { treeDataProvider: services, showCollapseAll: true });
  const status = new WorstProductStatus(store);
  context.subscriptions.push(output, store, pathsView, servicesView, status, ...registerCommands({ client, store, paths, pathsView }));
  context.subscriptions.push({ dispose: () => void client.stop() });

  await client.start();
  // the first notification may have come before the handler: ask once
  void store.refresh();

  const api: RetryLensApi = {
    ready: store.ready,
    pathsProvider: paths,
    servicesProvider: services,
    statusBarText: () => status.text,
  };
  void runTestSuiteIfAsked(store.ready);
  return api;
}

export function deactivate(): void {
  // the client is stopped through context.subscriptions
}
