/** "Worst Paths": paths worst first (product, target, chain), each expanding to its layers. */
import * as vscode from "vscode";
import type { LayerView, PathView } from "../../../server/src/protocol";
import { productLabel, type ModelStore } from "../model";
import { layerItem } from "./layerItem";

export type PathsNode = { kind: "path"; path: PathView } | { kind: "layer"; layer: LayerView; parent: PathView };

export class PathsTreeProvider implements vscode.TreeDataProvider<PathsNode> {
  private readonly changed = new vscode.EventEmitter<PathsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly store: ModelStore) {
    store.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: PathsNode): PathsNode[] {
    const model = this.store.model;
    if (!node) return model.paths.map((path) => ({ kind: "path", path }));
    if (node.kind === "path") {
      return node.path.layers
        .map((id) => model.layers.find((l) => l.id === id))
        .filter((l): l is LayerView => !!l)
        .map((layer) => ({ kind: "layer", layer, parent: node.path }));
    }
    return [];
  }

  getParent(node: PathsNode): PathsNode | undefined {
    return node.kind === "layer" ? { kind: "path", path: node.parent } : undefined;
  }

  getTreeItem(node: PathsNode): vscode.TreeItem {
    if (node.kind === "layer") return layerItem(node.layer);
    const p = node.path;
    const item = new vscode.TreeItem(`${productLabel(p.product)} → ${p.target}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `path:${p.id}`;
    item.description = p.chain;
    item.contextValue = "retryPath";
    const over = p.product === null || p.product > this.store.model.threshold;
    item.iconPath = new vscode.ThemeIcon(over ? "warning" : "pass", new vscode.ThemeColor(over ? "list.warningForeground" : "testing.iconPassed"));
    item.tooltip = new vscode.MarkdownString(
      `**${productLabel(p.product)}** calls reach **${p.target}** per request from \`${p.services[0] ?? "?"}\`${p.budgeted ? " (budgeted)" : ""}\n\n${p.chain}\n\nservices: ${p.services.join(" → ")}`,
    );
    return item;
  }

  /** the tree node for a path id (code lens → reveal) */
  find(pathId: string): PathsNode | undefined {
    const path = this.store.model.paths.find((p) => p.id === pathId);
    return path ? { kind: "path", path } : undefined;
  }
}
