/**
 * Spring Boot `application*.properties` / `bootstrap*.properties` (Resilience4j instances §3.1,
 * Spring Cloud Gateway routes §3.3, settings for `@Value`). A tokenizer for the
 * java.util.Properties format as Spring Boot's OriginTrackedPropertiesLoader reads it:
 *
 * - a logical line is natural lines joined by a trailing unescaped `\`; the continuation's
 *   leading whitespace is dropped; a comment line (`#` or `!` first) never continues;
 * - the key runs to the first unescaped `=`, `:` or whitespace; whitespace, then at most one
 *   `=`/`:`, then whitespace separate it from the value (`key=value`, `key: value`, `key value`);
 * - escapes `\t \n \r \f`, `\uXXXX`, and `\x` = x (`\:`, `\=`, `\ ` in keys); a malformed
 *   `\u` drops that entry with one problem;
 * - values are trimmed (Spring trims; java.util.Properties keeps trailing blanks);
 * - Spring Boot 2.4+ multi-document files: a line that is exactly `#---` or `!---` starts a new
 *   document (a plain `---` is an ordinary key, as in Spring).
 */
import { emptyFacts, type FileFacts, type ProblemFact } from "../../model/facts";
import { parseSuppression, type SuppressionFact } from "../../model/suppression";
import { addSpringFacts } from "./springFacts";
import { MAX_SETTINGS, profileOfFile, relaxedKey, type SettingEntry, type SettingsDocument } from "./settings";

/** Bigger than any hand-written configuration file: not read. */
const MAX_PROPERTIES_CHARS = 2_000_000;

export function extractSpringProperties(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "properties");
  if (text.length > MAX_PROPERTIES_CHARS) {
    facts.problems.push({ line: 1, message: `properties file too large to analyse (${text.length} characters)` });
    return facts;
  }
  const parsed = parseProperties(text);
  facts.problems.push(...parsed.problems);
  facts.suppressions.push(...parsed.suppressions);
  const fileProfile = profileOfFile(path);
  const documents: SettingsDocument[] = parsed.documents.map((entries) => ({ entries, profile: documentProfile(entries) ?? fileProfile }));
  addSpringFacts(facts, path, documents);
  return facts;
}

/** `spring.config.activate.on-profile` (Boot 2.4+) or the legacy `spring.profiles` of a document. */
export function documentProfile(entries: readonly SettingEntry[]): string | null {
  let profile: string | null = null;
  for (const e of entries) {
    const k = relaxedKey(e.key);
    if (k === "spring.config.activate.onprofile" || k === "spring.profiles") profile = e.value.trim() || null;
  }
  return profile;
}

export interface ParsedProperties {
  /** entries per document, in file order */
  documents: SettingEntry[][];
  problems: ProblemFact[];
  /** `# retry-lens: ignore …` comments */
  suppressions: SuppressionFact[];
}

export function parseProperties(text: string): ParsedProperties {
  const reader = new PropertiesReader(text);
  const documents: SettingEntry[][] = [[]];
  const problems: ProblemFact[] = [];
  const suppressions: SuppressionFact[] = [];
  let count = 0;
  while (!reader.atEnd()) {
    reader.skipBlanks();
    if (reader.atLineEnd()) {
      reader.skipLineEnd();
      continue;
    }
    if (reader.peek() === "#" || reader.peek() === "!") {
      const comment = reader.restOfLine();
      if (reader.column === 0 && comment.trimEnd().slice(1) === "---") documents.push([]);
      const suppression = parseSuppression(comment.slice(1), reader.line);
      if (suppression) suppressions.push(suppression);
      reader.skipToNextLine();
      continue;
    }
    const entry = readEntry(reader);
    if ("problem" in entry) {
      problems.push(entry.problem);
      continue;
    }
    if (entry.key === "") continue;
    if (++count > MAX_SETTINGS) {
      problems.push({ line: entry.span.line, message: `more than ${MAX_SETTINGS} properties: the rest of the file is not read` });
      break;
    }
    documents[documents.length - 1]!.push(entry);
  }
  return { documents, problems, suppressions };
}

