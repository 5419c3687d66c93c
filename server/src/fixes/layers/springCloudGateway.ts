/**
 * Fix operations on Spring Cloud Gateway `Retry` filters in application.yml (reference §3.3),
 * located by the layer's anchor: the filter's `name: Retry` key, or its shortcut list item
 * `- Retry=3,BAD_GATEWAY,…` (fields in RetryGatewayFilterFactory's shortcutFieldOrder).
 * - `retries` counts retries (default 3 → 4 attempts) and must be > 0: "cap" writes attempts − 1
 *   (at least 1), "off" removes the filter (or the `filters` key it was alone in).
 * - jitter: `jitter: {randomFactor: 0.5}`; SCG applies it only to a configured `backoff`, which is
 *   when the layer has a delay to randomise.
 * - backoff: `backoff: {firstBackoff: 50ms, maxBackoff: 500ms, factor: 2,
 *   basedOnPreviousValue: false}` with the jitter (no delay at all by default).
 * - RL013 / RL005 (every method retried after the upstream may have processed it): `methods: GET`,
 *   SCG's default. Unsafe: the gateway then retries no write at all, not even one that never
 *   reached the upstream (SCG has no "before sending" condition per method).
 * A shortcut filter is rewritten in the `name`/`args` form when an argument is added (newer
 * shortcut fields are not read by every SCG version).
 * In `.properties` the name/args form is edited key by key (springSettings.ts); "off" there only
 * removes the last filter of a list (Spring binds a list up to its first missing index), and a
 * shortcut filter is only capped.
 */
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import type { RetryLayer } from "../../model/model";
import { openSettingsFile } from "../springSettings";
import type { FixEdit } from "../types";
import { withYaml, type YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const SHORTCUT_FIELDS = ["retries", "statuses", "methods", "backoff.firstBackoff", "backoff.maxBackoff", "backoff.factor", "backoff.basedOnPreviousValue"];
const BACKOFF: Array<[string, string]> = [
  ["firstBackoff", "50ms"],
  ["maxBackoff", "500ms"],
  ["factor", "2"],
  ["basedOnPreviousValue", "false"],
];

interface Filter {
  seq: YAMLSeq;
  /** the filter's list item: a map (name/args) or a scalar (shortcut) */
  item: Node;
  /** the `args` map of the name/args form, null when absent */
  args: YAMLMap | null;
  /** shortcut fields by key, in order (name/args form: null) */
  shortcut: Array<[string, string]> | null;
}

export function springCloudGatewayLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.file.endsWith(".properties")) return text === undefined ? null : propertiesEdit(op, layer, text, ctx);
  if (!/\.ya?ml$/.test(layer.file)) return null;
  return withYaml(layer.file, text, (ed) => {
    const filter = filterAt(ed, layer.anchor.line);
    if (!filter) return null;
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
    if (attempts === 1) {
      const edit = removeItem(ed, filter);
      return edit ? { title: `Remove the Retry filter of ${layer.label} (retries must be > 0)`, edits: [edit] } : null;
    }
    if (attempts !== null && attempts >= 2) {
      const title = `Lower to ${attempts} attempts for ${layer.label} (retries: ${attempts - 1}, which counts retries)`;
      if (filter.shortcut) {
        const fields = filter.shortcut.map(([k, v]): [string, string] => (k === "retries" ? [k, String(attempts - 1)] : [k, v]));
        if (!fields.length || fields[0]![0] !== "retries") fields.unshift(["retries", String(attempts - 1)]);
        const edit = ed.replaceScalar(filter.item, `Retry=${fields.map(([, v]) => v).join(",")}`);
        return edit ? { title, edits: [edit] } : null;
      }
      const edit = setArg(ed, filter, "retries", String(attempts - 1));
      return edit ? { title, edits: [edit] } : null;
    }
    const has = (key: string) => (filter.shortcut ? filter.shortcut.some(([k]) => k === key || k.startsWith(`${key}.`)) : !!(filter.args && ed.child(filter.args, key)));
    if (op === "jitter") {
      if (!has("backoff") || has("jitter")) return null;
      const edit = addArgs(ed, filter, [["jitter", [["randomFactor", "0.5"]]]]);
      return edit ? { title: `Randomise the delay of ${layer.label}: jitter: {randomFactor: 0.5} (±50%)`, edits: [edit] } : null;
    }
    if (op === "backoff") {
      if (has("backoff")) return null;
      const edit = addArgs(ed, filter, [["backoff", BACKOFF], ...(has("jitter") ? [] : [["jitter", [["randomFactor", "0.5"]]] as [string, Array<[string, string]>]])]);
      return edit ? { title: `Back off exponentially with jitter on ${layer.label}: backoff from 50ms to 500ms (×2), jitter randomFactor 0.5`, edits: [edit] } : null;
    }
    if (op === "narrowGateway" || op === "preSendOnly") {
      const edit = filter.shortcut ? addArgs(ed, filter, [], [["methods", "GET"]]) : setArg(ed, filter, "methods", "GET");
      return edit ? { title: `Retry only GET requests on ${layer.label}: methods: GET (no write is retried, not even one that never reached the upstream)`, edits: [edit], unsafe: true } : null;
    }
    return null;
  });
}

