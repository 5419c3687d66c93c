/**
 * What Java and Kotlin share when their loops are lowered into the shared loop form
 * (detectors/shared/loops/ir.ts): functions from the neutral JVM model (`syntax.ts`), calls,
 * sleeps (`Thread.sleep`, `TimeUnit.X.sleep`, Kotlin `delay(ms)`, `Duration.ofX(…)`), bookkeeping,
 * response statuses (`r.statusCode()`, OkHttp `code()`, `HttpStatus.X`), 2xx checks and catch
 * types; each grammar's statements and expressions are lowered by `retryLoopJava.ts` and
 * `retryLoopKotlin.ts`.
 */
import { nodeSpan, type SyntaxNode } from "../../parsing/treeSitter";
import type { Call, Expr, Header, Loop, LoopFunction, LoopLanguage, Param, Stmt } from "../shared/loops/ir";
import { ExprLowering } from "../shared/loops/lowering";
import type { JvmContext } from "./context";
import type { Decl } from "./syntax";

const TIME_UNITS: Record<string, number> = { NANOSECONDS: 1e-9, MICROSECONDS: 1e-6, MILLISECONDS: 0.001, SECONDS: 1, MINUTES: 60, HOURS: 3600 };
const DURATION_UNITS: Record<string, number> = { ofMillis: 0.001, ofSeconds: 1, ofMinutes: 60, ofNanos: 1e-9 };
const BOOKKEEPING =
  /^(log|logger|LOG|LOGGER|Log|log\.atWarn\(\)|System|Math|StrictMath|Thread|TimeUnit|Duration|Instant|Clock|LocalDateTime|String|Objects|Random|ThreadLocalRandom|Integer|Long|Double|Arrays|Collections|Preconditions|kotlin\.math|metrics|meterRegistry)\.|^(println|print|maxOf|minOf|require|requireNotNull|check|checkNotNull|error|TODO|listOf|mapOf|setOf|arrayOf|emptyList|lazy|repeat|delay)$|\.(toLong|toInt|toDouble|coerceAtMost|coerceAtLeast|coerceIn|toString|getMessage|printStackTrace|nextLong|nextInt|nextDouble|current|currentTimeMillis|nanoTime|incrementAndGet|getAndIncrement|decrementAndGet|equals|hashCode|isEmpty|size|length|format|debug|info|warn|trace|pow|min|max)$/;
export const STATUS_METHODS = new Set(["statusCode", "getStatusCode", "getRawStatusCode", "code", "status", "getStatus", "getStatusCodeValue", "rawStatusCode"]);
export const OK_METHODS = new Set(["isSuccessful", "is2xxSuccessful", "isSuccess", "ok"]);
export const STATUS_NAMES: Record<string, number> = {
  OK: 200, RequestTimeout: 408, REQUEST_TIMEOUT: 408, TooManyRequests: 429, TOO_MANY_REQUESTS: 429,
  InternalServerError: 500, INTERNAL_SERVER_ERROR: 500, BadGateway: 502, BAD_GATEWAY: 502,
  ServiceUnavailable: 503, SERVICE_UNAVAILABLE: 503, GatewayTimeout: 504, GATEWAY_TIMEOUT: 504,
  Conflict: 409, CONFLICT: 409, NotFound: 404, NOT_FOUND: 404, BadRequest: 400, BAD_REQUEST: 400,
};
const CONNECTS = /^(connect|getConnection|ping|dial|open|newConnection|createConnection)$/;

const EVERY = new Set(["Exception", "Throwable", "RuntimeException"]);
const STATUS_EXCEPTIONS = new Set(["RestClientException", "RestClientResponseException", "HttpStatusCodeException", "HttpClientErrorException", "WebClientResponseException", "FeignException", "HttpException", "ClientRequestException", "ResponseException"]);
const CONNECT_ONLY = new Set(["ConnectException", "UnknownHostException", "NoRouteToHostException", "HttpConnectTimeoutException"]);
const simple = (t: string) => t.slice(t.lastIndexOf(".") + 1).replace(/\?$/, "");

/** Kotlin `repeat(n) { … }` call nodes (the call with its trailing lambda). */
export function repeatCalls(ctx: JvmContext): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of ctx.file.calls) {
    const outer = c.name === "repeat" && c.receiver === null ? c.node.parent : null;
    if (outer?.type === "call_expression" && outer.namedChildren.some((x) => x?.type === "annotated_lambda")) out.push(outer);
  }
  return out;
}

export const at = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex, text: n.text });
export const named = (n: SyntaxNode | null | undefined) => (n?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));

export abstract class JvmLowering extends ExprLowering {
  private readonly ranges: Array<{ d: Decl; start: number; end: number }>;
  protected current: Decl | null = null;

  constructor(
    protected readonly ctx: JvmContext,
    private readonly kotlin: boolean,
  ) {
    super();
    this.ranges = ctx.file.decls.filter((d) => d.kind === "method" || d.kind === "constructor" || d.kind === "lambda").map((d) => ({ d, start: d.node.startIndex, end: d.node.endIndex }));
  }

