/**
 * Fix operations on gRPC service configs written in code (reference §3.11, §2.10): the
 * `'grpc.service_config': JSON.stringify({ methodConfig: [{ …, retryPolicy: {…} }] })` channel
 * option of grpc-js. `maxAttempts` counts every attempt and must be > 1 (§3.11: all five
 * fields are required), so "off" removes each `retryPolicy` (the channel then makes one attempt
 * plus transparent retries of RPCs that never left the client), and "cap" lowers `maxAttempts`
 * to at least 2. Jitter (±20%) and backoff are built in: nothing to add. Configs held in a JSON
 * string or a variable are not edited in place.
 */
import type { RetryLayer } from "../../model/model";
import { dottedName, propertyNameText, ts, unwrap } from "../../parsing/typescript";
import type { FixEdit } from "../types";
import { withTypeScript, type TsEditor } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const SERVICE_CONFIG_KEY = "grpc.service_config";

export function grpcServiceConfigLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "grpc-service-config" || !/\.[cm]?[jt]sx?$/.test(layer.file)) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  return withTypeScript(layer.file, text, (ed) => {
    const policies = retryPolicies(ed, layer.anchor.line);
    if (!policies?.length) return null;
    const edits: FixEdit[] = [];
    if (attempts === 1) {
      for (const { methodConfig, retryPolicy } of policies) edits.push(ed.removeProperty(methodConfig, retryPolicy));
      return { title: `Turn off gRPC retries for ${layer.label} (remove retryPolicy; maxAttempts must be above 1)`, edits };
    }
    for (const { policy } of policies) {
      const current = ed.property(policy, "maxAttempts");
      const n = current && ts.isPropertyAssignment(current) ? Number(unwrap(current.initializer).getText(ed.sf)) : NaN;
      if (Number.isFinite(n) && n <= attempts) continue;
      edits.push(ed.setProperty(policy, "maxAttempts", String(attempts)));
    }
    return edits.length ? { title: `Lower to ${attempts} attempts (retryPolicy maxAttempts: ${attempts}, which counts every attempt)`, edits } : null;
  });
}

interface PolicyEntry {
  methodConfig: ts.ObjectLiteralExpression;
  retryPolicy: ts.ObjectLiteralElementLike;
  policy: ts.ObjectLiteralExpression;
}

/** Every `retryPolicy` object literal of the service config whose key is on `line`. */
function retryPolicies(ed: TsEditor, line: number): PolicyEntry[] | null {
  let prop: ts.PropertyAssignment | null = null;
  const visit = (n: ts.Node): void => {
    if (prop) return;
    if (ts.isPropertyAssignment(n) && propertyNameText(n.name) === SERVICE_CONFIG_KEY && ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).line + 1 === line) {
      prop = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(ed.sf);
  const found = prop as ts.PropertyAssignment | null;
  if (!found) return null;
  const value = unwrap(found.initializer);
  if (!ts.isCallExpression(value) || dottedName(value.expression) !== "JSON.stringify" || !value.arguments[0]) return null;
  const config = unwrap(value.arguments[0]);
  if (!ts.isObjectLiteralExpression(config)) return null;
  const list = ed.property(config, "methodConfig");
  if (!list || !ts.isPropertyAssignment(list) || !ts.isArrayLiteralExpression(unwrap(list.initializer))) return null;
  const out: PolicyEntry[] = [];
  for (const element of (unwrap(list.initializer) as ts.ArrayLiteralExpression).elements) {
    const methodConfig = unwrap(element as ts.Expression);
    if (!ts.isObjectLiteralExpression(methodConfig)) continue;
    const retryPolicy = ed.property(methodConfig, "retryPolicy");
    if (!retryPolicy || !ts.isPropertyAssignment(retryPolicy)) continue;
    const policy = unwrap(retryPolicy.initializer);
    if (!ts.isObjectLiteralExpression(policy)) return null; // a policy from elsewhere: not edited
    out.push({ methodConfig, retryPolicy, policy });
  }
  return out;
}
