/**
 * Fix operations on JVM retry annotations (reference §3.2 spring-retry, §3.2b Spring Framework 7),
 * in Java and Kotlin, as edits of one annotation argument located with tree-sitter:
 * - spring-retry `@Retryable(maxAttempts = N)` counts attempts (1 = no retry); jitter through
 *   `@Backoff`: `random = true` with a multiplier (ExponentialRandomBackOffPolicy), otherwise a
 *   `maxDelay` above `delay` (UniformRandomBackOffPolicy between the two, here 4 × delay); a
 *   zero delay gets exponential random backoff from 100 ms (RL003).
 * - Spring 7 `@Retryable(maxRetries = N)` counts retries; jitter is `jitter = delay / 2` (ms).
 * - MicroProfile `@Retry(maxRetries = N)` counts retries (-1 = no count); the wait is `delay` ±
 *   `jitter` (ms unless a unit is set): jitter = delay / 2, or the default 200 ms where there is no
 *   wait at all; units other than the default are not edited.
 * `…Expression` / `…String` attributes are resolved at run time: not edited.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const SPRING_RETRY_PACKAGE = "org.springframework.retry.annotation";
/** spring-retry @Backoff default delay (ms) */
const DEFAULT_DELAY_MS = 1000;

export function jvmAnnotationLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined || !["spring-retry", "spring-core-retry", "microprofile-retry"].includes(layer.kind)) return null;
  const kotlin = /\.kts?$/.test(layer.file);
  if (!kotlin && !layer.file.endsWith(".java")) return null;
  const tree = parseTree(kotlin ? "kotlin" : "java", text);
  try {
    const ed = new AnnotationEditor(layer.file, text, kotlin);
    const node = ed.annotationAt(tree.rootNode, layer.anchor.line, layer.anchor.column);
    if (!node) return null;
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
    if (layer.kind === "microprofile-retry") return microProfile(op, layer, ed, node, attempts);
    return layer.kind === "spring-retry" ? springRetry(op, layer, ed, tree.rootNode, node, attempts) : springCore(op, layer, ed, node, attempts);
  } finally {
    tree.delete();
  }
}

const offOrCap = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

function springRetry(op: LayerOp, layer: RetryLayer, ed: AnnotationEditor, root: SyntaxNode, ann: SyntaxNode, attempts: number | null): LayerEdit | null {
  const args = ed.args(ann);
  if (attempts !== null && attempts >= 1) {
    if (args.has("maxAttemptsExpression")) return null;
    const edit = ed.setArg(ann, "maxAttempts", String(attempts));
    return edit ? { title: offOrCap(layer, attempts, `maxAttempts = ${attempts}, which counts every attempt`), edits: [edit] } : null;
  }
  if (op !== "jitter" && op !== "backoff") return null;
  const backoff = args.get("backoff");
  if (!backoff) {
    // the default @Backoff is a fixed 1 s: the same delay, spread up to 4 s
    const name = ed.backoffName(root);
    const value = `${ed.kotlin ? "" : "@"}${name.ref}(delay = ${DEFAULT_DELAY_MS}, maxDelay = ${DEFAULT_DELAY_MS * 4})`;
    const edit = ed.setArg(ann, "backoff", value);
    return edit ? { title: `Randomise the delay: backoff = ${value} (uniform between 1 s and 4 s)`, edits: [edit, ...name.edits] } : null;
  }
  if (!ed.isAnnotationLike(backoff)) return null;
  const b = ed.args(backoff);
  if ([...b.keys()].some((k) => k.endsWith("Expression"))) return null;
  const number = (key: string) => {
    const v = b.get(key);
    return v ? Number(v.text.replace(/[_lLdDfF]/g, "")) : null;
  };
  const delay = number("delay") ?? number("value") ?? DEFAULT_DELAY_MS;
  const multiplier = number("multiplier") ?? 0;
  if (delay === 0 || op === "backoff") {
    // no wait: exponential from 100 ms with random ×U[1, 2)
    const edits = [b.has("delay") || !b.has("value") ? ed.setArg(backoff, "delay", "100") : ed.setArg(backoff, "value", "100"), ed.setArg(backoff, "multiplier", "2"), ed.setArg(backoff, "random", "true")];
    return edits.every((e) => e) ? { title: "Back off exponentially with jitter: @Backoff(delay = 100, multiplier = 2, random = true)", edits: mergeInsertions(edits as FixEdit[]) } : null;
  }
  if (!Number.isFinite(delay) || !Number.isFinite(multiplier)) return null;
  if (multiplier > 0) {
    const edit = ed.setArg(backoff, "random", "true");
    return edit ? { title: "Randomise the delay: @Backoff(random = true)", edits: [edit] } : null;
  }
  const edit = ed.setArg(backoff, "maxDelay", String(delay * 4));
  return edit ? { title: `Randomise the delay: @Backoff(maxDelay = ${delay * 4}), uniform between delay and 4 × delay`, edits: [edit] } : null;
}

