/**
 * The token pass that decides which code files get a full parse (issue #11: "extract only what
 * can matter"). It reads texts, never parses: a regex pre-filter in the sense of CONTRIBUTING.
 *
 * A code file is parsed when it can hold something the engine looks for, or lies on a call path
 * to such a file:
 *   1. seeds: any file that imports something outside the workspace other than a pure standard
 *      library module, or has a word of WORD_PREFIXES (a retry, a client, a request, a handler, a
 *      queue, settings, an environment variable …) in an identifier, string or comment. Everything the detectors key on is behind an import or one
 *      of those words; the list is long and matched by prefix, so the test errs towards parsing.
 *   2. members: seeds, and every file that names a member (its module, package, file or a type or
 *      function it declares), to a fixpoint: the callers of callers of a client.
 *   3. one level beside them: files a member names (the constants, types, interfaces and base
 *      classes a member reads), so resolution from a member finds what it points at.
 * What is left is code that reaches nothing outside itself and that nothing on a path reads:
 * string helpers, data modules, plain models. Non-code files are not decided here
 * (host/workspace.ts worthParsing has their own filter).
 */
import type { SourceFile } from "../engine/analyze";
import { sourceLanguage } from "../model/languages";
import { runToEnd, type Steps } from "../engine/steps";

type CodeLanguage = "python" | "typescript" | "go" | "java" | "kotlin" | "csharp";
const CODE: ReadonlySet<string> = new Set<CodeLanguage>(["python", "typescript", "go", "java", "kotlin", "csharp"]);

/**
 * Words that make a file a seed: retries and waits, clients and protocols, handlers and routing,
 * queues and jobs, settings and the environment, SDKs, DI. Matched against the words of its
 * identifiers, strings and comments (`HttpClient` → http, client; `MAX_RETRIES` → max, retries):
 * a word that starts with one of WORD_PREFIXES, or is one of WORD_EXACT.
 */
const WORD_PREFIXES: ReadonlySet<string> = new Set([
  "retr", "backoff", "jitter", "attempt", "polly", "resilien", "circuit", "breaker", "hedg", "timeout", "sleep", "delay", "wait", "throttl",
  "http", "request", "fetch", "client", "socket", "grpc", "rpc", "proto", "url", "uri", "host", "dial", "connect", "transport",
  "session", "adapter", "api", "endpoint", "route", "handl", "controller", "servlet", "middleware", "intercept", "pipeline", "polic",
  "queue", "task", "job", "worker", "celery", "publish", "consum", "listen", "subscri", "send", "kafka", "redis", "amqp", "rabbit",
  "nats", "pubsub", "sqs", "sns", "lambda", "boto", "aws", "azure", "google", "gcp", "stripe", "openai", "sql", "database", "mongo",
  "elastic", "cache", "environ", "getenv", "config", "setting", "inject", "bean", "autowired", "component", "server",
  "thread", "executor", "service", "proxy", "mesh", "gateway", "dapr", "temporal", "workflow", "activit", "saga", "axios", "upstream",
  "remote", "download", "upload", "webhook", "mail", "smtp", "sdk", "feign", "retrofit", "okhttp", "resty", "invoke", "dispatch",
  "mapping", "schedul", "transact", "hystrix", "sentinel", "failsafe", "tenacity", "stamina", "urllib", "aiohttp", "httpx", "cron",
]);
const WORD_EXACT: ReadonlySet<string> = new Set(["env", "db", "app", "main", "port", "ports", "option", "options", "ky", "got", "net", "io", "web", "module", "exports", "require"]);

const LONGEST_PREFIX = Math.max(...[...WORD_PREFIXES].map((p) => p.length));

function wordMatches(word: string): boolean {
  if (WORD_EXACT.has(word)) return true;
  for (let n = Math.min(word.length, LONGEST_PREFIX); n >= 2; n--) if (WORD_PREFIXES.has(word.slice(0, n))) return true;
  return false;
}

/**
 * Lines that only name modules, and hyphenated slugs (`"orders-api"`, `audit-worker (3)`): their
 * words are the workspace's own names, not calls. (A URL has its scheme; a header name sits in a
 * file that sends it.)
 */
const MODULE_LINE = /^\s*(?:import|from|package|namespace|using|global\s+using)\b.*$/gm;
const SLUG = /\b[a-z0-9]+(?:-[a-z0-9]+)+\b/g;
const WORDS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g;

function mentionsOutbound(text: string): boolean {
  for (const m of text.replace(MODULE_LINE, " ").replace(SLUG, " ").matchAll(IDENT)) if (identifierMatches(m[0])) return true;
  return false;
}

/**
 * Whether one of an identifier's words matches, remembered per identifier: the same few thousand
 * names (`self`, `value`, `result`) fill every file, and splitting them into words again and
 * again was most of the pass. Bounded: the memo starts over past MAX_MEMO names.
 */
