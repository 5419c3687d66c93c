/**
 * The names a client built by one call is used through in its file, for SDK detectors whose
 * clients are built lazily in a class (`@cached_property def db(self): return InfluxDBClient(…)`):
 * - the name it is bound to (`client = X(…)`, `self.client = X(…)`), in its function;
 * - a property of the class that returns it (`self.db`), or returns a dict holding it
 *   (`dbs = {"default": X(…)}` / `dbs["short"] = X(…)`; `return dbs` → `self.dbs[…]`);
 * - a property returning one of those (`def db(self): return self.dbs["default"]` → `self.db`);
 * - a local of a method bound to one of those (`db = self.dbs["short"] if rp else self.dbs["default"]`).
 * Every name is one ClientFact of the same layers, so a call through any of them links to the client.
 */
import type { ClientFact } from "../../model/facts";
import { bindingOf, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";

export interface ClientReceiver {
  name: string;
  functionId: string;
}

const PROPERTY = /(^|\.)(property|cached_property)$/;

export function clientReceivers(ctx: PyContext, call: SyntaxNode): ClientReceiver[] {
  const out: ClientReceiver[] = [];
  const add = (name: string, fn: SyntaxNode | null) => {
    const functionId = ctx.functionId(fn);
    if (!out.some((r) => r.name === name && r.functionId === functionId)) out.push({ name, functionId });
  };
  const def = enclosingFunction(call);
  // what the call's value is held in: a name, or a dict (`{"k": X(…)}`, `d["k"] = X(…)`)
  // `node`: the expression a `return` may name when the holder has no name (the call, a dict literal)
  let holder: { name: string; dict: boolean; node?: SyntaxNode } | null = null;
  const p = call.parent;
  if (p?.type === "assignment" && p.childForFieldName("right")?.id === call.id) {
    const left = p.childForFieldName("left");
    if (left?.type === "identifier" || left?.type === "attribute") holder = { name: left.text, dict: false };
    else if (left?.type === "subscript" && left.childForFieldName("value")?.type === "identifier") holder = { name: left.childForFieldName("value")!.text, dict: true };
  } else if (p?.type === "pair" && p.childForFieldName("value")?.id === call.id && p.parent?.type === "dictionary") {
    const a = p.parent.parent;
    const left = a?.type === "assignment" ? a.childForFieldName("left") : null;
    if (left?.type === "identifier") holder = { name: left.text, dict: true };
    else if (a?.type === "return_statement") holder = { name: "", dict: true, node: p.parent };
  } else if (p?.type === "return_statement") holder = { name: "", dict: false, node: call };
  if (!holder) return out;
  if (holder.name && !holder.dict) add(holder.name, def);

  // a property returning the holder: `self.<property>` reaches it from every method of the class
  const cls = def ? classOf(def) : null;
  if (!def || !cls) return out;
  const props = new Map<string, { whole: boolean }>();
  const returned = returns(def).some((r) => (holder!.name ? r.text === holder!.name : r.id === holder!.node?.id));
  if (isProperty(ctx, def) && returned) props.set(nameOf(def), { whole: !holder.dict });
  if (holder.name.startsWith("self.") && !holder.dict) props.set(holder.name.slice(5), { whole: true });
  // properties returning `self.<p>` / `self.<p>[…]` of one found (two rounds: a property of a property)
  const methods = (cls.childForFieldName("body")?.namedChildren ?? []).map((s) => (s?.type === "decorated_definition" ? s.childForFieldName("definition") : s)).filter((s): s is SyntaxNode => s?.type === "function_definition");
  for (let round = 0; round < 2; round++) {
    for (const m of methods) {
      if (!isProperty(ctx, m) || props.has(nameOf(m))) continue;
      if (returns(m).some((r) => reaches(r, props))) props.set(nameOf(m), { whole: true });
    }
  }
  for (const [name, v] of props) if (v.whole) add(`self.${name}`, null);
  // locals bound to one of them in the class's methods
  for (const m of methods) {
    for (const a of descendants(m, "assignment", { skipNestedDefs: true })) {
      const left = a.childForFieldName("left");
      const right = a.childForFieldName("right");
      if (left?.type === "identifier" && right && valuesOf(right).every((v) => reaches(v, props))) add(left.text, m);
    }
  }
  return out;
}

/** `self.p` of a whole client, or `self.p[…]` of a dict of clients */
function reaches(n: SyntaxNode, props: Map<string, { whole: boolean }>): boolean {
  if (n.type === "attribute" && n.childForFieldName("object")?.text === "self") return props.get(n.childForFieldName("attribute")?.text ?? "")?.whole === true;
  if (n.type === "subscript") {
    const v = n.childForFieldName("value");
    return v?.type === "attribute" && v.childForFieldName("object")?.text === "self" && props.get(v.childForFieldName("attribute")?.text ?? "")?.whole === false;
  }
  return false;
}

/** the values an expression may take: both arms of `a if c else b` */
function valuesOf(n: SyntaxNode): SyntaxNode[] {
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return valuesOf(n.namedChildren[0]);
  if (n.type === "conditional_expression") {
    const [a, , b] = n.namedChildren;
    return [...(a ? valuesOf(a) : []), ...(b ? valuesOf(b) : [])];
  }
  return [n];
}

function returns(def: SyntaxNode): SyntaxNode[] {
  return descendants(def, "return_statement", { skipNestedDefs: true }).map((r) => r.namedChildren[0]).filter((v): v is SyntaxNode => !!v);
}

function isProperty(ctx: PyContext, def: SyntaxNode): boolean {
  const decorated = def.parent?.type === "decorated_definition" ? def.parent : null;
  return !!decorated && decorated.namedChildren.some((d) => d?.type === "decorator" && PROPERTY.test(ctx.qualifiedName(d.namedChildren[0]) ?? d.namedChildren[0]?.text ?? ""));
}

function classOf(def: SyntaxNode): SyntaxNode | null {
  let p = def.parent;
  if (p?.type === "decorated_definition") p = p.parent;
  return p?.type === "block" && p.parent?.type === "class_definition" ? p.parent : null;
}

function nameOf(def: SyntaxNode): string {
  return def.childForFieldName("name")?.text ?? "";
}

/**
 * The names a DB-API style connection built by `call` is used through: the name the connection
 * is bound to (`with Client(…) as client:` too), the cursor chained on it (`cursor = connect(…).cursor()`) and a cursor taken from
 * it in the same function (`cursor = connection.cursor()`). A cursor's calls are requests of the
 * connection's client (PyAthena, td-client: the cursor sends through the connection's API object).
 */
export function connectionReceivers(ctx: PyContext, call: SyntaxNode): ClientReceiver[] {
  const def = enclosingFunction(call);
  const functionId = ctx.functionId(def);
  // `x = …`, `self.x = …`, `with … as x:`
  const bound = (n: SyntaxNode): string | null => bindingOf(n);
  const cursorCall = (obj: SyntaxNode): SyntaxNode | null => {
    const attr = obj.parent?.type === "attribute" && obj.parent.childForFieldName("object")?.id === obj.id ? obj.parent : null;
    return attr?.childForFieldName("attribute")?.text === "cursor" && attr.parent?.type === "call" ? attr.parent : null;
  };
  const names: string[] = [];
  const chained = cursorCall(call);
  const connection = chained ? null : bound(call);
  if (chained) {
    const c = bound(chained);
    if (c) names.push(c);
  }
  if (connection) {
    names.push(connection);
    for (const id of descendants(def ?? ctx.tree.rootNode, "identifier", { skipNestedDefs: true })) {
      if (id.text !== connection || id.startIndex < call.endIndex) continue;
      const cursor = cursorCall(id);
      const c = cursor ? bound(cursor) : null;
      if (c && !names.includes(c)) names.push(c);
    }
  }
  return names.map((name) => ({ name, functionId }));
}

/**
 * One ClientFact per receiver of the client `call` makes (the first keeps the id, the others are
 * `id:1`, `id:2`…), each bound where that receiver is; `fact` gives what they share.
 */
export function pushReceiverClients(ctx: PyContext, call: SyntaxNode, receivers: readonly ClientReceiver[], fact: (r: ClientReceiver) => Omit<ClientFact, "id" | "name" | "functionId" | "span">): void {
  const clientId = ctx.nextId("K", call);
  receivers.forEach((r, i) => ctx.facts.clients.push({ id: i === 0 ? clientId : `${clientId}:${i}`, name: r.name, functionId: r.functionId, span: nodeSpan(call), ...fact(r) }));
}
