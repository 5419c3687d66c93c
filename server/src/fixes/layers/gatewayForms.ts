/**
 * Fix operations on the gateway forms of issue #10, each in the product's own unit:
 * - Traefik Docker labels (docs/reference/traefik.md): `…retry.attempts=N` counts **total** tries
 *   (1 = no retry); RL003 adds `…retry.initialinterval=100ms` (exponential with jitter); in a
 *   list (`- "k=v"`) or a map (`k: v`) of labels. Traefik TOML files: `attempts = N` in the
 *   `[http.middlewares.<m>.retry]` table, `initialInterval = "100ms"` after it. (Traefik YAML
 *   file-provider middlewares are `retry:` maps: gateways.ts / gatewaysMore.ts edit them.)
 * - Gateway API `rules[].retry.attempts` counts **retries** (docs/reference/gateway-api-retry.md):
 *   cap N → `attempts: N-1`, off → `attempts: 0`; RL013: `codes` removed, leaving the connection
 *   errors before a response (Istio; Envoy Gateway then retries its default 503 too).
 * - App Mesh `retryPolicy.maxRetries` counts **retries** (docs/reference/appmesh.md): cap and off
 *   (`maxRetries: 0`; CloudFormation `MaxRetries`).
 * App Mesh's implicit default gets no edit here (a policy would have to be written in its place).
 */
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import type { RetryLayer } from "../../model/model";
import type { FixEdit } from "../types";
import { withYaml, type YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function gatewayFormsLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts !== null && attempts < 1) return null;
  if (layer.kind === "traefik-retry" && /\.toml$/i.test(layer.file)) return traefikToml(op, layer, text, attempts);
  if (layer.kind === "traefik-retry") return traefikLabel(op, layer, text, attempts);
  if (layer.kind === "gateway-api-retry" || layer.kind === "appmesh-retry") return countKey(op, layer, text, attempts);
  if (layer.kind === "appmesh-default" && op === "disable") return appMeshDefaultOff(layer, text);
  return null;
}

/**
 * App Mesh's default applies only where a route has no retryPolicy: off = an explicit policy with
 * `maxRetries: 0` (the API requires `perRetryTimeout` and one event). A virtual node provider cannot
 * take a policy: no edit there.
 */
function appMeshDefaultOff(layer: RetryLayer, text: string): LayerEdit | null {
  return withYaml(layer.file, text, (ed) => {
    const pair = ed.pairAt(layer.anchor.line);
    const key = pair ? String((pair.key as { value?: unknown }).value) : "";
    if (!pair || !isMap(pair.value) || !/^(httpRoute|http2Route|grpcRoute|HttpRoute|Http2Route|GrpcRoute)$/.test(key)) return null;
    const cfn = /^[A-Z]/.test(key);
    const entry = cfn
      ? "RetryPolicy:\n  MaxRetries: 0\n  PerRetryTimeout: {Unit: ms, Value: 15000}\n  TcpRetryEvents: [connection-error]"
      : "retryPolicy:\n  maxRetries: 0\n  perRetryTimeout: {unit: ms, value: 15000}\n  tcpRetryEvents: [connection-error]";
    const flow = cfn ? "RetryPolicy: {MaxRetries: 0, PerRetryTimeout: {Unit: ms, Value: 15000}, TcpRetryEvents: [connection-error]}" : "retryPolicy: {maxRetries: 0, perRetryTimeout: {unit: ms, value: 15000}, tcpRetryEvents: [connection-error]}";
    const edit = ed.addKey(pair.value as YAMLMap, entry, flow);
    return edit ? { title: `Turn off App Mesh's default retries for ${layer.label} (${cfn ? "RetryPolicy.MaxRetries" : "retryPolicy.maxRetries"}: 0)`, edits: [edit] } : null;
  });
}

const title = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

/** The label on the anchor line: a `- "k=v"` list item, or a `k: v` pair. */
function labelAt(ed: YamlEditor, line: number): { scalar: Node; key: string; value: string; pair: Pair | null; seq: Node | null } | null {
  const pair = ed.pairAt(line);
  if (pair && isScalar(pair.value) && /\.retry\./i.test(String((pair.key as { value?: unknown }).value))) {
    return { scalar: pair.value as Node, key: String((pair.key as { value?: unknown }).value), value: String((pair.value as { value?: unknown }).value), pair, seq: null };
  }
  let found: { scalar: Node; key: string; value: string; pair: Pair | null; seq: Node | null } | null = null;
  const visit = (n: unknown) => {
    if (found) return;
    if (isMap(n)) for (const p of n.items) visit((p as Pair).value);
    else if (isSeq(n)) {
      for (const item of n.items) {
        if (isScalar(item) && (item as Node).range && ed.lineOf((item as Node).range![0]) === line && typeof item.value === "string") {
          const eq = item.value.indexOf("=");
          if (eq > 0) found = { scalar: item as Node, key: item.value.slice(0, eq), value: item.value.slice(eq + 1), pair: null, seq: n as Node };
        } else visit(item);
      }
    }
  };
  for (const r of ed.roots()) visit(r);
  return found;
}

