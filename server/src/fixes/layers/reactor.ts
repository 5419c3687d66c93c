/**
 * Fix operations on Reactor retries (reference §3.4), in Java and Kotlin, as edits of the spec
 * call located with tree-sitter. Every count Reactor takes counts **retries** (n → n + 1
 * subscriptions): `Retry.backoff(n, d)`, `fixedDelay(n, d)`, `max(n)`, `.maxAttempts(n)`,
 * `.retry(n)`.
 * - jitter: `.jitter(0)` → `.jitter(0.5)` (the backoff default); `Retry.fixedDelay(n, d)` →
 *   `Retry.backoff(n, d)`, exponential ×2 from d with ±50 % jitter (fixedDelay has no jitter
 *   setting; the waits grow from the second retry on).
 * - backoff (no wait): `Retry.max(n)` → `Retry.backoff(n, Duration.ofMillis(100))`,
 *   `.retry(n)` → `.retryWhen(Retry.backoff(n, Duration.ofMillis(100)))`.
 * - stop: `.retry()` → `.retry(2)`, `Retry.indefinitely()` → `Retry.max(2)` (3 attempts).
 * - cap / off: the count (or `.maxAttempts(n)` where the chain sets it) becomes attempts − 1.
 * `maxInARow` (consecutive errors only) keeps its count semantics: only capped.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callOf, chainFrom, chainHead, findNode, imports, withJvmTree, type JvmCall } from "../jvmCalls";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** the retries a "stop" fix writes: 3 attempts */
const STOP_RETRIES = 2;
const INTEGER = /^\d+[lL]?$/;

export function reactorLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  return withJvmTree(layer.file, text, (root) => {
    const node = findNode(root, (n) => {
      const c = n.type === "method_invocation" || n.type === "call_expression" ? callOf(n) : null;
      return !!c && (c.name === "retry" || c.name === "retryWhen") && c.nameNode.startPosition.row + 1 === layer.anchor.line && c.nameNode.startPosition.column === layer.anchor.column;
    });
    const call = node ? callOf(node) : null;
    if (!call) return null;
    const edit = (n: SyntaxNode, newText: string, start = n.startIndex): FixEdit => ({ file: layer.file, start, end: n.endIndex, newText });
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
    const counted = (n: number, what: string) => (n === 1 ? `Turn off Reactor retries for ${layer.label} (${what})` : `Lower to ${n} attempts for ${layer.label} (${what}, which counts retries)`);
    const retry = imports(root, "reactor.util.retry.Retry") ? "Retry" : "reactor.util.retry.Retry";
    const duration = imports(root, "java.time.Duration") ? "Duration" : "java.time.Duration";
    const backoffOf = (n: string) => `${retry}.backoff(${n}, ${duration}.ofMillis(100))`;

    if (call.name === "retry") {
      const n = call.args[0];
      if (attempts !== null && attempts >= 1) {
        if (n && !INTEGER.test(n.text)) return null;
        const e = n ? edit(n, String(attempts - 1)) : insertArg(layer.file, call, String(attempts - 1));
        return e ? { title: counted(attempts, `.retry(${attempts - 1})`), edits: [e] } : null;
      }
      if (op === "stop" && !n) {
        const e = insertArg(layer.file, call, String(STOP_RETRIES));
        return e ? { title: `Stop ${layer.label} after ${STOP_RETRIES + 1} attempts: .retry(${STOP_RETRIES})`, edits: [e] } : null;
      }
      if (op === "backoff" && n && INTEGER.test(n.text)) {
        return { title: `Back off exponentially with jitter in ${layer.label}: .retryWhen(${backoffOf(n.text)})`, edits: [edit(call.node, `retryWhen(${backoffOf(n.text)})`, call.nameNode.startIndex)] };
      }
      return null;
    }

    // retryWhen(spec): the spec's chain, from `Retry.x(…)` on
    const specNode = call.args[0];
    const last = specNode ? callOf(specNode) : null;
    if (!last) return null;
    const head = chainHead(last);
    const chain = chainFrom(head).filter((c) => c.node.startIndex >= specNode!.startIndex && c.node.endIndex <= specNode!.endIndex);
    const setting = (name: string) => chain.find((c) => c.name === name) ?? null;
    if (attempts !== null && attempts >= 1) {
      const target = setting("maxAttempts")?.args[0] ?? (["backoff", "fixedDelay", "max", "maxInARow"].includes(head.name) ? head.args[0] : undefined);
      if (target && INTEGER.test(target.text)) return { title: counted(attempts, `${setting("maxAttempts") ? ".maxAttempts" : `Retry.${head.name}`}(${attempts - 1})`), edits: [edit(target, String(attempts - 1))] };
      if (head.name === "indefinitely") return { title: counted(attempts, `Retry.max(${attempts - 1})`), edits: [edit(head.node, `max(${attempts - 1})`, head.nameNode.startIndex)] };
      return null;
    }
    if (op === "stop" && head.name === "indefinitely" && !setting("maxAttempts")) {
      return { title: `Stop ${layer.label} after ${STOP_RETRIES + 1} attempts: Retry.max(${STOP_RETRIES})`, edits: [edit(head.node, `max(${STOP_RETRIES})`, head.nameNode.startIndex)] };
    }
    if (op === "jitter") {
      const jitter = setting("jitter");
      if (head.name === "backoff" && jitter?.args[0] && /^0*\.?0*[dDfF]?$/.test(jitter.args[0].text)) {
        return { title: `Randomise the delay of ${layer.label}: .jitter(0.5) (±50%, Reactor's default)`, edits: [edit(jitter.args[0], "0.5")] };
      }
      // no jitter fix on Retry.fixedDelay(n, d): Reactor clamps the jitter of a fixed delay to 0
      // (RetryBackoffSpec: min = max backoff), and Retry.backoff(n, d) would make the waits grow —
      // a jitter fix changes the jitter only (docs/reference/urllib3.md, "Audit")
      return null;
    }
    if (op === "backoff" && head.name === "max" && head.args[0]) {
      const n = head.args[0].text;
      if (!INTEGER.test(n)) return null;
      return { title: `Back off exponentially with jitter in ${layer.label}: ${backoffOf(n)}`, edits: [edit(head.node, `backoff(${n}, ${duration}.ofMillis(100))`, head.nameNode.startIndex)] };
    }
    return null;
  });
}

/** `.retry()` → `.retry(n)`: the value inside the empty argument list. */
function insertArg(file: string, call: JvmCall, value: string): FixEdit | null {
  if (!call.argList || call.args.length) return null;
  const at = call.argList.startIndex + 1;
  return { file, start: at, end: at, newText: value };
}
