/**
 * Fix operations on Resilience4j `@Retry(name = "x")` layers (reference §3.1), whose settings live
 * in the project's Spring settings (engine/resilience4jConfig.ts), not at the annotation: every
 * edit goes to `resilience4j.retry.instances.x.*` (or the legacy `backends.x.*` when that is how
 * the instance is written), where the instance already writes it, else beside its other settings,
 * else as a new block in the project's application.yml (a new `src/main/resources/application.yml`
 * when the project has no settings file).
 *
 * - cap / off: `max-attempts: N` counts every attempt (1 = no retry).
 * - jitter: `enable-randomized-wait: true`. Resilience4j rebuilds the interval only for a level
 *   that sets `wait-duration` itself (CommonRetryConfigurationProperties
 *   .configureRetryIntervalFunction), so the instance also gets the wait it inherits (500 ms by
 *   default). With exponential backoff on, both switches give `ofExponentialRandomBackoff`, which
 *   keeps a max wait only when the multiplier and `randomized-wait-factor` are both set: the
 *   factor (0.5, the default) is written where a multiplier is.
 * - backoff (no wait): `wait-duration: 100ms`, exponential ×2, randomized.
 * Values from placeholders or environment variables are not rewritten; programmatic RetryConfig
 * layers (`Retry.of(…)`) are not edited here.
 */
import { profileOfFile } from "../../detectors/spring/settings";
import { projectDirOf } from "../../model/settingsKeys";
import type { RetryLayer } from "../../model/model";
import { type SettingSite, type SettingsFile, openSettingsFor } from "../springSettings";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const DEFAULT_WAIT = "500ms";

export function resilience4jLayerEdit(op: LayerOp, layer: RetryLayer, ctx: LayerOpContext): LayerEdit | null {
  const ref = layer.configRef;
  if (layer.kind !== "resilience4j-retry" || ref?.library !== "resilience4j" || !ctx.text || !ctx.files) return null;
  const opened = openSettingsFor(layer.file, ctx.files, ctx.text);
  const name = ref.instance;
  const legacy = !opened.some((f) => f.hasUnder(`resilience4j.retry.instances.${name}`)) && opened.some((f) => f.hasUnder(`resilience4j.retry.backends.${name}`));
  const prefix = `resilience4j.retry.${legacy ? "backends" : "instances"}.${name}`;
  const find = (key: string): SettingSite | null => {
    for (const f of opened) {
      const hit = f.find(key);
      if (hit) return hit;
    }
    return null;
  };
  const own = (k: string) => find(`${prefix}.${k}`);
  // the level the instance inherits from: its base-config, else configs.default
  const baseName = own("base-config")?.value.trim();
  const parentPrefix = baseName ? `resilience4j.retry.configs.${baseName}` : name === "default" ? null : "resilience4j.retry.configs.default";
  const merged = (k: string) => own(k) ?? (parentPrefix ? find(`${parentPrefix}.${k}`) : null);

  const plan = new Plan(prefix, opened, layer, ctx);
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts !== null && attempts >= 1) {
    if (/environment variable/.test(layer.attemptsNote)) return null;
    if (!plan.set(own("max-attempts"), "max-attempts", String(attempts))) return null;
    const what = `${prefix}.max-attempts: ${attempts}, which counts every attempt`;
    return plan.done(attempts === 1 ? `Turn off Resilience4j retries for ${name} (${what})` : `Lower to ${attempts} attempts for ${name} (${what})`);
  }
  if (op === "jitter") {
    if (layer.wait.kind !== "fixed" && layer.wait.kind !== "exponential") return null;
    if (!own("wait-duration")) {
      const inherited = parentPrefix ? find(`${parentPrefix}.wait-duration`) : null;
      if (inherited?.value.includes("${")) return null;
      plan.set(null, "wait-duration", inherited?.value.trim() || DEFAULT_WAIT);
    }
    if (!plan.set(own("enable-randomized-wait"), "enable-randomized-wait", "true")) return null;
    const exponential = merged("enable-exponential-backoff")?.value.trim().toLowerCase() === "true";
    if (exponential && merged("exponential-backoff-multiplier") && !own("randomized-wait-factor")) plan.set(null, "randomized-wait-factor", "0.5");
    return plan.done(`Randomise the delay: ${prefix}.enable-randomized-wait: true${exponential ? " (exponential random backoff, ±50%)" : " (±50%)"}`);
  }
  if (op === "backoff") {
    if (layer.wait.kind !== "none") return null;
    plan.set(own("wait-duration"), "wait-duration", "100ms");
    plan.set(own("enable-exponential-backoff"), "enable-exponential-backoff", "true");
    if (!merged("exponential-backoff-multiplier")) plan.set(null, "exponential-backoff-multiplier", "2");
    plan.set(own("enable-randomized-wait"), "enable-randomized-wait", "true");
    return plan.done(`Back off exponentially with jitter: ${prefix} wait-duration 100ms, exponential ×2, randomized`);
  }
  return null;
}

/** The edits of one fix: replacements where a setting is written, one insertion for the new ones. */
class Plan {
  private readonly edits: FixEdit[] = [];
  private readonly added: Array<[string, string]> = [];

  constructor(
    private readonly prefix: string,
    private readonly files: SettingsFile[],
    private readonly layer: RetryLayer,
    private readonly ctx: LayerOpContext,
  ) {}

  /** false when the written value is a placeholder (not rewritten) */
  set(site: SettingSite | null, key: string, value: string): boolean {
    if (site) {
      if (site.value.includes("${")) return false;
      if (site.value.trim() !== value) this.edits.push(this.files.find((f) => f.file === site.file)!.replace(site, value));
      return true;
    }
    this.added.push([key, value]);
    return true;
  }

  done(title: string): LayerEdit | null {
    if (!this.added.length) return this.edits.length ? { title, edits: this.edits } : null;
    // beside the instance's other settings, else the project's first YAML file, else its first file
    const always = this.files.filter((f) => profileOfFile(f.file) === null && !/(^|\/)bootstrap[^/]*$/.test(f.file));
    const home = this.files.find((f) => f.hasUnder(this.prefix)) ?? always.find((f) => /\.ya?ml$/.test(f.file)) ?? always[0];
    if (home) {
      const edit = home.add(this.prefix, this.added);
      return edit ? { title, edits: [...this.edits, edit] } : null;
    }
    // no settings file: a new application.yml in the project's resources
    const m = /^(.*?)src\/main\/(?:java|kotlin)\//.exec(this.layer.file);
    if (!m) return null;
    const file = `${m[1]}src/main/resources/application.yml`;
    if (this.ctx.exists(file) || projectDirOf(file) !== m[1]!.replace(/\/$/, "")) return null;
    const segments = this.prefix.split(".");
    const lines = segments.map((s, i) => `${"  ".repeat(i)}${s}:`).concat(this.added.map(([k, v]) => `${"  ".repeat(segments.length)}${k}: ${v}`));
    return { title: `${title} (new ${file})`, edits: this.edits, creates: [{ file, text: `${lines.join("\n")}\n` }] };
  }
}
