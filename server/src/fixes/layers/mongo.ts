/**
 * Fix operations on MongoDB drivers' retryable reads and writes (docs/reference/mongodb.md):
 * the only settings are the two booleans, so the one edit is "off" (and "cap" to a single
 * attempt) — there is no count to lower to 2 or more, and no backoff to add.
 * - Go (`mongo.Connect(ctx, opts)` / `mongo.NewClient(opts)`): an inline `options.Client()…`
 *   chain gets `.SetRetryWrites(false).SetRetryReads(false)` (existing calls get `false`); options
 *   passed by name get one more options argument, `options.Client().SetRetryWrites(false).SetRetryReads(false)`
 *   (the driver merges client options in order: the last one wins).
 * - Python (`MongoClient(…)`, Motor): `retryWrites=False, retryReads=False` keywords (set or added).
 * - TS/JS (`new MongoClient(uri, opts)`, `mongoose.connect(uri, opts)`): the options object gets
 *   `retryWrites: false, retryReads: false` (set or added; an object is created when there is none).
 * A `retryWrites=true` in a literal connection string is overridden by the explicit option in
 * every driver (options given in code win over the URI: PyMongo, Node, Go apply them after it).
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { ts } from "../../parsing/typescript";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { mongoJavaEdits } from "./mongoJava";

export function mongoLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "mongodb-retryable" || text === undefined) return null;
  if (!(op === "disable" || (op === "cap" && ctx.attempts === 1))) return null;
  const title = `Turn off the MongoDB driver's retryable writes and reads for ${layer.label} (line ${layer.anchor.line}: retryWrites/retryReads false)`;
  const edits = /\.go$/.test(layer.file) ? goEdits(layer, text) : /\.pyi?$/.test(layer.file) ? pythonEdits(layer, text) : /\.[cm]?[jt]sx?$/.test(layer.file) ? tsEdits(layer, text) : /\.(java|kts?)$/.test(layer.file) ? mongoJavaEdits(layer, text) : null;
  return edits?.length ? { title, edits } : null;
}

function goEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  const tree = parseTree("go", text);
  try {
    const call = findNode(tree.rootNode, (n) => n.type === "call_expression" && n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column);
    const args = call?.childForFieldName("arguments");
    if (!call || !args) return null;
    const optionsPkg = goOptionsImport(tree.rootNode);
    if (!optionsPkg) return null;
    const list = args.namedChildren.filter((a): a is SyntaxNode => a !== null && a.type !== "comment");
    // an inline chain `options.Client()…`: set the two calls in it
    const chain = list.find((a) => a.type === "call_expression" && chainStart(a) === `${optionsPkg}.Client`);
    if (chain && list.filter((a) => a.type === "call_expression" && chainStart(a) === `${optionsPkg}.Client`).length === 1) {
      const edits: FixEdit[] = [];
      let append = "";
      for (const method of ["SetRetryWrites", "SetRetryReads"]) {
        const existing = chainCalls(chain).find((c) => c.childForFieldName("function")?.childForFieldName("field")?.text === method);
        const arg = existing?.childForFieldName("arguments")?.namedChildren[0];
        if (arg) {
          if (arg.text !== "false") edits.push({ file: layer.file, start: arg.startIndex, end: arg.endIndex, newText: "false" });
        } else append += `.${method}(false)`;
      }
      if (append) edits.push({ file: layer.file, start: chain.endIndex, end: chain.endIndex, newText: append });
      return edits;
    }
    const last = list[list.length - 1];
    if (!last) return null;
    return [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, ${optionsPkg}.Client().SetRetryWrites(false).SetRetryReads(false)` }];
  } finally {
    tree.delete();
  }
}

/** the local name of go.mongodb.org/mongo-driver[/v2]/mongo/options */
function goOptionsImport(root: SyntaxNode): string | null {
  for (const spec of findAll(root, "import_spec")) {
    const path = spec.childForFieldName("path")?.text.replace(/^"|"$/g, "") ?? "";
    if (!/^go\.mongodb\.org\/mongo-driver(\/v2)?\/mongo\/options$/.test(path)) continue;
    return spec.childForFieldName("name")?.text ?? "options";
  }
  return null;
}

function findAll(n: SyntaxNode, type: string, out: SyntaxNode[] = []): SyntaxNode[] {
  if (n.type === type) out.push(n);
  for (const c of n.namedChildren) if (c) findAll(c, type, out);
  return out;
}

/** `options.Client().ApplyURI(u)` → "options.Client" (the innermost call's callee) */
function chainStart(call: SyntaxNode): string | null {
  let n: SyntaxNode | null = call;
  let last: SyntaxNode | null = null;
  while (n?.type === "call_expression") {
    last = n;
    const fn = n.childForFieldName("function");
    n = fn?.type === "selector_expression" ? fn.childForFieldName("operand") : null;
  }
  return last?.childForFieldName("function")?.text ?? null;
}

