/**
 * Spring Cloud Stream consumer retries (docs/reference/spring-cloud-stream.md): the binder wraps a
 * bound consumer (a functional `Consumer`/`Function` bean, binding `<fn>-in-<n>`, or a legacy
 * `@StreamListener` channel) in a RetryTemplate built from the binding's consumer properties
 * (`ConsumerProperties`, spring-cloud-stream 2.x–4.x):
 *
 *   `spring.cloud.stream.bindings.<binding>.consumer.max-attempts` — attempts **including the
 *   first** (default 3; 1 disables), `back-off-initial-interval` 1000 ms, `back-off-multiplier`
 *   2.0, `back-off-max-interval` 10000 ms (exponential, no jitter), `default-retryable` true,
 *   `retryable-exceptions.<class>: true|false`; `spring.cloud.stream.default.consumer.*` gives the
 *   defaults of every binding.
 *
 * A layer is reported where the count is written (the binding's, or the default's
 * `max-attempts`), else where a binding configures the retry without a count (a back-off or
 * retryable setting: 3 attempts by default). A bound consumer with no retry setting at all is no
 * layer here: the framework default (3) does apply to an imperative consumer, but reactive ones
 * (`Consumer<Flux<…>>`) never get the RetryTemplate, and which one a binding names is only known
 * from the code. The layer carries `streamBinding`, so the linker wraps the consumer function
 * (engine/cloudStream.ts).
 */
import type { FileFacts, LayerFact, SourceSpan } from "../../model/facts";
import { relaxedKey, type SettingEntry, type SettingsDocument } from "./settings";

export const STREAM_DEFAULTS = { maxAttempts: 3, initialMs: 1000, multiplier: 2, maxMs: 10_000 } as const;
const PREFIX = "spring.cloud.stream.";
const PROPS = ["maxattempts", "backoffinitialinterval", "backoffmultiplier", "backoffmaxinterval", "defaultretryable"] as const;
type Prop = (typeof PROPS)[number];

interface Level {
  props: Map<Prop, SettingEntry>;
  exceptions: Array<{ type: string; retry: boolean }>;
  first: SettingEntry | null;
}

/** binding name as written and the consumer property (relaxed), or "default" for `default.consumer.*` */
function parseKey(key: string): { binding: string; prop: string } | null {
  if (!relaxedKey(key).startsWith(relaxedKey(PREFIX))) return null;
  const rest = key.slice(key.toLowerCase().indexOf("stream") + "stream".length + 1);
  let m = /^bindings(?:\.([^.[\]]+)|\[([^\]]+)\])\.consumer\.(.+)$/i.exec(rest);
  if (m) return { binding: (m[1] ?? m[2])!, prop: m[3]! };
  m = /^default\.consumer\.(.+)$/i.exec(rest);
  return m ? { binding: "", prop: m[1]! } : null;
}

