/** A retry layer as a tree row: `file:line`, `×3 tenacity`; clicking opens the anchor line. */
import * as vscode from "vscode";
import type { LayerView } from "../../../server/src/protocol";

const ICONS: Record<LayerView["category"], string> = { code: "symbol-method", client: "plug", mesh: "type-hierarchy", gateway: "server-environment" };

export function layerItem(layer: LayerView): vscode.TreeItem {
  const item = new vscode.TreeItem(`${layer.file}:${layer.line}`, vscode.TreeItemCollapsibleState.None);
  const flags = [layer.implicit ? "implicit" : null, layer.disabled ? "disabled" : null, layer.offPath ? "off-path" : null].filter(Boolean);
  item.description = `×${layer.maxAttempts ?? "∞"} ${layer.kind}${flags.length ? ` (${flags.join(", ")})` : ""}`;
  item.iconPath = new vscode.ThemeIcon(ICONS[layer.category]);
  const offPath = layer.offPath ? `\n\nOff the request paths: ${layer.offPath}; never multiplied into a path.` : "";
  item.tooltip = new vscode.MarkdownString(`**${layer.name}** — ${layer.library} ${layer.kind}\n\n${layer.attemptsNote}${offPath}`);
  const uri = vscode.Uri.parse(layer.uri);
  item.resourceUri = uri;
  item.command = {
    title: "Open",
    command: "vscode.open",
    arguments: [uri, { selection: new vscode.Range(layer.range.start.line, layer.range.start.character, layer.range.start.line, layer.range.start.character) }],
  };
  return item;
}