function readEntry(reader: PropertiesReader): SettingEntry | { problem: ProblemFact } {
  const line = reader.line;
  const column = reader.column;
  let key = "";
  let bad: string | null = null;
  let c = reader.next();
  let keyEnd = { line, column };
  // key: up to an unescaped separator or blank
  while (c !== null && !(!c.escaped && (c.ch === "=" || c.ch === ":" || isBlank(c.ch)))) {
    if (c.error) bad ??= c.error;
    key += c.ch;
    keyEnd = { line: reader.line, column: reader.column };
    c = reader.next();
  }
  // separator: blanks, at most one `=` or `:`, blanks
  if (c !== null && isBlank(c.ch)) {
    reader.skipBlanks();
    const p = reader.peek();
    if (p === "=" || p === ":") reader.next();
  }
  let value = "";
  // a key alone on its line (c === null: the line end is already consumed) has the value ""
  if (c !== null) reader.skipBlanks();
  for (c = c === null ? null : reader.next(); c !== null; c = reader.next()) {
    if (c.error) bad ??= c.error;
    value += c.ch;
  }
  if (bad) return { problem: { line, message: `property ${key ? `"${key}" ` : ""}not read: ${bad}` } };
  return { key, value: value.trim(), span: { line, column, endLine: keyEnd.line, endColumn: keyEnd.column } };
}

function isBlank(ch: string): boolean {
  return ch === " " || ch === "\t" || ch === "\f";
}

const ESCAPES: Record<string, string> = { t: "\t", n: "\n", r: "\r", f: "\f" };

/** Characters of one logical line at a time, escapes and continuations applied; 1-based line, 0-based column. */
class PropertiesReader {
  private pos = 0;
  line = 1;
  column = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  atLineEnd(): boolean {
    const ch = this.text[this.pos];
    return ch === undefined || ch === "\n" || ch === "\r";
  }

  skipBlanks(): void {
    while (!this.atEnd() && isBlank(this.text[this.pos]!)) this.advance(1);
  }

  /** Consumes one line terminator (\n, \r or \r\n). */
  skipLineEnd(): void {
    if (this.text[this.pos] === "\r") this.pos++;
    if (this.text[this.pos] === "\n") this.pos++;
    this.line++;
    this.column = 0;
  }

  restOfLine(): string {
    let end = this.pos;
    while (end < this.text.length && this.text[end] !== "\n" && this.text[end] !== "\r") end++;
    return this.text.slice(this.pos, end);
  }

  skipToNextLine(): void {
    this.advance(this.restOfLine().length);
    if (!this.atEnd()) this.skipLineEnd();
  }

  /**
   * The next character of the logical line, or null at its end (the terminator is consumed).
   * `\` + line terminator continues on the next line, past its leading blanks.
   */
  next(): { ch: string; escaped: boolean; error?: string } | null {
    for (;;) {
      if (this.atEnd()) return null;
      const ch = this.text[this.pos]!;
      if (ch === "\n" || ch === "\r") {
        this.skipLineEnd();
        return null;
      }
      if (ch !== "\\") {
        this.advance(1);
        return { ch, escaped: false };
      }
      const e = this.text[this.pos + 1];
      if (e === undefined) {
        // a trailing `\` at the end of the file: dropped, as java.util.Properties does
        this.advance(1);
        return null;
      }
      if (e === "\n" || e === "\r") {
        this.advance(1);
        this.skipLineEnd();
        this.skipBlanks();
        continue;
      }
      if (e === "u") {
        const hex = this.text.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          this.advance(2);
          return { ch: "", escaped: true, error: "malformed \\uXXXX escape" };
        }
        this.advance(6);
        return { ch: String.fromCharCode(parseInt(hex, 16)), escaped: true };
      }
      this.advance(2);
      return { ch: ESCAPES[e] ?? e, escaped: true };
    }
  }

  private advance(n: number): void {
    this.pos += n;
    this.column += n;
  }
}
