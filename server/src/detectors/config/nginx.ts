/**
 * NGINX `proxy_next_upstream` (reference §4.9, §0 row "NGINX proxy_next_upstream").
 *
 * A small real parser of the NGINX configuration grammar (directives `name args;`, blocks
 * `name args { … }`, `#` comments, single/double quotes, `\` escapes; the body of a
 * lua-nginx-module `*_by_lua_block { … }` is Lua, skipped to its balanced `}` past Lua strings and
 * comments, as lua-nginx-module v0.10.x `ngx_http_lua_conf_lua_block_parse` reads it), then:
 * - every `location` with `proxy_pass` is an edge route from the `nginx:<file>` gateway to the
 *   proxied host, or to the servers of the `upstream` block it names;
 * - `proxy_next_upstream` (default `error timeout`) and `proxy_next_upstream_tries` (default 0)
 *   are inherited http → server → location (a level that sets it replaces the outer value);
 * - number trap: tries N = N *total* tries, and never more than the servers of the upstream group;
 *   tries 0 = no explicit limit, i.e. one try per server, so a single-server upstream never
 *   retries. A plain `proxy_pass http://host` may resolve to several addresses: tries N counts in
 *   full there, tries 0/unset is read as one address (no retries);
 * - `off` turns it off; a sent POST/PATCH/LOCK is passed on only with `non_idempotent`; no wait.
 * A layer is reported when the route can try more than once, or when retry directives are
 * written (then possibly disabled); otherwise the route carries no layer.
 */
import type { LayerFact, NginxRouteInfo, SourceSpan } from "../../model/facts";
import { nginxCondition, noWait } from "../yaml/routeLayers";
import { hostOf, type ConfigContext, type Directive } from "./common";

export class NginxSyntaxError extends Error {
  constructor(message: string, readonly line: number) {
    super(message);
  }
}

interface Token {
  text: string;
  /** "word" (quoted or not) or one of ; { } */
  kind: "word" | ";" | "{" | "}";
  line: number;
  column: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let col = 0;
  let i = 0;
  const advance = (n: number) => {
    for (let k = 0; k < n; k++) {
      if (text[i] === "\n") {
        line++;
        col = 0;
      } else col++;
      i++;
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\r" || c === "\n") {
      advance(1);
      continue;
    }
    if (c === "#") {
      while (i < text.length && text[i] !== "\n") advance(1);
      continue;
    }
    if (c === ";" || c === "{" || c === "}") {
      out.push({ text: c, kind: c, line, column: col, end: col + 1 });
      advance(1);
      if (c === "{" && luaBlockDirective(out)) {
        // lua-nginx-module: the body of `*_by_lua_block { … }` is Lua, read to its balanced `}`
        const close = luaBlockEnd(text, i);
        if (close < 0) throw new NginxSyntaxError("unterminated Lua block", line);
        advance(close - i);
        out.push({ text: "}", kind: "}", line, column: col, end: col + 1 });
        advance(1);
      }
      continue;
    }
    const startLine = line;
    const startCol = col;
    let word = "";
    if (c === '"' || c === "'") {
      advance(1);
      while (i < text.length && text[i] !== c) {
        if (text[i] === "\\" && i + 1 < text.length) advance(1);
        word += text[i];
        advance(1);
      }
      if (i >= text.length) throw new NginxSyntaxError("unterminated quoted string", startLine);
      advance(1);
    } else {
      while (i < text.length && !/[\s;{}]/.test(text[i]!)) {
        if (text[i] === "\\" && i + 1 < text.length) advance(1);
        // `${name}` inside a word is a variable, braces included (ngx_conf_read_token); so is an
        // envsubst placeholder of a template (`http://${ORDERS_HOST}:8080`)
        if (text[i] === "$" && text[i + 1] === "{") {
          while (i < text.length && text[i] !== "}" && text[i] !== "\n") {
            word += text[i];
            advance(1);
          }
        }
        word += text[i];
        advance(1);
      }
    }
    out.push({ text: word, kind: "word", line: startLine, column: startCol, end: line === startLine ? col : startCol + word.length });
  }
  return out;
}

/** The `{` just pushed opens a directive named `…_by_lua_block` (content_by_lua_block, init_by_lua_block…). */
function luaBlockDirective(tokens: readonly Token[]): boolean {
  let k = tokens.length - 2;
  while (k >= 0 && tokens[k]!.kind === "word") k--;
  const name = tokens[k + 1];
  return name !== undefined && k + 1 < tokens.length - 1 && name.text.endsWith("_by_lua_block");
}

