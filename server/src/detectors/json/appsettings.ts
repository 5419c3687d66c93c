/**
 * .NET `appsettings.json` / `appsettings.<Environment>.json` → ConfigEntryFacts for the code of
 * the project folder holding it (model/settingsKeys.ts). Keys are flattened with "." as
 * Microsoft.Extensions.Configuration flattens them with ":" (`Services:Inventory:BaseAddress`
 * → `Services.Inventory.BaseAddress`; array items are numbered, `Urls:0`). The environment in
 * the file name is the profile. Comments and trailing commas are accepted, as the .NET JSON
 * provider accepts them; an invalid file is one problem and no entries.
 */
import { emptyFacts, type ConfigEntryFact, type FileFacts } from "../../model/facts";
import { projectDirOf } from "../../model/settingsKeys";
import { ts } from "../../parsing/typescript";
import { entries, lineOf, parseJsonc, scalarText, type JsoncFile } from "./jsonc";

export const APPSETTINGS_FILE = /^appsettings(?:\.([\w-]+))?\.json$/i;

export function extractAppSettings(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const base = path.slice(path.lastIndexOf("/") + 1);
  const profile = APPSETTINGS_FILE.exec(base)?.[1] ?? null;
  const file = parseJsonc(path, text, base);
  if (file.problem) {
    facts.problems.push(file.problem);
    return facts;
  }
  if (!file.root) return facts;
  if (!ts.isObjectLiteralExpression(file.root)) {
    facts.problems.push({ line: lineOf(file, file.root), message: `${base}: the top level is not an object` });
    return facts;
  }
  const out: ConfigEntryFact[] = [];
  flatten(file, file.root, "", { profile, projectDir: projectDirOf(path) }, out);
  facts.configEntries = out;
  return facts;
}

function flatten(file: JsoncFile, node: ts.Expression, prefix: string, where: Pick<ConfigEntryFact, "profile" | "projectDir">, out: ConfigEntryFact[], depth = 0): void {
  if (depth > 32) return;
  const children: Array<[string, ts.Expression, ts.Node]> = ts.isArrayLiteralExpression(node)
    ? node.elements.map((e, i) => [String(i), e, e])
    : entries(node);
  for (const [key, value, at] of children) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (ts.isObjectLiteralExpression(value) || ts.isArrayLiteralExpression(value)) {
      flatten(file, value, full, where, out, depth + 1);
      continue;
    }
    const text = scalarText(value);
    // `null` clears a key in .NET configuration: an entry with no value would only mislead
    if (text !== null) out.push({ key: full, value: text, line: lineOf(file, at), ...where });
  }
}
