/**
 * .NET Aspire AppHost (reference §3.14; dotnet/aspire src/Aspire.Hosting*, v13.1.0): the file that
 * builds `DistributedApplication.CreateBuilder(args)` names every resource of the application.
 *
 * - `builder.AddProject<Projects.AspireShop_CatalogService>("catalogservice")` (or
 *   `AddProject("catalogservice", "../Catalog/Catalog.csproj")`): the project runs as the service
 *   `catalogservice`, the host name service discovery resolves (`http://catalogservice`,
 *   `https+http://catalogservice`);
 * - apps run from a folder: `AddPythonApp`/`AddPythonUvicornApp`/`AddUvicornApp("inference",
 *   "../Inference", …)`, `AddNpmApp`/`AddJavaScriptApp`/`AddViteApp`/`AddNodeApp`, `AddDockerfile`;
 * - `server.AddDatabase("catalogdb")`: the database a connection name refers to;
 * - `.WithReference(other)`: the resources a project is given connection strings and endpoints for.
 * Only the resource graph is read; nothing here is a retry layer.
 */
import type { AppHostResource } from "../../model/dotnetFacts";
import { callParts, descendants, dottedName, memberName, stringValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { CsContext } from "./context";

/** apps run from a folder: method → index of the argument holding the folder (or a script in it) */
const FOLDER_APPS: Record<string, { arg: number; script?: boolean }> = {
  AddPythonApp: { arg: 1 },
  AddPythonUvicornApp: { arg: 1 },
  AddUvicornApp: { arg: 1 },
  AddPythonModule: { arg: 1 },
  AddNpmApp: { arg: 1 },
  AddJavaScriptApp: { arg: 1 },
  AddViteApp: { arg: 1 },
  AddNodeApp: { arg: 1, script: true },
  AddDockerfile: { arg: 1 },
  AddGolangApp: { arg: 1 },
};

export function detectAppHost(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const builders = new Set<string>();
  for (const v of descendants(root, "variable_declarator")) {
    const value = v.namedChildren[v.namedChildren.length - 1];
    if (value?.type === "invocation_expression" && dottedName(value.childForFieldName("function")) === "DistributedApplication.CreateBuilder") {
      const name = v.childForFieldName("name")?.text;
      if (name) builders.add(name);
    }
  }
  if (!builders.size) return;
  const resources = new Map<string, AppHostResource>();
  const byVariable = new Map<string, string>();
  // variables holding resources (document order: a database's server is declared before it), the
  // resources, then the references between them
  for (const v of descendants(root, "variable_declarator")) {
    const name = v.childForFieldName("name")?.text;
    const value = v.namedChildren[v.namedChildren.length - 1];
    const resource = value ? chainResource(value, builders, byVariable) : null;
    if (name && resource) byVariable.set(name, resource);
  }
  for (const call of descendants(root, "invocation_expression")) {
    const r = resourceOf(call, builders, byVariable);
    if (r && !resources.has(r.name)) resources.set(r.name, r);
  }
  // a chain nests its last call outermost: document order of the arguments is the order written
  const references = descendants(root, "invocation_expression").filter((c) => memberName(c.childForFieldName("function")) === "WithReference");
  references.sort((a, b) => (a.childForFieldName("arguments")?.startIndex ?? 0) - (b.childForFieldName("arguments")?.startIndex ?? 0));
  for (const call of references) {
    const owner = chainResource(call.childForFieldName("function")?.childForFieldName("expression") ?? null, builders, byVariable);
    const arg = callParts(call).positional[0];
    const target = arg ? referencedResource(arg, builders, byVariable) : null;
    const r = owner ? resources.get(owner) : undefined;
    if (r && target && !r.references.includes(target)) r.references.push(target);
  }
  if (resources.size) ctx.facts.dotnet = { ...ctx.facts.dotnet, appHost: [...resources.values()] };
}

/** A resource-creating call: `builder.AddX("name", …)` or `server.AddDatabase("db")`. */
function resourceOf(call: SyntaxNode, builders: Set<string>, byVariable: Map<string, string>): AppHostResource | null {
  const fn = call.childForFieldName("function");
  const member = memberName(fn);
  if (fn?.type !== "member_access_expression" || !member?.startsWith("Add")) return null;
  const parts = callParts(call);
  const name = stringValue(parts.keywords.get("name") ?? parts.positional[0]);
  if (name === null) return null;
  const receiver = fn.childForFieldName("expression");
  const onBuilder = receiver?.type === "identifier" && builders.has(receiver.text);
  const line = call.startPosition.row + 1;
  if (member === "AddDatabase") {
    const parent = chainResource(receiver, builders, byVariable);
    return { name, kind: "database", ...(parent ? { parent } : {}), references: [], line };
  }
  if (!onBuilder) return null;
  // `AddProject<Projects.X>`, `AddAzureFunctionsProject<Projects.X>`: a .NET project
  if (/^Add\w*Project$/.test(member)) {
    const typeArg = fn.childForFieldName("name")?.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0];
    const projectType = dottedName(typeArg)?.split(".").pop();
    const path = pathValue(parts.positional[1] ?? parts.keywords.get("projectPath"));
    return { name, kind: "project", ...(projectType ? { projectType } : {}), ...(path ? { path: path.replace(/\/[^/]+\.csproj$/i, "") } : {}), references: [], line };
  }
  const app = FOLDER_APPS[member];
  if (app) {
    const path = pathValue(parts.keywords.get("appDirectory") ?? parts.keywords.get("workingDirectory") ?? parts.positional[app.arg]);
    // AddNodeApp(name, scriptPath) (Aspire 8/9) or AddNodeApp(name, appDirectory, scriptPath) (13)
    const script = app.script && !/\.[cm]?[jt]s$/.test(stringValue(parts.positional[2]) ?? "");
    const folder = path && script ? path.replace(/\/?[^/]*$/, "") || "." : path;
    return { name, kind: "app", ...(folder ? { path: folder } : {}), references: [], line };
  }
  return { name, kind: "other", references: [], line };
}

