/**
 * go.mod: the folder holding it is the code of the service its module path names
 * (`module github.com/shop/orders` → orders, `…/orders/v2` → orders), and the module path lets
 * the linker map imports of the module's own packages (`github.com/shop/orders/internal/inventory`)
 * to folders (engine/resolveGo.ts). Facts: a "package" WorkloadFact, `module` = the module path,
 * and one ImportFact per `require` (module = path, member = version).
 *
 * Read with a small tokenizer of the go.mod grammar (golang.org/x/mod/modfile): words, quoted and
 * raw strings, `(`/`)` blocks, `//` comments, newlines ending directives. A line it cannot read
 * is one problem; the rest of the file still counts.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { manifestWorkload } from "../json/packageJson";

interface Token {
  kind: "word" | "string" | "lparen" | "rparen" | "newline";
  text: string;
  line: number;
}

export function tokenizeGoMod(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      out.push({ kind: "newline", text: "\n", line: line++ });
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "(" || c === ")") {
      out.push({ kind: c === "(" ? "lparen" : "rparen", text: c, line });
      i++;
    } else if (c === '"' || c === "`") {
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== c && !(c === '"' && text[j] === "\n")) {
        if (c === '"' && text[j] === "\\" && j + 1 < text.length) j++;
        value += text[j++];
      }
      out.push({ kind: "string", text: value, line });
      for (const ch of text.slice(i, j)) if (ch === "\n") line++;
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s()"`]/.test(text[j]!) && !(text[j] === "/" && text[j + 1] === "/")) j++;
      out.push({ kind: "word", text: text.slice(i, j), line });
      i = j;
    }
  }
  return out;
}

export interface GoModFile {
  module: string | null;
  requires: Array<{ path: string; version: string; line: number }>;
  replaces: Array<{ from: string; to: string; line: number }>;
  problems: Array<{ line: number; message: string }>;
}

const VERBS = new Set(["module", "go", "toolchain", "godebug", "require", "replace", "exclude", "retract", "tool", "ignore"]);

export function parseGoMod(text: string): GoModFile {
  const tokens = tokenizeGoMod(text);
  const file: GoModFile = { module: null, requires: [], replaces: [], problems: [] };
  let i = 0;
  /** the words of one line, up to its newline */
  const lineArgs = (): Token[] => {
    const args: Token[] = [];
    while (i < tokens.length && tokens[i]!.kind !== "newline") args.push(tokens[i++]!);
    return args;
  };
  const entry = (verb: string, args: Token[]) => {
    if (!args.length) return;
    const words = args.map((t) => t.text);
    const line = args[0]!.line;
    if (args.some((t) => t.kind === "lparen" || t.kind === "rparen")) file.problems.push({ line, message: `go.mod: unexpected parenthesis in ${verb}` });
    else if (verb === "module") file.module = words[0] ?? null;
    else if (verb === "require" && words.length >= 2) file.requires.push({ path: words[0]!, version: words[1]!, line });
    else if (verb === "replace") {
      const arrow = words.indexOf("=>");
      if (arrow > 0 && words[arrow + 1]) file.replaces.push({ from: words[0]!, to: words[arrow + 1]!, line });
      else file.problems.push({ line, message: "go.mod: replace without `=>`" });
    }
  };
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.kind === "newline") {
      i++;
      continue;
    }
    if (t.kind !== "word" || !VERBS.has(t.text)) {
      file.problems.push({ line: t.line, message: `go.mod: unknown directive ${t.text}` });
      lineArgs();
      continue;
    }
    i++;
    const verb = t.text;
    if (tokens[i]?.kind === "lparen") {
      i++;
      // a block: one entry per line until `)`
      while (i < tokens.length && tokens[i]!.kind !== "rparen") {
        if (tokens[i]!.kind === "newline") {
          i++;
          continue;
        }
        const args: Token[] = [];
        while (i < tokens.length && tokens[i]!.kind !== "newline" && tokens[i]!.kind !== "rparen") args.push(tokens[i++]!);
        entry(verb, args);
      }
      if (i >= tokens.length) file.problems.push({ line: t.line, message: `go.mod: ${verb} block is not closed` });
      i++;
      continue;
    }
    entry(verb, lineArgs());
  }
  return file;
}

/** `github.com/shop/orders/v2` → orders */
export function moduleServiceName(modulePath: string): string {
  const segs = modulePath.split("/").filter((s) => s && !/^v\d+$/.test(s));
  return segs[segs.length - 1] ?? modulePath;
}

export function extractGoMod(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const mod = parseGoMod(text);
  facts.problems.push(...mod.problems);
  if (!mod.module) {
    facts.problems.push({ line: 1, message: "go.mod has no module directive" });
    return facts;
  }
  facts.module = mod.module;
  for (const r of mod.requires) facts.imports.push({ local: r.path, module: r.path, member: r.version });
  const workload = manifestWorkload(path, moduleServiceName(mod.module));
  if (workload) facts.workloads.push(workload);
  return facts;
}
