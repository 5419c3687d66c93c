/**
 * JVM client retries configured in Spring settings (application*.yml / .properties):
 * - Spring Cloud OpenFeign `spring.cloud.openfeign.client.config.<name>.retryer` (4.x, 5.x) and
 *   `feign.client.config.<name>.retryer` (3.x): a Retryer class. `feign.Retryer.Default` /
 *   `feign.Retryer$Default` / `feign.DefaultRetryer` → Retryer.Default(): 5 attempts (it counts
 *   attempts), 100 ms ×1.5 up to 1 s; another class → unknown count. `default` applies to every
 *   `@FeignClient` of the service (ClientFact.processWide, library "feign"); a named client's config
 *   is reported but not linked (docs/reference/openfeign.md).
 * Spring AI's `spring.ai.retry.*` is read at link time (engine/springAiConfig.ts), since the layer
 * sits on the model clients in code.
 */
import type { FileFacts } from "../../model/facts";
import { FEIGN_DEFAULT, FEIGN_LIBRARY, layerOf } from "../java/feignRetryer";
import { relaxedKey, type SettingsDocument } from "./settings";

const FEIGN_KEY = /^(spring\.cloud\.openfeign\.client|feign\.client)\.config\.([^.]+)\.retryer$/;

export function detectSpringClientSettings(facts: FileFacts, documents: readonly SettingsDocument[]): void {
  for (const doc of documents) {
    if (doc.profile !== null) continue;
    for (const e of doc.entries) {
      const m = FEIGN_KEY.exec(relaxedKey(e.key));
      if (!m) continue;
      const name = m[2]!;
      const value = e.value.trim();
      const isDefault = /^feign\.(Retryer[.$]Default|DefaultRetryer)$/.test(value);
      const never = /NEVER_RETRY$/.test(value);
      const r = isDefault ? { ...FEIGN_DEFAULT, source: "config" as const, text: value } : never ? { attempts: 1, periodMs: 0, maxPeriodMs: 0, source: "config" as const, text: value } : { attempts: null, periodMs: null, maxPeriodMs: null, source: "config" as const, text: `retryer ${value}` };
      const scope = name === "default" ? "every @FeignClient of the service" : `the @FeignClient named ${name} (not linked)`;
      const note = r.attempts === null ? `${e.key}: ${value}, a custom Retryer: count not known statically; applies to ${scope}` : `${e.key}: ${value} → ${r.attempts} attempt${r.attempts === 1 ? "" : "s"} (Retryer.Default counts attempts); applies to ${scope}`;
      const localId = `L${e.span.line}:${e.span.column}`;
      facts.layers.push({ ...layerOf(r, note), localId, anchor: e.span, attach: { kind: "client" }, label: `Feign client config ${name}` });
      if (name !== "default") continue;
      facts.clients.push({ id: `K${e.span.line}:${e.span.column}`, name: "", functionId: "<module>", span: e.span, library: FEIGN_LIBRARY, baseUrl: null, layerIds: [localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null, processWide: true });
    }
  }
}