function traefikLabel(op: LayerOp, layer: RetryLayer, text: string, attempts: number | null): LayerEdit | null {
  return withYaml(layer.file, text, (ed) => {
    const label = labelAt(ed, layer.anchor.line);
    if (!label) return null;
    const prefix = label.key.replace(/\.[^.]+$/, "");
    if (attempts !== null) {
      if (!/\.attempts$/i.test(label.key)) return null;
      const edit = label.pair ? ed.replaceScalar(label.scalar, String(attempts)) : ed.replaceScalar(label.scalar, `${label.key}=${attempts}`);
      return edit ? { title: title(layer, attempts, `${label.key}=${attempts}`), edits: [edit] } : null;
    }
    if (op !== "backoff") return null;
    // a new label beside the anchor, written like it
    const key = `${prefix}.initialinterval`;
    const r = label.scalar.range!;
    const lineStart = ed.startOfLine(r[0]);
    const lineEnd = ed.endOfLine(r[1]);
    const own = text.slice(lineStart, lineEnd);
    const entry = label.pair ? own.replace(label.key, key).replace(/:\s*.*$/, `: 100ms`) : own.replace(`${label.key}=${label.value}`, `${key}=100ms`);
    if (entry === own) return null;
    const edit: FixEdit = { file: layer.file, start: lineEnd, end: lineEnd, newText: `${ed.eol}${entry}` };
    return { title: `Wait between attempts: ${key}=100ms (exponential with jitter) on ${layer.label}`, edits: [edit] };
  });
}

/** `attempts = 4` (or `initialInterval`) in the anchor's TOML table. */
function traefikToml(op: LayerOp, layer: RetryLayer, text: string, attempts: number | null): LayerEdit | null {
  const lines = text.split("\n");
  const starts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const header = lines[layer.anchor.line - 1] ?? "";
  if (!/^\s*\[/.test(header)) return null;
  // the table's own lines: up to the next header
  let end = layer.anchor.line;
  while (end < lines.length && !/^\s*\[/.test(lines[end]!)) end++;
  if (attempts !== null) {
    for (let n = layer.anchor.line; n < end; n++) {
      const m = /^(\s*attempts\s*=\s*)(\d+)/.exec(lines[n]!);
      if (!m) continue;
      const at = starts[n]! + m[1]!.length;
      return { title: title(layer, attempts, `attempts = ${attempts}`), edits: [{ file: layer.file, start: at, end: at + m[2]!.length, newText: String(attempts) }] };
    }
    return null;
  }
  if (op !== "backoff") return null;
  let after = end - 1;
  while (after >= layer.anchor.line && lines[after]!.trim() === "") after--;
  if (after < layer.anchor.line) return null;
  const indent = /^\s*/.exec(lines[after] ?? "")?.[0] ?? "  ";
  const at = starts[after]! + lines[after]!.replace(/\r$/, "").length;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return { title: `Wait between attempts: initialInterval = "100ms" (exponential with jitter) on ${layer.label}`, edits: [{ file: layer.file, start: at, end: at, newText: `${eol}${indent}initialInterval = "100ms"` }] };
}

/** Gateway API `retry.attempts` / App Mesh `retryPolicy.maxRetries`: both count retries. */
function countKey(op: LayerOp, layer: RetryLayer, text: string, attempts: number | null): LayerEdit | null {
  return withYaml(layer.file, text, (ed) => {
    const pair = ed.pairAt(layer.anchor.line);
    if (!pair || !isMap(pair.value)) return null;
    const map = pair.value as YAMLMap;
    if (attempts !== null) {
      const key = layer.kind === "gateway-api-retry" ? "attempts" : ed.child(map, "MaxRetries") ? "MaxRetries" : "maxRetries";
      const edit = ed.setKey(map, key, String(attempts - 1));
      return edit ? { title: title(layer, attempts, `${key}: ${attempts - 1}`), edits: [edit] } : null;
    }
    if ((op === "narrowGateway" || op === "preSendOnly") && layer.kind === "gateway-api-retry" && !map.flow) {
      const codes = ed.child(map, "codes");
      const edit = codes ? ed.removePair(codes) : null;
      return edit ? { title: "Retry only connection errors before a response (codes removed)", edits: [edit] } : null;
    }
    return null;
  });
}