function springCore(op: LayerOp, layer: RetryLayer, ed: AnnotationEditor, ann: SyntaxNode, attempts: number | null): LayerEdit | null {
  const args = ed.args(ann);
  if (attempts !== null && attempts >= 1) {
    if (args.has("maxRetriesString")) return null;
    const edit = ed.setArg(ann, "maxRetries", String(attempts - 1));
    return edit ? { title: offOrCap(layer, attempts, `maxRetries = ${attempts - 1}, which counts retries`), edits: [edit] } : null;
  }
  if (op === "jitter" && !args.has("delayString") && !args.has("jitterString")) {
    const delayNode = args.get("delay");
    const delay = delayNode ? Number(delayNode.text.replace(/[_lL]/g, "")) : DEFAULT_DELAY_MS;
    if (!Number.isFinite(delay) || delay <= 0) return null;
    const jitter = Math.round(delay / 2);
    const edit = ed.setArg(ann, "jitter", String(jitter));
    return edit ? { title: `Randomise the delay: jitter = ${jitter} (± half the delay)`, edits: [edit] } : null;
  }
  return null;
}

/** MicroProfile's documented default jitter (ms) */
const MICROPROFILE_JITTER_MS = 200;

function microProfile(op: LayerOp, layer: RetryLayer, ed: AnnotationEditor, ann: SyntaxNode, attempts: number | null): LayerEdit | null {
  const args = ed.args(ann);
  if ((attempts !== null && attempts >= 1) || op === "stop") {
    const total = attempts ?? 3;
    const edit = ed.setArg(ann, "maxRetries", String(total - 1));
    if (!edit) return null;
    return { title: op === "stop" ? `Stop after ${total} attempts: maxRetries = ${total - 1}` : offOrCap(layer, total, `maxRetries = ${total - 1}, which counts retries`), edits: [edit] };
  }
  if ((op !== "jitter" && op !== "backoff") || args.has("delayUnit") || args.has("jitterDelayUnit")) return null;
  const delayNode = args.get("delay");
  const delay = delayNode ? Number(delayNode.text.replace(/[_lL]/g, "")) : 0;
  if (!Number.isFinite(delay)) return null;
  const jitter = delay > 0 ? Math.round(delay / 2) : MICROPROFILE_JITTER_MS;
  const edit = ed.setArg(ann, "jitter", String(jitter));
  return edit ? { title: `Randomise the delay: jitter = ${jitter} (${delay > 0 ? "± half the delay" : "a random wait up to 200 ms, MicroProfile's default"})`, edits: [edit] } : null;
}

/** Two additions at the same point would conflict: join them into one edit. */
function mergeInsertions(edits: FixEdit[]): FixEdit[] {
  const out: FixEdit[] = [];
  for (const e of edits) {
    const same = out.find((o) => o.start === e.start && o.end === e.end && o.start === o.end);
    if (same) same.newText += e.newText;
    else out.push({ ...e });
  }
  return out;
}

/**
 * Annotation arguments in either grammar. Java: `annotation` / `marker_annotation` with an
 * `annotation_argument_list` of `element_value_pair`s; Kotlin: `annotation` holding a
 * `constructor_invocation` (or a bare `user_type`), nested ones as `call_expression`s, each with
 * `value_arguments`.
 */
export class AnnotationEditor {
  constructor(
    readonly file: string,
    readonly text: string,
    readonly kotlin: boolean,
  ) {}