function chainCalls(call: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  let n: SyntaxNode | null = call;
  while (n?.type === "call_expression") {
    out.push(n);
    const fn = n.childForFieldName("function");
    n = fn?.type === "selector_expression" ? fn.childForFieldName("operand") : null;
  }
  return out;
}

function pythonEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const call = findNode(tree.rootNode, (n) => n.type === "call" && n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column);
    const args = call?.childForFieldName("arguments");
    if (!call || args?.type !== "argument_list") return null;
    const items = args.namedChildren.filter((a): a is SyntaxNode => a !== null && a.type !== "comment");
    const edits: FixEdit[] = [];
    const missing: string[] = [];
    for (const key of ["retryWrites", "retryReads"]) {
      const kw = items.find((a) => a.type === "keyword_argument" && a.childForFieldName("name")?.text.toLowerCase().replace(/_/g, "") === key.toLowerCase());
      const value = kw?.childForFieldName("value");
      if (value) {
        if (value.text !== "False") edits.push({ file: layer.file, start: value.startIndex, end: value.endIndex, newText: "False" });
      } else missing.push(`${key}=False`);
    }
    if (missing.length) {
      const last = items[items.length - 1];
      // one argument per line: the new ones on lines of their own, in the same indentation
      const multiline = last !== undefined && last.startPosition.row !== call.startPosition.row;
      const trailingComma = last !== undefined && text.slice(last.endIndex, args.endIndex - 1).includes(",");
      if (multiline) {
        const indent = " ".repeat(last!.startPosition.column);
        const insert = `${trailingComma ? "" : ","}\n${missing.map((m) => `${indent}${m}`).join(",\n")}${trailingComma ? "," : ""}`;
        const at = trailingComma ? text.indexOf(",", last!.endIndex) + 1 : last!.endIndex;
        edits.push({ file: layer.file, start: at, end: at, newText: trailingComma ? `\n${missing.map((m) => `${indent}${m},`).join("\n")}` : insert });
      } else {
        const at = last ? last.endIndex : args.startIndex + 1;
        edits.push({ file: layer.file, start: at, end: at, newText: `${last ? ", " : ""}${missing.join(", ")}` });
      }
    }
    return edits;
  } finally {
    tree.delete();
  }
}

function tsEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  const sf = ts.createSourceFile(layer.file, text, ts.ScriptTarget.Latest, true, /\.[cm]?tsx?$/.test(layer.file) ? ts.ScriptKind.TSX : ts.ScriptKind.JSX);
  let target: ts.NewExpression | ts.CallExpression | undefined;
  const visit = (n: ts.Node) => {
    if (target) return;
    if (ts.isNewExpression(n) || ts.isCallExpression(n)) {
      const pos = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      if (pos.line + 1 === layer.anchor.line && pos.character === layer.anchor.column) {
        target = n;
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!target) return null;
  const args = target.arguments ?? ts.factory.createNodeArray();
  const uri = args[0];
  if (!uri) return null;
  const options = args[1];
  if (!options) return [{ file: layer.file, start: uri.getEnd(), end: uri.getEnd(), newText: ", { retryWrites: false, retryReads: false }" }];
  if (!ts.isObjectLiteralExpression(options)) return null;
  const edits: FixEdit[] = [];
  const missing: string[] = [];
  for (const key of ["retryWrites", "retryReads"]) {
    const p = options.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText(sf).replace(/["']/g, "") === key) as ts.PropertyAssignment | undefined;
    if (p) {
      if (p.initializer.kind !== ts.SyntaxKind.FalseKeyword) edits.push({ file: layer.file, start: p.initializer.getStart(sf), end: p.initializer.getEnd(), newText: "false" });
    } else missing.push(`${key}: false`);
  }
  if (missing.length) {
    const props = options.properties;
    if (!props.length) edits.push({ file: layer.file, start: options.getStart(sf), end: options.getEnd(), newText: `{ ${missing.join(", ")} }` });
    else {
      const last = props[props.length - 1]!;
      const multiline = sf.getLineAndCharacterOfPosition(last.getStart(sf)).line !== sf.getLineAndCharacterOfPosition(options.getStart(sf)).line;
      const trailing = props.hasTrailingComma;
      if (multiline) {
        const indent = " ".repeat(sf.getLineAndCharacterOfPosition(last.getStart(sf)).character);
        const at = trailing ? text.indexOf(",", last.getEnd()) + 1 : last.getEnd();
        edits.push({ file: layer.file, start: at, end: at, newText: `${trailing ? "" : ","}\n${missing.map((m) => `${indent}${m}`).join(",\n")}${trailing ? "," : ""}` });
      } else edits.push({ file: layer.file, start: last.getEnd(), end: last.getEnd(), newText: `, ${missing.join(", ")}` });
    }
  }
  return edits;
}
