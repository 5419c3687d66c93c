/**
 * Fix operations on AWS SDK for Go v1 clients (docs/reference/aws-sdk-go.md): "disable" and "cap"
 * write `MaxRetries` in its own unit, **retries** (attempts − 1; 0 = off, since -1 would mean the
 * service default). A literal already written in the client call (`aws.Int(n)` / `WithMaxRetries(n)`)
 * is replaced; otherwise `aws.NewConfig().WithMaxRetries(N)` is passed as a last config to
 * `<svc>.New(sess, …)` — configs given to the client merge over the session's (aws/config.go
 * mergeInConfig: `if other.MaxRetries != nil { dst.MaxRetries = other.MaxRetries }`). Not offered when
 * a `Retryer` is configured (it wins over MaxRetries), for s3manager anchors, for v2 clients, or when
 * the file does not import `github.com/aws/aws-sdk-go/aws`.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function awsSdkGoLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || text === undefined || !/\.go$/.test(layer.file)) return null;
  // a configured Retryer ("Retryer: …", "DefaultRetryer NumMaxRetries …") wins over MaxRetries
  if (layer.library !== "aws-sdk-go" || /(^|: )Retryer: |DefaultRetryer NumMaxRetries/.test(layer.attemptsNote ?? "")) return null;
  const retries = attempts - 1;
  const title = attempts === 1 ? `Turn off AWS SDK retries for ${layer.label} (MaxRetries 0)` : `Lower to ${attempts} attempts (MaxRetries ${retries}, which counts retries)`;
  const tree = parseTree("go", text);
  try {
    const call = findCall(tree.rootNode, layer.anchor.line, layer.anchor.column);
    const fn = call?.childForFieldName("function");
    if (!call || fn?.type !== "selector_expression" || fn.childForFieldName("field")?.text !== "New") return null;
    const args = call.childForFieldName("arguments");
    if (!args) return null;
    // a literal already written: `MaxRetries: aws.Int(5)`, `.WithMaxRetries(5)`
    for (const n of walk(args)) {
      let value: SyntaxNode | null | undefined = null;
      if (n.type === "keyed_element" && /^MaxRetries$/.test(n.namedChildren[0]?.text ?? "")) {
        const v = n.namedChildren[1]?.type === "literal_element" ? n.namedChildren[1].namedChildren[0] : n.namedChildren[1];
        value = v?.type === "call_expression" ? v.childForFieldName("arguments")?.namedChildren[0] : v;
      } else if (n.type === "call_expression" && n.childForFieldName("function")?.childForFieldName("field")?.text === "WithMaxRetries") {
        value = n.childForFieldName("arguments")?.namedChildren[0];
      }
      if (value?.type === "int_literal") return { title, edits: [{ file: layer.file, start: value.startIndex, end: value.endIndex, newText: String(retries) }] };
      if (value) return null;
    }
    const aws = awsLocal(tree.rootNode);
    if (!aws || !args.namedChildCount) return null;
    const last = args.namedChildren[args.namedChildCount - 1]!;
    return { title, edits: [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, ${aws}.NewConfig().WithMaxRetries(${retries})` }] };
  } finally {
    tree.delete();
  }
}

function* walk(n: SyntaxNode): Generator<SyntaxNode> {
  yield n;
  for (const c of n.namedChildren) if (c) yield* walk(c);
}

function findCall(root: SyntaxNode, line: number, column: number): SyntaxNode | null {
  for (const n of walk(root)) if (n.type === "call_expression" && n.startPosition.row + 1 === line && n.startPosition.column === column) return n;
  return null;
}

/** the local name of `github.com/aws/aws-sdk-go/aws` */
function awsLocal(root: SyntaxNode): string | null {
  for (const spec of walk(root)) {
    if (spec.type !== "import_spec") continue;
    const path = spec.childForFieldName("path")?.text.replace(/"/g, "");
    if (path !== "github.com/aws/aws-sdk-go/aws") continue;
    const name = spec.childForFieldName("name")?.text;
    return name && name !== "_" && name !== "." ? name : "aws";
  }
  return null;
}