  annotationAt(root: SyntaxNode, line: number, column: number): SyntaxNode | null {
    let found: SyntaxNode | null = null;
    const visit = (n: SyntaxNode) => {
      if (found) return;
      if ((n.type === "annotation" || n.type === "marker_annotation") && n.startPosition.row + 1 === line && n.startPosition.column === column) {
        found = n;
        return;
      }
      for (const c of n.namedChildren) if (c) visit(c);
    };
    visit(root);
    return found;
  }

  isAnnotationLike(n: SyntaxNode): boolean {
    return n.type === "annotation" || n.type === "marker_annotation" || n.type === "call_expression";
  }

  /** the argument list node, or null for a marker annotation (`@Retryable`) */
  private argList(n: SyntaxNode): SyntaxNode | null {
    if (this.kotlin) {
      const holder = n.type === "annotation" ? n.namedChildren.find((c) => c?.type === "constructor_invocation") : n;
      return holder?.namedChildren.find((c) => c?.type === "value_arguments") ?? null;
    }
    return n.namedChildren.find((c) => c?.type === "annotation_argument_list") ?? null;
  }

  /** arguments by name (a single unnamed one is `value`), each the value node */
  args(n: SyntaxNode): Map<string, SyntaxNode> {
    const out = new Map<string, SyntaxNode>();
    const list = this.argList(n);
    for (const item of list?.namedChildren ?? []) {
      if (!item || item.type === "comment" || item.type === "line_comment" || item.type === "block_comment") continue;
      const pair = item.type === "element_value_pair" || (item.type === "value_argument" && item.namedChildren.length > 1);
      const children = item.namedChildren.filter((c): c is SyntaxNode => !!c);
      if (pair) out.set(children[0]!.text, children[children.length - 1]!);
      else out.set("value", item.type === "value_argument" ? children[0]! : item);
    }
    return out;
  }

  /** Sets `name = value`: the value replaced, or the argument appended (a marker gets its list). */
  setArg(n: SyntaxNode, name: string, value: string): FixEdit | null {
    const existing = this.args(n).get(name);
    if (existing) return { file: this.file, start: existing.startIndex, end: existing.endIndex, newText: value };
    const list = this.argList(n);
    if (!list) {
      // `@Retryable` → `@Retryable(name = value)`
      return { file: this.file, start: n.endIndex, end: n.endIndex, newText: `(${name} = ${value})` };
    }
    const items = list.namedChildren.filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));
    const last = items[items.length - 1];
    if (!last) return { file: this.file, start: list.startIndex + 1, end: list.endIndex - 1, newText: `${name} = ${value}` };
    // a lone unnamed value is `value = …` once another argument joins it (Java requires the name)
    if (items.length === 1 && this.args(n).has("value") && !this.kotlin && last.type !== "element_value_pair") return null;
    return { file: this.file, start: last.endIndex, end: last.endIndex, newText: `, ${name} = ${value}` };
  }

  /** How this file names spring-retry's @Backoff, with the import that makes it valid. */
  backoffName(root: SyntaxNode): { ref: string; edits: FixEdit[] } {
    const imports = root.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === "import_declaration" || c.type === "import_header" || c.type === "import_list"));
    const lines = imports.flatMap((i) => (i.type === "import_list" ? i.namedChildren.filter((c): c is SyntaxNode => !!c) : [i]));
    const path = (i: SyntaxNode) => i.text.replace(/^import\s+(static\s+)?/, "").replace(/[;\s]/g, "");
    if (lines.some((i) => path(i) === `${SPRING_RETRY_PACKAGE}.Backoff` || path(i) === `${SPRING_RETRY_PACKAGE}.*`)) return { ref: "Backoff", edits: [] };
    const retryable = lines.find((i) => path(i) === `${SPRING_RETRY_PACKAGE}.Retryable`);
    // @Retryable written qualified (no import to add a sibling to): the qualified name
    if (!retryable) return { ref: `${SPRING_RETRY_PACKAGE}.Backoff`, edits: [] };
    const eol = this.text.includes("\r\n") ? "\r\n" : "\n";
    const statement = `import ${SPRING_RETRY_PACKAGE}.Backoff${this.kotlin ? "" : ";"}`;
    const end = this.text.indexOf("\n", retryable.startIndex);
    const at = end < 0 ? this.text.length : end + 1;
    return { ref: "Backoff", edits: [{ file: this.file, start: at, end: at, newText: end < 0 ? `${eol}${statement}` : `${statement}${eol}` }] };
  }
}
