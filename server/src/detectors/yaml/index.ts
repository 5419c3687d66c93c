/**
 * Facts from one YAML file: parse every document once, then run each YAML detector on each
 * document. Never throws (DESIGN.md "Robustness"): a syntax error becomes a problem and the
 * well-formed documents are still read; a detector that throws on a document adds one problem
 * and the other detectors still run.
 */
import { yamlSuppressions } from "./comments";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseYaml, type YamlFile } from "../../parsing/yaml";
import { detectCompose } from "./compose";
import type { YamlDetector, YamlDetectorContext } from "./context";
import { detectEnvoy } from "./envoy";
import { detectEnvoyGateway } from "./envoyGateway";
import { detectAppMesh } from "./appmesh";
import { detectGatewayApiRetry } from "./gatewayApiRetry";
import { detectIstio } from "./istio";
import { detectIstioGatewayApi } from "./istioGatewayApi";
import { detectKubernetes } from "./kubernetes";
import { detectConsul } from "./consul";
import { detectDaprRedis } from "./daprRedis";
import { detectEmissary } from "./emissary";
import { detectGloo } from "./gloo";
import { detectIngressNginx } from "./ingressNginx";
import { detectIstioDestinationRule } from "./istioDestinationRule";
import { detectKong } from "./kong";
import { detectKuma } from "./kuma";
import { detectKustomize } from "./kustomize";
import { detectLinkerd } from "./linkerd";
import { detectTraefik } from "./traefik";
import { detectTraefikDocker } from "./traefikDocker";
import { detectTraefikFile } from "./traefikFile";
import { isHelmPartial, isHelmTemplate, isHelmValues, markTemplatedLayers, recordHelmValues } from "./helm";
import { renderHelmTemplate, type RenderedTemplate } from "./helmRender";
import { JINJA_TEMPLATE } from "../../model/languages";
import { detectSpringApplicationYaml, flatten } from "../spring/applicationYaml";
import { MAX_SETTINGS, type SettingEntry } from "../spring/settings";
import { isMap } from "yaml";
import { detectZuulRoutes } from "../spring/zuulRoutes";
import { detectShellCommands } from "./shellCommands";

const DETECTORS: readonly { name: string; run: YamlDetector }[] = [
  { name: "kubernetes", run: detectKubernetes },
  { name: "istio", run: detectIstio },
  { name: "istio-gateway-api", run: detectIstioGatewayApi },
  { name: "envoy", run: detectEnvoy },
  { name: "compose", run: detectCompose },
  { name: "istio-destinationrule", run: detectIstioDestinationRule },
  { name: "linkerd", run: detectLinkerd },
  { name: "traefik", run: detectTraefik },
  { name: "traefik-docker", run: detectTraefikDocker },
  { name: "traefik-file", run: detectTraefikFile },
  { name: "kong", run: detectKong },
  { name: "ingress-nginx", run: detectIngressNginx },
  { name: "kuma", run: detectKuma },
  { name: "consul", run: detectConsul },
  { name: "dapr redis", run: detectDaprRedis },
  { name: "emissary", run: detectEmissary },
  { name: "gloo", run: detectGloo },
  { name: "envoy-gateway", run: detectEnvoyGateway },
  { name: "gateway-api-retry", run: detectGatewayApiRetry },
  { name: "appmesh", run: detectAppMesh },
  { name: "spring", run: detectSpringApplicationYaml },
  { name: "zuul-routes", run: detectZuulRoutes },
  { name: "shell-commands", run: detectShellCommands },
  { name: "kustomize", run: detectKustomize },
];

/** `path` is workspace-relative with '/' separators. */
export function extractYaml(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "yaml");
  let file: YamlFile;
  let helm: RenderedTemplate | null = null;
  try {
    // Helm templates are rendered statically first (helm.ts), Jinja templates masked the same way; line numbers are kept
    helm = isHelmTemplate(path, text)
      ? renderHelmTemplate(text, { defines: isHelmPartial(path) })
      : JINJA_TEMPLATE.test(path) && /\{[{%#]/.test(text) ? renderHelmTemplate(text, { dialect: "jinja" }) : null;
    file = parseYaml(helm?.text ?? text);
  } catch (err) {
    facts.problems.push({ line: 1, message: `YAML could not be read: ${message(err)}` });
    return facts;
  }
  facts.problems.push(...file.problems);
  try {
    facts.suppressions.push(...yamlSuppressions(text));
  } catch (err) {
    facts.problems.push({ line: 1, message: `suppression comments could not be read: ${message(err)}` });
  }

  const used = new Set<string>();
  const ctx: YamlDetectorContext = {
    path,
    file,
    facts,
    partial: helm !== null && isHelmPartial(path),
    layerId(anchorLine: number): string {
      let id = `L${anchorLine}`;
      for (let n = 2; used.has(id); n++) id = `L${anchorLine}.${n}`;
      used.add(id);
      return id;
    },
  };
  if (isHelmValues(path)) recordHelmValues(facts, file);
  for (const doc of file.documents) {
    for (const detector of DETECTORS) {
      try {
        detector.run(ctx, doc);
      } catch (err) {
        const line = doc.root?.range ? file.lineCounter.linePos(doc.root.range[0]).line : 1;
        facts.problems.push({ line, message: `${detector.name} detector failed on document ${doc.index + 1}: ${message(err)}` });
      }
    }
  }
  try {
    recordPlainSettings(ctx, facts);
  } catch (err) {
    facts.problems.push({ line: 1, message: `settings could not be read: ${message(err)}` });
  }
  if (helm) {
    try {
      markTemplatedLayers(facts, helm);
    } catch (err) {
      facts.problems.push({ line: 1, message: `Helm template could not be read: ${message(err)}` });
    }
  }
  return facts;
}

/**
 * A YAML file the detectors found nothing in, whose first document is a map: its scalars, for
 * the code that may load it as its configuration (FileFacts.plainSettings: viper, engine/viperConfig.ts).
 */
function recordPlainSettings(ctx: YamlDetectorContext, facts: FileFacts): void {
  const doc = ctx.file.documents[0];
  if (!doc?.root || !isMap(doc.root) || ctx.path.startsWith(".github/")) return;
  if (facts.layers.length || facts.workloads.length || facts.routes.length || facts.gatewayObjects?.length || facts.configEntries?.length || facts.helmValues || facts.kustomization) return;
  const entries: SettingEntry[] = [];
  flatten(ctx, doc, entries, MAX_SETTINGS);
  if (entries.length) facts.plainSettings = entries.map((e) => ({ key: e.key, value: e.value, line: e.span.line }));
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
