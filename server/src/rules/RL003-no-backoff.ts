import type { Rule } from "./types";
import { layerOpFix } from "../fixes/ruleFixes";

/**
 * Gateways whose retries can wait: Spring Cloud Gateway `backoff` (§3.3, none by default) and
 * Traefik `initialInterval` (§4.6, 0 = immediately). Kong, ingress-nginx, NGINX and HAProxy retry
 * at once with no setting to change it, so a finding there could not be acted on.
 */
const GATEWAYS_WITH_BACKOFF: ReadonlySet<string> = new Set(["spring-cloud-gateway", "traefik"]);

/** RL003: retries with no delay between attempts. */
export const RL003: Rule = {
  meta: {
    code: "RL003",
    name: "no-backoff",
    summary: "A retry layer retries immediately, with no delay",
    defaultSeverity: "warning",
    fixSafety: "safe",
    docs: {
      whatItDoes:
        "Reports retry layers whose wait between attempts is zero: tenacity's default `wait_none`, axios-retry's default `noDelay`, urllib3 `Retry` with `backoff_factor=0`, `HTTPAdapter(max_retries=N)`, a Spring Cloud Gateway `Retry` filter without `backoff`, a Traefik retry middleware without `initialInterval`. Mesh layers and gateways with no wait setting (Kong, ingress-nginx, NGINX, HAProxy) are not reported.",
      whyItMatters:
        "Immediate retries arrive while the dependency is still failing, so they almost always fail too — they only add load at the worst moment, and every client retries in lockstep.",
      example: "axiosRetry(client, { retries: 3 }); // retryDelay defaults to noDelay",
      howToFix: "Use exponential backoff with full jitter.",
      fixedExample: "axiosRetry(client, { retries: 2, retryDelay: axiosRetry.exponentialDelay });",
      options: "None.",
      references: ["reference/retry-semantics.md §1.1, §1.3, §1.4, §2.1, §3.3, §4.6"],
    },
  },
  check(model) {
    return model.layers
      .filter((l) => !l.disabled && l.wait.kind === "none" && l.category !== "mesh" && (l.category !== "gateway" || GATEWAYS_WITH_BACKOFF.has(l.library)))
      .map((l) => ({
        file: l.file,
        span: l.anchor,
        message: `${l.label} (${l.library}) retries immediately: ${l.wait.description}. Immediate retries hit a failing dependency again at once; add exponential backoff with jitter.`,
        related: [],
        layerId: l.id,
      }));
  },
  fixes(finding, ctx) {
    return layerOpFix("RL003", "backoff", "safe", finding, ctx);
  },
};
