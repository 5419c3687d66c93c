/**
 * Where a client-building expression ends up, shared by the JVM client-library detectors
 * (Apache HttpClient, gRPC channels, MongoDB clients): the local, field or assigned name that
 * holds it, or the `@Bean` method that returns it; and the expression a name stands for.
 */
import { importedName, type JvmContext } from "./context";
import type { Call, Expr } from "./syntax";

export interface Holder {
  /** qualified ClientFact name (`com.shop.CartHelper.http`, `<method id>.client`), "" for a returned client */
  name: string;
  functionId: string;
  /** a local: built per call of its function */
  perCall: boolean;
  /** the `@Bean` method returning it */
  beanMethod: string | null;
}

/** The holder of the outermost call of a chain (`HttpClients.custom()…build()`). */
export function holderOf(ctx: JvmContext, call: Call): Holder | null {
  const id = call.node.id;
  const is = (e: Expr | null | undefined) => e?.k === "call" && e.call.node.id === id;
  for (const l of ctx.file.locals) if (is(l.value)) return { name: `${l.scopeId}.${l.name}`, functionId: l.scopeId, perCall: true, beanMethod: null };
  for (const d of ctx.file.decls) if (d.kind === "field" && is(d.value)) return { name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.id, perCall: false, beanMethod: null };
  for (const a of ctx.file.assignments) {
    if (!is(a.value)) continue;
    const target = a.target.replace(/^this\./, "");
    const local = ctx.file.locals.find((l) => l.name === target && (a.scopeId === l.scopeId || a.scopeId.startsWith(`${l.scopeId}.`)));
    if (local) return { name: `${local.scopeId}.${local.name}`, functionId: a.scopeId, perCall: true, beanMethod: null };
    const owner = ctx.decl(a.scopeId)?.ownerId ?? "";
    return { name: `${owner || ctx.file.pkg}.${target}`, functionId: a.scopeId, perCall: false, beanMethod: null };
  }
  // `return HttpClients.custom()…build();` in a `@Bean` method (or Kotlin `= …`): the returned
  // expression itself, not an argument of what is returned (`new RestTemplate(new Factory(client))`)
  let p = call.node.parent;
  while (p && (p.type === "parenthesized_expression" || p.type === "cast_expression")) p = p.parent;
  // Kotlin: `return_expression` (tree-sitter-kotlin 1.x), `jump_expression` (older grammars), `= …` bodies
  if (p && (p.type === "return_statement" || p.type === "return_expression" || p.type === "jump_expression" || p.type === "function_body")) {
    const fn = ctx.decl(call.scopeId);
    if (fn?.kind === "method" && fn.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean")) return { name: "", functionId: fn.id, perCall: false, beanMethod: fn.id };
  }
  return null;
}

/** The expression a name stands for in a scope: a local's or field's initializer, else an assignment to it. */
export function valueOfName(ctx: JvmContext, scopeId: string, name: string): Expr | null {
  const bare = name.replace(/^this\./, "");
  const direct = ctx.valueOf(scopeId, bare);
  if (direct && direct.k !== "null" && !(direct.k === "other" && direct.text === "null")) return direct;
  const assigned = ctx.file.assignments.filter((a) => a.target.replace(/^this\./, "") === bare && (scopeId === a.scopeId || scopeId.startsWith(`${a.scopeId}.`) || a.scopeId.startsWith(`${scopeId}.`) || ctx.decl(a.scopeId)?.ownerId === ctx.decl(scopeId)?.ownerId));
  return assigned[0]?.value ?? direct;
}

/** The outermost call of a chain whose first call is `first` (`a().b().c()` from a()). */
export function outermost(ctx: JvmContext, first: Call): Call {
  let c = first;
  for (let next = ctx.outerCall(c); next; next = ctx.outerCall(next)) c = next;
  return c;
}
