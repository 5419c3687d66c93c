/**
 * Gradle builds: `build.gradle` (Groovy, tree-sitter-groovy 0.1.2), `build.gradle.kts` (Kotlin,
 * tree-sitter-kotlin 1.1) and `gradle.properties`: the versions they pin (FileFacts.jvmBuild).
 *
 * Both grammars are read through one token stream — the identifiers, string literals and
 * punctuation of the syntax tree, in source order — because Gradle's DSL is written in many
 * shapes (`implementation 'g:a:v'`, `implementation("g:a:$v")`, `platform(…)`, `group: …, name: …,
 * version: …`) and tree-sitter-groovy parses some command calls loosely; the tokens are the same
 * either way. Read:
 * - dependency notations `"group:artifact:version"` anywhere (dependencies, platform BOMs, mavenBom);
 * - map / named-argument notation `group: "g", name: "a", version: "v"` (`=` in Kotlin);
 * - plugins `id "org.springframework.boot" version "3.0.4"` (Spring Boot's version);
 * - variables and extra properties: `def v = "1"`, `val v = "1"`, `ext { v = "1" }`, `ext.v = "1"`,
 *   `ext['kafka.version'] = "1"`, `extra["kafka.version"] = "1"`, `set("v", "1")`.
 */
import { emptyFacts, type FileFacts, type JvmBuildFacts } from "../../model/facts";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { parseProperties } from "../spring/properties";
import { addDependency, addPin, addPluginPin, addProperty, coordinate, emptyBuild, hasPins } from "./jvmPins";

interface Token {
  kind: "id" | "str" | "op";
  text: string;
  line: number;
}

const STRING_TYPES = new Set(["string_literal", "character_literal", "multiline_string_literal", "text_block", "gstring"]);
/** named arguments of the map notation, not variables */
const NOTATION_KEYS = new Set(["group", "name", "version", "classifier", "ext"]);
const MAX_TOKENS = 200_000;

export function extractGroovyGradle(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const build = gradlePins(parseTree("groovy", text).rootNode);
  if (hasPins(build)) facts.jvmBuild = build;
  return facts;
}

/** `gradle.properties`: every entry is a property (`grpcVersion=1.38.0`, `kafka.version=2.0.1`). */
export function extractGradleProperties(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const parsed = parseProperties(text);
  facts.problems.push(...parsed.problems);
  const build = emptyBuild();
  for (const doc of parsed.documents) for (const e of doc) addProperty(build, e.key, e.value, e.span.line);
  if (hasPins(build)) facts.jvmBuild = build;
  return facts;
}

/** The pins of a Gradle script's syntax tree (Groovy or Kotlin). */
export function gradlePins(root: SyntaxNode): JvmBuildFacts {
  const build = emptyBuild();
  const t = tokens(root);
  const at = (i: number) => t[i];
  const isOp = (i: number, ...ops: string[]) => at(i)?.kind === "op" && ops.includes(at(i)!.text);
  const isId = (i: number, text?: string) => at(i)?.kind === "id" && (text === undefined || at(i)!.text === text);
  const isStr = (i: number) => at(i)?.kind === "str";
  for (let i = 0; i < t.length; i++) {
    const tok = t[i]!;
    if (tok.kind === "str") {
      const c = coordinate(tok.text);
      if (c) {
        if (!testConfiguration(t, i)) addDependency(build, c.group, c.artifact);
        if (c.version) addPin(build, c.group, c.artifact, c.version, tok.line);
      }
      // id "org.springframework.boot" version "3.0.4" / id("…") version "…"
      let j = i + 1;
      while (isOp(j, ")")) j++;
      if (isId(j, "version")) {
        j++;
        while (isOp(j, "(")) j++;
        if (isStr(j)) addPluginPin(build, tok.text, at(j)!.text, at(j)!.line);
      }
      // ext['kafka.version'] = "2.0.1" / extra["kafka.version"] = "2.0.1"
      if (isOp(i - 1, "[") && isOp(i + 1, "]") && isOp(i + 2, "=") && isStr(i + 3)) addProperty(build, tok.text, at(i + 3)!.text, at(i + 3)!.line);
      continue;
    }
    if (tok.kind !== "id") continue;
    // group: "g", name: "a", version: "v" (Groovy map) / group = "g", … (Kotlin named arguments)
    if (tok.text === "group" && isOp(i + 1, ":", "=") && isStr(i + 2)) {
      const named = namedArgs(t, i);
      const version = named.get("version");
      const name = named.get("name");
      if (name && !testConfiguration(t, i)) addDependency(build, at(i + 2)!.text, name.text);
      if (name && version) addPin(build, at(i + 2)!.text, name.text, version.kind === "id" ? `$${version.text}` : version.text, version.line);
      continue;
    }
    // def v = "1" / val v = "1" / ext { v = "1" } / ext.v = "1"
    if (!NOTATION_KEYS.has(tok.text) && isOp(i + 1, "=") && isStr(i + 2) && !isOp(i - 1, ",", "(")) addProperty(build, tok.text, at(i + 2)!.text, at(i + 2)!.line);
    // set("v", "1") / extra.set("v", "1")
    if (tok.text === "set" && isOp(i + 1, "(") && isStr(i + 2) && isOp(i + 3, ",") && isStr(i + 4)) addProperty(build, at(i + 2)!.text, at(i + 4)!.text, at(i + 4)!.line);
  }
  return build;
}

/** `testImplementation "g:a"`, `testRuntimeOnly(platform("g:a:v"))`: a test classpath, not the application's */
function testConfiguration(t: Token[], i: number): boolean {
  for (let j = i - 1; j >= 0 && j >= i - 4; j--) {
    const tok = t[j]!;
    if (tok.kind === "op" && tok.text === "(") continue;
    if (tok.kind === "id" && (tok.text === "platform" || tok.text === "enforcedPlatform")) continue;
    return tok.kind === "id" && /^(test|androidTest|integrationTest|testFixtures)/.test(tok.text);
  }
  return false;
}

/** The `key: value` / `key = value` pairs of one argument list, from its first key. */
function namedArgs(t: Token[], start: number): Map<string, Token> {
  const out = new Map<string, Token>();
  for (let i = start; i + 2 < t.length && i < start + 24; ) {
    const key = t[i]!;
    const sep = t[i + 1]!;
    const value = t[i + 2]!;
    if (key.kind !== "id" || sep.kind !== "op" || (sep.text !== ":" && sep.text !== "=") || value.kind === "op") break;
    out.set(key.text, value);
    if (t[i + 3]?.kind !== "op" || t[i + 3]!.text !== ",") break;
    i += 4;
  }
  return out;
}

function tokens(root: SyntaxNode): Token[] {
  const out: Token[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length && out.length < MAX_TOKENS) {
    const n = stack.pop()!;
    if (STRING_TYPES.has(n.type)) {
      out.push({ kind: "str", text: unquote(n.text), line: n.startPosition.row + 1 });
      continue;
    }
    if (n.childCount === 0) {
      if (n.type === "comment" || n.type === "line_comment" || n.type === "block_comment") continue;
      out.push({ kind: n.type === "identifier" || n.type === "simple_identifier" ? "id" : "op", text: n.text, line: n.startPosition.row + 1 });
      continue;
    }
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c && c.type !== "comment" && c.type !== "line_comment" && c.type !== "block_comment") stack.push(c);
    }
  }
  return out;
}

function unquote(text: string): string {
  for (const q of ['"""', "'''", '"', "'"]) if (text.length >= 2 * q.length && text.startsWith(q) && text.endsWith(q)) return text.slice(q.length, -q.length);
  return text;
}
