/**
 * Traefik's file provider, YAML flavour (docs/reference/traefik.md, reference §4.6): a dynamic
 * configuration file (`http.routers`, `http.middlewares`, `http.services`, the files a static
 * `providers.file.filename` / `directory` points at) is read whatever its name; its `retry`
 * middlewares are layers anchored on their `retry:` key, its routers edge routes of the Traefik
 * gateway to the hosts of their services' `loadBalancer.servers[].url`
 * (shared/traefikDynamic.ts). The TOML flavour is toml/traefik.ts.
 */
import { isMap } from "yaml";
import { getPair, keyName, keySpan, mapPairs, nodeSpan, resolve, type Node, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { emitTraefikDynamic, emitTraefikEntryPoints, isTraefikDynamic, traefikFileConfig, type TraefikSpot } from "../shared/traefikDynamic";

/** the alias expansions one Traefik document may make when converted to plain data */
const MAX_ALIAS_EXPANSIONS = 100;

export function detectTraefikFile(ctx: YamlDetectorContext, d: YamlDocument): void {
  if (!d.root || !isMap(d.root) || kubernetesKind(d)) return;
  // only documents with a top-level `http` (dynamic) or `entryPoints` (static) key are converted
  if (!mapPairs(d, d.root).some((p) => /^(http|entrypoints)$/i.test(keyName(d, p) ?? ""))) return;
  // toJS expands aliases: past the cap `yaml` throws, and the document is one problem record
  let root: unknown;
  try {
    root = d.doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
  } catch (err) {
    throw new Error(`aliases expand past ${MAX_ALIAS_EXPANSIONS} references, document not read (${(err as Error).message})`);
  }
  const rootSpan = nodeSpan(ctx.file, d.root);
  const fallback = { span: rootSpan, line: rootSpan.line };
  const locate = (path: string[]): TraefikSpot | null => {
    let node: Node | null = d.root;
    let span = null;
    for (const key of path) {
      const pair = getPair(d, node, key);
      if (!pair) return null;
      span = keySpan(ctx.file, pair);
      node = resolve(d, pair.value);
    }
    return span ? { span, line: span.line } : null;
  };
  // a static configuration's entry points, for the routers of every provider
  emitTraefikEntryPoints(ctx, root, locate, fallback);
  if (isTraefikDynamic(root)) emitTraefikDynamic(ctx, traefikFileConfig(root, locate, fallback));
}
