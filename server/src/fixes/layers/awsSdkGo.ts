/**
 * Fix operations on AWS SDK for Go v1 clients (docs/reference/aws-sdk-go.md): "disable" and "cap"
 * write `MaxRetries` in its own unit, **retries** (attempts − 1; 0 = off, since -1 would mean the
 * service default). A literal already written in the client call (`aws.Int(n)` / `WithMaxRetries(n)`)
 * is replaced; otherwise `aws.NewConfig().WithMaxRetries(N)` is passed as a last config to
 * `<svc>.New(sess, …)` — configs given to the client merge over the session's (aws/config.go
 * mergeInConfig: `if other.MaxRetries != nil { dst.MaxRetries = other.MaxRetries }`). Not offered when
 * a `Retryer` is configured (it wins over MaxRetries), for s3manager anchors, or when the file does not
 * import `github.com/aws/aws-sdk-go/aws`.
 *
 * On v2 clients (`<svc>.NewFromConfig(cfg, optFns…)`) the fix sets the client's `Retryer` in an option
 * function, which every v2 release applies after the config's retryer (service/<svc>/api_client.go:
 * `New` runs `resolveRetryer`, then the optFns): "disable" writes `aws.NopRetryer{}` (MaxAttempts 1,
 * since v0.31.0) and "cap" `retry.AddWithMaxAttempts(retry.NewStandard(), N)` (N counts attempts).
 * It does not write `o.RetryMaxAttempts`: releases before client-level finalizeRetryMaxAttempts ignore
 * that field when an option function sets it (the retryer was already built), so the Retryer is the
 * one setting that holds on every version. An existing `o.Retryer = …` / `o.RetryMaxAttempts = …`
 * statement in the call's option functions is replaced; missing imports are added to the import block.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function awsSdkGoLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || text === undefined || !/\.go$/.test(layer.file)) return null;
  if (layer.library === "aws-sdk-go-v2") return v2Edit(attempts, layer, text);
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

const V2_AWS = "github.com/aws/aws-sdk-go-v2/aws";
const V2_RETRY = "github.com/aws/aws-sdk-go-v2/aws/retry";

function v2Edit(attempts: number, layer: RetryLayer, text: string): LayerEdit | null {
  const tree = parseTree("go", text);
  try {
    const call = findCall(tree.rootNode, layer.anchor.line, layer.anchor.column);
    const fn = call?.childForFieldName("function");
    const pkg = fn?.type === "selector_expression" ? fn.childForFieldName("operand") : null;
    const args = call?.childForFieldName("arguments");
    if (!call || !args?.namedChildCount || fn?.childForFieldName("field")?.text !== "NewFromConfig" || pkg?.type !== "identifier") return null;
    const edits: FixEdit[] = [];
    const local = (path: string, fallback: string): string | null => {
      const found = importLocal(tree.rootNode, path);
      if (found !== undefined) return found;
      const at = importInsertion(tree.rootNode, text);
      if (at === null) return null;
      edits.push({ file: layer.file, start: at, end: at, newText: `\t"${path}"\n` });
      return fallback;
    };
    const value = attempts === 1 ? (() => { const aws = local(V2_AWS, "aws"); return aws && `${aws}.NopRetryer{}`; })()
      : (() => { const retry = local(V2_RETRY, "retry"); return retry && `${retry}.AddWithMaxAttempts(${retry}.NewStandard(), ${attempts})`; })();
    if (!value) return null;
    const title = attempts === 1 ? `Turn off AWS SDK retries for ${layer.label} (Retryer: aws.NopRetryer{})` : `Lower to ${attempts} attempts (retry.AddWithMaxAttempts, which counts attempts)`;
    // an option function that already sets the retry: rewrite that statement
    const set = [...walk(args)].filter((n) => n.type === "assignment_statement" && /\.(Retryer|RetryMaxAttempts)$/.test(n.childForFieldName("left")?.text ?? ""));
    if (set.length > 1) return null;
    if (set.length === 1) {
      const left = set[0]!.childForFieldName("left")!.text.replace(/\.RetryMaxAttempts$/, ".Retryer");
      edits.push({ file: layer.file, start: set[0]!.startIndex, end: set[0]!.endIndex, newText: `${left} = ${value}` });
    } else {
      const last = args.namedChildren[args.namedChildCount - 1]!;
      edits.push({ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, func(o *${pkg.text}.Options) { o.Retryer = ${value} }` });
    }
    return { title, edits };
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

/** the local name an import path has in the file ("_"/"." count as not usable: null), undefined when not imported */
function importLocal(root: SyntaxNode, path: string): string | null | undefined {
  for (const spec of walk(root)) {
    if (spec.type !== "import_spec" || spec.childForFieldName("path")?.text.replace(/"/g, "") !== path) continue;
    const name = spec.childForFieldName("name")?.text;
    return name === "_" || name === "." ? null : (name ?? path.slice(path.lastIndexOf("/") + 1));
  }
  return undefined;
}

/** where a new import line goes: after the last aws-sdk-go-v2 spec of an `import ( … )` block, else before its `)` */
function importInsertion(root: SyntaxNode, text: string): number | null {
  for (const decl of root.namedChildren) {
    const list = decl?.type === "import_declaration" ? decl.namedChildren.find((c) => c?.type === "import_spec_list") : null;
    if (!list) continue;
    const specs = list.namedChildren.filter((c): c is SyntaxNode => c?.type === "import_spec");
    const aws = specs.filter((c) => c.childForFieldName("path")?.text.startsWith('"github.com/aws/aws-sdk-go-v2')).pop();
    const eol = aws ? text.indexOf("\n", aws.endIndex) : -1;
    if (eol >= 0) return eol + 1; // the line after the spec (and any comment on it)
    const close = list.lastChild;
    return close?.type === ")" ? close.startIndex : null;
  }
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
