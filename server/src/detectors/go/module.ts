/**
 * Facts every Go file contributes regardless of retry libraries: imports, functions, methods and
 * closures (FunctionFacts), package-level and local constants (URLs), struct fields set from
 * composite literals, and calls (with the requests they may send, see ./nethttp.ts).
 * Suppression comments (`// retry-lens: ignore RL004 -- reason`).
 */
import type { CallArg, FileFacts, FunctionFact, ValueExpr } from "../../model/facts";
import { parseSuppression } from "../../model/suppression";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { boundName, valueOf } from "./values";
import { handlerRoute, requestOf } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan } from "./syntax";

export function detectModule(ctx: GoContext): void {
  const root = ctx.tree.rootNode;
  const facts = ctx.facts;
  facts.module = ctx.packageName || null;
  const excluded = buildExclusion(root);
  if (excluded) facts.goExcludedBy = excluded;
  for (const i of ctx.imports) facts.imports.push({ local: i.local, module: i.path, member: null });
  for (const fn of ctx.functionNodes) addFunction(ctx, fn);
  facts.exports = facts.functions.filter((f) => f.topLevel && /^[A-Z]/.test(f.name)).map((f) => f.id);
  collectConstants(ctx, root);
  for (const fn of ctx.functionNodes) returnValue(ctx, fn);
  collectInterfaces(ctx, root);
  for (const call of descendants(root, "call_expression")) extractCall(ctx, call);
  for (const comment of descendants(root, "comment")) {
    const s = parseSuppression(comment.text, comment.startPosition.row + 1);
    if (s) facts.suppressions.push(s);
  }
}

function addFunction(ctx: GoContext, fn: SyntaxNode): void {
  const id = ctx.idOf(fn);
  const params: string[] = [];
  for (const p of fn.childForFieldName("parameters")?.namedChildren ?? []) {
    if (p?.type === "parameter_declaration" || p?.type === "variadic_parameter_declaration") for (const n of p.childrenForFieldName("name")) params.push(n.text);
  }
  const paramTypes = fn.type === "method_declaration" ? parameterTypes(fn.childForFieldName("parameters")) : undefined;
  const fact: FunctionFact = {
    id,
    name: id.slice(id.lastIndexOf(".") + 1),
    span: nodeSpan(fn),
    params,
    paramDefaults: {},
    topLevel: fn.type !== "func_literal",
    handler: null,
    // Go has no exceptions: a status check is ordinary code, not a raise
    raisesOnStatus: false,
    returnsClientId: null,
    ...(paramTypes ? { paramTypes } : {}),
  };
  ctx.facts.functions.push(fact);
}

/**
 * FunctionFact.returnValue: the one value a function's returns give (the first result of each
 * `return`; `nil`, `""` and unknown values are the error paths), or an environment variable read
 * with the other return as its fallback (`e := os.Getenv(key); if e == "" { return def }; return e`).
 */
function returnValue(ctx: GoContext, fn: SyntaxNode): void {
  if (fn.type === "func_literal") return;
  const fact = ctx.facts.functions.find((f) => f.id === ctx.idOf(fn));
  const body = fn.childForFieldName("body");
  if (!fact || !body) return;
  const local = (v: ValueExpr): ValueExpr => (v.kind === "ref" && v.name.startsWith(`${fact.id}.`) ? (ctx.facts.constants.find((c) => c.name === v.name)?.value ?? v) : v);
  const values: ValueExpr[] = [];
  for (const ret of descendants(body, "return_statement")) {
    if (enclosingFunction(ret)?.id !== fn.id) continue;
    const list = ret.namedChildren[0];
    const first = list?.type === "expression_list" ? list.namedChildren[0] : list;
    const v = first ? valueOf(ctx, first) : null;
    if (!v || v.kind === "unknown" || (v.kind === "string" && v.value === "")) continue;
    values.push(v);
  }
  if (!values.length) return;
  const envs = values.filter((v) => local(v).kind === "env");
  const others = values.filter((v) => local(v).kind !== "env");
  if (envs.length === 1 && others.length >= 1) {
    const env = local(envs[0]!) as Extract<ValueExpr, { kind: "env" }>;
    if (!env.fallback) fact.returnValue = { ...env, fallback: others[0]! };
    return;
  }
  if (values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]))) fact.returnValue = values[0]!;
}

