/**
 * Spring Cloud Netflix Zuul routes (`zuul.routes.<name>` in any YAML file: application*.yml or a
 * config-server/Consul file named after the application) — docs/reference/apache-httpclient.md
 * ("Clients built on HttpClient 4").
 *
 * Zuul sends a route's requests through Apache HttpClient 4 (spring-cloud-netflix 2.x, Spring
 * Boot 2.0 … 2.3; Zuul is gone from Spring Cloud 2020.0+), and neither client it uses disables
 * the library's retry handler:
 * - a route to a `serviceId` (or one whose name is the service: `users: /users/**`) goes through
 *   `RibbonRoutingFilter` → `HttpClientRibbonCommand` → the Ribbon client's `CloseableHttpClient`
 *   from `HttpClientRibbonConfiguration.httpClient()` = `httpClientFactory.createBuilder()…build()`;
 * - a route to a `url` goes through `SimpleHostRoutingFilter.newClient()` =
 *   `httpClientFactory.createBuilder().setDefaultRequestConfig(…).setConnectionManager(…).build()`;
 * and `DefaultApacheHttpClientFactory.createBuilder()` is `HttpClientBuilder.create()
 * .disableContentCompression().disableCookieManagement().useSystemProperties()` (spring-cloud-commons
 * 2.2.x): so `DefaultHttpRequestRetryHandler` applies, 3 retries → **4 attempts** on I/O errors
 * (never connect errors or timeouts); Zuul always attaches the body as an entity, so a request is
 * only re-sent when it was not fully sent. `forward:` routes stay in the process (no layer).
 * Ribbon's own retry (`zuul.retryable: true` / a route's `retryable: true` with spring-retry:
 * MaxAutoRetries 0, MaxAutoRetriesNextServer 1) is not modelled; the note says when it is on.
 */
import { isMap, isScalar } from "yaml";
import { bool, get, keyName, keySpan, mapPairs, str, type YamlDocument } from "../../parsing/yaml";
import type { YamlDetectorContext } from "../yaml/context";
import { defaults, layerOf } from "../java/apacheHttpClient";

export function detectZuulRoutes(ctx: YamlDetectorContext, d: YamlDocument): void {
  const zuul = get(d, d.root, "zuul");
  if (!zuul || !isMap(zuul)) return;
  const routes = get(d, zuul, "routes");
  if (!routes || !isMap(routes)) return;
  const retryableAll = bool(d, get(d, zuul, "retryable")) === true;
  for (const pair of mapPairs(d, routes)) {
    const name = keyName(d, pair);
    if (!name) continue;
    const value = pair.value;
    let target: string;
    let retryable = retryableAll;
    if (isScalar(value)) target = `service ${name}`;
    else if (isMap(value)) {
      const url = str(d, get(d, value, "url"));
      const serviceId = str(d, get(d, value, "serviceId")) ?? str(d, get(d, value, "service-id"));
      if (url !== null && /^forward:/i.test(url.trim())) continue;
      target = url !== null && /^https?:\/\//i.test(url.trim()) ? `url ${url.trim()} (SimpleHostRoutingFilter)` : `service ${serviceId ?? name} (Ribbon)`;
      const own = bool(d, get(d, value, "retryable"));
      if (own !== null) retryable = own;
    } else continue;
    const span = keySpan(ctx.file, pair);
    const base = layerOf(defaults(4), 4, `Zuul route ${name} → ${target}: Apache HttpClient from DefaultApacheHttpClientFactory.createBuilder()`);
    base.attemptsNote += "; spring-cloud-netflix 2.x (Spring Boot 2) assumed";
    if (retryable) base.attemptsNote += "; Ribbon retry is also on for this route (retryable: true), not modelled";
    ctx.facts.layers.push({ ...base, localId: ctx.layerId(span.line), anchor: span, attach: { kind: "client" }, label: `Zuul route ${name}` });
  }
}
