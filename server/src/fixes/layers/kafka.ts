/**
 * Fix operations on Kafka producers' produce retries and Elasticsearch / OpenSearch clients'
 * transport retries (docs/reference/kafka.md, docs/reference/elasticsearch.md). "disable" is a cap
 * to 1 attempt; every count is written in the library's own unit:
 * - kafkajs: `retry: { retries: N-1 }` in `kafka.producer({…})` (the `retries` set, the `retry`
 *   object or the option added; an argument-less `producer()` gets one);
 * - kafka-go: `MaxAttempts: N` (attempts) in the Writer literal, set or added after `{`;
 * - sarama: the written `cfg.Producer.Retry.Max = n` becomes N-1 (a default count is not edited);
 * - confluent-kafka: `"retries": N-1` in the config dict literal (set or added);
 * - kafka-clients (Java/Kotlin): the written `props.put(ProducerConfig.RETRIES_CONFIG, n)` value
 *   becomes N-1 (a default count is not edited: a statement would have to be added);
 * - elasticsearch-py / opensearch-py: `max_retries=N-1` (set or added);
 * - @elastic/elasticsearch / OpenSearch JS: `maxRetries: N-1` (set or added);
 * - go-elasticsearch / opensearch-go: off → `DisableRetry: true` (MaxRetries 0 would mean the
 *   default 3), else `MaxRetries: N-1`.
 * All unsafe: a leader election or a node restart now fails the call.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { ts } from "../../parsing/typescript";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function kafkaOrSearchLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if ((layer.kind !== "kafka-producer" && layer.kind !== "elasticsearch-client") || text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" && ctx.attempts ? ctx.attempts : null;
  if (attempts === null) return null;
  const what = layer.kind === "kafka-producer" ? "produce retries" : "transport retries";
  const title = attempts === 1 ? `Turn off the ${layer.library} ${what} for ${layer.label} (line ${layer.anchor.line})` : `Lower the ${layer.library} ${what} for ${layer.label} to ${attempts} attempts (line ${layer.anchor.line})`;
  let edits: FixEdit[] | null = null;
  switch (layer.library) {
    case "kafkajs":
      edits = kafkajsEdits(layer, text, attempts);
      break;
    case "kafka-go":
      edits = goFieldEdits(layer, text, "MaxAttempts", String(attempts));
      break;
    case "sarama":
      edits = saramaEdits(layer, text, attempts);
      break;
    case "confluent-kafka":
      edits = confluentEdits(layer, text, attempts);
      break;
    case "kafka-clients":
      edits = jvmPutEdits(layer, text, attempts);
      break;
    case "elasticsearch-py":
    case "opensearch-py":
      edits = pythonKeywordEdits(layer, text, "max_retries", String(attempts - 1));
      break;
    case "@elastic/elasticsearch":
    case "@opensearch-project/opensearch":
      edits = tsNewOptionEdits(layer, text, "maxRetries", String(attempts - 1));
      break;
    case "go-elasticsearch":
    case "opensearch-go":
      edits = attempts === 1 ? goFieldEdits(layer, text, "DisableRetry", "true") : goFieldEdits(layer, text, "MaxRetries", String(attempts - 1));
      break;
  }
  return edits?.length ? { title, edits, unsafe: true } : null;
}

const at = (layer: RetryLayer) => (n: SyntaxNode) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column;

/** the composite literal of a Go layer anchored on one of its keyed elements, or on the literal / the call holding it */
function goLiteral(root: SyntaxNode, layer: RetryLayer): SyntaxNode | null {
  const anchored = findNode(root, (n) => at(layer)(n) && (n.type === "keyed_element" || n.type === "composite_literal" || n.type === "unary_expression" || n.type === "call_expression"));
  if (!anchored) return null;
  if (anchored.type === "keyed_element") {
    const body = anchored.parent;
    return body?.parent?.type === "composite_literal" ? body.parent : null;
  }
  return findNode(anchored, (n) => n.type === "composite_literal" && /(Writer|WriterConfig|Config)$/.test(n.childForFieldName("type")?.text ?? ""));
}

