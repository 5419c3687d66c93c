/**
 * Message handlers (FunctionFact.messageHandler): a callable registered to run once per message a
 * consumer receives, not inside any request into the service. amqplib's
 * `channel.consume(queue, onMessage)` ("Set up a consumer with a callback to be invoked with each
 * message", amqp.node.js.org channel API), amqp-connection-manager's `channelWrapper.consume`, and
 * the wrappers projects write around them under the same name (`broker.consume(queue, handler)`);
 * `subscribe(channel, listener)` of pub/sub clients (node-redis v4 `subscriber.subscribe(channel,
 * listener)`). The name, a destination first and a callable after it is the whole signal: the
 * receiver is a wrapper class the file cannot see into. RxJS `subscribe(next)` takes the callable
 * first and is no registration of this kind.
 */
import { calledMember, isFunctionLike, ts, unwrap } from "../../parsing/typescript";
import type { FileIndex, IndexedFunction } from "./module";

const REGISTRATIONS = new Set(["consume", "subscribe"]);

/** The functions of the file that a consumer registration runs per message. */
export function messageHandlerFunctions(index: FileIndex): Set<IndexedFunction> {
  const out = new Set<IndexedFunction>();
  for (const call of index.calls) {
    const member = calledMember(call);
    if (!member || !REGISTRATIONS.has(member)) continue;
    const [destination, ...rest] = call.arguments;
    if (!destination || !namesDestination(destination, index)) continue;
    for (const arg of rest) {
      const fn = callableOf(arg, index);
      if (fn) out.add(fn);
    }
  }
  return out;
}

/** A queue, channel or topic: not a callable, an observer object or an empty `null`/`undefined`. */
function namesDestination(arg: ts.Expression, index: FileIndex): boolean {
  const u = unwrap(arg);
  if (u.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(u) && u.text === "undefined")) return false;
  return !ts.isObjectLiteralExpression(u) && !callableOf(u, index);
}

/** An inline function, or a plain name of one of the file's functions. */
function callableOf(arg: ts.Expression, index: FileIndex): IndexedFunction | undefined {
  const u = unwrap(arg);
  if (isFunctionLike(u)) return index.entryOf(u);
  return ts.isIdentifier(u) ? index.resolveName(u.text, u) : undefined;
}
