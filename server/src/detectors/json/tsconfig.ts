/**
 * Module resolution settings of TypeScript/JavaScript projects, as facts the linker follows
 * (engine/tsPaths.ts):
 * - `tsconfig*.json` / `jsconfig*.json`: `extends`, `compilerOptions.baseUrl` and `paths`,
 *   `include` / `exclude` / `files` (JSONC: comments and trailing commas, as tsc reads them);
 * - `package.json` of a workspace package: `name` and its entry module (`exports["."]`,
 *   `module`, `main`), so `import … from "@shop/http"` reaches the package's source.
 * An invalid file is one problem.
 */
import { emptyFacts, type FileFacts, type TsConfigFact } from "../../model/facts";
import { ts } from "../../parsing/typescript";
import { member, parseJsonc, stringList } from "./jsonc";

export const TSCONFIG_FILE = /^[jt]sconfig(?:\.[\w-]+)?\.json$/i;

export function extractTsConfig(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const file = parseJsonc(path, text, path.slice(path.lastIndexOf("/") + 1));
  if (file.problem) facts.problems.push(file.problem);
  if (file.problem || !file.root || !ts.isObjectLiteralExpression(file.root)) return facts;
  const options = member(file.root, "compilerOptions");
  const baseUrl = member(options, "baseUrl");
  const pathsNode = member(options, "paths");
  let paths: Record<string, string[]> | null = null;
  if (pathsNode && ts.isObjectLiteralExpression(pathsNode)) {
    paths = {};
    for (const p of pathsNode.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isStringLiteral(p.name)) continue;
      paths[p.name.text] = stringList(p.initializer) ?? [];
    }
  }
  const tsConfig: TsConfigFact = {
    extends: stringList(member(file.root, "extends")) ?? [],
    baseUrl: baseUrl && ts.isStringLiteral(baseUrl) ? baseUrl.text : null,
    paths,
    include: stringList(member(file.root, "include")),
    exclude: stringList(member(file.root, "exclude")),
    files: stringList(member(file.root, "files")),
  };
  facts.tsConfig = tsConfig;
  return facts;
}

/** Adds `jsPackage` to a package.json's facts (name and entry module); quiet on anything odd. */
export function withJsPackage(facts: FileFacts, path: string, text: string): FileFacts {
  const file = parseJsonc(path, text, "package.json");
  if (file.problem || !file.root) return facts;
  const name = member(file.root, "name");
  if (!name || !ts.isStringLiteral(name) || !name.text.trim()) return facts;
  facts.jsPackage = { name: name.text, entry: entryOf(file.root) };
  return facts;
}

/** `exports: "./x"`, `exports: {".": "./x" | {import|default|require: "./x"}}`, `module`, `main`. */
function entryOf(root: ts.Expression): string | null {
  const text = (n: ts.Expression | undefined): string | null => (n && ts.isStringLiteral(n) ? n.text : null);
  const exp = member(root, "exports");
  const dot = exp && ts.isObjectLiteralExpression(exp) ? (member(exp, ".") ?? (member(exp, "import") || member(exp, "default") ? exp : undefined)) : exp;
  const conditional = (n: ts.Expression | undefined): string | null => {
    if (!n) return null;
    if (ts.isStringLiteral(n)) return n.text;
    for (const key of ["source", "import", "default", "require", "node"]) {
      const hit = conditional(member(n, key));
      if (hit) return hit;
    }
    return null;
  };
  return conditional(dot) ?? text(member(root, "module")) ?? text(member(root, "main"));
}
