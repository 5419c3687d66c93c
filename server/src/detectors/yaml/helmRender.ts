/**
 * Static rendering of Helm templates (`<chart>/templates/*.yaml`) into YAML the detectors can read.
 * Go-template actions are not YAML, so before parsing each `{{ … }}` is found by a small scanner
 * (quotes and raw strings respected) and replaced, keeping every line where it was so anchor
 * lines stay true:
 * - a line holding only actions (`{{- if .Values.retry.enabled }}`, `{{- end }}`,
 *   `{{- toYaml .Values.retries | nindent 4 }}`) becomes blank; `if`/`with`/`range` open a block,
 *   `else` skips the rest of it (the first branch is kept), `define` contents are dropped, and an
 *   output action there injects unknown content (recorded: "injected");
 * - an action inside a line becomes a placeholder: after a retry-count key (`retries:`,
 *   `attempts:`, `konghq.com/retries:` …) a numeric one, so every detector reads it as a count
 *   and the number it derives (N or N+1) tells which placeholder and which step it took;
 *   elsewhere a word (`helmtpl3x`), which no number, duration or status can be read from.
 *   A line with an inline `if`/`else` has its whole value replaced by one placeholder.
 * What each original line held is returned, so helm.ts can say which layers' counts are templated.
 *
 * Jinja templates (Ansible's `templates/*.yml.j2`, `traefik.toml.j2`) are masked the same way
 * (`dialect: "jinja"`): `{{ … }}` are expressions, `{% … %}` statements and `{# … #}` comments
 * (jinja.palletsprojects.com "Template Designer Documentation": delimiters, whitespace control
 * `{%-`/`-%}`, `elif`, `endif`/`endfor`/`endmacro`); `if`/`for`/`with`/`filter`/`call` open a
 * block, `elif`/`else` skip the rest of it, `macro` and a block `set` are dropped, and `endX`
 * closes. Strings in Jinja expressions take both quote kinds.
 */

/** Numeric placeholders: BASE + k·STRIDE, far above any real count. */
export const SENTINEL_BASE = 7_000_000_000;
export const SENTINEL_STRIDE = 1000;
export const WORD_SENTINEL = /helmtpl(\d+)x/g;

/** Keys whose value is a retry count in some detector (reference §4: the count field of each product). */
const COUNT_KEYS = new Set([
  "attempts", "retries", "num_retries", "numRetries", "NumRetries", "maxAttempts", "max_retries", "maxRetries",
  "proxy-next-upstream-tries", "konghq.com/retries", "retry.linkerd.io/limit", "maxConnectAttempt", "limit", "tries",
]);
const BLOCK_OPENERS = new Set(["if", "with", "range", "block"]);

export interface LineInfo {
  /** count: a count key's value is templated; injected: unknown content is inserted here; other: templated elsewhere */
  kind: "count" | "injected" | "other";
  /** the first action on the line, as written */
  expression: string;
}

export interface RenderedTemplate {
  text: string;
  /** 1-based original line → what was templated on it */
  lines: Map<number, LineInfo>;
  /** 1-based line → the `{{ if … }}` actions that enclose it */
  conditions: Map<number, string[]>;
  /** placeholder k → the action it replaced */
  expressions: string[];
  /** lines blanked by a directive, with their original indentation */
  directiveIndent: Map<number, number>;
}

interface Action {
  start: number;
  end: number;
  text: string;
  keyword: string;
}

export interface RenderOptions {
  /**
   * A partial (`templates/_*.yaml`): Helm renders no manifest from it, its named templates are
   * what `{{ template "…" . }}` / `{{ include "…" . }}` put into the chart's manifests. Render the
   * bodies of its top-level `define`s in place (a define line alone becomes a `---`, so each body
   * is its own document) instead of dropping them.
   */
  defines?: boolean;
  /** the template language: Helm's Go templates (default) or Jinja (see the file comment) */
  dialect?: TemplateDialect;
  /**
   * what the template renders to: in TOML (`key = {{ x }}`) a bare word is no value, so a word
   * placeholder right after `=` is written as a string
   */
  format?: "yaml" | "toml";
}

export type TemplateDialect = "helm" | "jinja";

