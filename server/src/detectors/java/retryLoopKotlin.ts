/**
 * Kotlin syntax (tree-sitter-kotlin) lowered into the shared loop form: `if`/`try`/`when`
 * expressions in statement position, `break`/`continue`, `return@repeat` (one pass of the lambda:
 * it goes round again), loops over `1..N`, `until`, `downTo`, `repeat(N) { … }`, and expressions
 * (`shl`, `x.toLong()`, `listOf(…)`). A trailing lambda of a call statement runs in place
 * (`runCatching { … }`); other lambdas are other scopes.
 */
import { descendants } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { BinaryOp, Catch, Expr, Header, Stmt } from "../shared/loops/ir";
import type { JvmContext } from "./context";
import type { Decl } from "./syntax";
import { JAVA_BINARY } from "./retryLoopJava";
import { at, JvmLowering, named, repeatCalls, STATUS_NAMES } from "./retryLoopJvm";

const KOTLIN_INFIX: Record<string, BinaryOp> = { shl: "<<", shr: ">>", and: "&", or: "|", xor: "^" };

export class KotlinLowering extends JvmLowering {
  private readonly repeats: Set<number>;

  constructor(ctx: JvmContext) {
    super(ctx, true);
    this.repeats = new Set(repeatCalls(ctx).map((n) => n.id));
  }

  protected stmt(n: SyntaxNode, label: string | null = null): Stmt[] {
    return this.kotlinStmt(n, label);
  }

  protected receiverExpr(n: SyntaxNode): Expr | null {
    const callee = n.namedChildren[0];
    return callee?.type === "navigation_expression" ? this.expr(callee.namedChildren[0]) : null;
  }

  protected paramDefault(d: Decl, name: string): Expr | null {
    const params = d.node.namedChildren.find((c) => c?.type === "function_value_parameters");
    const kids = params?.children.filter((c): c is SyntaxNode => !!c) ?? [];
    const i = kids.findIndex((c) => c.type === "parameter" && c.namedChildren.find((x) => x?.type === "identifier")?.text === name);
    if (i < 0) return null;
    return kids[i + 1]?.type === "=" && kids[i + 2] ? this.expr(kids[i + 2]) : null;
  }

  // ------------------------------------------------------------------------------ statements

