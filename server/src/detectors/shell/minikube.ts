/**
 * `minikube addons enable ingress`: minikube's ingress addon deploys ingress-nginx with an
 * IngressClass `nginx` annotated `ingressclass.kubernetes.io/is-default-class: "true"`
 * (kubernetes/minikube deploy/addons/ingress/ingress-deploy.yaml.tmpl), so Ingresses without a
 * class are served by NGINX (reference §4.8): the same evidence as a default IngressClass
 * manifest, anchored on the command's line.
 */
import type { GatewayObjectFact } from "../../model/facts";
import type { ShellCommand } from "../../parsing/shell";

export function minikubeIngress(commands: readonly ShellCommand[]): GatewayObjectFact[] {
  const out: GatewayObjectFact[] = [];
  for (const c of commands) {
    const [name, ...args] = c.words;
    if (!name || name.slice(name.lastIndexOf("/") + 1) !== "minikube") continue;
    const positional = args.filter((a): a is string => a !== null && !a.startsWith("-"));
    const enable = positional.indexOf("enable");
    if (positional[0] !== "addons" || enable !== 1 || positional[2] !== "ingress") continue;
    const span = { line: c.line, column: 0, endLine: c.line, endColumn: 0 };
    out.push({ kind: "ingress-nginx-default-class", name: "nginx", namespace: null, span, layerId: null, refs: [], destinations: [], parents: [], match: null });
  }
  return out;
}
