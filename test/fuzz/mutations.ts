/**
 * Mutations of one input file, each a pure function of the PRNG and the bytes: the hostile
 * shapes the engine must survive (issue #11, "Robustness"): truncation, random bytes, invalid
 * UTF-8, unbalanced and 5,000-deep brackets, 300,000-character lines, YAML alias and merge-key
 * bombs, duplicate keys, huge and non-integer numbers where retry counts are written.
 */
import type { Prng } from "./prng";
import { sourceLanguage } from "../../server/src/model/languages";

export interface MutationContext {
  /** the file's path (its language decides which mutations fit) */
  path: string;
  /** another seed file's bytes, for splicing */
  donor: Buffer;
}

export interface Mutation {
  name: string;
  /** false when the mutation means nothing for this file (YAML bombs in Python) */
  fits(path: string): boolean;
  apply(rng: Prng, input: Buffer, ctx: MutationContext): Buffer;
}

const isYaml = (path: string) => sourceLanguage(path) === "yaml";
const any = () => true;

const text = (b: Buffer) => b.toString("latin1");
const bytes = (s: string) => Buffer.from(s, "latin1");
/** offset of a line start (or the end), so insertions land between lines */
function lineStart(rng: Prng, s: string): number {
  const starts = [0];
  for (let i = s.indexOf("\n"); i >= 0 && starts.length < 5000; i = s.indexOf("\n", i + 1)) starts.push(i + 1);
  return rng.pick(starts);
}
const insertAt = (s: string, at: number, piece: string) => s.slice(0, at) + piece + s.slice(at);

/** numbers that break naive parsing of a retry count */
export const HOSTILE_NUMBERS = [
  "1e400", "-1e400", "-0", "3.5", "0.5", "0x10", "0o17", "0b11", "1_000_000", "NaN", '"NaN"', "'NaN'", ".nan", ".inf", "-.inf",
  "Infinity", "-Infinity", "-1", "-3", "99999999999999999999999", "1e309", "9007199254740993", "2**1024", "10**9", "float('inf')",
  "1e-400", "+3", "03", "3e0", "", "null", "~", "true", "[3]", "{a: 3}",
];

const INVALID_UTF8: readonly number[][] = [
  [0xff], [0xfe], [0xc3, 0x28], [0xa0, 0xa1], [0xe2, 0x28, 0xa1], [0xe2, 0x82, 0x28], [0xf0, 0x28, 0x8c, 0xbc],
  [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xef, 0xbb, 0xbf], [0x00],
];

/** YAML's billion laughs: 9 levels of 9 references (9⁹ nodes when expanded) */
export function aliasBomb(levels = 9, width = 9, key = "lol"): string {
  const lines = [`${key}0: &${key}0 ["lol"]`];
  for (let i = 1; i < levels; i++) lines.push(`${key}${i}: &${key}${i} [${Array.from({ length: width }, () => `*${key}${i - 1}`).join(", ")}]`);
  return lines.join("\n") + "\n";
}

/** merge keys chained and fanned out: each map merges the previous one many times over */
export function mergeKeyBomb(levels = 12, width = 8, key = "m"): string {
  const lines = [`${key}0: &${key}0 {attempts: 3, perTryTimeout: 2s}`];
  for (let i = 1; i < levels; i++) lines.push(`${key}${i}: &${key}${i}\n  <<: [${Array.from({ length: width }, () => `*${key}${i - 1}`).join(", ")}]\n  attempts: ${i}`);
  lines.push(`retries:\n  <<: *${key}${levels - 1}`);
  return lines.join("\n") + "\n";
}

function deepBrackets(rng: Prng, path: string, depth: number): string {
  const [open, close] = rng.pick([["[", "]"], ["{", "}"], ["(", ")"]]);
  const closed = rng.chance(0.5);
  const body = open!.repeat(depth) + (closed ? close!.repeat(depth) : "");
  if (isYaml(path)) return rng.chance(0.5) ? `deep: ${body}\n` : `retries: ${body}\n`;
  if (sourceLanguage(path) === "python") return `x = ${body}\n`;
  if (sourceLanguage(path) === "json") return body;
  return `const x = ${body};\n`;
}

