/**
 * RL005's safe fix: an `Idempotency-Key` header on the write, the same for every attempt. The
 * key is derived from a stable request identifier in scope (a parameter such as `order_id`:
 * every retry of the function receives the same value), never generated inside the retried
 * body (a fresh uuid per attempt would defeat it). When no such identifier exists, no key is
 * invented: the caller offers "retry only failures before sending" instead.
 */
import type { LinkedCall } from "../model/model";
import { ts } from "../parsing/typescript";
import type { SyntaxNode } from "../parsing/treeSitter";
import { withPython, type PyEditor } from "./python";
import { withTypeScript, type TsEditor } from "./typescript";
import type { FixEdit } from "./types";

const HEADER = "Idempotency-Key";
/** names that identify the request being made: order_id, orderId, payment_key, request_id, id */
const STABLE_ID = /(^|_)(id|key)$|[a-z](Id|Key)$/;

export interface KeyFix {
  title: string;
  edits: FixEdit[];
}

export function idempotencyKeyFix(call: LinkedCall, text: string | undefined): KeyFix | null {
  try {
    if (/\.(py|pyi)$/.test(call.file)) return withPython(call.file, text, (ed) => python(ed, call));
    if (/\.[cm]?[jt]sx?$/.test(call.file)) return withTypeScript(call.file, text, (ed) => typescript(ed, call));
  } catch {
    // not offered when it cannot be computed
  }
  return null;
}

/** `reserve_stock` → "reserve", `createOrder` → "create" */
function prefixOf(functionName: string): string {
  const word = functionName.split(/_|(?=[A-Z])/).find((w) => w.length > 0) ?? functionName;
  return word.toLowerCase();
}

// ---------------------------------------------------------------------------------- Python

function python(ed: PyEditor, call: LinkedCall): KeyFix | null {
  const node = ed.callAt(call.span.line, call.span.column);
  if (!node) return null;
  const id = pythonStableId(node);
  if (!id) return null;
  const quote = ed.quote;
  const key = `f${quote}${prefixOf(id.fn)}-{${id.name}}${quote}`;
  const pair = `${quote}${HEADER}${quote}: ${key}`;
  const headers = ed.keyword(node, "headers")?.childForFieldName("value");
  let edit: FixEdit;
  if (headers?.type === "dictionary") {
    const pairs = headers.namedChildren.filter((p): p is SyntaxNode => !!p && p.type !== "comment");
    edit = pairs.length ? ed.appendItem(pairs, headers.endIndex - 1, pair) : ed.edit(headers.startIndex + 1, headers.endIndex - 1, pair);
  } else if (headers) {
    return null; // headers from a variable: merge by hand
  } else {
    edit = ed.addArgument(node, `headers={${pair}}`);
  }
  return { title: `Add an ${HEADER} header derived from ${id.name}: ${key}`, edits: [edit] };
}

/** A parameter of an enclosing function that identifies the request, with that function's name. */
function pythonStableId(node: SyntaxNode): { name: string; fn: string } | null {
  for (let p: SyntaxNode | null = node.parent; p; p = p.parent) {
    if (p.type !== "function_definition") continue;
    const params = p.childForFieldName("parameters")?.namedChildren ?? [];
    for (const param of params) {
      if (!param) continue;
      const name = param.type === "identifier" ? param.text : (param.childForFieldName("name")?.text ?? param.namedChildren.find((c) => c?.type === "identifier")?.text);
      if (name && name !== "self" && STABLE_ID.test(name)) return { name, fn: p.childForFieldName("name")?.text ?? name };
    }
  }
  return null;
}

// ------------------------------------------------------------------------------ TypeScript

/** Where the request config goes: axios post/put/patch(url, data, config), get/delete(url, config), fetch(url, init). */
function configIndex(callee: string): number {
  const member = callee.slice(callee.lastIndexOf(".") + 1);
  if (["post", "put", "patch"].includes(member)) return 2;
  if (["get", "delete", "head", "options"].includes(member) || callee === "fetch") return 1;
  return -1;
}

const OPTIONS_SECOND = new Set(["got", "ky"]);

function typescript(ed: TsEditor, call: LinkedCall): KeyFix | null {
  const node = ed.callAt(call.span.line, (t) => t === call.callee);
  if (!node) return null;
  // got and ky take (url, options) for every verb (§2.2, §2.3): headers go in the options
  const index = OPTIONS_SECOND.has(call.library ?? "") ? 1 : configIndex(call.callee);
  if (index < 0) return null;
  const id = tsStableId(node, ed.sf);
  if (!id) return null;
  const key = `\`${prefixOf(id.fn)}-\${${id.name}}\``;
  const header = `${ed.quote}${HEADER}${ed.quote}: ${key}`;
  const config = node.arguments[index];
  let edit: FixEdit;
  if (config && ts.isObjectLiteralExpression(config)) {
    const headers = config.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "headers");
    if (headers && ts.isPropertyAssignment(headers) && ts.isObjectLiteralExpression(headers.initializer)) edit = ed.addProperty(headers.initializer, header);
    else if (headers) return null;
    else edit = ed.addProperty(config, `headers: { ${header} }`);
  } else if (config) {
    return null;
  } else {
    const missing = index - node.arguments.length;
    edit = ed.addArgument(node, `${"undefined, ".repeat(Math.max(0, missing))}{ headers: { ${header} } }`);
  }
  return { title: `Add an ${HEADER} header derived from ${id.name}: ${key}`, edits: [edit] };
}

function tsStableId(node: ts.Node, sf: ts.SourceFile): { name: string; fn: string } | null {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (!ts.isFunctionLike(p)) continue;
    for (const param of p.parameters) {
      if (ts.isIdentifier(param.name) && STABLE_ID.test(param.name.text)) {
        const fnName = p.name && ts.isIdentifier(p.name) ? p.name.text : ts.isVariableDeclaration(p.parent) && ts.isIdentifier(p.parent.name) ? p.parent.name.text : "request";
        return { name: param.name.text, fn: fnName };
      }
    }
  }
  void sf;
  return null;
}