/** `type Interface interface { Get(ctx context.Context, id int) (*Location, error) }` → FileFacts.goInterfaces */
function collectInterfaces(ctx: GoContext, root: SyntaxNode): void {
  const out: NonNullable<FileFacts["goInterfaces"]> = {};
  for (const spec of descendants(root, "type_spec")) {
    const name = spec.childForFieldName("name")?.text;
    const type = spec.childForFieldName("type");
    if (!name || type?.type !== "interface_type") continue;
    const methods: Array<{ name: string; paramTypes: string[] }> = [];
    for (const m of type.namedChildren) {
      if (m?.type !== "method_elem" && m?.type !== "method_spec") continue;
      const method = m.childForFieldName("name")?.text;
      const list = m.childForFieldName("parameters");
      if (method && list) methods.push({ name: method, paramTypes: parameterTypes(list) });
    }
    if (methods.length) out[name] = methods;
  }
  if (Object.keys(out).length) ctx.facts.goInterfaces = out;
}

/** One type per parameter (`from, to string` → two), package qualifiers and spaces dropped: `*location.Location` → `*Location`. */
function parameterTypes(list: SyntaxNode | null): string[] {
  const out: string[] = [];
  for (const p of list?.namedChildren ?? []) {
    if (p?.type !== "parameter_declaration" && p?.type !== "variadic_parameter_declaration") continue;
    const written = (p.childForFieldName("type")?.text ?? "?").replace(/\s+/g, "").replace(/\b[A-Za-z_]\w*\./g, "");
    const type = p.type === "variadic_parameter_declaration" ? `...${written}` : written;
    const names = Math.max(1, p.childrenForFieldName("name").length);
    for (let i = 0; i < names; i++) out.push(type);
  }
  return out;
}

/** Values worth keeping as constants: literals, env lookups, concatenations, references. */
function constantValue(v: ValueExpr | null): v is ValueExpr {
  return !!v && v.kind !== "unknown";
}

/** A field's value is kept when it can be part of a URL (a field holding a client is a ClientFact, found first). */
function fieldValue(v: ValueExpr | null): v is ValueExpr {
  return !!v && (v.kind === "string" || v.kind === "concat" || v.kind === "env" || v.kind === "ref" || v.kind === "call");
}

/**
 * `const inventoryURL = "http://inventory:8080"` (package level, plain name), `url := base + "/x"`
 * (local, `Scope.url`), `&Client{baseURL: os.Getenv("X")}` and `c.baseURL = …` (field, `Client.baseURL`).
 */
function collectConstants(ctx: GoContext, root: SyntaxNode): void {
  const seen = new Set<string>();
  const add = (name: string | null, value: ValueExpr | null, at: SyntaxNode, field = false) => {
    if (!name || !value || seen.has(name) || !(field ? fieldValue(value) : constantValue(value))) return;
    // a self-reference (`url = url + "/x"`) would loop at link time
    if (value.kind === "ref" && value.name === name) return;
    // `shortcodes, err := shortcodes(url)`: the call is the package function, and a local of its name
    // would hide it from the linker's scope-first lookup
    if (value.kind === "call" && name.endsWith(`.${value.callee}`)) return;
    seen.add(name);
    ctx.facts.constants.push({ name, value, line: at.startPosition.row + 1 });
  };
  for (const spec of descendants(root, ["const_spec", "var_spec", "short_var_declaration"])) {
    const values = (spec.type === "short_var_declaration" ? spec.childForFieldName("right") : spec.childForFieldName("value"))?.namedChildren ?? [];
    for (const v of values) if (v && v.type !== "func_literal") add(boundName(ctx, v), valueOf(ctx, v), v);
  }
  for (const a of descendants(root, "assignment_statement")) {
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    // only field assignments: a reassigned local is not a constant
    left.forEach((l, i) => {
      if (l?.type === "selector_expression" && right[i]) add(ctx.nameOf(l), valueOf(ctx, right[i]), right[i]!, true);
    });
  }
  for (const kv of descendants(root, "keyed_element")) {
    const value = kv.childForFieldName("value")?.namedChildren[0];
    if (value) add(boundName(ctx, value), valueOf(ctx, value), value, true);
  }
  // a package-level var the program sets from the environment (`if v := os.Getenv("KV_URL"); v != ""
  // { kvURL = v }` in main or init): the variable's value is that env var, its declared value the fallback
  for (const a of descendants(root, "assignment_statement")) {
    if (a.childForFieldName("operator")?.text !== "=") continue;
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    left.forEach((l, i) => {
      if (l?.type !== "identifier" || !right[i] || ctx.lookup(l.text, l)) return;
      const declared = ctx.facts.constants.find((c) => c.name === l.text);
      const assigned = valueOf(ctx, right[i]);
      // `kvURL = h` with `h := os.Getenv("KV_URL")` in the `if`: the local's value
      const v = assigned?.kind === "ref" ? (ctx.facts.constants.find((c) => c.name === assigned.name)?.value ?? assigned) : assigned;
      if (!declared || declared.value.kind === "env" || v?.kind !== "env" || v.fallback) return;
      declared.value = { ...v, fallback: declared.value };
    });
  }
  structFieldsFromEnv(ctx, root);
}

