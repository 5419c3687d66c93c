/**
 * Traefik's Docker provider in docker-compose files (docs/reference/traefik.md, reference §4.6):
 * the labels of compose services (`labels:` or `deploy.labels:` for Swarm, as a list of `K=V` or
 * a map) are Traefik dynamic configuration:
 *
 *   - "traefik.http.middlewares.retry4.retry.attempts=4"        a retry middleware (any container)
 *   - "traefik.http.middlewares.retry4.retry.initialinterval=100ms"
 *   - "traefik.http.routers.api.middlewares=retry4@docker"      a router using it
 *   - "traefik.http.routers.api.service=api"                    → the container defining `traefik.http.services.api.*`
 *
 * Labels are case-insensitive (doc.traefik.io "Docker Configuration Reference"). A middleware
 * defined on one container serves the routers of every container (`<name>@docker`). A router
 * goes to the container whose labels define its service (else its own container, as Traefik
 * creates a service for it). `--entrypoints.<ep>.http.middlewares=…` flags in the Traefik
 * service's command apply to every router of that entry point. The gateway is the compose
 * service running the `traefik` image. Containers with `traefik.enable=false` are ignored.
 * The layer is anchored on the `…retry.attempts` label (else the first retry label).
 */
import { isMap, isSeq } from "yaml";
import { asMap, get, keyName, keySpan, mapPairs, nodeSpan, seqItems, str, type Node, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { commandText } from "./compose";
import { parseDuration } from "./durations";
import { emitTraefikDynamic, traefikBool, traefikList, traefikNumber, traefikStatus, type TraefikDynamicConfig, type TraefikMiddleware, type TraefikRouter, type TraefikSpot } from "../shared/traefikDynamic";

interface Label {
  key: string;
  value: string;
  at: TraefikSpot;
}

const TRAEFIK_IMAGE = /(^|\/)traefik(:|@|$)/i;

export function detectTraefikDocker(ctx: YamlDetectorContext, d: YamlDocument): void {
  if (kubernetesKind(d)) return;
  const services = asMap(d, get(d, d.root, "services"));
  if (!services) return;
  const containers: Array<{ name: string; labels: Label[] }> = [];
  let gateway: string | undefined;
  const entryPointMiddlewares: Record<string, string[]> = {};
  for (const pair of mapPairs(d, services)) {
    const name = keyName(d, pair);
    const service = asMap(d, pair.value);
    if (!name || !service) continue;
    const image = str(d, get(d, service, "image")) ?? "";
    if (TRAEFIK_IMAGE.test(image)) {
      gateway ??= name;
      const command = [commandText(d, get(d, service, "entrypoint")), commandText(d, get(d, service, "command"))].join(" ");
      for (const arg of command.split(/\s+/)) {
        const m = /^--entrypoints\.([\w-]+)\.http\.middlewares=(.+)$/i.exec(arg.replace(/^["']|["']$/g, ""));
        if (m) entryPointMiddlewares[m[1]!] = traefikList(m[2]);
      }
    }
    const labels = [...readLabels(ctx, d, get(d, service, "labels")), ...readLabels(ctx, d, get(d, asMap(d, get(d, service, "deploy")), "labels"))];
    if (!labels.some((l) => l.key.startsWith("traefik."))) continue;
    if (labels.some((l) => l.key === "traefik.enable" && !traefikBool(l.value))) continue;
    containers.push({ name, labels });
  }
  if (!containers.length) return;
  const config: TraefikDynamicConfig = { middlewares: [], routers: [], where: " (Docker label)", ...(gateway ? { gateway } : {}), entryPointMiddlewares };
  // which container defines each Traefik service
  const serviceOwner = new Map<string, string>();
  for (const c of containers) {
    for (const l of c.labels) {
      const m = /^traefik\.http\.services\.([^.]+)\./.exec(l.key);
      if (m && !serviceOwner.has(m[1]!)) serviceOwner.set(m[1]!, c.name);
    }
  }
  for (const c of containers) {
    const middlewares = new Map<string, { retry: Map<string, Label>; chain: string[] | null; at: TraefikSpot }>();
    const routers = new Map<string, { labels: Map<string, Label>; first: Label }>();
    for (const l of c.labels) {
      // every middleware a label defines (of any type: a router naming it needs no lookup elsewhere)
      const mw = /^traefik\.http\.middlewares\.([^.]+)\.([a-z0-9]+)(?:\.([a-z]+))?/.exec(l.key);
      if (mw) {
        const entry = middlewares.get(mw[1]!) ?? { retry: new Map(), chain: null, at: l.at };
        if (mw[2] === "retry" && mw[3]) entry.retry.set(mw[3], l);
        else if (mw[2] === "chain" && mw[3] === "middlewares") entry.chain = traefikList(l.value);
        middlewares.set(mw[1]!, entry);
        continue;
      }
      const rt = /^traefik\.http\.routers\.([^.]+)\.([a-z]+)$/.exec(l.key);
      if (rt) {
        const entry = routers.get(rt[1]!) ?? { labels: new Map(), first: l };
        entry.labels.set(rt[2]!, l);
        routers.set(rt[1]!, entry);
      }
    }
    for (const [name, m] of middlewares) {
      if (!m.retry.size) {
        config.middlewares.push({ name, ...(m.chain ? { chain: m.chain } : {}), at: m.at });
        continue;
      }
      const value = (k: string) => m.retry.get(k)?.value ?? null;
      const interval = value("initialinterval");
      const timeout = value("timeout");
      // compose interpolates labels: `${RETRIES:-3}` is 3 unless the environment says otherwise
      const rawAttempts = value("attempts");
      const interpolated = rawAttempts === null ? null : /^\$\{(\w+)(?::?-([^}]*))?\}$/.exec(rawAttempts);
      const mw: TraefikMiddleware = {
        name,
        at: (m.retry.get("attempts") ?? [...m.retry.values()][0]!).at,
        retry: {
          attempts: interpolated ? traefikNumber(interpolated[2] ?? "") : traefikNumber(rawAttempts),
          ...(rawAttempts !== null && traefikNumber(rawAttempts) === null ? { attemptsWritten: rawAttempts } : {}),
          initialIntervalSeconds: interval === null ? null : parseDuration(interval),
          status: traefikStatus(value("status")),
          retryNonIdempotentMethod: traefikBool(value("retrynonidempotentmethod")),
          disableRetryOnNetworkError: traefikBool(value("disableretryonnetworkerror")),
          timeoutSeconds: timeout === null ? null : parseDuration(timeout),
        },
      };
      config.middlewares.push(mw);
    }
    for (const [name, r] of routers) {
      const service = r.labels.get("service")?.value.trim() ?? null;
      // api@internal (the dashboard) and services of other providers are not containers here
      if (service && /@(?!docker$)[\w-]+$/.test(service)) continue;
      const destination = service ? (serviceOwner.get(service.replace(/@docker$/, "").toLowerCase()) ?? c.name) : c.name;
      const entry = r.labels.get("entrypoints")?.value;
      const router: TraefikRouter = {
        name,
        middlewares: traefikList(r.labels.get("middlewares")?.value ?? ""),
        entryPoints: entry ? traefikList(entry) : null,
        destinations: [destination],
        rule: r.labels.get("rule")?.value ?? null,
        at: (r.labels.get("middlewares") ?? r.first).at,
      };
      config.routers.push(router);
    }
    // a container with no router gets Traefik's default one, with no middlewares of its own
    if (!routers.size && c.labels.some((l) => l.key === "traefik.enable")) {
      config.routers.push({ name: c.name, middlewares: [], entryPoints: null, destinations: [c.name], rule: null, at: c.labels.find((l) => l.key === "traefik.enable")!.at });
    }
  }
  emitTraefikDynamic(ctx, config);
}

/** `labels:` as a list of "K=V" or a map K: V; keys lower-cased (Traefik reads them case-insensitively). */
function readLabels(ctx: YamlDetectorContext, d: YamlDocument, node: Node | null): Label[] {
  const out: Label[] = [];
  if (node && isSeq(node)) {
    for (const item of seqItems(d, node)) {
      const entry = str(d, item);
      if (entry === null) continue;
      const eq = entry.indexOf("=");
      if (eq <= 0) continue;
      const span = nodeSpan(ctx.file, item);
      out.push({ key: entry.slice(0, eq).trim().toLowerCase(), value: entry.slice(eq + 1).trim(), at: { span, line: span.line } });
    }
  } else if (node && isMap(node)) {
    for (const p of mapPairs(d, node)) {
      const k = keyName(d, p);
      const v = str(d, p.value);
      if (k === null || v === null) continue;
      const span = keySpan(ctx.file, p);
      out.push({ key: k.trim().toLowerCase(), value: v.trim(), at: { span, line: span.line } });
    }
  }
  return out;
}