function longLine(rng: Prng, path: string): string {
  const n = 300_000;
  const kind = rng.int(0, 3);
  if (kind === 0) return "a".repeat(n) + "\n";
  if (kind === 1) return "retry ".repeat(n / 6) + "\n";
  if (kind === 2) return (isYaml(path) ? `k: "${"x".repeat(n)}"` : `s = "${"x".repeat(n)}"`) + "\n";
  return (isYaml(path) ? "# " : "// ") + "{[(".repeat(n / 3) + "\n";
}

/** retry-count spots first: a number shortly after attempt/retr/tries/total/max */
function numberSpots(s: string): Array<{ at: number; len: number; near: boolean }> {
  const spots: Array<{ at: number; len: number; near: boolean }> = [];
  const re = /\b\d+(\.\d+)?\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) && spots.length < 2000) {
    const before = s.slice(Math.max(0, m.index - 40), m.index);
    spots.push({ at: m.index, len: m[0].length, near: /attempt|retr|tries|total|max|count|times|limit/i.test(before) });
  }
  return spots;
}

export const MUTATIONS: readonly Mutation[] = [
  {
    name: "truncate",
    fits: any,
    apply: (rng, input) => input.subarray(0, rng.int(0, input.length)),
  },
  {
    name: "random-bytes",
    fits: any,
    apply: (rng, input) => {
      const out = Buffer.from(input);
      const n = rng.int(1, 16);
      for (let i = 0; i < n && out.length; i++) out[rng.int(0, out.length - 1)] = rng.int(0, 255);
      return out;
    },
  },
  {
    name: "invalid-utf8",
    fits: any,
    apply: (rng, input) => {
      let out = input;
      const n = rng.int(1, 6);
      for (let i = 0; i < n; i++) {
        const at = rng.int(0, out.length);
        out = Buffer.concat([out.subarray(0, at), Buffer.from(rng.pick(INVALID_UTF8)), out.subarray(at)]);
      }
      return out;
    },
  },
  {
    name: "unbalanced-brackets",
    fits: any,
    apply: (rng, input) => {
      let s = text(input);
      const n = rng.int(1, 8);
      for (let i = 0; i < n; i++) {
        if (rng.chance(0.5)) {
          const closers = [...s.matchAll(/[\]})]/g)].map((m) => m.index!);
          if (closers.length) {
            const at = rng.pick(closers);
            s = s.slice(0, at) + s.slice(at + 1);
            continue;
          }
        }
        s = insertAt(s, rng.int(0, s.length), rng.pick(["[", "{", "(", "]", "}", ")", "\"", "'", "`", "\"\"\"", "/*", "${"]));
      }
      return bytes(s);
    },
  },
  {
    name: "deep-brackets-5000",
    fits: any,
    apply: (rng, input, ctx) => {
      const s = text(input);
      return bytes(insertAt(s, lineStart(rng, s), deepBrackets(rng, ctx.path, 5000)));
    },
  },
  {
    name: "deep-block-nesting",
    fits: isYaml,
    apply: (rng, input) => {
      const s = text(input);
      const depth = rng.int(150, 1200);
      const lines: string[] = [];
      for (let i = 0; i < depth; i++) lines.push(`${"  ".repeat(i)}${rng.chance(0.2) ? "- " : ""}k${i}:`);
      lines.push(`${"  ".repeat(depth)}retries: {attempts: 3}`);
      return bytes(insertAt(s, lineStart(rng, s), lines.join("\n") + "\n"));
    },
  },
  {
    name: "long-line-300k",
    fits: any,
    apply: (rng, input, ctx) => {
      const s = text(input);
      return bytes(insertAt(s, lineStart(rng, s), longLine(rng, ctx.path)));
    },
  },
  {
    name: "alias-bomb",
    fits: isYaml,
    apply: (rng, input) => {
      const s = text(input);
      // a bomb of its own (a new document), or inside the file's first document
      return bytes(rng.chance(0.5) ? `${s}\n---\n${aliasBomb()}` : `${aliasBomb(rng.int(5, 10), rng.int(5, 12), "rl")}${s}`);
    },
  },
  {
    name: "merge-key-bomb",
    fits: isYaml,
    apply: (rng, input) => {
      const s = text(input);
      return bytes(rng.chance(0.5) ? `${s}\n---\n${mergeKeyBomb()}` : `${mergeKeyBomb(rng.int(4, 16), rng.int(2, 10), "mk")}${s}`);
    },
  },
  {
    name: "alias-references",
    fits: isYaml,
    apply: (rng, input) => {
      // one anchor used by many routes, merged and plain (the quadratic case of issue #11)
      const n = rng.int(100, 1000);
      const routes = Array.from({ length: n }, (_, i) => (i % 2 ? `  - name: r${i}\n    retries: *r` : `  - name: r${i}\n    retries:\n      <<: *r\n      perTryTimeout: ${i}s`));
      return bytes(`${text(input)}\n---\nshared: &r {attempts: 3, retryOn: 5xx}\nroutes:\n${routes.join("\n")}\n`);
    },
  },
  {
    name: "duplicate-keys",
    fits: any,
    apply: (rng, input) => {
      const lines = text(input).split("\n");
      const keyed = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*[-\w"'.]+\s*[:=]/.test(l));
      const n = rng.int(1, 5);
      for (let k = 0; k < n && keyed.length; k++) {
        const { l, i } = rng.pick(keyed);
        lines.splice(i + 1, 0, rng.chance(0.5) ? l : l.replace(/\d+/, String(rng.int(0, 99))));
      }
      return bytes(lines.join("\n"));
    },
  },
  {
    name: "hostile-numbers",
    fits: any,
    apply: (rng, input) => {
      let s = text(input);
      const spots = numberSpots(s);
      if (!spots.length) return bytes(`${s}\nretries: ${rng.pick(HOSTILE_NUMBERS)}\n`);
      const near = spots.filter((p) => p.near);
      const chosen = rng.shuffle(near.length && rng.chance(0.8) ? near : spots).slice(0, rng.int(1, 4)).sort((a, b) => b.at - a.at);
      for (const p of chosen) s = s.slice(0, p.at) + rng.pick(HOSTILE_NUMBERS) + s.slice(p.at + p.len);
      return bytes(s);
    },
  },
  {
    name: "line-endings",
    fits: any,
    apply: (rng, input) => {
      const s = text(input).replace(/\r\n?/g, "\n");
      const to = rng.pick(["\r", "\r\n", "\n\r", "\u2028"]);
      return to === "\u2028" ? Buffer.from(s.replace(/\n/g, to), "utf8") : bytes(s.replace(/\n/g, to));
    },
  },
  {
    name: "bom-and-nul",
    fits: any,
    apply: (rng, input) => {
      const prefix = rng.pick([[0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe], [0x00]]);
      return Buffer.concat([Buffer.from(prefix), input]);
    },
  },
  {
    name: "splice",
    fits: any,
    apply: (rng, input, ctx) => {
      const a = rng.int(0, input.length);
      const from = rng.int(0, ctx.donor.length);
      const piece = ctx.donor.subarray(from, from + rng.int(0, 4000));
      return Buffer.concat([input.subarray(0, a), piece, input.subarray(rng.chance(0.5) ? a : rng.int(a, input.length))]);
    },
  },
];

/** Applies 1–`max` fitting mutations in a row; returns the bytes and the mutation names. */
export function mutate(rng: Prng, input: Buffer, ctx: MutationContext, max = 3): { bytes: Buffer; applied: string[] } {
  const fitting = MUTATIONS.filter((m) => m.fits(ctx.path));
  const applied: string[] = [];
  let out = input;
  const n = rng.int(1, max);
  for (let i = 0; i < n; i++) {
    const m = rng.pick(fitting);
    out = m.apply(rng, out, ctx);
    applied.push(m.name);
  }
  // bounded: the walker skips files over 1 MiB, so larger mutants test nothing
  if (out.length > 1024 * 1024) out = out.subarray(0, 1024 * 1024 - 1);
  return { bytes: out, applied };
}
