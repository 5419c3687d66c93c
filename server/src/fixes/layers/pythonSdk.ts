/**
 * Fix operations on Python SDK and library layers beyond tenacity/urllib3 (reference §1.6–§1.8):
 * - boto3/botocore clients: `Config(retries={'total_max_attempts': N})` counts attempts, while
 *   `'max_attempts': N` counts **retries** (§1.6): an existing key keeps its unit; a new one is
 *   `total_max_attempts`. A client without `config=` gets one (`botocore.config.Config`).
 * - stamina: `attempts=N` counts attempts (1 = no retry); `wait_jitter=0` turns its default jitter
 *   off, so the jitter fix restores the default 1.0; `attempts=None` gets a count (RL002).
 * - google-api-core `Retry(...)` has no attempt count (§1.7, time-bounded only): no cap; turning it
 *   off passes `retry=None` where the policy is written inline, or removes an `@Retry(...)`.
 * Configs held in variables are not edited in place.
 */
import type { RetryLayer } from "../../model/model";
import { stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyEditor } from "../python";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** The count a "stop" fix writes: 3 attempts, as for tenacity. */
const STOP_ATTEMPTS = 3;
/** §1.8 default wait_jitter */
const STAMINA_DEFAULT_JITTER = "1.0";

export function pythonSdkLayerEdit(op: LayerOp, layer: RetryLayer, ed: PyEditor, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  switch (layer.kind) {
    case "aws-sdk":
      return attempts !== null && attempts >= 1 ? boto3Attempts(layer, ed, attempts) : null;
    case "stamina":
      return stamina(op, layer, ed, attempts);
    case "google-api-core":
      return op === "disable" ? googleRetryOff(layer, ed) : null;
  }
  return null;
}

const offOrCap = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

// ---------------------------------------------------------------------------------------- boto3

function boto3Attempts(layer: RetryLayer, ed: PyEditor, attempts: number): LayerEdit | null {
  const client = ed.callAt(layer.anchor.line, layer.anchor.column);
  if (!client) return null;
  const q = ed.quote;
  const fresh = `{${q}total_max_attempts${q}: ${attempts}}`;
  const title = (what: string) => offOrCap(layer, attempts, what);
  const configValue = ed.keyword(client, "config")?.childForFieldName("value");
  if (!configValue) {
    const config = ed.nameFor("botocore.config", "Config");
    return {
      title: title(`config=${config.ref}(retries=${fresh}), which counts every attempt`),
      edits: [ed.addArgument(client, `config=${config.ref}(retries=${fresh})`), ...config.edits],
    };
  }
  if (configValue.type !== "call" || !/(^|\.)(Config|AioConfig)$/.test(ed.calleeName(configValue) ?? "")) return null;
  const retries = ed.keyword(configValue, "retries")?.childForFieldName("value");
  if (!retries) return { title: title(`retries=${fresh}, which counts every attempt`), edits: [ed.addArgument(configValue, `retries=${fresh}`)] };
  if (retries.type !== "dictionary") return null;
  const pairs = retries.namedChildren.filter((p): p is SyntaxNode => !!p && p.type === "pair");
  const valueOf = (key: string) => pairs.find((p) => stringValue(p.childForFieldName("key")) === key)?.childForFieldName("value") ?? null;
  const total = valueOf("total_max_attempts");
  if (total) return { title: title(`total_max_attempts: ${attempts}`), edits: [ed.edit(total.startIndex, total.endIndex, String(attempts))] };
  const retriesOnly = valueOf("max_attempts");
  // Config's max_attempts counts retries (botocore adds the first try)
  if (retriesOnly) return { title: title(`max_attempts: ${attempts - 1}, which counts retries`), edits: [ed.edit(retriesOnly.startIndex, retriesOnly.endIndex, String(attempts - 1))] };
  const item = `${q}total_max_attempts${q}: ${attempts}`;
  const edit: FixEdit = pairs.length ? ed.appendItem(pairs, retries.endIndex - 1, item) : ed.edit(retries.startIndex + 1, retries.endIndex - 1, item);
  return { title: title(`total_max_attempts: ${attempts}, which counts every attempt`), edits: [edit] };
}

// -------------------------------------------------------------------------------------- stamina

function stamina(op: LayerOp, layer: RetryLayer, ed: PyEditor, attempts: number | null): LayerEdit | null {
  const dec = ed.decoratorAt(layer.anchor.line);
  const call = dec ? ed.decoratorCall(dec) : ed.callAt(layer.anchor.line, layer.anchor.column);
  if (!call) return null;
  if (attempts !== null && attempts >= 1) {
    return { title: offOrCap(layer, attempts, `attempts=${attempts}`), edits: [ed.setKeyword(call, "attempts", String(attempts))] };
  }
  if (op === "stop") return { title: `Stop after ${STOP_ATTEMPTS} attempts: attempts=${STOP_ATTEMPTS}`, edits: [ed.setKeyword(call, "attempts", String(STOP_ATTEMPTS))] };
  if (op === "jitter" && ed.keyword(call, "wait_jitter")) {
    return { title: `Randomise the delay: wait_jitter=${STAMINA_DEFAULT_JITTER} (stamina's default)`, edits: [ed.setKeyword(call, "wait_jitter", STAMINA_DEFAULT_JITTER)] };
  }
  return null;
}

// ------------------------------------------------------------------------------ google-api-core

function googleRetryOff(layer: RetryLayer, ed: PyEditor): LayerEdit | null {
  const dec = ed.decoratorAt(layer.anchor.line);
  if (dec) {
    const [s, e] = ed.lineRange(dec.startPosition.row, dec.endPosition.row);
    const names = identifiersIn(dec);
    return {
      title: `Remove the @Retry on ${layer.label}`,
      edits: [ed.edit(s, e, ""), ...ed.dropUnusedImports("google.api_core", names, [[s, e]]), ...ed.dropUnusedImports("google.api_core.retry", names, [[s, e]])],
    };
  }
  // `client.method(…, retry=Retry(…))`: the call then makes one attempt
  const policy = ed.callAt(layer.anchor.line, layer.anchor.column);
  const kw = policy?.parent;
  if (!policy || kw?.type !== "keyword_argument" || kw.childForFieldName("name")?.text !== "retry") return null;
  return { title: `Turn off retries for this call (retry=None)`, edits: [ed.edit(policy.startIndex, policy.endIndex, "None")] };
}

function identifiersIn(node: SyntaxNode): string[] {
  const out = new Set<string>();
  const walk = (n: SyntaxNode) => {
    if (n.type === "identifier") out.add(n.text);
    for (const c of n.namedChildren) if (c) walk(c);
  };
  walk(node);
  return [...out];
}
