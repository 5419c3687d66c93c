/**
 * The JDK HttpURLConnection re-send at link time (detectors/java/jdkHttpUrlConnection.ts,
 * docs/reference/apache-httpclient.md §"JDK HttpURLConnection"):
 * - a `@FeignClient`'s layer is off when the module's build puts another Feign client on the
 *   classpath (feign-okhttp, feign-hc5, feign-httpclient: Spring Cloud OpenFeign then delegates to
 *   OkHttp / Apache HttpClient instead of `Client.Default`);
 * - a RestTemplate's layer (SimpleClientHttpRequestFactory) re-sends only the methods sent without
 *   a body (GET/HEAD/OPTIONS/TRACE): a hop of another method goes through it unretried.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { FEIGN_LABEL, JDK_HTTP } from "../detectors/java/jdkHttpUrlConnection";
import { dirOf, isUnder } from "../model/paths";

const OTHER_FEIGN_CLIENTS = ["io.github.openfeign:feign-okhttp", "io.github.openfeign:feign-hc5", "io.github.openfeign:feign-httpclient"];


export function applyJdkHttpUrlConnection(files: readonly FileFacts[], layers: Map<string, RetryLayer>): void {
  const feign = [...layers.values()].filter((l) => l.kind === JDK_HTTP && l.label.startsWith(FEIGN_LABEL) && !l.disabled);
  if (!feign.length) return;
  const builds: Array<{ dir: string; why: string }> = [];
  for (const f of files) {
    const dep = f.jvmBuild?.dependencies.find((d) => OTHER_FEIGN_CLIENTS.includes(d));
    if (dep) builds.push({ dir: dirOf(f.path), why: `${dep} in ${f.path}` });
  }
  for (const layer of feign) {
    const other = builds.find((b) => isUnder(b.dir, layer.file));
    if (!other) continue;
    Object.assign(layer, { maxAttempts: 1, disabled: true, attemptsNote: `JDK HttpURLConnection: not under this Feign client — ${other.why} replaces feign Client.Default → no silent re-send` });
  }
}

/** A RestTemplate's JDK layer retries only the methods its condition lists: dropped from a hop of another method. */
export function jdkMethodFilter(layerIds: string[], method: string | null, layers: ReadonlyMap<string, RetryLayer>): string[] {
  if (method === null) return layerIds;
  return layerIds.filter((id) => {
    const l = layers.get(id);
    if (!l || l.kind !== JDK_HTTP || l.attach.kind !== "client") return true;
    const m = l.condition.afterSendMethods;
    return m === "all" || m.includes(method.toUpperCase());
  });
}
