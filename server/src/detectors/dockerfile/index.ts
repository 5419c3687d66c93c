/**
 * Dockerfiles: the environment an image starts with (`ENV SHIPPING_HOST=shipping USER_HOST=user`,
 * or the older `ENV NAME value`), for the service built from the file's folder — an NGINX template
 * the image fills from its environment reads it (engine/composePeers.ts). Only the last stage
 * counts (`FROM … AS build` stages do not reach the running image); `${VAR}` values and build
 * arguments are not known statically and are skipped. A small reader of the instruction grammar:
 * line continuations (`\`), comments, quoted values.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";

export function extractDockerfile(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  let env: Record<string, string> = {};
  for (const { keyword, rest } of instructions(text)) {
    if (keyword === "FROM") env = {};
    else if (keyword === "ENV") Object.assign(env, envPairs(rest));
  }
  if (Object.keys(env).length) facts.imageEnv = env;
  return facts;
}

/** Instructions with their continuation lines joined; comment lines dropped. */
function instructions(text: string): Array<{ keyword: string; rest: string }> {
  const out: Array<{ keyword: string; rest: string }> = [];
  let current = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!current && (line === "" || line.startsWith("#"))) continue;
    if (current && line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    const m = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(current.trim());
    if (m) out.push({ keyword: m[1]!.toUpperCase(), rest: m[2]! });
    current = "";
  }
  return out;
}

/** `K=V K2="v 2"` or the legacy `K v with spaces`. */
function envPairs(rest: string): Record<string, string> {
  const out: Record<string, string> = {};
  const words = tokens(rest);
  if (!words.length) return out;
  if (!words[0]!.includes("=")) {
    const [name, ...value] = words;
    if (name && !value.join(" ").includes("$")) out[name] = value.join(" ");
    return out;
  }
  for (const w of words) {
    const eq = w.indexOf("=");
    if (eq <= 0) continue;
    const value = w.slice(eq + 1);
    if (!value.includes("$")) out[w.slice(0, eq)] = value;
  }
  return out;
}

/** Words split on unquoted whitespace, with quotes removed and `\` escapes applied. */
function tokens(s: string): string[] {
  const out: string[] = [];
  let word = "";
  let quote: string | null = null;
  let started = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length && quote !== "'") {
      word += s[++i];
      started = true;
    } else if (quote) {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(word);
      word = "";
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (started) out.push(word);
  return out;
}