/** `[[`, `[=[`, `[==[`…: the level of a Lua long bracket opening at `at`, or -1. */
function longBracketLevel(text: string, at: number): number {
  if (text[at] !== "[") return -1;
  let k = at + 1;
  while (text[k] === "=") k++;
  return text[k] === "[" ? k - at - 1 : -1;
}

/**
 * Index of the `}` closing a Lua block body that starts at `from` (after its `{`), or -1. Braces
 * inside Lua strings ('…', "…", [[…]], [==[…]==]) and comments (-- …, --[[…]]) do not count,
 * as in lua-nginx-module's ngx_http_lua_conf_lua_block_parse.
 */
function luaBlockEnd(text: string, from: number): number {
  let depth = 0;
  let i = from;
  const skipLong = (at: number, level: number): number => {
    const close = `]${"=".repeat(level)}]`;
    const end = text.indexOf(close, at + level + 2);
    return end < 0 ? -1 : end + close.length;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "-" && text[i + 1] === "-") {
      const level = longBracketLevel(text, i + 2);
      if (level >= 0) {
        i = skipLong(i + 2, level);
        if (i < 0) return -1;
      } else {
        while (i < text.length && text[i] !== "\n") i++;
      }
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      if (i >= text.length) return -1;
      i++;
      continue;
    }
    if (c === "[") {
      const level = longBracketLevel(text, i);
      if (level >= 0) {
        i = skipLong(i, level);
        if (i < 0) return -1;
        continue;
      }
    }
    if (c === "{") depth++;
    else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  return -1;
}

/** Parses NGINX configuration text into a directive tree; throws NginxSyntaxError. */
export function parseNginx(text: string): Directive[] {
  const tokens = tokenize(text);
  let p = 0;
  const block = (depth: number): Directive[] => {
    const out: Directive[] = [];
    while (p < tokens.length) {
      const t = tokens[p]!;
      if (t.kind === "}") {
        if (depth === 0) throw new NginxSyntaxError("unexpected }", t.line);
        p++;
        return out;
      }
      if (t.kind !== "word") throw new NginxSyntaxError(`unexpected ${t.text}`, t.line);
      const span: SourceSpan = { line: t.line, column: t.column, endLine: t.line, endColumn: t.end };
      const args: string[] = [];
      p++;
      while (p < tokens.length && tokens[p]!.kind === "word") args.push(tokens[p++]!.text);
      const end = tokens[p];
      if (!end) throw new NginxSyntaxError(`directive "${t.text}" is not terminated by ";"`, t.line);
      p++;
      if (end.kind === ";") out.push({ name: t.text, args, span, children: null });
      else if (end.kind === "{") out.push({ name: t.text, args, span, children: block(depth + 1) });
      else throw new NginxSyntaxError(`unexpected }`, end.line);
    }
    if (depth > 0) throw new NginxSyntaxError("unexpected end of file: a { block is not closed", tokens[tokens.length - 1]?.line ?? 1);
    return out;
  };
  return block(0);
}

