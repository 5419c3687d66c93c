/**
 * Fix operations on proxy config files (reference §4.9 NGINX, §4.10 HAProxy), as edits of one
 * directive's arguments or one new directive line, located with the detectors' own parsers:
 * - NGINX `proxy_next_upstream_tries N` counts **total** tries (1 = no retry), set in the route's
 *   `location` (a new line before its `proxy_pass`, so a value inherited from `server`/`http`
 *   stays as it is for other locations); RL013: `non_idempotent` dropped from
 *   `proxy_next_upstream`, so writes are not passed on once sent.
 * - HAProxy `retries N` counts **retries** (§4.10); set in the route's own backend (a value in
 *   `defaults` is shared by every backend); RL013: `retry-on conn-failure` (only when the request
 *   could not be sent).
 * Neither product has jitter or backoff settings: no jitter/backoff fixes.
 */
import { parseHaproxy } from "../../detectors/config/haproxy";
import { parseNginx } from "../../detectors/config/nginx";
import type { Directive } from "../../detectors/config/common";
import type { RetryLayer } from "../../model/model";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export const PROXY_CONFIG_FIX_KINDS: ReadonlySet<string> = new Set(["nginx-proxy-next-upstream", "haproxy-retries"]);

export function proxyConfigLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  const lines = new LineText(layer.file, text);
  if (layer.kind === "nginx-proxy-next-upstream") return nginx(op, layer, lines, attempts);
  if (layer.kind === "haproxy-retries") return haproxy(op, layer, lines, attempts);
  return null;
}

/** Offsets of lines and the edits a directive needs, in the file's own line endings. */
class LineText {
  readonly starts: number[] = [0];
  readonly eol: string;
  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.starts.push(i + 1);
    this.eol = text.includes("\r\n") ? "\r\n" : "\n";
  }
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? this.text.length) + column;
  }
  indentOf(line: number): string {
    const start = this.offset(line, 0);
    return /^[ \t]*/.exec(this.text.slice(start))?.[0] ?? "";
  }
  /** a new line `content` before line `line`, indented like it */
  insertBefore(line: number, content: string): FixEdit {
    const at = this.offset(line, 0);
    return { file: this.file, start: at, end: at, newText: `${this.indentOf(line)}${content}${this.eol}` };
  }
  /** a new line `content` after line `line`, with `indent` */
  insertAfter(line: number, indent: string, content: string): FixEdit {
    const next = this.starts[line];
    const at = next === undefined ? this.text.length : next;
    const prefix = next === undefined ? this.eol : "";
    return { file: this.file, start: at, end: at, newText: `${prefix}${indent}${content}${next === undefined ? "" : this.eol}` };
  }
  /**
   * The arguments of the directive whose name is at `d.span`: from the end of the name to the
   * terminator (`;` for NGINX, `#` or the line end for HAProxy), quotes respected, trailing
   * blanks excluded.
   */
  argsRange(d: Directive, terminators: string): [number, number] {
    const start = this.offset(d.span.line, d.span.endColumn);
    let quote: string | null = null;
    let i = start;
    for (; i < this.text.length; i++) {
      const c = this.text[i]!;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (terminators.includes(c)) break;
    }
    let end = i;
    while (end > start && /\s/.test(this.text[end - 1]!)) end--;
    return [start, end];
  }
  setArgs(d: Directive, terminators: string, args: string): FixEdit {
    const [start, end] = this.argsRange(d, terminators);
    return { file: this.file, start, end, newText: ` ${args}` };
  }
}

const offOrCap = (layer: RetryLayer, attempts: number, what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`);

// ----------------------------------------------------------------------------------------- NGINX

function nginx(op: LayerOp, layer: RetryLayer, lines: LineText, attempts: number | null): LayerEdit | null {
  // the label is "location <match> → <upstream>"
  const match = /^location (.*) → /.exec(layer.label)?.[1];
  if (match === undefined) return null;
  const location = findDirectives(parseNginx(lines.text), (d) => d.name === "location" && d.args.join(" ") === match && !!d.children?.some((c) => c.name === "proxy_pass"))[0];
  if (!location?.children) return null;
  const own = (name: string) => location.children!.find((d) => d.name === name && !d.children) ?? null;
  if (attempts !== null && attempts >= 1) {
    const tries = own("proxy_next_upstream_tries");
    const pass = own("proxy_pass")!;
    const edit = tries ? lines.setArgs(tries, ";{", String(attempts)) : lines.insertBefore(pass.span.line, `proxy_next_upstream_tries ${attempts};`);
    return { title: offOrCap(layer, attempts, `proxy_next_upstream_tries ${attempts}, which counts every try`), edits: [edit] };
  }
  if (op === "narrowGateway") {
    // the effective tokens, perhaps inherited from server/http: overridden in this location only
    if (!layer.condition.retryOn.includes("non_idempotent")) return null;
    const kept = layer.condition.retryOn.filter((a) => a !== "non_idempotent").join(" ");
    if (!kept) return null;
    const nextUpstream = own("proxy_next_upstream");
    const edit = nextUpstream ? lines.setArgs(nextUpstream, ";{", kept) : lines.insertBefore(own("proxy_pass")!.span.line, `proxy_next_upstream ${kept};`);
    return { title: `Do not pass writes on once sent: proxy_next_upstream ${kept} (non_idempotent dropped)`, edits: [edit] };
  }
  return null;
}

function findDirectives(ds: Directive[], accept: (d: Directive) => boolean): Directive[] {
  const out: Directive[] = [];
  const visit = (list: Directive[]) => {
    for (const d of list) {
      if (accept(d)) out.push(d);
      if (d.children) visit(d.children);
    }
  };
  visit(ds);
  return out;
}

// --------------------------------------------------------------------------------------- HAProxy

function haproxy(op: LayerOp, layer: RetryLayer, lines: LineText, attempts: number | null): LayerEdit | null {
  // the label is "<backend|listen> <name>"
  const section = parseHaproxy(lines.text).find((s) => `${s.kind} ${s.name ?? ""}`.trim() === layer.label);
  if (!section) return null;
  const own = (name: string) => section.directives.find((d) => d.name === name) ?? null;
  const indent = section.directives[0] ? lines.indentOf(section.directives[0].span.line) : "    ";
  const set = (name: string, value: string): FixEdit => {
    const d = own(name);
    return d ? lines.setArgs(d, "#\n", value) : lines.insertAfter(section.span.line, indent, `${name} ${value}`);
  };
  if (attempts !== null && attempts >= 1) {
    return { title: offOrCap(layer, attempts, `retries ${attempts - 1}, which counts retries`), edits: [set("retries", String(attempts - 1))] };
  }
  if (op === "narrowGateway" || op === "preSendOnly") {
    return { title: "Retry only when the request could not be sent: retry-on conn-failure", edits: [set("retry-on", "conn-failure")] };
  }
  return null;
}
