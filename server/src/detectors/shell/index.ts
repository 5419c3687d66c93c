/** Shell scripts (`.sh`, `.bash`): the namespaces they label for Istio sidecar injection. */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { shellCommands } from "../../parsing/shell";
import { namespaceLabels } from "./istioInjection";

export function extractShell(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "shell");
  facts.namespaces.push(...namespaceLabels(shellCommands(text)));
  return facts;
}