  private kotlinStmt(n: SyntaxNode, label: string | null): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "property_declaration": {
        const v = n.namedChildren.find((c) => c?.type === "variable_declaration");
        const names = v ? named(v).filter((c) => c.type === "identifier").map((c) => c.text) : [];
        const init = this.kotlinInit(n);
        return [{ ...p, k: "decl", names, values: init ? [this.expr(init)] : [] }];
      }
      case "assignment":
        return [{ ...p, k: "expr", e: this.expr(n) }];
      case "for_statement":
      case "while_statement":
      case "do_while_statement":
        return [{ ...p, k: "loop", loop: this.loop(n, label) }];
      case "labeled_expression":
      case "label": {
        const inner = named(n).find((c) => c.type !== "label" && c.type !== "identifier");
        return inner ? this.stmt(inner, n.text.split("@")[0] ?? null) : [];
      }
      case "call_expression":
        if (this.repeats.has(n.id)) return [{ ...p, k: "loop", loop: this.loop(n, label) }];
        break;
    }
    return this.kotlinExprStmt(n);
  }

  /** A Kotlin expression in statement position: if/try/when/jumps are statements here. */
  private kotlinExprStmt(n: SyntaxNode): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "block":
      case "control_structure_body":
      case "statements":
        return [{ ...p, k: "block", body: this.block(n) }];
      case "parenthesized_expression":
        return n.namedChildren[0] ? this.kotlinExprStmt(n.namedChildren[0]) : [];
      case "if_expression": {
        const cond = n.childForFieldName("condition");
        const branches = named(n).filter((c) => c.id !== cond?.id);
        const hasElse = n.children.some((c) => c && !c.isNamed && c.type === "else");
        const then = branches[0];
        const other = hasElse ? branches[branches.length - 1] : undefined;
        return [{ ...p, k: "if", init: null, cond: this.expr(cond), then: then ? this.block(then) : [], else: other && other.id !== then?.id ? this.block(other) : null }];
      }
      case "try_expression": {
        const body = named(n).find((c) => c.type === "block");
        const catches: Catch[] = named(n)
          .filter((c) => c.type === "catch_block")
          .map((c) => {
            const types = named(c).filter((x) => x.type === "user_type" || x.type === "nullable_type").map((x) => x.text.replace(/\s+/g, ""));
            const b = named(c).find((x) => x.type === "block");
            return { ...at(c), types, all: false, filter: null, filterText: null, body: b ? this.block(b) : [] };
          });
        const fin = named(n).find((c) => c.type === "finally_block");
        const finBlock = fin ? named(fin).find((x) => x.type === "block") : undefined;
        return [{ ...p, k: "try", body: body ? this.block(body) : [], catches, orelse: null, final: finBlock ? this.block(finBlock) : null }];
      }
      case "when_expression": {
        const subject = named(n).find((c) => c.type === "when_subject");
        const tag = subject ? (named(subject).pop() ?? null) : null;
        const cases = named(n)
          .filter((c) => c.type === "when_entry")
          .map((entry) => {
            const conds = entry.childrenForFieldName("condition").filter((c): c is SyntaxNode => !!c);
            const body = named(entry).filter((c) => !conds.some((x) => x.id === c.id) && c.type !== "when_condition");
            return { values: conds.length ? conds.map((c) => this.expr(c)) : null, body: body.flatMap((b) => this.block(b)) };
          });
        return [{ ...p, k: "switch", init: null, tag: tag ? this.expr(tag) : null, cases }];
      }
      case "return_expression": {
        const lbl = n.childForFieldName("label")?.text ?? null;
        const value = named(n).find((c) => c.type !== "identifier" || c.id !== n.childForFieldName("label")?.id);
        // `return@repeat` / `return@forEach` ends one pass of a lambda: the loop goes round again
        if (lbl && lbl !== this.current?.name) return [{ ...p, k: "exit", kind: "continue", label: null, value: null }];
        return [{ ...p, k: "exit", kind: "return", label: null, value: value ? this.expr(value) : null }];
      }
      case "throw_expression":
        return [{ ...p, k: "exit", kind: "throw", label: null, value: n.namedChildren[0] ? this.expr(n.namedChildren[0]) : null }];
      case "identifier":
        if (n.text === "break" || n.text === "continue") return [{ ...p, k: "exit", kind: n.text, label: null, value: null }];
        break;
      case "jump_expression": {
        const kind = /^break/.test(n.text) ? "break" : /^continue/.test(n.text) ? "continue" : null;
        if (kind) return [{ ...p, k: "exit", kind, label: n.text.includes("@") ? n.text.split("@")[1]! : null, value: null }];
        break;
      }
      case "call_expression": {
        // a trailing lambda of a call statement runs in place (`runCatching { … }`, `synchronized(x) { … }`)
        const lambda = n.namedChildren.find((c) => c?.type === "annotated_lambda")?.namedChildren.find((c) => c?.type === "lambda_literal");
        if (lambda) return [{ ...p, k: "expr", e: this.expr(n) }, { ...at(lambda), k: "block", body: this.block(lambda) }];
        break;
      }
    }
    return [{ ...p, k: "expr", e: this.expr(n) }];
  }

  private kotlinInit(n: SyntaxNode): SyntaxNode | null {
    let seenEq = false;
    for (const c of n.children) {
      if (!c) continue;
      if (!c.isNamed && c.type === "=") seenEq = true;
      else if (seenEq && c.isNamed) return c;
    }
    return null;
  }

  protected header(n: SyntaxNode): { header: Header; body: SyntaxNode | null } {
    if (n.type === "call_expression") {
      const lambda = n.namedChildren.find((c) => c?.type === "annotated_lambda")?.namedChildren.find((c) => c?.type === "lambda_literal") ?? null;
      const times = descendants(n.namedChildren[0]!, "value_argument")[0]?.namedChildren[0] ?? null;
      return { header: { kind: "range", lo: 0, hi: this.expr(times), inclusive: false, text: `repeat(${times?.text ?? "?"})`, variable: "it" }, body: lambda };
    }
    const kids = named(n);
    const body = kids[kids.length - 1] ?? null;
    if (n.type === "for_statement") {
      const vi = kids.findIndex((c) => c.type === "variable_declaration" || c.type === "multi_variable_declaration");
      const iterable = kids[vi + 1] ?? null;
      const text = `for (… in ${iterable?.text ?? "?"})`;
      const variable = kids[vi]?.type === "variable_declaration" ? (named(kids[vi]).find((c) => c.type === "identifier")?.text ?? null) : null;
      if (iterable?.type === "range_expression") {
        const [lo, hi] = named(iterable);
        if (lo && hi) return { header: { kind: "range", lo: this.expr(lo), hi: this.expr(hi), inclusive: !iterable.text.includes("..<"), text, variable }, body };
      }
      if (iterable?.type === "infix_expression") {
        const [lo, op, hi] = named(iterable);
        if (lo && hi && op?.text === "until") return { header: { kind: "range", lo: this.expr(lo), hi: this.expr(hi), inclusive: false, text, variable }, body };
        if (lo && hi && op?.text === "downTo") return { header: { kind: "range", lo: this.expr(hi), hi: this.expr(lo), inclusive: true, text, variable }, body };
      }
      return { header: { kind: "items", iterable: iterable && iterable.id !== body?.id ? this.expr(iterable) : null, text, variables: variable ? [variable] : [], valueVar: variable }, body };
    }
    const cond = n.childForFieldName("condition");
    if (n.type === "do_while_statement") {
      const block = kids.find((c) => c.type === "block") ?? null;
      return { header: { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: true, init: [], updates: [], text: cond?.text ?? "" }, body: block };
    }
    return { header: { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: false, init: [], updates: [], text: cond?.text ?? "" }, body: body && body.id !== cond?.id ? body : null };
  }

  // ----------------------------------------------------------------------------- expressions

  protected lowerExpr(n: SyntaxNode): Expr {
    const p = at(n);
    switch (n.type) {
      case "number_literal":
      case "float_literal":
      case "integer_literal":
      case "long_literal":
      case "real_literal": {
        const v = this.num(n);
        return v === null ? { ...p, k: "other", parts: [] } : { ...p, k: "num", value: v };
      }
      case "string_literal":
        return named(n).some((c) => c.type !== "string_content") ? { ...p, k: "other", parts: [] } : { ...p, k: "str", value: named(n).map((c) => c.text).join("") };
      case "boolean_literal":
        return { ...p, k: "bool", value: n.text === "true" };
      case "null_literal":
        return { ...p, k: "nil" };
      case "identifier":
        if (n.text === "true" || n.text === "false") return { ...p, k: "bool", value: n.text === "true" };
        if (n.text === "null") return { ...p, k: "nil" };
        return { ...p, k: "name", name: n.text };
      case "parenthesized_expression":
        return this.expr(n.namedChildren[0]);
      case "as_expression":
        return this.expr(n.namedChildren[0]);
      case "navigation_expression": {
        const [obj, member] = named(n);
        const name = member?.text.replace(/^\?*\.?/, "") ?? "";
        if (obj?.type === "this_expression") return { ...p, k: "name", name, self: true };
        if (name in STATUS_NAMES && /HttpStatus|HttpStatusCode/.test(obj?.text ?? "")) return { ...p, k: "num", value: STATUS_NAMES[name]! };
        if (name === "code" || name === "status" || name === "statusCode") return { ...p, k: "status", of: this.expr(obj) };
        if (name === "isSuccessful" || name === "isSuccess") return { ...p, k: "ok", of: this.expr(obj) };
        return { ...p, k: "member", object: this.expr(obj), name };
      }
      case "index_expression":
        return { ...p, k: "index", object: this.expr(n.namedChildren[0]), index: this.expr(n.namedChildren[1]) };
      case "collection_literal":
        return { ...p, k: "list", items: named(n).map((c) => this.expr(c)) };
      case "call_expression":
        return this.call(n);
      case "lambda_literal":
      case "anonymous_function":
      case "annotated_lambda":
      case "callable_reference":
        return { ...p, k: "closure" };
      case "binary_expression":
        return this.binary(n, JAVA_BINARY);
      case "infix_expression": {
        const [l, op, r] = named(n);
        const bop = KOTLIN_INFIX[op?.text ?? ""];
        return bop && l && r ? { ...p, k: "binary", op: bop, left: this.expr(l), right: this.expr(r) } : { ...p, k: "other", parts: [l, r].filter((x): x is SyntaxNode => !!x).map((x) => this.expr(x)) };
      }
      case "unary_expression":
      case "prefix_expression":
      case "postfix_expression": {
        const op = n.children.find((c) => c && !c.isNamed);
        const arg = named(n)[0];
        if ((op?.type === "++" || op?.type === "--") && arg?.type === "identifier") return { ...p, k: "update", target: arg.text, step: op.type === "++" ? 1 : -1, prefix: op.startIndex < arg.startIndex };
        if (op?.type === "!" || op?.type === "-" || op?.type === "+") return { ...p, k: "unary", op: op.type, operand: this.expr(arg) };
        return { ...p, k: "other", parts: arg ? [this.expr(arg)] : [] };
      }
      case "assignment": {
        const left = n.childForFieldName("left");
        const target = left?.type === "identifier" ? left.text : left?.type === "navigation_expression" && left.namedChildren[0]?.type === "this_expression" ? (left.namedChildren[1]?.text ?? null) : null;
        const opNode = n.childForFieldName("operator") ?? n.children.find((c) => c && !c.isNamed && /=$/.test(c.type));
        return { ...p, k: "assign", target, op: opNode?.type ?? "=", value: this.expr(n.childForFieldName("right")) };
      }
      case "if_expression": {
        const cond = n.childForFieldName("condition");
        const branches = named(n).filter((c) => c.id !== cond?.id);
        if (branches.length === 2) return { ...p, k: "ternary", test: this.expr(cond), then: this.expr(branches[0]), else: this.expr(branches[1]) };
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
      }
      default:
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
    }
  }
}