  /** the grammar's statements, loop headers and expressions */
  protected abstract stmt(n: SyntaxNode, label?: string | null): Stmt[];
  protected abstract header(n: SyntaxNode): { header: Header; body: SyntaxNode | null };
  protected abstract override lowerExpr(n: SyntaxNode): Expr;
  /** what a call node's method is called on */
  protected abstract receiverExpr(n: SyntaxNode): Expr | null;
  /** a parameter's default value (Kotlin) */
  protected abstract paramDefault(d: Decl, name: string): Expr | null;

  enclosing(n: SyntaxNode): Decl[] {
    const s = n.startIndex;
    const e = n.endIndex;
    return this.ranges
      .filter((r) => r.start <= s && r.end >= e && !(r.start === s && r.end === e))
      .sort((a, b) => b.start - a.start)
      .map((r) => r.d);
  }

  language(): LoopLanguage {
    return {
      errors: "exceptions",
      exceptions: {
        every: (t) => EVERY.has(simple(t)),
        includes4xx: (t) => (STATUS_EXCEPTIONS.has(simple(t)) ? `it retries ${t}, which includes 4xx responses that will fail the same way again` : null),
        connectOnly: (t) => CONNECT_ONLY.has(simple(t)),
      },
      resolveOuter: (name, _at, fn) => {
        const decl = fn.key as Decl;
        const init = this.resolveNode(name, decl);
        return init ? { value: this.expr(init), kind: "field" } : null;
      },
    };
  }

  /** A local of an enclosing function or a field/constant of the types around `decl`. */
  private resolveNode(name: string, decl: Decl): SyntaxNode | null {
    const initOf = (node: SyntaxNode): SyntaxNode | null => {
      if (node.type === "variable_declarator") return node.childForFieldName("value");
      if (node.type === "property_declaration") {
        let seenEq = false;
        for (const c of node.children) {
          if (!c) continue;
          if (!c.isNamed && c.type === "=") seenEq = true;
          else if (seenEq && c.isNamed) return c;
        }
      }
      return null;
    };
    const byKey = new Map<string, SyntaxNode[]>();
    const add = (key: string, node: SyntaxNode) => byKey.set(key, [...(byKey.get(key) ?? []), node]);
    for (const l of this.ctx.file.locals) add(`${l.scopeId}.${l.name}`, l.node);
    for (const d of this.ctx.file.decls) if (d.kind === "field") add(`${d.ownerId || this.ctx.file.pkg}.${d.name}`, d.node);
    const parts = decl.id.split(".");
    for (let i = parts.length; i >= 0; i--) {
      const hits = byKey.get(`${parts.slice(0, i).join(".")}.${name}`) ?? (i === 0 ? byKey.get(name) : undefined);
      if (!hits) continue;
      const init = initOf(hits[hits.length - 1]!);
      if (init) return init;
    }
    return null;
  }

  fn(d: Decl): LoopFunction {
    const chain = this.enclosing(d.node);
    const member = [d, ...chain].find((x) => x.kind !== "lambda") ?? d;
    const saved = this.current;
    this.current = d;
    const bodyNode = this.kotlin
      ? (d.node.namedChildren.find((c) => c?.type === "function_body")?.namedChildren[0] ?? d.node.namedChildren.find((c) => c?.type === "lambda_literal") ?? (d.node.type === "lambda_literal" ? d.node : null))
      : d.node.childForFieldName("body");
    const body = bodyNode ? this.block(bodyNode) : [];
    this.current = saved;
    return {
      id: d.id,
      label: member.name,
      name: d.kind === "method" ? d.name : null,
      params: this.params(d),
      outer: chain.map((c) => ({ id: c.id, params: this.params(c) })),
      body,
      start: d.node.startIndex,
      end: d.node.endIndex,
      anchor: d.span,
      key: d,
      raisesOnStatus: false,
      readsRetryAfter: /retry-?after/i.test(member.node.text),
    };
  }

  private params(d: Decl): Param[] {
    return d.params.map((p, index) => ({ name: p.name, index, default: this.paramDefault(d, p.name) }));
  }

  protected block(n: SyntaxNode): Stmt[] {
    if (n.type === "block" || n.type === "lambda_literal" || n.type === "statements" || n.type === "control_structure_body" || n.type === "function_body") {
      return named(n).flatMap((c) => (c.type === "statements" ? this.block(c) : this.stmt(c)));
    }
    return this.stmt(n);
  }

  protected loop(n: SyntaxNode, label: string | null): Loop {
    const next = n.nextNamedSibling;
    const header = this.header(n);
    return {
      ...at(n),
      header: header.header,
      body: header.body ? this.block(header.body) : [],
      label,
      anchor: nodeSpan(n),
      key: n,
      after: next ? (this.stmt(next)[0] ?? null) : null,
      broken: n.hasError,
    };
  }