/**
 * A config struct built with defaults, then overridden field by field from the environment
 * (`conf := AppConfig{OrderURL: "http://127.0.0.1:8082"}` … `if p := os.Getenv("ORDER_API_URL");
 * p != "" { conf.OrderURL = p }`): the field `AppConfig.OrderURL` is that variable, the literal's
 * value its fallback. Each `if` binds its own `p`, so the value is read from the `if`'s own
 * initializer, not from the function's first `p`.
 */
function structFieldsFromEnv(ctx: GoContext, root: SyntaxNode): void {
  for (const a of descendants(root, "assignment_statement")) {
    if (a.childForFieldName("operator")?.text !== "=") continue;
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    if (left.length !== 1 || right.length !== 1) continue;
    const l = left[0]!;
    const r = right[0]!;
    if (l.type !== "selector_expression") continue;
    // a nested field (`cfg.Grpc.ReaderServicePort = v`): the chain's head, the fields after it
    let operand = l.childForFieldName("operand");
    const fields = [l.childForFieldName("field")?.text];
    while (operand?.type === "selector_expression") {
      fields.unshift(operand.childForFieldName("field")?.text);
      operand = operand.childForFieldName("operand");
    }
    const field = fields.every((f) => f) ? fields.join(".") : undefined;
    if (operand?.type !== "identifier" || !field) continue;
    const type = literalType(ctx.lookup(operand.text, l)?.value ?? null);
    if (!type) continue;
    const value = envValueAt(ctx, r);
    if (value?.kind !== "env") continue;
    const name = `${type}.${field}`;
    const declared = ctx.facts.constants.find((c) => c.name === name);
    if (!declared) ctx.facts.constants.push({ name, value, line: r.startPosition.row + 1 });
    else if (declared.value.kind !== "env" && !value.fallback) declared.value = { ...value, fallback: declared.value };
  }
}

/** `T{…}` or `&T{…}` of a type of this package: `T`; null otherwise. */
function literalType(v: SyntaxNode | null): string | null {
  let n = v;
  if (n?.type === "unary_expression") n = n.childForFieldName("operand");
  const t = n?.type === "composite_literal" ? n.childForFieldName("type") : null;
  return t?.type === "type_identifier" ? t.text : null;
}

