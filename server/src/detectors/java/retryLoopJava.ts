/**
 * Java syntax (tree-sitter-java) lowered into the shared loop form: statements (try/catch with
 * `catch (A | B e)`, switch groups, labels), loop headers (`for (int i = 0; i < N; i++)`,
 * `for (x : DELAYS)`, while, do-while) and expressions. Lambdas are other scopes.
 */
import { descendants } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { BinaryOp, Catch, Expr, Header, Stmt } from "../shared/loops/ir";
import type { Decl } from "./syntax";
import { at, JvmLowering, named, STATUS_NAMES } from "./retryLoopJvm";

export const JAVA_BINARY: Record<string, BinaryOp> = { "+": "+", "-": "-", "*": "*", "/": "/", "%": "%", "<<": "<<", ">>": ">>", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!=", "&&": "&&", "||": "||", "&": "&", "|": "|", "^": "^" };

export class JavaLowering extends JvmLowering {
  protected paramDefault(_d: Decl, _name: string): Expr | null {
    return null;
  }

  protected stmt(n: SyntaxNode, label: string | null = null): Stmt[] {
    return this.javaStmt(n, label);
  }

  protected receiverExpr(n: SyntaxNode): Expr | null {
    const obj = n.childForFieldName("object");
    return obj ? this.expr(obj) : null;
  }

  private javaStmt(n: SyntaxNode, label: string | null): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "block":
        return [{ ...p, k: "block", body: this.block(n) }];
      case "expression_statement":
        return n.namedChildren[0] ? [{ ...p, k: "expr", e: this.expr(n.namedChildren[0]) }] : [];
      case "local_variable_declaration":
        return named(n)
          .filter((c) => c.type === "variable_declarator")
          .map((v) => {
            const value = v.childForFieldName("value");
            return { ...at(v), k: "decl" as const, names: [v.childForFieldName("name")?.text ?? ""], values: value ? [this.expr(value)] : [] };
          });
      case "if_statement": {
        const alt = n.childForFieldName("alternative");
        return [{ ...p, k: "if", init: null, cond: this.expr(n.childForFieldName("condition")), then: this.block(n.childForFieldName("consequence")!), else: alt ? this.block(alt) : null }];
      }
      case "return_statement":
        return [{ ...p, k: "exit", kind: "return", label: null, value: n.namedChildren[0] ? this.expr(n.namedChildren[0]) : null }];
      case "throw_statement":
        return [{ ...p, k: "exit", kind: "throw", label: null, value: n.namedChildren[0] ? this.expr(n.namedChildren[0]) : null }];
      case "break_statement":
      case "continue_statement":
        return [{ ...p, k: "exit", kind: n.type === "break_statement" ? "break" : "continue", label: n.namedChildren.find((c) => c?.type === "identifier")?.text ?? null, value: null }];
      case "try_statement":
      case "try_with_resources_statement": {
        const catches: Catch[] = named(n)
          .filter((c) => c.type === "catch_clause")
          .map((c) => {
            const types = descendants(c.namedChildren.find((x) => x?.type === "catch_formal_parameter") ?? c, "catch_type").flatMap((t) => named(t).map((x) => x.text.replace(/\s+/g, "")));
            const body = c.childForFieldName("body");
            return { ...at(c), types, all: false, filter: null, filterText: null, body: body ? this.block(body) : [] };
          });
        const fin = named(n).find((c) => c.type === "finally_clause");
        const finBlock = fin ? named(fin).find((x) => x.type === "block") : undefined;
        const body = n.childForFieldName("body");
        return [{ ...p, k: "try", body: body ? this.block(body) : [], catches, orelse: null, final: finBlock ? this.block(finBlock) : null }];
      }
      case "switch_expression":
      case "switch_statement": {
        const body = n.childForFieldName("body");
        const cases = named(body)
          .filter((g) => g.type === "switch_block_statement_group" || g.type === "switch_rule")
          .map((g) => {
            const labels = named(g).filter((x) => x.type === "switch_label");
            const isDefault = labels.some((l) => /^default\b/.test(l.text));
            const values = isDefault ? null : labels.flatMap((l) => named(l).map((v) => this.expr(v)));
            return { values, body: named(g).filter((x) => x.type !== "switch_label").flatMap((x) => this.stmt(x)) };
          });
        return [{ ...p, k: "switch", init: null, tag: this.expr(n.childForFieldName("condition")), cases }];
      }
      case "labeled_statement": {
        const name = n.namedChildren.find((c) => c?.type === "identifier")?.text ?? null;
        const inner = named(n).find((c) => c.type !== "identifier");
        return inner ? this.stmt(inner, name) : [];
      }
      case "synchronized_statement":
        return [{ ...p, k: "block", body: named(n).filter((c) => c.type === "block").flatMap((c) => this.block(c)) }];
      case "for_statement":
      case "enhanced_for_statement":
      case "while_statement":
      case "do_statement":
        return [{ ...p, k: "loop", loop: this.loop(n, label) }];
      default:
        return [];
    }
  }

  protected header(n: SyntaxNode): { header: Header; body: SyntaxNode | null } {
    const body = n.childForFieldName("body");
    if (n.type === "enhanced_for_statement") {
      const iterable = n.childForFieldName("value");
      const v = n.childForFieldName("name")?.text ?? null;
      return { header: { kind: "items", iterable: iterable ? this.expr(iterable) : null, text: `for (… : ${iterable?.text ?? "?"})`, variables: v ? [v] : [], valueVar: v }, body };
    }
    const cond = n.childForFieldName("condition");
    if (n.type === "for_statement") {
      const init: Array<{ name: string; value: Expr | null }> = [];
      for (const i of n.childrenForFieldName("init")) {
        for (const v of i?.type === "local_variable_declaration" ? named(i) : []) {
          const name = v.type === "variable_declarator" ? v.childForFieldName("name")?.text : null;
          const value = v.childForFieldName("value");
          if (name) init.push({ name, value: value ? this.expr(value) : null });
        }
        if (i?.type === "assignment_expression" && i.childForFieldName("left")?.type === "identifier") init.push({ name: i.childForFieldName("left")!.text, value: this.expr(i.childForFieldName("right")) });
      }
      const updates = n.childrenForFieldName("update").filter((u): u is SyntaxNode => !!u).map((u) => this.expr(u));
      return { header: { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: false, init, updates, text: cond?.text ?? "" }, body };
    }
    return { header: { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: n.type === "do_statement", init: [], updates: [], text: (cond?.text ?? "").replace(/^\((.*)\)$/s, "$1") }, body };
  }

  protected lowerExpr(n: SyntaxNode): Expr {
    const p = at(n);
    switch (n.type) {
      case "decimal_integer_literal":
      case "hex_integer_literal":
      case "decimal_floating_point_literal": {
        const v = this.num(n);
        return v === null ? { ...p, k: "other", parts: [] } : { ...p, k: "num", value: v };
      }
      case "string_literal":
        return { ...p, k: "str", value: n.text.replace(/^"|"$/g, "") };
      case "true":
      case "false":
        return { ...p, k: "bool", value: n.type === "true" };
      case "null_literal":
        return { ...p, k: "nil" };
      case "identifier":
        return { ...p, k: "name", name: n.text };
      case "parenthesized_expression":
        return this.expr(n.namedChildren[0]);
      case "cast_expression":
        return this.expr(n.childForFieldName("value"));
      case "field_access": {
        const obj = n.childForFieldName("object");
        const field = n.childForFieldName("field")?.text ?? "";
        if (obj?.type === "this") return { ...p, k: "name", name: field, self: true };
        if (field in STATUS_NAMES && /HttpStatus|HttpStatusCode/.test(obj?.text ?? "")) return { ...p, k: "num", value: STATUS_NAMES[field]! };
        return { ...p, k: "member", object: this.expr(obj), name: field };
      }
      case "array_access":
        return { ...p, k: "index", object: this.expr(n.childForFieldName("array")), index: this.expr(n.childForFieldName("index")) };
      case "array_initializer":
        return { ...p, k: "list", items: named(n).map((c) => this.expr(c)) };
      case "array_creation_expression": {
        const init = named(n).find((c) => c.type === "array_initializer");
        return init ? this.expr(init) : { ...p, k: "other", parts: [] };
      }
      case "method_invocation":
      case "object_creation_expression":
        return this.call(n);
      case "lambda_expression":
      case "method_reference":
        return { ...p, k: "closure" };
      case "binary_expression":
        return this.binary(n, JAVA_BINARY);
      case "unary_expression": {
        const op = n.childForFieldName("operator")?.type;
        const operand = this.expr(n.childForFieldName("operand"));
        return op === "!" || op === "-" || op === "+" ? { ...p, k: "unary", op, operand } : { ...p, k: "other", parts: [operand] };
      }
      case "update_expression": {
        const id = n.namedChildren[0];
        if (id?.type !== "identifier") return { ...p, k: "other", parts: [] };
        return { ...p, k: "update", target: id.text, step: n.text.includes("--") ? -1 : 1, prefix: n.child(0)?.isNamed === false };
      }
      case "assignment_expression": {
        const left = n.childForFieldName("left");
        const target = left?.type === "identifier" ? left.text : left?.type === "field_access" && left.childForFieldName("object")?.type === "this" ? (left.childForFieldName("field")?.text ?? null) : null;
        return { ...p, k: "assign", target, op: n.childForFieldName("operator")?.type ?? "=", value: this.expr(n.childForFieldName("right")) };
      }
      case "ternary_expression":
        return { ...p, k: "ternary", test: this.expr(n.childForFieldName("condition")), then: this.expr(n.childForFieldName("consequence")), else: this.expr(n.childForFieldName("alternative")) };
      default:
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
    }
  }
}