/** The Retry filter whose `name` key or shortcut item is on `line`. */
function filterAt(ed: YamlEditor, line: number): Filter | null {
  for (const map of ed.maps()) {
    for (const p of map.items as Pair[]) {
      if (!isSeq(p.value)) continue;
      const seq = p.value as YAMLSeq;
      for (const item of seq.items as Node[]) {
        if (isScalar(item) && item.range && ed.lineOf(item.range[0]) === line && /^Retry(=|$)/.test(String(item.value).trim())) {
          const value = String(item.value).trim();
          const eq = value.indexOf("=");
          const parts = eq >= 0 ? value.slice(eq + 1).split(",").map((s) => s.trim()) : [];
          const shortcut = parts.map((v, i): [string, string] => [SHORTCUT_FIELDS[i] ?? `_genkey_${i}`, v]).filter(([, v]) => v !== "");
          return { seq, item, args: null, shortcut };
        }
        if (!isMap(item)) continue;
        const name = ed.child(item, "name");
        const key = name?.key as Node | undefined;
        if (!key?.range || ed.lineOf(key.range[0]) !== line || !isScalar(name!.value) || String((name!.value as { value: unknown }).value).trim() !== "Retry") continue;
        const args = ed.child(item, "args")?.value;
        return { seq, item, args: isMap(args) ? (args as YAMLMap) : null, shortcut: null };
      }
    }
  }
  return null;
}

/** Sets one argument of the name/args form (a list value becomes the scalar). */
function setArg(ed: YamlEditor, filter: Filter, key: string, value: string): FixEdit | null {
  if (!filter.args) return isMap(filter.item) ? ed.addKey(filter.item as YAMLMap, `args:\n  ${key}: ${value}`, `args: { ${key}: ${value} }`) : null;
  const existing = ed.child(filter.args, key);
  const node = existing?.value as Node | null | undefined;
  if (existing && node?.range && isSeq(node)) {
    const keyEnd = (existing.key as Node).range![1];
    let end = node.range[1];
    while (end > keyEnd && /\s/.test(ed.text[end - 1]!)) end--;
    return ed.edit(keyEnd, end, `: ${value}`);
  }
  return ed.setKey(filter.args, key, value);
}

type Block = [string, Array<[string, string]>];

/** Adds nested arguments (`backoff: {…}`) and scalar ones; a shortcut filter is rewritten as name/args. */
function addArgs(ed: YamlEditor, filter: Filter, blocks: Block[], scalars: Array<[string, string]> = []): FixEdit | null {
  if (filter.shortcut) {
    if (filter.seq.flow || !filter.item.range) return null;
    // the shortcut's own fields, then the new ones (a new scalar replaces a field of the same key)
    const flat = filter.shortcut.filter(([k]) => !k.startsWith("_genkey_") && !scalars.some(([s]) => s === k));
    const top = flat.filter(([k]) => !k.includes("."));
    const nested = new Map<string, Array<[string, string]>>();
    for (const [k, v] of flat.filter(([k]) => k.includes("."))) {
      const [group, field] = [k.slice(0, k.indexOf(".")), k.slice(k.indexOf(".") + 1)];
      nested.set(group, [...(nested.get(group) ?? []), [field, v]]);
    }
    for (const [k, fields] of blocks) nested.set(k, fields);
    if (filter.shortcut.some(([k]) => k.startsWith("_genkey_"))) return null;
    const lines = ["name: Retry", "args:", ...[...top, ...scalars].map(([k, v]) => `  ${k}: ${v}`)];
    for (const [group, fields] of nested) lines.push(`  ${group}:`, ...fields.map(([k, v]) => `    ${k}: ${v}`));
    const column = ed.text.lastIndexOf("\n", filter.item.range[0] - 1);
    const indent = " ".repeat(filter.item.range[0] - column - 1);
    return ed.edit(filter.item.range[0], filter.item.range[1], lines.join(`${ed.eol}${indent}`));
  }
  const block = [...scalars.map(([k, v]) => `${k}: ${v}`), ...blocks.flatMap(([k, fields]) => [`${k}:`, ...fields.map(([f, v]) => `  ${f}: ${v}`)])].join("\n");
  const flow = [...scalars.map(([k, v]) => `${k}: ${v}`), ...blocks.map(([k, fields]) => `${k}: { ${fields.map(([f, v]) => `${f}: ${v}`).join(", ")} }`)].join(", ");
  if (!filter.args) {
    if (!isMap(filter.item)) return null;
    const nestedBlock = `args:\n${block.split("\n").map((l) => `  ${l}`).join("\n")}`;
    return ed.addKey(filter.item as YAMLMap, nestedBlock, `args: { ${flow} }`);
  }
  return ed.addKey(filter.args, block, flow);
}

