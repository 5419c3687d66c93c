/**
 * Does a mesh route's request condition (MeshRouteFact.condition: a Linkerd ServiceProfile route's
 * method and whole-path regex, reference §4.4) match a call? gRPC calls are POSTs to
 * `/<package>.<Service>/<Method>`; the package is not in the call (`pb.VotingServiceClient.Vote`),
 * so a gRPC route is compared from its service part. Where the call's method or path is not
 * known statically the route may match (the worst case keeps the layer).
 */
import type { LinkedCall } from "../model/model";
import type { MeshRouteFact } from "../model/facts";

export function routeMatchesCall(condition: NonNullable<MeshRouteFact["condition"]>, call: LinkedCall): boolean {
  const method = call.protocol === "grpc" ? "POST" : call.method;
  if (condition.method && method && condition.method !== method.toUpperCase()) return false;
  const regex = condition.pathRegex;
  if (!regex) return true;
  if (call.protocol === "grpc") return grpcPathMatches(regex, call.callee);
  const path = call.path ?? null;
  if (path === null) return true;
  if (call.pathComplete !== false) {
    const whole = compile(regex);
    return whole ? whole.test(path.split("?")[0]!) : true;
  }
  // only the beginning of the path is known (`/api/products/` + sku): the route may match when the
  // regex's literal beginning and the known beginning agree
  const literal = literalPrefix(regex);
  return literal.startsWith(path) || path.startsWith(literal);
}

/** `pb.VotingServiceClient.VoteDoughnut` against `/emojivoto\.v1\.VotingService/VoteDoughnut` (or `…VotingService/.*`). */
function grpcPathMatches(regex: string, callee: string): boolean {
  const parts = callee.split(".");
  const rpc = parts[parts.length - 1] ?? "";
  const type = parts[parts.length - 2] ?? "";
  const service = type.endsWith("Client") && type.length > "Client".length ? type.slice(0, -"Client".length) : null;
  const text = unescape(regex).replace(/^\^/, "").replace(/\$$/, "");
  if (text === ".*" || text === "/.*") return true;
  const scope = service ? `${service}/` : "/";
  return text.endsWith(`${scope}${rpc}`) || text.endsWith(`${scope}.*`);
}

function unescape(regex: string): string {
  let out = "";
  for (let i = 0; i < regex.length; i++) out += regex[i] === "\\" && i + 1 < regex.length ? regex[++i] : regex[i];
  return out;
}

function compile(regex: string): RegExp | null {
  try {
    return new RegExp(`^(?:${regex.replace(/^\^/, "").replace(/\$$/, "")})$`);
  } catch {
    return null;
  }
}

const REGEX_SYNTAX = new Set([".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "$"]);

/** The literal text a regex starts with: `/api/vote` of `/api/vote(/.*)?`. */
function literalPrefix(regex: string): string {
  const s = regex.replace(/^\^/, "");
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\" && i + 1 < s.length) {
      out += s[++i];
      continue;
    }
    if (REGEX_SYNTAX.has(s[i]!)) break;
    out += s[i];
  }
  return out;
}