/** The file looks like NGINX configuration worth reading (proxying is configured). */
export function looksLikeNginx(text: string): boolean {
  return /(^|[\s;{])proxy_pass\s/.test(text);
}

interface Inherited {
  nextUpstream: Directive | null;
  tries: Directive | null;
}

export function detectNginx(ctx: ConfigContext, tree: Directive[]): void {
  const upstreams = new Map<string, string[]>();
  const collect = (ds: Directive[]) => {
    for (const d of ds) {
      if (d.name === "upstream" && d.children && d.args[0]) {
        upstreams.set(d.args[0], d.children.filter((s) => s.name === "server" && s.args[0]).map((s) => hostOf(s.args[0]!)));
      } else if (d.children) collect(d.children);
    }
  };
  collect(tree);
  const gateway = `nginx:${ctx.path}`;
  const visit = (ds: Directive[], inherited: Inherited, location: string | null) => {
    const here: Inherited = {
      nextUpstream: ds.find((d) => d.name === "proxy_next_upstream" && !d.children) ?? inherited.nextUpstream,
      tries: ds.find((d) => d.name === "proxy_next_upstream_tries" && !d.children) ?? inherited.tries,
    };
    for (const d of ds) {
      if (d.name === "upstream" || !d.children) continue;
      visit(d.children, here, d.name === "location" ? (d.args[d.args.length - 1] ?? location) : location);
    }
    const pass = ds.find((d) => d.name === "proxy_pass" && !d.children && d.args[0]);
    if (!pass) return;
    const host = hostOf(pass.args[0]!);
    // a template placeholder (`${ORDERS_HOST}`: the nginx image's envsubst of /etc/nginx/templates,
    // or an entrypoint's) is the environment of the service that runs the file; the linker fills
    // it in. Any other variable is not known statically.
    const placeholder = /^\$\{\w+\}$/.test(host);
    if (host.includes("$") && !placeholder) return;
    const servers = upstreams.get(host);
    const destinations = placeholder ? [] : servers && servers.length ? servers : [host];
    const triesText = here.tries?.args[0];
    const info: NginxRouteInfo = {
      hosts: servers ?? [host],
      upstream: servers ? host : null,
      nextUpstream: here.nextUpstream ? here.nextUpstream.args : null,
      tries: triesText !== undefined && /^\d+$/.test(triesText) ? Number(triesText) : null,
      written: here.nextUpstream !== null || here.tries !== null,
      anchor: (here.tries ?? here.nextUpstream ?? pass).span,
      location,
      target: hostOf(pass.args[0]!),
    };
    const layer = nginxLayerFact(ctx.layerId(info.anchor.line), info, () => null);
    if (layer) ctx.facts.layers.push(layer);
    ctx.facts.routes.push({
      product: "nginx",
      hosts: [],
      destinations,
      edge: true,
      gateway,
      namespace: null,
      match: location,
      span: pass.span,
      layerId: layer?.localId ?? null,
      timeoutSeconds: null,
      nginx: info,
      ...(placeholder ? { destinationTemplate: pass.args[0]! } : {}),
    });
  };
  visit(tree, { nextUpstream: null, tries: null }, null);
}

/**
 * The retry layer of one proxied location, given how many addresses a host resolves to when that
 * is known elsewhere (`addresses`: a compose service's replicas, engine/composePeers.ts; null =
 * not known). A domain name in an upstream's `server` line "that resolves to several IP addresses
 * defines multiple servers at once", and a `proxy_pass` host's addresses are all used in turn
 * (nginx docs, ngx_http_upstream_module `server`, ngx_http_proxy_module `proxy_pass`). Null when
 * the route can try only once and no retry directive is written.
 */
export function nginxLayerFact(localId: string, s: NginxRouteInfo, addresses: (host: string) => number | null): LayerFact | null {
  const tokens = s.nextUpstream ?? ["error", "timeout"];
  const off = tokens.includes("off");
  const tries = s.tries;
  const known = s.hosts.map((h) => addresses(h));
  const resolved = known.some((n) => n !== null);
  // an upstream block's servers are known (one address each unless said otherwise); a plain host
  // may resolve to several addresses, so without a count an explicit tries N counts in full
  // there, and tries 0/unset is read as one address
  const peers = s.upstream || resolved
    ? Math.max(1, known.reduce<number>((sum, n) => sum + (n ?? 1), 0))
    : tries !== null && tries > 0 ? tries : 1;
  const total = off ? 1 : tries !== null && tries > 0 ? Math.min(tries, peers) : peers;
  if (total <= 1 && !s.written) return null;
  const spread = resolved ? `, ${s.hosts.map((h, i) => (known[i] !== null ? `${h} → ${known[i]} address${known[i] === 1 ? "" : "es"}` : null)).filter(Boolean).join(", ")} (compose replicas)` : "";
  const note = off
    ? "proxy_next_upstream off → no retries"
    : tries !== null && tries > 0
      ? `proxy_next_upstream_tries ${tries} → at most ${tries} tries in total${tries > peers ? `, but only ${peers} server${peers === 1 ? "" : "s"} to try` : ""}${spread}`
      : `proxy_next_upstream_tries ${tries === 0 ? "0" : "unset"} → one try per server: ${peers} server${peers === 1 ? "" : "s"}${s.upstream ? ` in upstream ${s.upstream}` : ""}${spread}`;
  return {
    localId,
    kind: "nginx-proxy-next-upstream",
    category: "gateway",
    library: "nginx",
    anchor: s.anchor,
    maxAttempts: total,
    attemptsSource: tries !== null || off ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    wait: noWait("NGINX"),
    condition: nginxCondition(tokens, "NGINX", s.nextUpstream === null),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "route" },
    label: `location ${s.location ?? "/"} → ${s.upstream ?? s.target}`,
  };
}