export function renderHelmTemplate(source: string, options: RenderOptions = {}): RenderedTemplate {
  const actions = scanActions(source, options.dialect ?? "helm");
  const out: RenderedTemplate = { text: "", lines: new Map(), conditions: new Map(), expressions: [], directiveIndent: new Map() };
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo; // 0-based
  };
  const byLine = new Map<number, Action[]>();
  const spanned = new Set<number>();
  for (const a of actions) {
    const first = lineOf(a.start);
    const last = lineOf(Math.max(a.start, a.end - 1));
    byLine.set(first, [...(byLine.get(first) ?? []), a]);
    for (let l = first + 1; l <= last; l++) spanned.add(l);
  }
  const stack: Block[] = [];
  const rendered: string[] = [];
  for (let l = 0; l < lineStarts.length; l++) {
    const start = lineStarts[l]!;
    const end = l + 1 < lineStarts.length ? lineStarts[l + 1]! - 1 : source.length;
    const line = source.slice(start, end);
    const here = byLine.get(l) ?? [];
    const skipping = () => stack.some((b) => b.skipping);
    if (spanned.has(l)) {
      rendered.push("");
      continue;
    }
    if (here.length === 0) {
      rendered.push(skipping() ? "" : line);
      if (!skipping()) emitted(out, l + 1, stack, line);
      continue;
    }
    let residue = "";
    let cursor = start;
    for (const a of here) {
      residue += source.slice(cursor, a.start);
      cursor = a.end;
    }
    residue += source.slice(cursor, end);
    if (residue.trim() === "") {
      // a directive line: control flow, comments, or injected output
      const wasSkipping = skipping();
      const topDefine = options.defines === true && stack.length === 0 && here.some((a) => a.keyword === "define");
      for (const a of here) applyControl(a, stack, out, l + 1, wasSkipping, options);
      out.directiveIndent.set(l + 1, line.length - line.trimStart().length);
      rendered.push(topDefine ? "---" : wasSkipping ? "" : injectedValue(out, l + 1, rendered));
      continue;
    }
    if (skipping()) {
      rendered.push("");
      continue;
    }
    emitted(out, l + 1, stack, line);
    rendered.push(renderContentLine(source, start, end, here, out, l + 1, options.format === "toml"));
  }
  out.text = rendered.join("\n");
  return out;
}

interface Block {
  skipping: boolean;
  condition: string | null;
  /** lines of the kept branch, with their text */
  lines: Array<{ line: number; text: string }>;
}

/** A line kept in the output: remember the `if`s around it, and which branch it is in. */
function emitted(out: RenderedTemplate, line: number, stack: Block[], text = ""): void {
  const conditions = stack.map((b) => b.condition).filter((c): c is string => c !== null);
  if (conditions.length) out.conditions.set(line, conditions);
  for (const block of stack) block.lines.push({ line, text });
}

