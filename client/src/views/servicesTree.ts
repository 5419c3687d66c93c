/** "Services": caller → callee hops that go through retry layers, grouped by caller. */
import * as vscode from "vscode";
import type { LayerView, ServiceEdgeView } from "../../../server/src/protocol";
import { productLabel, type ModelStore } from "../model";
import { layerItem } from "./layerItem";

export type ServicesNode =
  | { kind: "caller"; name: string }
  | { kind: "edge"; edge: ServiceEdgeView }
  | { kind: "layer"; layer: LayerView };

export class ServicesTreeProvider implements vscode.TreeDataProvider<ServicesNode> {
  private readonly changed = new vscode.EventEmitter<ServicesNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly store: ModelStore) {
    store.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: ServicesNode): ServicesNode[] {
    const model = this.store.model;
    if (!node) return [...new Set(model.edges.map((e) => e.caller))].sort().map((name) => ({ kind: "caller", name }));
    if (node.kind === "caller") return model.edges.filter((e) => e.caller === node.name).map((edge) => ({ kind: "edge", edge }));
    if (node.kind === "edge") {
      return node.edge.layers
        .map((id) => model.layers.find((l) => l.id === id))
        .filter((l): l is LayerView => !!l)
        .map((layer) => ({ kind: "layer", layer }));
    }
    return [];
  }

  getTreeItem(node: ServicesNode): vscode.TreeItem {
    if (node.kind === "layer") return layerItem(node.layer);
    if (node.kind === "caller") {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = new vscode.ThemeIcon("server");
      return item;
    }
    const e = node.edge;
    const item = new vscode.TreeItem(`→ ${e.callee}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = `${productLabel(e.product)} (${e.layers.length} ${e.layers.length === 1 ? "layer" : "layers"})`;
    item.iconPath = new vscode.ThemeIcon("arrow-right");
    return item;
  }
}
