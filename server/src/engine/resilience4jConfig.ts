/**
 * Resilience4j `@Retry(name = "inventory")` configured in Spring settings (reference §3.1). The
 * Java detector emits the layer with the built-in defaults and `configRef`; at link time this
 * applies what the code's project configures, as Resilience4j's
 * `CommonRetryConfigurationProperties.createRetryConfig` builds it:
 *
 *   `resilience4j.retry.instances.<name>.*` (legacy `backends.<name>`), on top of
 *   `configs.<base-config>.*` when the instance names one, else `configs.default.*`, on top of
 *   the built-ins (3 attempts in total, fixed 500 ms, every exception).
 *
 * Traps kept: `max-attempts` counts attempts (5 → 5; 0 = unset); the interval is rebuilt only by a
 * level that sets `wait-duration` — `enable-exponential-backoff: true` without a `wait-duration`
 * in the same level keeps the inherited interval (fixed 500 ms by default); IntervalFunction
 * defaults: multiplier 1.5, randomization factor 0.5; the exponential/randomized switches,
 * multiplier and max wait are inherited from the base, the randomization factor is not.
 * A value that cannot be known (an unresolved `${…}`) makes the count unknown, with why.
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../model/facts";
import { formatSeconds, springDurationSeconds } from "../detectors/spring/durations";
import type { ConfigIndex, SettingValue } from "./configEntries";

export const R4J_DEFAULT_MAX_ATTEMPTS = 3;
const R4J_DEFAULT_WAIT_SECONDS = 0.5;
const INTERVAL_DEFAULT_MULTIPLIER = 1.5;
const INTERVAL_DEFAULT_RANDOM_FACTOR = 0.5;

const PROPS = [
  "max-attempts",
  "wait-duration",
  "enable-exponential-backoff",
  "exponential-backoff-multiplier",
  "exponential-max-wait-duration",
  "enable-randomized-wait",
  "randomized-wait-factor",
  "base-config",
] as const;
type Prop = (typeof PROPS)[number];
/** merged from the base level into a level that does not set them (ConfigUtils.mergePropertiesIfAny) */
const INHERITED_SWITCHES: readonly Prop[] = ["enable-exponential-backoff", "exponential-backoff-multiplier", "exponential-max-wait-duration", "enable-randomized-wait"];

interface Level {
  /** "instance inventory", "configs.default" */
  name: string;
  props: Map<Prop, SettingValue>;
  lists: Map<"retry-exceptions" | "ignore-exceptions", { values: string[]; at: SettingValue }>;
}

interface Effective {
  attempts: { value: number | null; at: SettingValue | null; level: string | null; unknown: string | null };
  wait: WaitSpec;
  retryExceptions: string[] | null;
  ignoreExceptions: string[] | null;
}

/**
 * `env`: the service's manifest environment (compose, Kubernetes), which Spring reads before its
 * files: `RESILIENCE4J_RETRY_INSTANCES_INVENTORY_MAXATTEMPTS=5` sets the property, and `${RETRIES}`
 * placeholders the files leave open are looked up there.
 */
