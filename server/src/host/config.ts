/**
 * `.retrylens.yaml` (or `.retrylens.yml`) at the scan root, merged over DEFAULT_SETTINGS.
 * A bad file or a bad value gives a ConfigProblem on the offending line and the default for
 * that key; loading never throws. The JSON Schema for the file is `schemas/retrylens.schema.json`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import picomatch from "picomatch";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair } from "../parsing/yaml";
import { DEFAULT_SETTINGS, type Settings, type Severity } from "../model/model";
import { ALL_RULES } from "../rules/registry";
import { readConfigFile } from "./safeFs";

export const CONFIG_FILE_NAMES = [".retrylens.yaml", ".retrylens.yml"] as const;

export interface ConfigProblem {
  /** the config file, relative to the scan root */
  file: string;
  /** 1-based line of the offending key or value */
  line: number;
  message: string;
}

/** Settings plus config-only data the engine may use (custom retry helpers). */
export interface RetryLensSettings extends Settings {
  /** dotted names of custom retry helpers ("platform.retries.retry_call") */
  helpers: string[];
}

export interface LoadedConfig {
  /** the config file read, relative to the root; null when there is none */
  file: string | null;
  settings: RetryLensSettings;
  problems: ConfigProblem[];
}

const LEVELS: readonly (Severity | "off")[] = ["error", "warning", "info", "hint", "off"];
const KNOWN_KEYS = ["threshold", "rules", "exclude", "includeTests", "services", "helpers"] as const;
const DOTTED_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** code and name → code, for every known rule */
function ruleCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const add = (code: string, name: string) => {
    codes.set(code.toUpperCase(), code);
    codes.set(name.toLowerCase(), code);
  };
  // the registry is the catalogue: codes are stable and never reused
  for (const rule of ALL_RULES) add(rule.meta.code, rule.meta.name);
  return codes;
}

export function defaultSettings(): RetryLensSettings {
  return {
    ...DEFAULT_SETTINGS,
    rules: { ...DEFAULT_SETTINGS.rules },
    services: { ...DEFAULT_SETTINGS.services },
    exclude: [...DEFAULT_SETTINGS.exclude],
    helpers: [],
  };
}

/** Finds and loads the config at `root`; defaults when there is none. Never throws. */
export function loadConfig(root: string): LoadedConfig {
  const present = CONFIG_FILE_NAMES.filter((name) => {
    try {
      return fs.statSync(path.join(root, name)).isFile();
    } catch {
      return false;
    }
  });
  if (present.length === 0) return { file: null, settings: defaultSettings(), problems: [] };
  const file = present[0];
  const problems: ConfigProblem[] = [];
  for (const other of present.slice(1)) {
    problems.push({ file: other, line: 1, message: `ignored: ${file} is used when both exist` });
  }
  let text: string;
  try {
    text = readConfigFile(root, file); // host/safeFs.ts: opened, then checked to be a regular file inside the root
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code ?? String(err);
    problems.push({ file, line: 1, message: `cannot read the config (${code}); defaults apply` });
    return { file, settings: defaultSettings(), problems };
  }
  const parsed = parseConfig(text, file);
  return { file, settings: parsed.settings, problems: [...problems, ...parsed.problems] };
}

/**
 * Why picomatch cannot use `glob`, or null when it can. picomatch 4.0.7 (lib/parse.js,
 * lib/picomatch.js) throws only for a pattern longer than 65,536 characters (and non-strings);
 * a pattern whose regular expression is invalid (`[z-a]`, a trailing backslash, `a{,b`) silently
 * becomes /$^/ and matches nothing unless `debug` is set, which rethrows the RegExp error: so
 * compile with `debug` to find both.
 */
export function globProblem(glob: string): string | null {
  try {
    picomatch.makeRe(glob, { dot: true, debug: true });
    return null;
  } catch (err) {
    const message = String((err as Error)?.message ?? err).split("\n")[0]!;
    // "Invalid regular expression: /…/: Range out of order in character class": the reason, not picomatch's regex
    const reason = /^Invalid regular expression: \/.*\/[a-z]*: (.*)$/.exec(message)?.[1];
    return (reason ? reason.toLowerCase() : message).slice(0, 200);
  }
}