/** The resource a builder chain stands for: its outermost resource-creating call, or the variable at its root. */
function chainResource(n: SyntaxNode | null, builders: Set<string>, byVariable: Map<string, string>): string | null {
  for (let p: SyntaxNode | null = n; p; ) {
    if (p.type === "identifier") return byVariable.get(p.text) ?? null;
    if (p.type !== "invocation_expression") return null;
    const r = resourceOf(p, builders, byVariable);
    if (r) return r.name;
    const fn = p.childForFieldName("function");
    p = fn?.type === "member_access_expression" ? fn.childForFieldName("expression") : null;
  }
  return null;
}

/** `.WithReference(catalogDb)`, `.WithReference(api.GetEndpoint("http"))`, `.WithReference(builder.AddX("y"))`. */
function referencedResource(arg: SyntaxNode, builders: Set<string>, byVariable: Map<string, string>): string | null {
  if (arg.type === "identifier") return byVariable.get(arg.text) ?? null;
  const direct = chainResource(arg, builders, byVariable);
  if (direct) return direct;
  if (arg.type === "invocation_expression" && memberName(arg.childForFieldName("function")) === "GetEndpoint") {
    return chainResource(arg.childForFieldName("function")?.childForFieldName("expression") ?? null, builders, byVariable);
  }
  return null;
}

/** A folder as written: `"../Inference"`, `Path.Combine("..", "Inference")` → "../Inference"; null when not literal. */
function pathValue(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  const s = stringValue(n);
  if (s !== null) return s.replace(/\\/g, "/").replace(/\/+$/, "");
  if (n.type === "invocation_expression" && dottedName(n.childForFieldName("function")) === "Path.Combine") {
    const parts = callParts(n).positional.map((p) => stringValue(p));
    if (parts.length && parts.every((p): p is string => p !== null)) return parts.join("/").replace(/\\/g, "/").replace(/\/+/g, "/").replace(/\/+$/, "");
  }
  return null;
}