export function applyResilience4jConfig(layer: LayerFact, codePath: string, config: ConfigIndex, env: Record<string, string> = {}): LayerFact {
  const ref = layer.configRef;
  if (!ref || ref.library !== "resilience4j") return layer;
  const environment = new Map(Object.entries(env).map(([k, v]) => [squash(k), { name: k, value: v }]));
  const setting = (key: string): SettingValue | null => {
    const fromEnv = environment.get(squash(key));
    if (fromEnv) return { value: fromEnv.value, file: `environment variable ${fromEnv.name}`, line: 0, profile: null };
    const hit = config.lookup(codePath, key);
    return hit && hit.value.includes("${") ? { ...hit, value: hit.value.replace(/\$\{([^}:]+)\}/g, (whole, name: string) => env[name.trim()] ?? whole) } : hit;
  };
  const read = (prefix: string, name: string) => readLevel(setting, prefix, name);
  const instance = read(`resilience4j.retry.instances.${ref.instance}`, `instance ${ref.instance}`) ?? read(`resilience4j.retry.backends.${ref.instance}`, `backend ${ref.instance}`);
  const defaults = ref.instance === "default" ? null : read("resilience4j.retry.configs.default", "configs.default");
  if (!instance && !defaults) return layer;

  const notes: string[] = [];
  const effectiveOf = (level: Level, depth: number): Effective => {
    const baseName = value(level.props.get("base-config"));
    let parent: { level: Level | null; effective: Effective } = { level: null, effective: builtIns() };
    if (baseName && depth < 4) {
      const base = read(`resilience4j.retry.configs.${baseName}`, `configs.${baseName}`);
      if (base) parent = { level: base, effective: effectiveOf(base, depth + 1) };
      else notes.push(`base-config ${baseName} is not defined (Resilience4j refuses to start)`);
    } else if (defaults && level !== defaults) {
      parent = { level: defaults, effective: effectiveOf(defaults, depth + 1) };
    }
    return applyLevel(level, parent.level, parent.effective);
  };
  const eff = effectiveOf(instance ?? defaults!, 0);

  const a = eff.attempts;
  const where = (at: SettingValue) => (at.line === 0 ? at.file : `${at.file.slice(at.file.lastIndexOf("/") + 1)}:${at.line}${at.profile ? ` (profile ${at.profile})` : ""}`);
  let attemptsNote: string;
  if (a.unknown !== null) attemptsNote = a.unknown;
  else if (a.at) attemptsNote = `${where(a.at)} max-attempts: ${a.value} (${a.level}) → ${a.value} attempts`;
  else attemptsNote = `max-attempts unset in the ${ref.instance} settings → ${R4J_DEFAULT_MAX_ATTEMPTS} attempts (Resilience4j default)`;
  if (notes.length) attemptsNote += `; ${notes.join("; ")}`;
  return {
    ...layer,
    maxAttempts: a.value,
    countUnknown: a.value === null,
    attemptsSource: a.at ? "config" : "default",
    attemptsNote,
    wait: eff.wait,
    condition: conditionWith(layer.condition, eff.retryExceptions, eff.ignoreExceptions),
  };
}

function builtIns(): Effective {
  return {
    attempts: { value: R4J_DEFAULT_MAX_ATTEMPTS, at: null, level: null, unknown: null },
    wait: fixedWait(R4J_DEFAULT_WAIT_SECONDS, "default", "fixed 500 ms (Resilience4j default)"),
    retryExceptions: null,
    ignoreExceptions: null,
  };
}

/** Environment variable names as Spring relaxes them: `RESILIENCE4J_RETRY_..._MAXATTEMPTS` ≈ `resilience4j.retry....max-attempts`. */
function squash(name: string): string {
  return name.replace(/[._\-[\]]/g, "").toLowerCase();
}

function readLevel(setting: (key: string) => SettingValue | null, prefix: string, name: string): Level | null {
  const props = new Map<Prop, SettingValue>();
  for (const p of PROPS) {
    const hit = setting(`${prefix}.${p}`);
    if (hit) props.set(p, hit);
  }
  // Resilience4j 1.x's deprecated `max-retry-attempts` sets maxAttempts (attempts, not retries:
  // RetryConfigurationProperties.InstanceProperties#setMaxRetryAttempts, v1.7.0); max-attempts wins
  const legacy = setting(`${prefix}.max-retry-attempts`);
  if (legacy && !props.has("max-attempts")) props.set("max-attempts", legacy);
  const lists: Level["lists"] = new Map();
  for (const key of ["retry-exceptions", "ignore-exceptions"] as const) {
    const whole = setting(`${prefix}.${key}`);
    const items: SettingValue[] = whole ? [whole] : [];
    for (let i = 0; !whole && i < 100; i++) {
      const item = setting(`${prefix}.${key}[${i}]`);
      if (!item) break;
      items.push(item);
    }
    const values = items.flatMap((v) => v.value.split(",")).map((s) => s.trim()).filter(Boolean);
    if (items.length) lists.set(key, { values, at: items[0]! });
  }
  return props.size || lists.size ? { name, props, lists } : null;
}

function value(v: SettingValue | undefined): string | null {
  const t = v?.value.trim();
  return t ? t : null;
}

const unresolved = (v: SettingValue) => v.value.includes("${");

