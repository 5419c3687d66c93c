/**
 * Fix operations on Spring Cloud Stream consumer retries (docs/reference/spring-cloud-stream.md):
 * `consumer.max-attempts` counts attempts (the first included), so "cap" to N writes N and "off"
 * writes 1, in the settings file the layer is anchored in: the written value where the layer's
 * anchor is that key, else a `max-attempts` beside the binding's other consumer settings.
 * Unsafe like every count change (a message that fails goes to the DLQ sooner).
 */
import type { RetryLayer } from "../../model/model";
import { openSettingsFile } from "../springSettings";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function springCloudStreamLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (text === undefined || attempts === null || attempts < 1 || layer.streamBinding === undefined) return null;
  const settings = openSettingsFile(layer.file, text);
  if (!settings) return null;
  const prefix = layer.streamBinding === "" ? "spring.cloud.stream.default.consumer" : `spring.cloud.stream.bindings.${layer.streamBinding}.consumer`;
  const title = attempts === 1 ? `Turn off the consumer retries of ${layer.label} (max-attempts: 1)` : `Lower ${layer.label} to ${attempts} attempts (max-attempts: ${attempts}, which counts every attempt)`;
  const site = settings.find(`${prefix}.max-attempts`);
  if (site) {
    // only the entry the layer stands for (a profile document's own count is another layer)
    const line = text.slice(0, site.start).split("\n").length;
    if (line !== layer.anchor.line) return null;
    return { title, edits: [settings.replace(site, String(attempts))], unsafe: true };
  }
  if (layer.attemptsSource === "config") return null;
  const edit = settings.add(prefix, [["max-attempts", String(attempts)]]);
  return edit ? { title, edits: [edit], unsafe: true } : null;
}
