/**
 * Fix operations on the .NET retry layers beyond Polly v8 (reference §3.7, §3.8):
 * - Polly v7 `Retry`/`WaitAndRetry`[`Async`]: the count argument counts retries (`.Retry()` = 1);
 *   0 is a valid count, so "off" is `Retry(0)`. `RetryForever()` / `WaitAndRetryForever(f)` get a
 *   count (RL002); `Retry(n)` without a wait becomes `WaitAndRetry(n, …)` with exponential full
 *   jitter (RL003); a sleep-duration lambda gets full jitter (RL004). Shapes whose overload would
 *   change meaning (an onRetry callback, a sleep-duration list) are left alone.
 * - `AddStandardResilienceHandler`: `Retry.MaxRetryAttempts` counts retries and must be ≥ 1, so the
 *   handler can be lowered but not turned off here; `Retry.DisableForUnsafeHttpMethods()` stops
 *   it re-sending writes (RL005; unsafe: writes are then never retried).
 * - EF Core `EnableRetryOnFailure(maxRetryCount)`: counts retries; 0 turns it off (§3.7 notes in
 *   the detector: ExecutionStrategy accepts any count ≥ 0).
 */
import type { RetryLayer } from "../../model/model";
import { callParts, descendants, dottedName, memberName, numberValue } from "../../parsing/csharp";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** The count a "stop" fix writes: 3 attempts, as for tenacity. */
const STOP_ATTEMPTS = 3;
/** exponential from 0.2 s (×2) capped at 10 s, full jitter */
const JITTERED_BACKOFF = (v: string) => `${v} => TimeSpan.FromMilliseconds(Random.Shared.NextDouble() * Math.Min(10_000, 100 * Math.Pow(2, ${v})))`;

export function csharpPolicyLayerEdit(op: LayerOp, layer: RetryLayer, text: string, ctx: LayerOpContext): LayerEdit | null {
  const tree = parseTree("csharp", text);
  try {
    const call = descendants(tree.rootNode, "invocation_expression").find((c) => {
      const name = c.childForFieldName("function")?.childForFieldName("name");
      // the anchor is the member name: its line and column tell it from the calls around it
      return !!name && name.startPosition.row + 1 === layer.anchor.line && name.startPosition.column === layer.anchor.column;
    });
    if (!call) return null;
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
    const edit = (node: { startIndex: number; endIndex: number }, newText: string): FixEdit => ({ file: layer.file, start: node.startIndex, end: node.endIndex, newText });
    if (layer.kind === "polly-v7-retry") return pollyV7(op, layer, text, call, attempts, edit);
    if (layer.kind === "efcore-retry") return attempts !== null && attempts >= 1 ? efCore(layer, call, attempts, edit) : null;
    if (layer.kind === "dotnet-standard-resilience") return standardHandler(op, layer, text, call, attempts);
    return null;
  } finally {
    tree.delete();
  }
}

type Edit = (node: { startIndex: number; endIndex: number }, newText: string) => FixEdit;

const offOrCap = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

/** Inserts `text` as the first argument of a call. */
function firstArgument(call: SyntaxNode, argText: string): FixEdit | null {
  const args = call.childForFieldName("arguments") ?? call.namedChildren.find((c) => c?.type === "argument_list") ?? null;
  if (!args) return null;
  const hasArgs = args.namedChildren.some((c) => c?.type === "argument");
  return { file: "", start: args.startIndex + 1, end: args.startIndex + 1, newText: hasArgs ? `${argText}, ` : argText };
}

// ---------------------------------------------------------------------------------- Polly v7

function pollyV7(op: LayerOp, layer: RetryLayer, text: string, call: SyntaxNode, attempts: number | null, edit: Edit): LayerEdit | null {
  const fn = call.childForFieldName("function");
  const nameNode = fn?.childForFieldName("name");
  const member = memberName(fn) ?? "";
  if (!nameNode) return null;
  const parts = callParts(call);
  const forever = member.includes("Forever");
  const waits = member.startsWith("WaitAndRetry");
  const first = parts.positional[0] ?? null;
  const withFile = (e: FixEdit | null): FixEdit | null => (e ? { ...e, file: layer.file } : null);
  // the count, when this overload has one: Retry(n, …), WaitAndRetry(n, provider, …)
  const countNode = parts.keywords.get("retryCount") ?? (first && numberValue(first) !== null ? first : null);
  const setCount = (n: number): FixEdit | null => {
    if (forever) return null;
    if (countNode) return edit(countNode, String(n));
    // `.Retry()` / `.Retry(onRetry)` have an implicit count of 1; WaitAndRetry always names one
    if (!waits && parts.keywords.size === 0 && (!first || first.type === "lambda_expression")) return withFile(firstArgument(call, String(n)));
    return null;
  };
  if (attempts !== null && attempts >= 1) {
    const e = setCount(attempts - 1);
    return e ? { title: offOrCap(layer, attempts, `${member}(${attempts - 1}), which counts retries`), edits: [e] } : null;
  }
  if (op === "stop" && forever) {
    // RetryForever() → Retry(2); WaitAndRetryForever(provider) → WaitAndRetry(2, provider)
    const args = parts.positional.length + parts.keywords.size;
    if ((!waits && args !== 0) || (waits && (args !== 1 || !first))) return null;
    const bounded = member.replace("Forever", "");
    const count = withFile(firstArgument(call, String(STOP_ATTEMPTS - 1)));
    return count ? { title: `Stop after ${STOP_ATTEMPTS} attempts: ${bounded}(${STOP_ATTEMPTS - 1}${waits ? ", …" : ""})`, edits: [edit(nameNode, nameNode.text.replace("Forever", "")), count] } : null;
  }
  if (op === "backoff" && !waits) {
    // Retry(n) → WaitAndRetry(n, jittered exponential); an onRetry callback would change overloads
    if (parts.keywords.size || (first && numberValue(first) === null) || parts.positional.length > 1) return null;
    const count = forever ? "" : `${first ? first.text : "1"}, `;
    const args = call.childForFieldName("arguments") ?? call.namedChildren.find((c) => c?.type === "argument_list") ?? null;
    if (!args) return null;
    const renamed = nameNode.text.replace(/^Retry/, "WaitAndRetry");
    return {
      title: `Back off exponentially with full jitter: ${renamed}(${count}attempt => …)`,
      edits: [edit(nameNode, renamed), edit(args, `(${count}${JITTERED_BACKOFF("attempt")})`)],
    };
  }
  if (op === "jitter" && waits) {
    const provider = parts.keywords.get("sleepDurationProvider") ?? parts.positional[forever ? 0 : 1] ?? null;
    if (provider?.type !== "lambda_expression") return null;
    const body = provider.childForFieldName("body");
    if (!body || body.type === "block") return null;
    // full jitter: the same delay scaled by U(0, 1); TimeSpan * double (.NET Core 2.0+)
    const delay = text.slice(body.startIndex, body.endIndex);
    const operand = ["invocation_expression", "member_access_expression", "identifier", "parenthesized_expression"].includes(body.type) ? delay : `(${delay})`;
    return { title: "Use full jitter: multiply the sleep duration by Random.Shared.NextDouble()", edits: [edit(body, `${operand} * Random.Shared.NextDouble()`)] };
  }
  return null;
}