function identifierMatches(identifier: string): boolean {
  const known = identifierMemo.get(identifier);
  if (known !== undefined) return known;
  let matches = false;
  for (const w of identifier.matchAll(WORDS)) {
    if (wordMatches(w[0].toLowerCase())) {
      matches = true;
      break;
    }
  }
  if (identifierMemo.size >= MAX_MEMO) identifierMemo.clear();
  identifierMemo.set(identifier, matches);
  return matches;
}

const identifierMemo = new Map<string, boolean>();
const MAX_MEMO = 200_000;

/** standard-library modules with no I/O a retry path needs: importing only these (and the workspace) is no seed */
const PURE_IMPORTS: Record<CodeLanguage, RegExp> = {
  python:
    /^(__future__|re|string|math|cmath|decimal|fractions|random|statistics|typing|typing_extensions|dataclasses|enum|abc|collections(\.abc)?|itertools|functools|operator|copy|datetime|calendar|json|uuid|hashlib|base64|textwrap|unicodedata|numbers|pprint|bisect|heapq|array|struct|zoneinfo)$/,
  typescript: /^(node:)?(path|util|assert|crypto)$/,
  go: /^(strings|strconv|fmt|errors|sort|slices|maps|bytes|unicode(\/.*)?|math(\/.*)?|regexp|time|sync|sync\/atomic|encoding\/(json|hex|base64)|container\/.*|hash(\/.*)?|crypto\/(sha\d+|md5)|text\/template)$/,
  java: /^java\.(util|lang|time|math|text)(\.|$)/,
  kotlin: /^(kotlin|java\.(util|lang|time|math|text))(\.|$)/,
  csharp: /^System(\.(Linq|Collections(\.Generic|\.Concurrent)?|Text|Globalization|Threading\.Tasks))?$/,
};

interface CodeFile {
  file: SourceFile;
  language: CodeLanguage;
  /** how other files refer to this one: module/file/package names and declared types and functions */
  names: string[];
}

export interface Relevance {
  kept: SourceFile[];
  leftOut: string[];
  index: LeftOutFiles;
}

/** Splits files into those to parse and those left out. Non-code files are always kept. */
export function relevantFiles(files: readonly SourceFile[]): Relevance {
  return runToEnd(relevantFilesSteps(files));
}

/** `relevantFiles` as steps (engine/steps.ts): it yields between files, for a host reading a folder in slices. */
export function* relevantFilesSteps(files: readonly SourceFile[]): Steps<Relevance> {
  const code: CodeFile[] = [];
  const keep = new Set<SourceFile>();
  for (const file of files) {
    const c = codeFile(file);
    if (c) code.push(c);
    else keep.add(file);
    yield;
  }
  const local = yield* localModules(code);

  // 1. seeds; the rest get their tokens indexed (token → files holding it)
  const members = new Set<CodeFile>();
  const byToken = new Map<string, CodeFile[]>();
  for (const c of code) {
    yield;
    if (isSeed(c, local)) {
      members.add(c);
      continue;
    }
    for (const token of tokensOf(c.file.text)) push(byToken, key(c, token), c);
  }
  // 2. files naming a member, to a fixpoint
  closeOver(members, [...members], byToken);
  // 3. files a member names, one level
  const byName = new Map<string, CodeFile[]>();
  for (const c of code) if (!members.has(c)) for (const name of c.names) push(byName, key(c, name), c);
  const beside = new Set<CodeFile>();
  if (byName.size) {
    for (const m of members) {
      yield;
      for (const c of named(m, byName)) beside.add(c);
    }
  }
  for (const c of code) if (members.has(c) || beside.has(c)) keep.add(c.file);
  const kept = files.filter((f) => keep.has(f));
  const leftOut = files.filter((f) => !keep.has(f));
  return { kept, leftOut: leftOut.map((f) => f.path), index: new LeftOutFiles(code.filter((c) => !keep.has(c.file)), byToken, byName) };
}

/**
 * The files a relevance pass left out, kept so an editor can let them in when an edit makes them
 * matter (a helper that gains a request: its callers join; a member that starts reading a
 * constants module: it joins), which is what a fresh pass over the edited texts would decide.
 */
export class LeftOutFiles {
  private readonly files = new Map<string, CodeFile>();

  constructor(
    files: readonly CodeFile[],
    private readonly byToken: Map<string, CodeFile[]>,
    private readonly byName: Map<string, CodeFile[]>,
  ) {
    for (const c of files) this.files.set(c.file.path, c);
  }