function applyControl(a: Action, stack: Block[], out: RenderedTemplate, line: number, skipping: boolean, options: RenderOptions): void {
  if (a.keyword === "comment") return;
  if (BLOCK_OPENERS.has(a.keyword)) stack.push({ skipping: false, condition: a.keyword === "if" ? a.text : null, lines: [] });
  else if (a.keyword === "define") stack.push({ skipping: !(options.defines === true && stack.length === 0), condition: null, lines: [] });
  else if (a.keyword === "else") {
    const top = stack[stack.length - 1];
    if (!top) return;
    top.skipping = true;
    // the branch kept is only one of the possible ones: a count written in it is not known
    for (const kept of top.lines) {
      const key = /^\s*(?:-\s+)?["']?([\w./-]+)["']?\s*:/.exec(kept.text)?.[1];
      if (key && COUNT_KEYS.has(key)) out.lines.set(kept.line, { kind: "count", expression: `${top.condition ?? "{{ with … }}"} … ${a.text}` });
    }
  } else if (a.keyword === "end") stack.pop();
  else if (!skipping && !out.lines.has(line)) out.lines.set(line, { kind: "injected", expression: a.text });
}

/**
 * An output action alone on a line right under `key:` is that key's value (`retries:` then
 * `{{- toYaml .Values.retries | nindent 8 }}`): stand in a one-entry map, so the key is not read
 * as empty (which would mean "not configured") and helm.ts sees the block as templated.
 */
function injectedValue(out: RenderedTemplate, line: number, rendered: string[]): string {
  const info = out.lines.get(line);
  if (info?.kind !== "injected") return "";
  const previous = [...rendered].reverse().find((r) => r.trim() !== "" && !r.trimStart().startsWith("#"));
  if (!previous || !/:\s*$/.test(previous)) return "";
  const k = out.expressions.push(info.expression) - 1;
  return `${" ".repeat(previous.length - previous.trimStart().length + 2)}helmtpl${k}x: helmtpl${k}x`;
}

/** A line with YAML around its actions: each action becomes a placeholder (see the file comment). */
function renderContentLine(source: string, start: number, end: number, actions: Action[], out: RenderedTemplate, line: number, toml: boolean): string {
  const prefix = source.slice(start, actions[0]!.start);
  const key = keyBefore(prefix, toml);
  const isCount = key !== null && COUNT_KEYS.has(key);
  out.lines.set(line, { kind: isCount ? "count" : "other", expression: actions[0]!.text });
  const placeholder = (a: Action) => {
    const k = out.expressions.push(a.text) - 1;
    if (isCount) return String(SENTINEL_BASE + k * SENTINEL_STRIDE);
    return toml && /=\s*$/.test(source.slice(start, a.start)) ? `"helmtpl${k}x"` : `helmtpl${k}x`;
  };
  if (actions.some((a) => a.keyword !== "expr" && a.keyword !== "comment")) {
    // inline control flow: the whole value is unknown (one placeholder for it)
    const whole: Action = { start: actions[0]!.start, end: actions[actions.length - 1]!.end, text: source.slice(actions[0]!.start, actions[actions.length - 1]!.end), keyword: "expr" };
    return prefix + placeholder(whole) + source.slice(whole.end, end);
  }
  let text = "";
  let cursor = start;
  for (const a of actions) {
    text += source.slice(cursor, a.start) + (a.keyword === "comment" ? "" : placeholder(a));
    cursor = a.end;
  }
  return text + source.slice(cursor, end);
}

/** The YAML key written just before an action on its line (`  retries: `, `{attempts: "`; TOML `attempts = `), if any. */
function keyBefore(prefix: string, toml: boolean): string | null {
  const m = (toml ? /([\w-]+)["']?\s*=\s*["']?$/ : /([\w./-]+)["']?\s*:\s*["']?$/).exec(prefix);
  return m ? m[1]! : null;
}

/** Every `{{ … }}` action (and for Jinja every `{% … %}` and `{# … #}`): offsets, text as written, and its leading keyword. */
function scanActions(source: string, dialect: TemplateDialect): Action[] {
  const out: Action[] = [];
  const opener = dialect === "jinja" ? /\{[{%#]/g : /\{\{/g;
  const quotes = dialect === "jinja" ? "\"'" : "\"`";
  opener.lastIndex = 0;
  let m = opener.exec(source);
  while (m) {
    const i = m.index;
    const close = source[i + 1] === "{" ? "}" : source[i + 1]!;
    let j = i + 2;
    let quote: string | null = null;
    for (; j < source.length - 1; j++) {
      const c = source[j]!;
      if (close === "#") {
        if (c === "#" && source[j + 1] === "}") break;
      } else if (quote) {
        if (c === "\\" && quote !== "`") j++;
        else if (c === quote) quote = null;
      } else if (quotes.includes(c)) quote = c;
      else if (c === close && source[j + 1] === "}") break;
    }
    if (j >= source.length - 1) break; // unterminated: the rest is left as text
    const end = j + 2;
    const text = source.slice(i, end);
    out.push({ start: i, end, text, keyword: dialect === "jinja" ? jinjaKeywordOf(text) : keywordOf(text) });
    opener.lastIndex = end;
    m = opener.exec(source);
  }
  return out;
}

function keywordOf(action: string): string {
  const inner = action.slice(2, -2).replace(/^-\s*/, "").replace(/\s*-$/, "").trim();
  if (inner.startsWith("/*")) return "comment";
  const word = /^[a-z]+/.exec(inner)?.[0] ?? "";
  return ["if", "else", "end", "range", "with", "define", "block"].includes(word) ? word : "expr";
}

/** Jinja statements mapped onto the Go-template keywords above. */
const JINJA_STATEMENTS: Readonly<Record<string, string>> = {
  if: "if", for: "range", with: "with", filter: "with", call: "with", autoescape: "with", raw: "with", block: "block",
  elif: "else", else: "else", macro: "define",
  // no output: imports, assignments, loop control, extensions
  import: "comment", from: "comment", extends: "comment", do: "comment", break: "comment", continue: "comment",
};

function jinjaKeywordOf(action: string): string {
  if (action.startsWith("{#")) return "comment";
  if (action.startsWith("{{")) return "expr";
  const inner = action.slice(2, -2).replace(/^[-+]\s*/, "").replace(/\s*[-+]$/, "").trim();
  const word = /^[a-z]+/.exec(inner)?.[0] ?? "";
  if (word.startsWith("end")) return "end";
  // `{% set x = 1 %}` assigns; `{% set x %}…{% endset %}` captures a block (no output)
  if (word === "set") return /^set\s+[\w.,\s]+=/.test(inner) ? "comment" : "define";
  // `{% include "x.yml" %}` puts unknown content here
  return JINJA_STATEMENTS[word] ?? "expr";
}
