/**
 * Fix operations on Spring AI's auto-configured RetryTemplate (docs/reference/spring-ai.md): the
 * count is `spring.ai.retry.max-attempts` in the code's project settings (Spring AI 1.x counts
 * attempts), so "cap" to N writes N there (replacing the value or adding it beside the other
 * `spring.ai.retry` settings, or as a new block) and "off" writes 1. Unsafe like every count change.
 */
import type { RetryLayer } from "../../model/model";
import { openSettingsFor } from "../springSettings";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function springAiLayerEdit(op: LayerOp, layer: RetryLayer, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || !ctx.text || !ctx.files) return null;
  const opened = openSettingsFor(layer.file, ctx.files, ctx.text);
  const title = attempts === 1 ? `Turn off Spring AI's model-call retries (spring.ai.retry.max-attempts: 1)` : `Lower Spring AI's model-call retries to ${attempts} attempts (spring.ai.retry.max-attempts: ${attempts})`;
  const site = opened.map((s) => ({ s, hit: s.find("spring.ai.retry.max-attempts") })).find((x) => x.hit);
  if (site?.hit) return { title, edits: [site.s.replace(site.hit, String(attempts))], unsafe: true };
  const home = opened.find((s) => s.hasUnder("spring.ai.retry")) ?? opened.find((s) => s.hasUnder("spring.ai")) ?? opened[0];
  const edit = home?.add("spring.ai.retry", [["max-attempts", String(attempts)]]);
  return edit ? { title, edits: [edit], unsafe: true } : null;
}