function goFieldEdits(layer: RetryLayer, text: string, field: string, value: string): FixEdit[] | null {
  const tree = parseTree("go", text);
  try {
    const lit = goLiteral(tree.rootNode, layer);
    const body = lit?.childForFieldName("body");
    if (!body) return null;
    const kv = body.namedChildren.find((c) => c?.type === "keyed_element" && c.childForFieldName("key")?.text === field);
    const written = kv?.childForFieldName("value");
    if (written) return [{ file: layer.file, start: written.startIndex, end: written.endIndex, newText: value }];
    const items = body.namedChildren.filter((c) => c && c.type !== "comment");
    if (!items.length) return [{ file: layer.file, start: body.startIndex + 1, end: body.startIndex + 1, newText: `${field}: ${value}` }];
    // one field per line: a new line after `{` with the first field's indentation
    const first = items[0]!;
    if (first.startPosition.row > body.startPosition.row) {
      const indent = text.slice(text.lastIndexOf("\n", first.startIndex) + 1, first.startIndex);
      return [{ file: layer.file, start: body.startIndex + 1, end: body.startIndex + 1, newText: `\n${indent}${field}: ${value},` }];
    }
    return [{ file: layer.file, start: body.startIndex + 1, end: body.startIndex + 1, newText: `${field}: ${value}, ` }];
  } finally {
    tree.delete();
  }
}

function saramaEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const tree = parseTree("go", text);
  try {
    const a = findNode(tree.rootNode, (n) => n.type === "assignment_statement" && at(layer)(n));
    const right = a?.childForFieldName("right")?.namedChildren[0];
    return right ? [{ file: layer.file, start: right.startIndex, end: right.endIndex, newText: String(attempts - 1) }] : null;
  } finally {
    tree.delete();
  }
}

function confluentEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const value = String(attempts - 1);
    // anchored on the "retries" pair when written, else on the Producer(conf) call
    const pair = findNode(tree.rootNode, (n) => n.type === "pair" && at(layer)(n));
    const v = pair?.childForFieldName("value");
    if (v) return [{ file: layer.file, start: v.startIndex, end: v.endIndex, newText: value }];
    const call = findNode(tree.rootNode, (n) => n.type === "call" && at(layer)(n));
    let dict = call?.childForFieldName("arguments")?.namedChildren[0] ?? null;
    if (dict?.type === "identifier") {
      const name = dict.text;
      const assign = findNode(tree.rootNode, (n) => n.type === "assignment" && n.childForFieldName("left")?.text === name && n.startIndex < call!.startIndex, true);
      dict = assign?.childForFieldName("right") ?? null;
    }
    if (dict?.type !== "dictionary") return null;
    const pairs = dict.namedChildren.filter((c) => c?.type === "pair");
    const last = pairs[pairs.length - 1];
    if (!last) return [{ file: layer.file, start: dict.startIndex + 1, end: dict.startIndex + 1, newText: `"retries": ${value}` }];
    const quote = last.childForFieldName("key")?.text.startsWith("'") ? "'" : '"';
    if (last.startPosition.row > dict.startPosition.row) {
      const indent = text.slice(text.lastIndexOf("\n", last.startIndex) + 1, last.startIndex);
      const trailing = /^\s*,/.exec(text.slice(last.endIndex));
      // `"acks": "all",⏎}` → `"acks": "all",⏎    "retries": 2,⏎}`; without a trailing comma none is added after the new entry
      if (trailing) {
        const after = last.endIndex + trailing[0].length;
        return [{ file: layer.file, start: after, end: after, newText: `\n${indent}${quote}retries${quote}: ${value},` }];
      }
      return [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `,\n${indent}${quote}retries${quote}: ${value}` }];
    }
    return [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, ${quote}retries${quote}: ${value}` }];
  } finally {
    tree.delete();
  }
}

function pythonKeywordEdits(layer: RetryLayer, text: string, keyword: string, value: string): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const kwAt = findNode(tree.rootNode, (n) => n.type === "keyword_argument" && at(layer)(n));
    const call = kwAt ? kwAt.parent?.parent ?? null : findNode(tree.rootNode, (n) => n.type === "call" && at(layer)(n));
    const args = call?.childForFieldName("arguments");
    if (!args) return null;
    const kw = args.namedChildren.find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === keyword);
    const v = kw?.childForFieldName("value");
    if (v) return [{ file: layer.file, start: v.startIndex, end: v.endIndex, newText: value }];
    const list = args.namedChildren.filter((a) => a && a.type !== "comment");
    const last = list[list.length - 1];
    return [{ file: layer.file, start: last ? last.endIndex : args.startIndex + 1, end: last ? last.endIndex : args.startIndex + 1, newText: last ? `, ${keyword}=${value}` : `${keyword}=${value}` }];
  } finally {
    tree.delete();
  }
}

function nodeAt(sf: ts.SourceFile, layer: RetryLayer, accept: (n: ts.Node) => boolean): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (accept(n)) {
      const p = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      if (p.line + 1 === layer.anchor.line && p.character === layer.anchor.column) found = n;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function addProperty(sf: ts.SourceFile, file: string, obj: ts.ObjectLiteralExpression, text: string): FixEdit {
  const last = obj.properties[obj.properties.length - 1];
  if (!last) return { file, start: obj.getStart(sf) + 1, end: obj.getStart(sf) + 1, newText: ` ${text} ` };
  return { file, start: last.getEnd(), end: last.getEnd(), newText: `, ${text}` };
}

function tsNewOptionEdits(layer: RetryLayer, text: string, key: string, value: string): FixEdit[] | null {
  const sf = ts.createSourceFile(layer.file, text, ts.ScriptTarget.Latest, true);
  const anchored = nodeAt(sf, layer, (n) => ts.isNewExpression(n) || ts.isPropertyAssignment(n));
  const options = anchored && ts.isPropertyAssignment(anchored) ? anchored.parent : anchored && ts.isNewExpression(anchored) ? anchored.arguments?.[0] : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return null;
  const prop = options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === key);
  if (prop) return [{ file: layer.file, start: prop.initializer.getStart(sf), end: prop.initializer.getEnd(), newText: value }];
  return [addProperty(sf, layer.file, options, `${key}: ${value}`)];
}

function kafkajsEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const sf = ts.createSourceFile(layer.file, text, ts.ScriptTarget.Latest, true);
  const call = nodeAt(sf, layer, (n) => ts.isCallExpression(n));
  if (!call || !ts.isCallExpression(call)) return null;
  const value = String(attempts - 1);
  const arg = call.arguments[0];
  if (!arg) {
    const open = call.getEnd() - 1;
    return [{ file: layer.file, start: open, end: open, newText: `{ retry: { retries: ${value} } }` }];
  }
  if (!ts.isObjectLiteralExpression(arg)) return null;
  const retry = arg.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === "retry");
  if (!retry) return [addProperty(sf, layer.file, arg, `retry: { retries: ${value} }`)];
  if (!ts.isObjectLiteralExpression(retry.initializer)) return null;
  const retries = retry.initializer.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === "retries");
  if (retries) return [{ file: layer.file, start: retries.initializer.getStart(sf), end: retries.initializer.getEnd(), newText: value }];
  return [addProperty(sf, layer.file, retry.initializer, `retries: ${value}`)];
}

function jvmPutEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const kotlin = /\.kts?$/.test(layer.file);
  const tree = parseTree(kotlin ? "kotlin" : "java", kotlin && !text.endsWith("\n") ? `${text}\n` : text);
  try {
    const call = findNode(tree.rootNode, (n) => (n.type === "method_invocation" || n.type === "call_expression") && at(layer)(n));
    const args = call ? findNode(call, (n) => n.type === "argument_list" || n.type === "value_arguments") : null;
    const second = args?.namedChildren.filter((c) => c && c.type !== "comment")[1] ?? null;
    const value = second?.type === "value_argument" ? (second.namedChildren[second.namedChildren.length - 1] ?? null) : second;
    if (!value) return null;
    const quoted = /^"/.test(value.text);
    return [{ file: layer.file, start: value.startIndex, end: value.endIndex, newText: quoted ? `"${attempts - 1}"` : String(attempts - 1) }];
  } finally {
    tree.delete();
  }
}