function applyLevel(level: Level, parentLevel: Level | null, parent: Effective): Effective {
  const own = (p: Prop) => level.props.get(p);
  const merged = (p: Prop) => own(p) ?? (INHERITED_SWITCHES.includes(p) ? parentLevel?.props.get(p) : undefined);

  let attempts = parent.attempts;
  const m = own("max-attempts");
  if (m && unresolved(m)) attempts = { value: null, at: m, level: level.name, unknown: `max-attempts: ${m.value} (${level.name}) cannot be known statically: the placeholder has no value in the project's settings` };
  else if (m && /^\s*\d+\s*$/.test(m.value)) {
    const n = Number(m.value);
    // 0 means "not set" to Resilience4j's Spring binding
    if (n >= 1) attempts = { value: n, at: m, level: level.name, unknown: null };
  } else if (m) attempts = { value: null, at: m, level: level.name, unknown: `max-attempts: ${m.value} (${level.name}) is not a number` };

  const waitDuration = own("wait-duration");
  const wait = waitDuration ? intervalOf(waitDuration, merged) : parent.wait;
  return {
    attempts,
    wait,
    retryExceptions: level.lists.get("retry-exceptions")?.values ?? parent.retryExceptions,
    ignoreExceptions: level.lists.get("ignore-exceptions")?.values ?? parent.ignoreExceptions,
  };
}

/** The IntervalFunction a level with `wait-duration` builds (configureRetryIntervalFunction). */
function intervalOf(waitSetting: SettingValue, merged: (p: Prop) => SettingValue | undefined): WaitSpec {
  const seconds = unresolved(waitSetting) ? null : springDurationSeconds(waitSetting.value);
  const flag = (p: Prop) => merged(p)?.value.trim().toLowerCase() === "true";
  const num = (p: Prop, fallback: number) => {
    const v = merged(p);
    const n = v && !unresolved(v) ? Number(v.value.trim()) : NaN;
    return Number.isFinite(n) ? n : fallback;
  };
  const exponential = flag("enable-exponential-backoff");
  const randomized = flag("enable-randomized-wait");
  if (seconds === null) {
    return { kind: "unknown", jitter: randomized ? true : null, initialSeconds: null, maxSeconds: null, source: "config", description: `wait-duration ${waitSetting.value} cannot be known statically` };
  }
  const maxSetting = merged("exponential-max-wait-duration");
  const maxWait = maxSetting && !unresolved(maxSetting) ? springDurationSeconds(maxSetting.value) : null;
  const multiplier = num("exponential-backoff-multiplier", INTERVAL_DEFAULT_MULTIPLIER);
  // with both switches on, Resilience4j passes the factor only together with a multiplier
  const factorIgnored = exponential && randomized && merged("exponential-backoff-multiplier") === undefined;
  const factor = factorIgnored ? INTERVAL_DEFAULT_RANDOM_FACTOR : num("randomized-wait-factor", INTERVAL_DEFAULT_RANDOM_FACTOR);
  const pct = `±${Math.round(factor * 100)}%`;
  if (exponential) {
    const desc = [`exponential from ${formatSeconds(seconds)} (×${multiplier})`, ...(maxWait !== null ? [`max ${formatSeconds(maxWait)}`] : []), ...(randomized ? [`${pct} randomized`] : [])];
    return { kind: "exponential", jitter: randomized, initialSeconds: seconds, maxSeconds: maxWait, source: "config", description: desc.join(", ") };
  }
  if (randomized) {
    return { kind: "random", jitter: true, initialSeconds: seconds * (1 - factor), maxSeconds: seconds * (1 + factor), source: "config", description: `randomized ${formatSeconds(seconds)} ${pct}` };
  }
  return seconds === 0 ? { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "none: wait-duration 0" } : fixedWait(seconds, "config", `fixed ${formatSeconds(seconds)}`);
}

function fixedWait(seconds: number, source: "config" | "default", description: string): WaitSpec {
  return { kind: "fixed", jitter: false, initialSeconds: seconds, maxSeconds: seconds, source, description };
}

/** retry-exceptions narrows to the listed types (and subclasses); ignore-exceptions removes some. */
function conditionWith(c: RetryCondition, retry: string[] | null, ignore: string[] | null): RetryCondition {
  if (!retry?.length && !ignore?.length) return c;
  const short = (t: string) => t.slice(t.lastIndexOf(".") + 1);
  const broad = (retry ?? []).some((t) => ["Exception", "Throwable", "RuntimeException"].includes(short(t)));
  const all = !retry?.length || broad;
  const except = ignore?.length ? ` except ${ignore.map(short).join(", ")}` : "";
  return {
    ...c,
    allErrors: all,
    exceptionTypes: retry?.length ? retry : c.exceptionTypes,
    permanentErrors: all ? `it retries every exception${except}, including errors that will fail the same way again` : null,
    description: retry?.length ? `retries ${retry.map(short).join(", ")}${except} (retry-exceptions)` : `retries every exception${except} (ignore-exceptions)`,
  };
}