// ------------------------------------------------------------------------------------ EF Core

function efCore(layer: RetryLayer, call: SyntaxNode, attempts: number, edit: Edit): LayerEdit | null {
  const parts = callParts(call);
  const count = parts.keywords.get("maxRetryCount") ?? parts.positional[0] ?? null;
  const what = `EnableRetryOnFailure(${attempts - 1}), which counts retries`;
  if (count) return numberValue(count) === null ? null : { title: offOrCap(layer, attempts, what), edits: [edit(count, String(attempts - 1))] };
  const e = firstArgument(call, String(attempts - 1));
  return e ? { title: offOrCap(layer, attempts, what), edits: [{ ...e, file: layer.file }] } : null;
}

// ------------------------------------------------------------- AddStandardResilienceHandler

function standardHandler(op: LayerOp, layer: RetryLayer, text: string, call: SyntaxNode, attempts: number | null): LayerEdit | null {
  // MaxRetryAttempts must be at least 1: the handler cannot be turned off by its count
  if (attempts !== null && attempts >= 2) {
    const value = String(attempts - 1);
    const e = retryStatement(layer.file, text, call, (o) => `${o}.Retry.MaxRetryAttempts = ${value}`, (assignment) => {
      const right = assignment.childForFieldName("right");
      return right ? { file: layer.file, start: right.startIndex, end: right.endIndex, newText: value } : null;
    }, "MaxRetryAttempts");
    return e ? { title: `Lower to ${attempts} attempts (Retry.MaxRetryAttempts = ${value}, which counts retries)`, edits: [e] } : null;
  }
  if (op === "preSendOnly") {
    const e = retryStatement(layer.file, text, call, (o) => `${o}.Retry.DisableForUnsafeHttpMethods()`, () => null, null);
    return e ? { title: "Retry only safe methods: Retry.DisableForUnsafeHttpMethods() (POST, PATCH, PUT, DELETE are sent once)", edits: [e], unsafe: true } : null;
  }
  return null;
}

/**
 * Puts one statement about `o.Retry` into the handler's options lambda: the existing assignment
 * to `o.Retry.<property>` is edited in place (`replace`); otherwise the statement is added after
 * the lambda's last statement (block body), or a new lambda is passed (no arguments).
 */
function retryStatement(
  file: string,
  text: string,
  call: SyntaxNode,
  statement: (param: string) => string,
  replace: (assignment: SyntaxNode) => FixEdit | null,
  property: string | null,
): FixEdit | null {
  const parts = callParts(call);
  const lambda = parts.positional[0] ?? null;
  if (!lambda) {
    const e = firstArgument(call, `options => ${statement("options")}`);
    return e ? { ...e, file } : null;
  }
  if (lambda.type !== "lambda_expression" || parts.positional.length > 1) return null;
  const param = descendants(lambda, "identifier")[0]?.text;
  const body = lambda.childForFieldName("body");
  if (!param || !body) return null;
  if (property) {
    const existing = descendants(body, "assignment_expression").find((a) => dottedName(a.childForFieldName("left")) === `${param}.Retry.${property}`);
    if (existing) return replace(existing);
  }
  if (body.type !== "block") return null; // an expression body: not rewritten into a block
  const statements = body.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment");
  const last = statements[statements.length - 1];
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  if (!last) return { file, start: body.startIndex + 1, end: body.endIndex - 1, newText: ` ${statement(param)}; ` };
  if (last.startPosition.row === body.startPosition.row) return { file, start: last.endIndex, end: last.endIndex, newText: ` ${statement(param)};` };
  const lineStart = text.lastIndexOf("\n", last.startIndex) + 1;
  const indent = text.slice(lineStart, last.startIndex);
  return { file, start: last.endIndex, end: last.endIndex, newText: `${eol}${indent}${statement(param)};` };
}
