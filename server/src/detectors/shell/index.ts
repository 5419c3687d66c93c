/**
 * Shell scripts (`.sh`, `.bash`): the namespaces they label for Istio sidecar injection, and the
 * cluster add-ons that make ingress-nginx the default ingress class (`minikube addons enable ingress`).
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { shellCommands } from "../../parsing/shell";
import { namespaceLabels } from "./istioInjection";
import { minikubeIngress } from "./minikube";

export function extractShell(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "shell");
  const commands = shellCommands(text);
  facts.namespaces.push(...namespaceLabels(commands));
  const gateways = minikubeIngress(commands);
  if (gateways.length) (facts.gatewayObjects ??= []).push(...gateways);
  return facts;
}