/** Parses config text; `file` only labels the problems. Never throws. */
export function parseConfig(text: string, file: string): { settings: RetryLensSettings; problems: ConfigProblem[] } {
  const settings = defaultSettings();
  const problems: ConfigProblem[] = [];
  const lineCounter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    problems.push({ file, line: 1, message: `cannot parse the config: ${String(err)}; defaults apply` });
    return { settings, problems };
  }

  const lineOf = (node: unknown, fallback = 1): number => {
    const range = (node as YamlNode | null | undefined)?.range;
    return range ? lineCounter.linePos(range[0]).line : fallback;
  };
  const problem = (line: number, message: string) => problems.push({ file, line, message });

  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      const line = e.linePos?.[0]?.line ?? (typeof e.pos?.[0] === "number" ? lineCounter.linePos(e.pos[0]).line : 1);
      problem(line, `invalid YAML: ${e.message.split("\n")[0]}; defaults apply`);
    }
    return { settings, problems };
  }
  for (const w of doc.warnings) {
    problem(w.linePos?.[0]?.line ?? 1, `YAML: ${w.message.split("\n")[0]}`);
  }

  const root = doc.contents;
  if (root === null || root === undefined) return { settings, problems };
  if (isScalar(root) && (root.value === null || root.value === undefined)) return { settings, problems };
  if (!isMap(root)) {
    problem(lineOf(root), "the config must be a mapping of keys (threshold, rules, exclude, …); defaults apply");
    return { settings, problems };
  }

  const describe = (node: unknown): string => {
    if (isScalar(node)) return JSON.stringify(node.value);
    if (isSeq(node)) return "a list";
    if (isMap(node)) return "a mapping";
    return "nothing";
  };

  /** a list of strings (a single string is taken as a one-item list); null when not a list */
  const stringList = (key: string, pair: Pair): string[] | null => {
    const value = pair.value;
    if (isScalar(value) && typeof value.value === "string") return [value.value];
    if (!isSeq(value)) {
      problem(lineOf(value, lineOf(pair.key)), `${key} must be a list of strings, got ${describe(value)}; default used`);
      return null;
    }
    const out: string[] = [];
    for (const item of value.items) {
      if (isScalar(item) && typeof item.value === "string" && item.value.trim() !== "") out.push(item.value);
      else problem(lineOf(item, lineOf(value)), `${key}: each entry must be a non-empty string, got ${describe(item)}; entry ignored`);
    }
    return out;
  };

  /** a list of globs: one that picomatch cannot use is a problem on its line and is left out */
  const globList = (key: string, pair: Pair): string[] | null => {
    const list = stringList(key, pair);
    if (!list) return null;
    const value = pair.value;
    const items = isSeq(value) ? value.items.filter((item) => isScalar(item) && typeof item.value === "string" && item.value.trim() !== "") : [value];
    return list.filter((glob, i) => {
      const why = globProblem(glob);
      if (why) problem(lineOf(items[i], lineOf(value, lineOf(pair.key))), `${key}: "${glob.length > 80 ? `${glob.slice(0, 80)}…` : glob}" is not a valid glob (${why}); entry ignored`);
      return why === null;
    });
  };

  for (const pair of root.items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const keyLine = lineOf(keyNode);
    const value = pair.value;
    const valueLine = lineOf(value, keyLine);

    switch (key) {
      case "threshold": {
        const v = isScalar(value) ? value.value : undefined;
        if (typeof v === "number" && Number.isFinite(v) && v >= 1) settings.threshold = v;
        else problem(valueLine, `threshold must be a number ≥ 1, got ${describe(value)}; using ${DEFAULT_SETTINGS.threshold}`);
        break;
      }
      case "includeTests": {
        const v = isScalar(value) ? value.value : undefined;
        if (typeof v === "boolean") settings.includeTests = v;
        else problem(valueLine, `includeTests must be true or false, got ${describe(value)}; using ${DEFAULT_SETTINGS.includeTests}`);
        break;
      }
      case "exclude": {
        const list = globList("exclude", pair as Pair);
        if (list) settings.exclude = list;
        break;
      }
      case "helpers": {
        const list = stringList("helpers", pair as Pair);
        if (list) {
          settings.helpers = [];
          for (const [i, name] of list.entries()) {
            if (DOTTED_NAME.test(name)) settings.helpers.push(name);
            else {
              const item = isSeq(value) ? value.items[i] : value;
              problem(lineOf(item, valueLine), `helpers: "${name}" is not a dotted name like platform.retries.retry_call; entry ignored`);
            }
          }
        }
        break;
      }
      case "rules": {
        if (!isMap(value)) {
          problem(valueLine, `rules must map rule codes to error, warning, info, hint or off, got ${describe(value)}; defaults used`);
          break;
        }
        const codes = ruleCodes();
        for (const rulePair of value.items) {
          const ruleKey = isScalar(rulePair.key) ? String(rulePair.key.value) : String(rulePair.key);
          const code = codes.get(ruleKey.toUpperCase()) ?? codes.get(ruleKey.toLowerCase());
          const ruleKeyLine = lineOf(rulePair.key, valueLine);
          if (!code) {
            problem(ruleKeyLine, `unknown rule "${ruleKey}" (rules are ${ALL_RULES[0]!.meta.code}…${ALL_RULES[ALL_RULES.length - 1]!.meta.code} or their names); ignored`);
            continue;
          }
          const v = isScalar(rulePair.value) ? rulePair.value.value : undefined;
          const level = typeof v === "string" ? (v.toLowerCase() as Severity | "off") : v === false ? "off" : undefined;
          if (level && LEVELS.includes(level)) settings.rules[code] = level;
          else
            problem(
              lineOf(rulePair.value, ruleKeyLine),
              `rules.${ruleKey} must be error, warning, info, hint or off, got ${describe(rulePair.value)}; default severity used`,
            );
        }
        break;
      }
      case "services": {
        if (!isMap(value)) {
          problem(valueLine, `services must map service names to lists of globs or host names, got ${describe(value)}; ignored`);
          break;
        }
        for (const servicePair of value.items) {
          const name = isScalar(servicePair.key) ? String(servicePair.key.value) : String(servicePair.key);
          const list = globList(`services.${name}`, servicePair as Pair);
          if (list) settings.services[name] = list;
        }
        break;
      }
      default:
        problem(keyLine, `unknown key "${key}" (known keys: ${KNOWN_KEYS.join(", ")}); ignored`);
    }
  }
  return { settings, problems };
}