/** An env read, written in place or bound by the initializer of an enclosing `if` (`if p := os.Getenv("X"); p != ""`). */
function envValueAt(ctx: GoContext, r: SyntaxNode): ValueExpr | null {
  if (r.type === "identifier") {
    for (let p: SyntaxNode | null = r.parent; p && p.type !== "function_declaration" && p.type !== "method_declaration" && p.type !== "func_literal"; p = p.parent) {
      if (p.type !== "if_statement") continue;
      const init = p.childForFieldName("initializer");
      if (init?.type !== "short_var_declaration") continue;
      const names = init.childForFieldName("left")?.namedChildren ?? [];
      const values = init.childForFieldName("right")?.namedChildren ?? [];
      const i = names.findIndex((n) => n?.text === r.text);
      // `v, ok := os.LookupEnv("X")`: the first name is the value
      if (i === 0 && values[0]) return valueOf(ctx, values[0]);
      if (i > 0) return null;
    }
    // a local read from the environment before the `if` (`v := os.Getenv(K)`; `if v != "" { cfg.X = v }`)
    const local = ctx.lookup(r.text, r);
    if (local?.value) {
      const v = valueOf(ctx, local.value);
      if (v?.kind === "env") return v;
    }
  }
  return valueOf(ctx, r);
}

/** A call argument as the linker names it: a closure id, a function/method value, a variable. */
function argName(ctx: GoContext, arg: SyntaxNode): string | null {
  if (arg.type === "func_literal") return ctx.idOf(arg);
  // a method value through a typed variable: `s.checkout` with `s := &Server{…}`
  const typed = ctx.typedName(arg);
  if (typed && ctx.facts.functions.some((f) => f.id === typed)) return typed;
  const local = arg.type === "identifier" ? ctx.lookup(arg.text, arg) : null;
  // a closure variable: the closure itself (referenced, and followed when invoked)
  if (local?.value?.type === "func_literal") return local.id;
  // `http.HandlerFunc(h)` is a conversion: the function is `h`
  if (arg.type === "call_expression" && /(^|\.)HandlerFunc$/.test(dottedName(calleeNode(arg)) ?? "")) {
    const inner = callArgs(arg)[0];
    return inner ? argName(ctx, inner) : null;
  }
  return ctx.linkName(arg);
}

/** Is this argument a function value (a closure, or a variable bound to one)? */
function isClosure(ctx: GoContext, arg: SyntaxNode): boolean {
  if (arg.type === "func_literal") return true;
  return arg.type === "identifier" && ctx.lookup(arg.text, arg)?.value?.type === "func_literal";
}

function extractCall(ctx: GoContext, call: SyntaxNode): void {
  const fnNode = calleeNode(call);
  const functionId = ctx.scopeId(call);
  const callee = fnNode?.type === "func_literal" ? ctx.idOf(fnNode) : ctx.linkName(fnNode, call);
  const rawArgs = callArgs(call);
  const args: CallArg[] = rawArgs.map((a) => {
    const value = a.type === "func_literal" ? null : valueOf(ctx, a);
    return { keyword: null, name: argName(ctx, a), ...(value && value.kind !== "unknown" ? { value } : {}) };
  });
  // `r.Group("/api").POST("/x", h)`: the receiver is a call, the registration still counts
  const field = fnNode?.type === "selector_expression" ? fnNode.childForFieldName("field")?.text : undefined;
  const route = handlerRoute(ctx, call, callee ?? (field ? `(…).${field}` : null));
  let invokesArg: number | undefined;
  const calleePackage = callee !== null ? ctx.importPath(callee.slice(0, Math.max(0, callee.lastIndexOf(".")))) : null;
  const conversion = calleePackage === "net/http" && /\.Handler(Func)?$/.test(callee!);
  // `wire.Build(NewConn, …)`, `wire.NewSet(NewRepo)`: provider declarations the wire generator reads;
  // the generated injector (wire_gen.go) calls them, nothing runs them from here
  const declaration = calleePackage === "github.com/google/wire";
  rawArgs.forEach((a, i) => {
    if (declaration) return;
    const name = args[i]!.name;
    // a local or parameter named like a package function (`shortcodes := …; len(shortcodes)`) is not it
    const local = a.type === "identifier" ? ctx.lookup(a.text, a) : null;
    const shadowed = local !== null && local.value?.type !== "func_literal";
    const fn = name && !shadowed ? ctx.facts.functions.find((f) => f.id === name) : undefined;
    if (fn) ctx.facts.referencedFunctions.push(fn.id);
    // a closure or a function of this file handed to another call (errgroup.Go, sync.Once.Do,
    // `run.Run(server)`, a retry helper) runs from here; a handler registration does not run its handler
    // `http.HandlerFunc(s.dispatch)` converts a handler, it does not run it
    if (!route && !conversion && (isClosure(ctx, a) || fn)) invokesArg ??= i;
    if (route && fn && i === rawArgs.length - 1) fn.handler = route;
  });
  if (!callee) return;
  const request = route ? undefined : requestOf(ctx, call, callee, rawArgs);
  const id = ctx.nextId("C", call);
  ctx.callIds.set(call.id, id);
  const typed = fnNode?.type === "func_literal" ? null : ctx.typedName(fnNode, call);
  if (typed) ctx.typedCallees.set(id, { typed, receiver: fnNode?.type === "selector_expression" ? ctx.nameOf(fnNode.childForFieldName("operand"), call) : null });
  ctx.facts.calls.push({
    id,
    span: nodeSpan(call),
    functionId,
    callee,
    args,
    ...(request ? { request } : {}),
    ...(invokesArg !== undefined ? { invokesArg } : {}),
    ...(declaration ? { declaresOnly: true as const } : {}),
  });
}