  get size(): number {
    return this.files.size;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /**
   * A file now in the analysis changed (or was added) with this text: the left-out files that
   * now matter, taken out of the index. The file counts as a member: it is analysed either way.
   */
  admit(changed: SourceFile): SourceFile[] {
    this.files.delete(changed.path);
    const c = codeFile(changed);
    if (!c || this.files.size === 0) return [];
    const members = new Set<CodeFile>([c]);
    // its callers, to a fixpoint; then what any of them names, one level
    const joined = closeOver(members, [c], this.byToken, (m) => this.files.has(m.file.path));
    const out: CodeFile[] = [...joined];
    for (const m of [c, ...joined]) for (const b of named(m, this.byName)) if (this.files.has(b.file.path) && !members.has(b)) out.push(b);
    for (const o of out) this.files.delete(o.file.path);
    return [...new Set(out)].map((o) => o.file);
  }

  /** a file gone from the workspace */
  remove(path: string): void {
    this.files.delete(path);
  }
}

function codeFile(file: SourceFile): CodeFile | null {
  const language = sourceLanguage(file.path);
  if (!language || !CODE.has(language)) return null;
  return { file, language: language as CodeLanguage, names: namesOf(file, language as CodeLanguage) };
}

/**
 * Names are compared within a language family only: across languages, calls go over the network
 * (routes, hosts, queues), and those files are seeds (`email_store` in a Python import is not the
 * Go file `clients/email_store.go`).
 */
function key(c: CodeFile, name: string): string {
  return `${FAMILY[c.language]}:${name}`;
}

/** Adds to `members` every file naming one of them, to a fixpoint; returns the files added. */
function closeOver(members: Set<CodeFile>, start: CodeFile[], byToken: Map<string, CodeFile[]>, eligible: (c: CodeFile) => boolean = () => true): CodeFile[] {
  const added: CodeFile[] = [];
  const queue = [...start];
  while (queue.length) {
    const m = queue.pop()!;
    for (const name of m.names) {
      for (const c of byToken.get(key(m, name)) ?? []) {
        if (members.has(c) || !eligible(c)) continue;
        members.add(c);
        added.push(c);
        queue.push(c);
      }
    }
  }
  return added;
}

/** the files of `byName` that `m` names */
function named(m: CodeFile, byName: Map<string, CodeFile[]>): CodeFile[] {
  const out: CodeFile[] = [];
  for (const token of tokensOf(m.file.text)) for (const c of byName.get(key(m, token)) ?? []) out.push(c);
  return out;
}

const FAMILY: Record<CodeLanguage, string> = { python: "py", typescript: "js", go: "go", java: "jvm", kotlin: "jvm", csharp: "cs" };

function push<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

function isSeed(c: CodeFile, local: LocalModules): boolean {
  const text = c.file.text;
  if (mentionsOutbound(text)) return true;
  for (const spec of importsOf(text, c.language)) {
    if (PURE_IMPORTS[c.language].test(spec)) continue;
    if (!isLocal(spec, c.language, local)) return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------ names

const IDENT = /[A-Za-z_$][\w$]*/g;
const OWN_MODULE_LINE = /^\s*(?:package|namespace)\b.*$/gm;

/** identifiers of a text, and the file names of its import specifiers (`../clients/risk-edge.js` → `risk-edge`) */
function tokensOf(text: string): Set<string> {
  const out = new Set<string>();
  // a package or namespace declaration names the file itself, not what it uses
  text = text.replace(OWN_MODULE_LINE, " ");
  for (const m of text.matchAll(IDENT)) out.add(m[0]);
  for (const m of text.matchAll(/["'`]([^"'`\n]{1,300})["'`]/g)) {
    const spec = m[1]!;
    if (!spec.includes("/") && !spec.includes("-")) continue;
    for (const part of spec.split("/")) if (part) out.add(stripExtension(part));
  }
  return out;
}

function stripExtension(name: string): string {
  return name.replace(/\.(d\.)?[cm]?[jt]sx?$|\.py$|\.go$|\.java$|\.kts?$|\.cs$/i, "");
}

const DECLARED: Record<CodeLanguage, RegExp[]> = {
  python: [/^(?:async\s+)?def\s+(\w+)/gm, /^class\s+(\w+)/gm, /^([A-Za-z_]\w*)\s*[:=]/gm],
  // top-level declarations (column 0), exported or not
  typescript: [/^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|enum|type|const|let|var)\s+([A-Za-z_$][\w$]*)/gm],
  // functions and methods (methods are named at the call), types, package-level names, const/var blocks
  go: [/^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/gm, /^(?:type|var|const)\s+([A-Za-z_]\w*)/gm, /^\t([A-Z]\w*)(?:\s+[\w.*\[\]]+)?\s*=/gm, /^package\s+(?!main\b)(\w+)/gm],
  java: [/\b(?:class|interface|enum|record|@interface)\s+([A-Za-z_]\w*)/g],
  kotlin: [/\b(?:class|interface|object|typealias|fun)\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?([A-Za-z_]\w*)/g],
  // types, and static methods: extension methods are called by their own name (`services.AddOrdersClient()`)
  csharp: [/\b(?:class|interface|enum|record|struct)\s+([A-Za-z_]\w*)/g, /\bstatic\s+[^=;(){}\n]{0,200}?\b([A-Za-z_]\w*)\s*(?:<[^<>()\n]{0,200}>)?\s*\(/g],
};

/** How other files can name this one: its module or file name, its package, what it declares. */
function namesOf(file: SourceFile, language: CodeLanguage): string[] {
  const names = new Set<string>();
  const parts = file.path.split("/");
  const base = stripExtension(parts[parts.length - 1]!);
  const dir = parts.length > 1 ? parts[parts.length - 2]! : "";
  names.add(base);
  // a package's own module, a barrel, a Go package (not `main`, which nothing imports): named by the folder
  const goLibrary = language === "go" && !/^package\s+main\b/m.test(file.text);
  if ((/^(__init__|index|mod)$/.test(base) || goLibrary) && dir) names.add(dir);
  for (const re of DECLARED[language]) for (const m of file.text.matchAll(re)) names.add(m[1]!);
  return [...names].filter((n) => n.length > 1);
}

// ---------------------------------------------------------------------------------- imports

function importsOf(text: string, language: CodeLanguage): string[] {
  const out: string[] = [];
  const add = (re: RegExp, group = 1) => {
    for (const m of text.matchAll(re)) if (m[group]) out.push(m[group]!);
  };
  switch (language) {
    case "python":
      add(/^\s*from\s+([.\w]+)\s+import\b/gm);
      for (const m of text.matchAll(/^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/gm)) {
        for (const part of m[1]!.split(",")) out.push(part.trim().split(/\s+/)[0]!);
      }
      break;
    case "typescript":
      add(/\bfrom\s*["']([^"']+)["']/g);
      add(/\bimport\s*["']([^"']+)["']/g);
      add(/\b(?:require|import)\s*\(\s*["'`]([^"'`]+)["'`]/g);
      // a dynamic require / import of a computed name can load anything
      if (/\b(?:require|import)\s*\(\s*[^"'`\s)]/.test(text)) out.push("<computed>");
      break;
    case "go":
      for (const m of text.matchAll(/^import\s*(?:\(([^)]*)\)|([\w.]*\s*"[^"]+"))/gm)) {
        for (const s of (m[1] ?? m[2] ?? "").matchAll(/"([^"]+)"/g)) out.push(s[1]!);
      }
      break;
    case "java":
    case "kotlin":
      add(/^\s*import\s+(?:static\s+)?([\w.]+)(?:\.\*)?/gm);
      break;
    case "csharp":
      add(/^\s*(?:global\s+)?using\s+(?:static\s+)?(?:\w+\s*=\s*)?([\w.]+)\s*;/gm);
      break;
  }
  return out;
}

interface LocalModules {
  /** every folder path and module path of the workspace (Python dotted, Go slash paths) */
  folders: Set<string>;
  /** Python top-level names: folders and modules at any depth (a src/ layout imports from below the root) */
  pythonNames: Set<string>;
  /** Java/Kotlin packages and C# namespaces declared in the workspace */
  packages: Set<string>;
}

function* localModules(code: readonly CodeFile[]): Steps<LocalModules> {
  const folders = new Set<string>();
  const pythonNames = new Set<string>();
  const packages = new Set<string>();
  for (const c of code) {
    yield;
    const parts = c.file.path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
    for (const p of parts) pythonNames.add(stripExtension(p));
    if (c.language === "java" || c.language === "kotlin") for (const m of c.file.text.matchAll(/^\s*package\s+([\w.]+)/gm)) packages.add(m[1]!);
    if (c.language === "csharp") for (const m of c.file.text.matchAll(/^\s*namespace\s+([\w.]+)/gm)) packages.add(m[1]!);
  }
  return { folders, pythonNames, packages };
}

function isLocal(spec: string, language: CodeLanguage, local: LocalModules): boolean {
  switch (language) {
    case "python":
      return spec.startsWith(".") || local.pythonNames.has(spec.split(".")[0]!);
    case "typescript":
      return spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === "..";
    case "go": {
      // a module path ending in a workspace folder (`github.com/acme/platform/services/x/internal/util`)
      const parts = spec.split("/");
      for (let i = 0; i < parts.length; i++) if (local.folders.has(parts.slice(i).join("/"))) return true;
      return false;
    }
    case "java":
    case "kotlin": {
      // `com.acme.orders.util.Util3` (a class) or `com.acme.orders.util` (a package, with `.*`)
      const pkg = spec.slice(0, Math.max(0, spec.lastIndexOf(".")));
      return local.packages.has(spec) || local.packages.has(pkg);
    }
    case "csharp":
      return local.packages.has(spec);
  }
}
