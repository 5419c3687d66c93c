/**
 * Commands written inside YAML strings — skaffold hooks (`command: ["sh", "-c", "kubectl label
 * namespace default istio-injection=enabled"]`), job and workflow scripts — read as shell
 * (parsing/shell.ts) for the namespaces they label for Istio injection (shell/istioInjection.ts).
 */
import { isScalar, visit, type Scalar } from "yaml";
import { shellCommands } from "../../parsing/shell";
import { nodeLine, type YamlDocument } from "../../parsing/yaml";
import { namespaceLabels } from "../shell/istioInjection";
import type { YamlDetectorContext } from "./context";

export function detectShellCommands(ctx: YamlDetectorContext, d: YamlDocument): void {
  visit(d.doc, {
    Scalar(_key, node: Scalar) {
      if (!isScalar(node) || typeof node.value !== "string") return;
      const text = node.value;
      // pre-filter: only strings that can label a namespace are parsed as shell
      if (!text.includes("label") || !/istio-injection|istio\.io\/rev/.test(text)) return;
      const line = nodeLine(ctx.file, node) ?? 1;
      // a block scalar's text starts on the line after its indicator
      const block = node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED";
      ctx.facts.namespaces.push(...namespaceLabels(shellCommands(text, line - 1 + (block ? 1 : 0))));
    },
  });
}