/** The CallFact id of a call node, for layer detectors that attach to a call. */
export function callIdAt(ctx: GoContext, call: SyntaxNode): string | null {
  return ctx.callIds.get(call.id) ?? null;
}

/** tags a default build may set (the platform, the toolchain): unknown here, so never a reason to leave a file out */
const PLATFORM_TAGS = new Set(
  (
    "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos unix " +
    "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm " +
    "cgo gc gccgo"
  ).split(" "),
);

/**
 * The build constraint of a Go file when a default `go build` leaves the file out: `//go:build`
 * (or the older `// +build` lines) before the package clause, read with every tag that names no
 * platform or toolchain unset (`wireinject`, `ignore`, `integration`) and platform tags unknown.
 * null when the file is built (or may be, on some platform).
 */
export function buildExclusion(root: SyntaxNode): string | null {
  const header: string[] = [];
  for (const c of root.namedChildren) {
    if (!c || c.type !== "comment") break;
    header.push(c.text.trim());
  }
  const modern = header.find((t) => /^\/\/go:build\s/.test(t));
  if (modern) {
    const expr = modern.replace(/^\/\/go:build\s+/, "").trim();
    return evalConstraint(expr) === false ? expr : null;
  }
  const legacy = header.filter((t) => /^\/\/\s*\+build\s/.test(t)).map((t) => t.replace(/^\/\/\s*\+build\s+/, "").trim());
  if (!legacy.length) return null;
  // lines AND, space-separated options OR, comma-separated terms AND
  const expr = legacy.map((line) => `(${line.split(/\s+/).map((o) => `(${o.split(",").join(" && ")})`).join(" || ")})`).join(" && ");
  return evalConstraint(expr) === false ? legacy.join(" ") : null;
}

/** Kleene logic over a constraint expression: true, false or null (depends on the platform) */
function evalConstraint(expr: string): boolean | null {
  const tokens = expr.match(/&&|\|\||[()!]|[\w.]+/g) ?? [];
  let i = 0;
  const tag = (name: string): boolean | null => (PLATFORM_TAGS.has(name) || /^go\d+\.\d+$/.test(name) ? null : false);
  const not = (v: boolean | null) => (v === null ? null : !v);
  const and = (a: boolean | null, b: boolean | null) => (a === false || b === false ? false : a === true && b === true ? true : null);
  const or = (a: boolean | null, b: boolean | null) => (a === true || b === true ? true : a === false && b === false ? false : null);
  const unary = (): boolean | null => {
    const t = tokens[i++];
    if (t === "!") return not(unary());
    if (t === "(") {
      const v = disjunction();
      if (tokens[i] === ")") i++;
      return v;
    }
    return t === undefined ? null : tag(t);
  };
  const conjunction = (): boolean | null => {
    let v = unary();
    while (tokens[i] === "&&") {
      i++;
      v = and(v, unary());
    }
    return v;
  };
  const disjunction = (): boolean | null => {
    let v = conjunction();
    while (tokens[i] === "||") {
      i++;
      v = or(v, conjunction());
    }
    return v;
  };
  const v = disjunction();
  return i === tokens.length ? v : null;
}
