/**
 * "Off" for the MongoDB Java driver (docs/reference/mongodb.md), Java and Kotlin, at the client's
 * creation (`MongoClients.create(…)`, Kotlin `MongoClient.create(…)`, `new MongoClient(…)`):
 * - a settings builder chain (`MongoClientSettings.builder()….build()`, inline) gets
 *   `.retryWrites(false).retryReads(false)` before `build()` (existing calls get `false`);
 * - a literal connection string gets `retryWrites=false&retryReads=false` (existing `=true`
 *   values become `false`).
 * Other forms (settings held elsewhere, a URI from configuration) get no edit.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { callOf, chainFrom, chainHead, withJvmTree, type JvmCall } from "../jvmCalls";

export function mongoJavaEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  return withJvmTree(layer.file, text, (root) => {
    const create = callStartingAt(root, layer.anchor.line, layer.anchor.column);
    const arg = create?.args[0];
    if (!create || !arg) return null;
    const inner = callOf(arg);
    if (inner) {
      const chain = chainFrom(chainHead(inner));
      const build = chain.find((c) => c.name === "build");
      if (!build || chain[0]!.name !== "builder") return null;
      const edits: FixEdit[] = [];
      const missing: string[] = [];
      for (const name of ["retryWrites", "retryReads"]) {
        const set = chain.find((c) => c.name === name);
        if (set?.args[0]) edits.push({ file: layer.file, start: set.args[0].startIndex, end: set.args[0].endIndex, newText: "false" });
        else missing.push(`.${name}(false)`);
      }
      if (missing.length) {
        const before = chain[chain.indexOf(build) - 1]!;
        edits.push({ file: layer.file, start: before.node.endIndex, end: before.node.endIndex, newText: missing.join("") });
      }
      return edits;
    }
    if (arg.type !== "string_literal" || /\$/.test(arg.text)) return null;
    const body = arg.text.slice(1, -1);
    let next = body.replace(/(retry(?:Writes|Reads))=true/gi, "$1=false");
    const add = ["retryWrites", "retryReads"].filter((k) => !new RegExp(`${k}=`, "i").test(next)).map((k) => `${k}=false`);
    if (add.length) next += (next.includes("?") ? (/[?&]$/.test(next) ? "" : "&") : /\/[^/]*$/.test(next.replace(/^mongodb(\+srv)?:\/\//, "")) ? "?" : "/?") + add.join("&");
    return next === body ? null : [{ file: layer.file, start: arg.startIndex + 1, end: arg.endIndex - 1, newText: next }];
  });
}

function callStartingAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    if (best) return;
    if (n.startPosition.row + 1 === line && n.startPosition.column === column) {
      const c = callOf(n);
      if (c && (c.name === "create" || (c.isNew && /MongoClient$/.test(c.name)))) {
        best = c;
        return;
      }
    }
    for (const child of n.namedChildren) if (child && child.startPosition.row + 1 <= line && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}