export function detectCloudStream(facts: FileFacts, documents: readonly SettingsDocument[]): void {
  for (const doc of documents) {
    const levels = new Map<string, Level>();
    for (const e of doc.entries) {
      const k = parseKey(e.key);
      if (!k) continue;
      const level: Level = levels.get(k.binding) ?? { props: new Map(), exceptions: [], first: null };
      levels.set(k.binding, level);
      const prop = relaxedKey(k.prop);
      const ex = /^retryableexceptions(?:\.|\[)(.+?)\]?$/.exec(prop);
      if ((PROPS as readonly string[]).includes(prop)) level.props.set(prop as Prop, e);
      else if (ex) level.exceptions.push({ type: k.prop.replace(/^[^.[]+[.[]/, "").replace(/\]$/, ""), retry: e.value.trim().toLowerCase() !== "false" });
      else continue;
      level.first ??= e;
    }
    const defaults = levels.get("");
    for (const [binding, level] of levels) {
      if (!level.first) continue;
      // a binding without a count of its own takes the default level's; written there, the default level's layer reports it
      if (binding !== "" && !level.props.has("maxattempts") && defaults?.props.has("maxattempts")) continue;
      const layer = layerOf(binding, level, binding === "" ? null : (defaults ?? null), doc.profile);
      if (layer) facts.layers.push(layer);
    }
  }
}

function layerOf(binding: string, level: Level, defaults: Level | null, profile: string | null): LayerFact | null {
  const get = (p: Prop) => level.props.get(p) ?? defaults?.props.get(p) ?? null;
  const count = level.props.get("maxattempts") ?? null;
  const anchor: SourceSpan = (count ?? level.first!).span;
  const where = binding === "" ? "spring.cloud.stream.default.consumer" : `binding ${binding}`;
  const on = profile ? ` (profile ${profile})` : "";
  let maxAttempts: number | null = STREAM_DEFAULTS.maxAttempts;
  let countUnknown = false;
  let attemptsNote = `${where}${on}: retry configured without max-attempts → ${STREAM_DEFAULTS.maxAttempts} attempts (ConsumerProperties default, counts attempts)`;
  if (count) {
    const written = count.value.trim();
    // `${STREAM_ATTEMPTS:4}`: the default written in the placeholder (the environment may set another)
    const v = /^\$\{[^}:]+:\s*(\d+)\s*\}$/.exec(written)?.[1] ?? written;
    if (/^\d+$/.test(v)) {
      // ConsumerProperties.maxAttempts counts attempts, the first included; 1 (or less) disables
      maxAttempts = Math.max(1, Number(v));
      attemptsNote = `${where}${on}: max-attempts ${v} (counts attempts, the first included) → ${maxAttempts} attempt${maxAttempts === 1 ? " (disabled)" : "s"}`;
    } else {
      maxAttempts = null;
      countUnknown = true;
      attemptsNote = `${where}${on}: max-attempts ${v}: not a number here (a placeholder), count unknown`;
    }
  }
  const num = (p: Prop, fallback: number) => {
    const e = get(p);
    const n = e ? Number(e.value.trim()) : NaN;
    return Number.isFinite(n) ? n : fallback;
  };
  const initial = num("backoffinitialinterval", STREAM_DEFAULTS.initialMs);
  const multiplier = num("backoffmultiplier", STREAM_DEFAULTS.multiplier);
  const max = num("backoffmaxinterval", STREAM_DEFAULTS.maxMs);
  const waitSource = get("backoffinitialinterval") || get("backoffmultiplier") || get("backoffmaxinterval") ? ("config" as const) : ("default" as const);
  const defaultRetryable = (get("defaultretryable")?.value.trim().toLowerCase() ?? "true") !== "false";
  const exceptions = [...(defaults?.exceptions ?? []), ...level.exceptions];
  const retried = exceptions.filter((x) => x.retry).map((x) => x.type);
  const notRetried = exceptions.filter((x) => !x.retry).map((x) => x.type);
  const allErrors = defaultRetryable;
  return {
    localId: `SCS${anchor.line}:${anchor.column}`,
    kind: "spring-cloud-stream-retry",
    category: "code",
    library: "spring-cloud-stream",
    anchor,
    maxAttempts,
    attemptsSource: count ? "config" : "default",
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    timeBound: null,
    wait: multiplier > 1
      ? { kind: "exponential", jitter: false, initialSeconds: initial / 1000, maxSeconds: max / 1000, source: waitSource, description: `exponential from ${initial} ms (×${multiplier}), max ${max} ms, no jitter${waitSource === "default" ? " (binder defaults)" : ""}` }
      : initial === 0
        ? { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: waitSource, description: "no wait between attempts" }
        : { kind: "fixed", jitter: false, initialSeconds: initial / 1000, maxSeconds: initial / 1000, source: waitSource, description: `fixed ${initial} ms` },
    condition: {
      allErrors,
      exceptionTypes: retried,
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: allErrors ? `every exception the consumer throws${notRetried.length ? ` except ${notRetried.join(", ")}` : ""} (default-retryable true)` : null,
      honoursRetryAfter: null,
      description: allErrors ? `every exception${notRetried.length ? ` except ${notRetried.join(", ")}` : ""} (default-retryable true)` : `only ${retried.join(", ") || "the listed retryable-exceptions"} (default-retryable false)`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "block", functionId: "<module>", callIds: [] },
    label: binding === "" ? "stream default consumer" : `stream consumer ${binding}`,
    streamBinding: binding,
  };
}
