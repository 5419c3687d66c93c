/**
 * web-tree-sitter behind one small interface. `initTreeSitter()` loads the runtime and the
 * grammars once (async, WebAssembly); afterwards parsing is synchronous.
 * The `.wasm` files sit beside the bundle in `dist/`; when running from source (tests) they are
 * found in node_modules.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Language, Parser, type Node as SyntaxNode, type Tree } from "web-tree-sitter";

export type { SyntaxNode, Tree };

export type TreeSitterLanguage = "python" | "csharp" | "java" | "kotlin" | "go" | "bash" | "hcl" | "groovy";

const GRAMMAR_FILES: Record<TreeSitterLanguage, { file: string; pkg: string }> = {
  python: { file: "tree-sitter-python.wasm", pkg: "tree-sitter-python" },
  csharp: { file: "tree-sitter-c_sharp.wasm", pkg: "tree-sitter-c-sharp" },
  java: { file: "tree-sitter-java.wasm", pkg: "tree-sitter-java" },
  kotlin: { file: "tree-sitter-kotlin.wasm", pkg: "@tree-sitter-grammars/tree-sitter-kotlin" },
  go: { file: "tree-sitter-go.wasm", pkg: "tree-sitter-go" },
  bash: { file: "tree-sitter-bash.wasm", pkg: "tree-sitter-bash" },
  // Terraform / HCL (@tree-sitter-grammars/tree-sitter-hcl 1.2.0): the commands a configuration runs
  hcl: { file: "tree-sitter-hcl.wasm", pkg: "@tree-sitter-grammars/tree-sitter-hcl" },
  // Gradle's Groovy build scripts (tree-sitter-groovy 0.1.2): the dependency versions a build pins
  groovy: { file: "tree-sitter-groovy.wasm", pkg: "tree-sitter-groovy" },
};

let ready: Promise<void> | null = null;
const parsers = new Map<TreeSitterLanguage, Parser>();

function locate(file: string, pkg: string): string {
  const besideBundle = path.join(__dirname, file);
  if (fs.existsSync(besideBundle)) return besideBundle;
  return require.resolve(`${pkg}/${file}`);
}

/** Loads the runtime; each grammar is loaded on its first parse (see parserFor). */
export function initTreeSitter(): Promise<void> {
  ready ??= Parser.init({ locateFile: (f: string) => locate(f, "web-tree-sitter") }).then(() => {
    runtimeLoaded = true;
  });
  return ready;
}
let runtimeLoaded = false;

/**
 * The parser of a language, its grammar compiled on first use (synchronously: parsing is): a
 * workspace without C# or Kotlin never compiles their 5 MB and 3 MB of WebAssembly, which all
 * grammars up front cost every start (and every extraction worker) about 100 ms.
 */
function parserFor(lang: TreeSitterLanguage): Parser {
  let parser = parsers.get(lang);
  if (parser) return parser;
  if (!runtimeLoaded) throw new Error(`tree-sitter is not loaded (${lang}); call initTreeSitter() first`);
  const { file, pkg } = GRAMMAR_FILES[lang];
  const language = Language.loadSync(new WebAssembly.Module(fs.readFileSync(locate(file, pkg))));
  parser = new Parser();
  parser.setLanguage(language);
  parsers.set(lang, parser);
  return parser;
}

/** Parses text; never throws on syntax errors (the tree holds ERROR nodes). Call initTreeSitter first. */
export function parseTree(lang: TreeSitterLanguage, text: string): Tree {
  const parser = parserFor(lang);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for ${lang}`);
  return tree;
}

/** 1-based line span of a node. */
export function nodeSpan(n: SyntaxNode) {
  return {
    line: n.startPosition.row + 1,
    column: n.startPosition.column,
    endLine: n.endPosition.row + 1,
    endColumn: n.endPosition.column,
  };
}
