/**
 * Terraform configurations (`.tf`, parsed with tree-sitter-hcl from
 * @tree-sitter-grammars/tree-sitter-hcl 1.2.0): the shell commands they run against a cluster.
 * Teams that install Istio / Anthos Service Mesh with Terraform often turn sidecar injection on
 * with a kubectl command written in a string attribute — the `kubectl_create_command` of the
 * terraform-google-modules `gcloud//modules/kubectl-wrapper` module, or a `local-exec`
 * provisioner's `command` — rather than with a `kind: Namespace` manifest. Those strings are read
 * as shell (parsing/shell.ts) and go through the same namespace-label rule as scripts
 * (detectors/shell/istioInjection.ts, reference §4.1 "Which pods have a sidecar").
 *
 * What runs only on `terraform destroy` is left out: an attribute whose name says so
 * (`kubectl_destroy_command`, "the kubectl command to destroy resources" beside
 * `kubectl_create_command`, "the kubectl command to create resources":
 * terraform-google-modules/terraform-google-gcloud `modules/kubectl-wrapper/README.md`) and a
 * provisioner with `when = destroy` (Terraform docs, "Provisioners" → "Destroy-Time Provisioners").
 *
 * Strings: HCL escapes (`\"`, `\\`, `\n`, `\t`, `\uNNNN`, `$${`, `%%{`) are decoded in quoted
 * templates (HCL native syntax spec, "Template Literals"); heredocs are taken as written. An
 * interpolation (`${var.ns}`) is not known statically: it reads as an unknown shell variable, so a
 * namespace named by one is dropped, as in scripts.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { shellCommands } from "../../parsing/shell";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { namespaceLabels } from "../shell/istioInjection";

/** only strings that may label a namespace are handed to the shell parser */
const WORTH_SHELL = /\b(kubectl|oc)\b[\s\S]*\blabel\b/;

export function extractTerraform(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "shell");
  const tree = parseTree("hcl", text);
  try {
    for (const s of commandStrings(tree.rootNode)) {
      if (!WORTH_SHELL.test(s.text)) continue;
      try {
        facts.namespaces.push(...namespaceLabels(shellCommands(s.text, s.line - 1)));
      } catch (err) {
        facts.problems.push({ line: s.line, message: `could not read the command: ${(err as Error).message}` });
      }
    }
  } finally {
    tree.delete();
  }
  return facts;
}

interface CommandString {
  text: string;
  /** 1-based line of the string's first character */
  line: number;
}

/** Every string-valued attribute of the configuration that runs on apply. */
function commandStrings(root: SyntaxNode): CommandString[] {
  const out: CommandString[] = [];
  const visit = (n: SyntaxNode) => {
    if (n.type === "block" && isDestroyProvisioner(n)) return;
    if (n.type === "attribute") {
      const name = n.namedChildren.find((c) => c?.type === "identifier")?.text ?? "";
      if (/destroy/i.test(name)) return;
      const value = n.namedChildren.find((c) => c?.type === "expression");
      const s = value ? stringValue(value) : null;
      if (s) out.push(s);
      // object values (`environment = { … }`) hold no commands; nested blocks are visited below
      return;
    }
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return out;
}

/** `provisioner "local-exec" { when = destroy … }` */
function isDestroyProvisioner(block: SyntaxNode): boolean {
  if (block.namedChildren[0]?.text !== "provisioner") return false;
  const body = block.namedChildren.find((c) => c?.type === "body");
  return !!body?.namedChildren.some((a) => a?.type === "attribute" && a.namedChildren[0]?.text === "when" && a.namedChildren.find((c) => c?.type === "expression")?.text.trim() === "destroy");
}

/** The text of a string expression (a quoted template or a heredoc), or null for anything else. */
function stringValue(expr: SyntaxNode): CommandString | null {
  const inner = expr.namedChildren[0];
  if (!inner) return null;
  // `"…"` without interpolation: literal_value > string_lit; with one: template_expr > quoted_template
  const tpl =
    inner.type === "literal_value" ? inner.namedChildren.find((c) => c?.type === "string_lit") :
    inner.type === "template_expr" ? inner.namedChildren.find((c) => c?.type === "quoted_template" || c?.type === "heredoc_template") :
    null;
  if (!tpl) return null;
  const heredoc = tpl.type === "heredoc_template";
  let text = "";
  let line: number | null = null;
  let row = -1;
  for (const part of tpl.namedChildren) {
    if (!part) continue;
    if (part.type === "quoted_template_start" || part.type === "quoted_template_end" || part.type === "heredoc_start" || part.type === "heredoc_identifier") continue;
    if (line === null) {
      line = part.startPosition.row + 1;
      row = part.startPosition.row;
    }
    // keep the string's lines where they are in the file
    while (row < part.startPosition.row) {
      text += "\n";
      row++;
    }
    if (part.type === "template_literal") text += heredoc ? part.text : unescapeHcl(part.text);
    // an interpolation or a directive: not known statically (an unset shell variable)
    else text += "${__terraform_expression}";
    row = part.endPosition.row;
  }
  return line === null ? null : { text, line };
}

function unescapeHcl(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)|\$\$\{|%%\{/g, (m, e: string | undefined) => {
    if (m === "$${") return "${";
    if (m === "%%{") return "%{";
    switch (e?.[0]) {
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "r":
        return "\r";
      case "u":
      case "U":
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      default:
        return e ?? "";
    }
  });
}