/** Removes the filter's list item, or the whole `filters` key when it is the only one. */
function removeItem(ed: YamlEditor, filter: Filter): FixEdit | null {
  if (filter.seq.flow || !filter.item.range) return null;
  if (filter.seq.items.length === 1) {
    const owner = ed.maps().flatMap((m) => m.items as Pair[]).find((p) => p.value === filter.seq);
    return owner ? ed.removePair(owner) : null;
  }
  const start = ed.startOfLine(filter.item.range[0]);
  let end = ed.endOfLine(Math.max(filter.item.range[0], filter.item.range[1] - 1));
  if (ed.text.startsWith("\r\n", end)) end += 2;
  else if (ed.text[end] === "\n") end++;
  // the dash must be the first thing on the item's line (a block list item)
  if (!/^\s*-\s*$/.test(ed.text.slice(start, filter.item.range[0]))) return null;
  return ed.edit(start, end, "");
}

/** The same operations on a `.properties` route: `…filters[i].name=Retry` + `…filters[i].args.*`. */
function propertiesEdit(op: LayerOp, layer: RetryLayer, text: string, ctx: LayerOpContext): LayerEdit | null {
  const file = openSettingsFile(layer.file, text);
  const key = file?.keyAt?.(layer.anchor.line);
  if (!file || !key) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  const shortcut = !/\.name$/i.test(key);
  const filter = shortcut ? key : key.slice(0, key.length - ".name".length);
  const args = `${filter}.args`;
  if (attempts === 1) {
    // the last filter of its list only: a gap would end the list there
    const m = /^(.*)\[(\d+)\]$/.exec(filter);
    if (!m || file.hasUnder(`${m[1]}[${Number(m[2]) + 1}]`) || file.find(`${m[1]}[${Number(m[2]) + 1}]`)) return null;
    const edits = file.removeUnder?.(filter) ?? [];
    return edits.length ? { title: `Remove the Retry filter of ${layer.label} (retries must be > 0)`, edits } : null;
  }
  if (attempts !== null && attempts >= 2) {
    const title = `Lower to ${attempts} attempts for ${layer.label} (retries: ${attempts - 1}, which counts retries)`;
    if (shortcut) {
      const site = file.find(filter);
      if (!site) return null;
      const eq = site.value.indexOf("=");
      const fields = eq >= 0 ? site.value.slice(eq + 1).split(",") : [];
      fields[0] = String(attempts - 1);
      return { title, edits: [file.replace(site, `Retry=${fields.join(",")}`)] };
    }
    const site = file.find(`${args}.retries`);
    const edit = site ? (site.value.includes("${") ? null : file.replace(site, String(attempts - 1))) : file.add(args, [["retries", String(attempts - 1)]]);
    return edit ? { title, edits: [edit] } : null;
  }
  if (shortcut) return null;
  const has = (k: string) => !!file.find(`${args}.${k}`) || file.hasUnder(`${args}.${k}`);
  if (op === "jitter") {
    if (!has("backoff") || has("jitter")) return null;
    const edit = file.add(args, [["jitter.randomFactor", "0.5"]]);
    return edit ? { title: `Randomise the delay of ${layer.label}: jitter.randomFactor=0.5 (±50%)`, edits: [edit] } : null;
  }
  if (op === "backoff") {
    if (has("backoff")) return null;
    const edit = file.add(args, [...BACKOFF.map(([k, v]): [string, string] => [`backoff.${k}`, v]), ...(has("jitter") ? [] : [["jitter.randomFactor", "0.5"] as [string, string]])]);
    return edit ? { title: `Back off exponentially with jitter on ${layer.label}: backoff from 50ms to 500ms (×2), jitter randomFactor 0.5`, edits: [edit] } : null;
  }
  if (op === "narrowGateway" || op === "preSendOnly") {
    // a list written item by item (`methods[0]=GET`) is not rewritten
    if (file.find(`${args}.methods[0]`)) return null;
    const site = file.find(`${args}.methods`);
    const edit = site ? file.replace(site, "GET") : file.add(args, [["methods", "GET"]]);
    return edit ? { title: `Retry only GET requests on ${layer.label}: methods: GET (no write is retried, not even one that never reached the upstream)`, edits: [edit], unsafe: true } : null;
  }
  return null;
}

