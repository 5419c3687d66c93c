/** The workspace's worst product in the status bar ("⟳ 27×"), red above the threshold; click focuses the tree. */
import * as vscode from "vscode";
import { CLIENT_COMMANDS } from "../../server/src/protocol";
import { overThreshold, productLabel, type ModelStore } from "./model";

export class WorstProductStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("retryLens.worst", vscode.StatusBarAlignment.Left, 50);

  constructor(private readonly store: ModelStore) {
    this.item.name = "Retry Lens worst path";
    this.item.command = CLIENT_COMMANDS.showWorstPaths;
    this.render();
    store.onDidChange(() => this.render());
    this.item.show();
  }

  get text(): string {
    return this.item.text;
  }

  private render(): void {
    const model = this.store.model;
    if (model.indexing && model.version < 0) {
      this.item.text = "$(sync~spin) retry paths…";
      this.item.tooltip = "Retry Lens is indexing the workspace";
      this.item.backgroundColor = undefined;
      return;
    }
    const worst = model.paths[0];
    if (!worst) {
      this.item.text = "⟳ no retry paths";
      this.item.tooltip = "Retry Lens found no call path through a retry layer";
      this.item.backgroundColor = undefined;
      return;
    }
    this.item.text = `⟳ ${productLabel(model.worstProduct)}`;
    const over = overThreshold(model);
    this.item.backgroundColor = over ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    this.item.tooltip = new vscode.MarkdownString(
      `**Worst retry path: ${productLabel(worst.product)} → ${worst.target}**${over ? ` (threshold ${model.threshold})` : ""}\n\n${worst.chain}\n\n${model.paths.length} paths, ${model.findings} findings — click to show them`,
    );
  }

  dispose(): void {
    this.item.dispose();
  }
}
