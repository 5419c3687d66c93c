/**
 * How a client joins its base URL and a request's URL, per library (the linker's targetOf).
 *
 * - ky and got (`prefixUrl`, docs/reference/ky.md; got 12.6 `source/core/options.ts`): the
 *   prefix, with a `/` added when it has none, is prepended to the string input as written —
 *   a relative `productServices/1` and an absolute URL alike. A request's own `prefixUrl`
 *   replaces the instance's; an empty prefix sends the input as written. Without a prefix a
 *   relative input names no host (a browser resolves it against the page).
 * - .NET HttpClient: a URI without a scheme (`"api/items"`) is relative to BaseAddress.
 * - the others (axios, requests sessions, Go clients…): a base joins an empty, unknown or
 *   `/`-rooted URL.
 */
import type { RetryLayer } from "../model/model";

/** libraries whose `prefixUrl` is prepended to every string URL */
const PREFIX_URL_LIBRARIES: ReadonlySet<string> = new Set(["ky", "got"]);

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const ONLY_SCHEME = /^[a-z][a-z0-9+.-]*:\/\/$/i;

/** `instance.extend(options)` builds an instance on another's options (ky source/index.ts; got `extend`) */
export function extendsInstances(library: string): boolean {
  return PREFIX_URL_LIBRARIES.has(library);
}

/** The base URL a request goes to: its own prefixUrl where its library reads one, else the client's. */
export function usesRequestPrefix(library: string | null, hasOwnPrefix: boolean): boolean {
  return hasOwnPrefix && library !== null && PREFIX_URL_LIBRARIES.has(library);
}

/**
 * The URL a request goes to, from its own URL (null: not known) and its base, evaluated on
 * demand (`base()`: null when not known; undefined when the request has no base).
 */
export function joinBaseUrl(library: string | null, url: string | null, base: (() => string | null) | undefined): string | null {
  const prefixed = library !== null && PREFIX_URL_LIBRARIES.has(library);
  const relative = url !== null && url !== "" && (prefixed || library === "HttpClient") && !url.startsWith("/") && !HAS_SCHEME.test(url);
  if (prefixed) {
    const prefix = base?.() ?? "";
    if (prefix === "") return relative ? null : url;
    return (prefix.endsWith("/") ? prefix : `${prefix}/`) + (url ?? "").replace(/^\/+/, "");
  }
  if ((url === null || url.startsWith("/") || url === "" || relative) && base) {
    const b = base();
    // a base that is only its scheme (`grpc://` + a target not known) names no host: keep its `//`
    if (b !== null) return (ONLY_SCHEME.test(b) ? b : b.replace(/\/+$/, "")) + (relative ? `/${url}` : (url ?? ""));
    return url;
  }
  return relative ? null : url;
}

/**
 * A client layer that retries only its listed methods (RetryCondition.onlyListedMethods: got,
 * ky) is dropped from a hop of another method: `api.post(…)` through a ky instance is sent once.
 */
export function withoutUnlistedMethodLayers(layerIds: string[], method: string | null, layers: ReadonlyMap<string, RetryLayer>): string[] {
  if (method === null) return layerIds;
  return layerIds.filter((id) => {
    const l = layers.get(id);
    if (!l || !l.condition.onlyListedMethods || l.attach.kind !== "client") return true;
    const m = l.condition.afterSendMethods;
    return m === "all" || m.includes(method.toUpperCase());
  });
}