  protected num(n: SyntaxNode): number | null {
    const t = n.text.replaceAll("_", "").replace(/[lLfFdDuU]+$/, "");
    const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
    return Number.isFinite(v) ? v : null;
  }

  protected call(n: SyntaxNode): Expr {
    const p = at(n);
    const neutral = this.ctx.file.callOf(n);
    if (!neutral) return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
    // `x.toLong()`, `x.toInt()`: the value itself
    if (this.kotlin && /^to(Long|Int|Double)$/.test(neutral.name) && neutral.args.length === 0 && neutral.receiver) return this.receiverExpr(n) ?? { ...p, k: "other", parts: [] };
    // `List.of(a, b)`, `Arrays.asList(…)`, `listOf(…)`: the items
    const recvText = neutral.receiver?.k === "name" ? neutral.receiver.path : null;
    const full = recvText ? `${recvText}.${neutral.name}` : neutral.name;
    if (/^(List\.of|Arrays\.asList|Set\.of|Stream\.of|ImmutableList\.of|listOf|arrayOf|setOf|longArrayOf|intArrayOf|doubleArrayOf)$/.test(full)) return { ...p, k: "list", items: neutral.args.map((a) => this.expr(a.node.type === "value_argument" ? a.node.namedChildren[0] : a.node)) };
    if (neutral.isNew) return { ...p, k: "other", parts: neutral.args.map((a) => this.argExpr(a.node)) };
    const object = this.receiverExpr(n);
    // `r.statusCode()`, `resp.getStatusCode()`, OkHttp `response.code()`; `r.isSuccessful()`
    if (neutral.args.length === 0 && neutral.receiver && STATUS_METHODS.has(neutral.name)) return { ...p, k: "status", of: object };
    if (neutral.args.length === 0 && neutral.receiver && OK_METHODS.has(neutral.name)) return { ...p, k: "ok", of: object };
    const receiverName = neutral.receiver?.k === "name" && !neutral.receiver.path.includes(".") ? neutral.receiver.path.replace(/^this\./, "") : null;
    const recvLabel = exprName(neutral.receiver);
    const callee = recvLabel ? `${recvLabel}.${neutral.name}` : neutral.name;
    const call: Call = {
      ...p,
      callee,
      qualified: callee,
      method: neutral.name,
      receiver: receiverName,
      bare: neutral.receiver === null ? neutral.name : null,
      object,
      args: neutral.args.map((a) => this.argExpr(a.node)),
      role: "operation",
      callId: this.ctx.callIds.get(n.id),
      ...(this.current && neutral.name === this.current.name && (neutral.receiver === null || (neutral.receiver.k === "name" && neutral.receiver.path === "this")) && this.current.kind === "method" ? { self: true } : {}),
      ...(CONNECTS.test(neutral.name) ? { connects: true } : {}),
    };
    const sleep = this.sleepOf(call);
    if (sleep) {
      call.role = "sleep";
      call.sleep = sleep;
    } else if (BOOKKEEPING.test(callee)) call.role = "bookkeeping";
    return { ...p, k: "call", call };
  }

  protected argExpr(node: SyntaxNode): Expr {
    return this.expr(node.type === "value_argument" ? (node.namedChildren[node.namedChildCount - 1] ?? node) : node);
  }

  private sleepOf(c: Call): Call["sleep"] | null {
    const arg = c.args[0] ?? null;
    const parts = c.callee.split(".");
    const recvLast = parts.length >= 2 ? parts[parts.length - 2]! : "";
    if (c.callee === "Thread.sleep" || c.callee === "java.lang.Thread.sleep" || (c.bare === "delay" && c.args.length >= 1) || c.callee === "kotlinx.coroutines.delay") return this.durationArg(arg, 0.001);
    if (c.method === "sleep" && recvLast in TIME_UNITS) return { delay: arg, unitSeconds: TIME_UNITS[recvLast]! };
    return null;
  }

  /** `Duration.ofMillis(200)` as a sleep argument: its number and unit. */
  private durationArg(arg: Expr | null, plain: number): Call["sleep"] {
    if (arg?.k === "call" && /^(java\.time\.)?Duration$/.test(arg.call.callee.slice(0, arg.call.callee.lastIndexOf("."))) && DURATION_UNITS[arg.call.method] !== undefined) {
      return { delay: arg.call.args[0] ?? null, unitSeconds: DURATION_UNITS[arg.call.method]! };
    }
    return { delay: arg, unitSeconds: plain };
  }
}

function exprName(e: import("./syntax").Expr | null): string | null {
  if (!e) return null;
  if (e.k === "name") return e.path.startsWith("this.") ? e.path.slice(5) : e.path;
  if (e.k === "call") {
    const inner = exprName(e.call.receiver);
    return `${inner ? `${inner}.` : ""}${e.call.name}()`;
  }
  return null;
}
