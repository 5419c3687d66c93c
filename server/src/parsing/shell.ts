/**
 * Shell scripts (tree-sitter-bash): the simple commands a script runs, in document order, with
 * each argument's text where it is known statically — literals, quoted strings, and variables
 * assigned a literal earlier in the script (`NS=shop`, `export NS="shop"`, `${NS:-shop}`). An
 * argument built from anything else (a command substitution, an unknown variable) is null.
 * Control flow is not followed: an assignment inside a branch counts from where it is written.
 */
import { nodeSpan, parseTree, type SyntaxNode } from "./treeSitter";

export interface ShellCommand {
  /** the command name and its arguments; null where the text is not known statically */
  words: Array<string | null>;
  /** 1-based line of the command's first word */
  line: number;
  /**
   * the statically known leading text of each word (as `words`; for a word that is not known
   * whole, the text before its first unknown part: `istio.io/rev=asm-` for `istio.io/rev=asm-${REV}`)
   */
  prefixes?: string[];
}

/** Every simple command of `text`; `lineOffset` is added to lines (a script embedded in another file). */
export function shellCommands(text: string, lineOffset = 0): ShellCommand[] {
  const tree = parseTree("bash", text);
  try {
    const vars = new Map<string, string | null>();
    const out: ShellCommand[] = [];
    const visit = (n: SyntaxNode) => {
      if (n.type === "variable_assignment") {
        const name = n.childForFieldName("name")?.text;
        const value = n.childForFieldName("value");
        if (name) vars.set(name, value ? wordText(value, vars) : "");
      }
      if (n.type === "command") {
        const name = n.childForFieldName("name");
        const args = n.childrenForFieldName("argument").filter((a): a is SyntaxNode => a !== null);
        if (name) {
          const words = [name, ...args];
          out.push({ words: words.map((a) => wordText(a, vars)), line: nodeSpan(n).line + lineOffset, prefixes: words.map((a) => wordPrefix(a, vars)) });
        }
      }
      for (const c of n.namedChildren) if (c) visit(c);
    };
    visit(tree.rootNode);
    return out;
  } finally {
    tree.delete();
  }
}

/** The statically known start of a word: all of it when known, else the text before the first unknown part. */
function wordPrefix(n: SyntaxNode, vars: ReadonlyMap<string, string | null>): string {
  const whole = wordText(n, vars);
  if (whole !== null) return whole;
  if (n.type !== "string" && n.type !== "concatenation") return "";
  let out = "";
  for (const c of n.namedChildren) {
    if (!c) continue;
    const part = wordText(c, vars);
    if (part === null) return out + wordPrefix(c, vars);
    out += part;
  }
  return out;
}

/** The text a word expands to, or null when it depends on something not known statically. */
function wordText(n: SyntaxNode, vars: ReadonlyMap<string, string | null>): string | null {
  switch (n.type) {
    case "command_name":
      return n.firstNamedChild ? wordText(n.firstNamedChild, vars) : n.text;
    case "word":
    case "number":
      return n.text.replace(/\\(.)/g, "$1");
    case "raw_string":
      return n.text.slice(1, -1);
    case "string_content":
      return n.text;
    case "string":
    case "concatenation": {
      let out = "";
      for (const c of n.namedChildren) {
        if (!c) continue;
        const part = wordText(c, vars);
        if (part === null) return null;
        out += part;
      }
      // a string's literal text between named children (spaces, punctuation) is not a named node
      return n.type === "string" && n.namedChildren.length === 0 ? n.text.slice(1, -1) : out;
    }
    case "simple_expansion": {
      const name = n.namedChildren.find((c) => c?.type === "variable_name")?.text;
      return name !== undefined ? (vars.get(name) ?? null) : null;
    }
    case "expansion": {
      // ${NAME} or ${NAME:-default} / ${NAME-default}
      const name = n.namedChildren.find((c) => c?.type === "variable_name")?.text;
      if (name === undefined) return null;
      const known = vars.get(name);
      if (known !== undefined && known !== null) return known;
      // ${NAME:-default} / ${NAME-default}: the operator token, then the default word
      const op = n.children.find((c) => c?.type === ":-" || c?.type === "-");
      const fallback = op ? n.namedChildren.find((c) => c !== null && c.type !== "variable_name") : undefined;
      return fallback ? wordText(fallback, vars) : null;
    }
    default:
      return null;
  }
}
