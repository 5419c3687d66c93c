/** Each command is a small factory over the shared context. */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { CLIENT_COMMANDS, RescanRequest, VIEW_IDS } from "../../server/src/protocol";
import { ALL_RULES } from "../../server/src/rules/registry";
import { ruleDocUrl } from "../../server/src/rules/types";
import { productLabel, type ModelStore } from "./model";
import type { PathsNode, PathsTreeProvider } from "./views/pathsTree";

export interface CommandContext {
  client: LanguageClient;
  store: ModelStore;
  paths: PathsTreeProvider;
  pathsView: vscode.TreeView<PathsNode>;
}

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(CLIENT_COMMANDS.rescan, () =>
      vscode.window.withProgress({ location: { viewId: VIEW_IDS.paths }, title: "Rescanning" }, async () => {
        await ctx.client.sendRequest(RescanRequest);
        await ctx.store.refresh();
      }),
    ),
    vscode.commands.registerCommand(CLIENT_COMMANDS.showWorstPaths, async () => {
      await vscode.commands.executeCommand(`${VIEW_IDS.paths}.focus`);
      const first = ctx.paths.getChildren()[0];
      if (first) await ctx.pathsView.reveal(first, { select: true, focus: true, expand: true });
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.revealPath, async (pathId?: string) => {
      await vscode.commands.executeCommand(`${VIEW_IDS.paths}.focus`);
      const node = pathId ? ctx.paths.find(pathId) : ctx.paths.getChildren()[0];
      if (node) await ctx.pathsView.reveal(node, { select: true, focus: true, expand: true });
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.openRuleDocs, async (code?: string) => {
      const rule =
        ALL_RULES.find((r) => r.meta.code === code) ??
        (
          await vscode.window.showQuickPick(
            ALL_RULES.map((r) => ({ label: `${r.meta.code} ${r.meta.name}`, description: r.meta.summary, rule: r })),
            { placeHolder: "Open the documentation of a Retry Lens rule" },
          )
        )?.rule;
      if (rule) await vscode.env.openExternal(vscode.Uri.parse(ruleDocUrl(rule.meta)));
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.copyPath, async (node?: PathsNode) => {
      const path = node?.kind === "path" ? node.path : node?.kind === "layer" ? node.parent : ctx.store.model.paths[0];
      if (!path) {
        void vscode.window.showInformationMessage("Retry Lens: there is no retry path to copy.");
        return;
      }
      const text = `${productLabel(path.product)} → ${path.target}: ${path.chain} (${path.services.join(" → ")})`;
      await vscode.env.clipboard.writeText(text);
      void vscode.window.setStatusBarMessage(`Copied: ${text}`, 3000);
    }),
  ];
}
