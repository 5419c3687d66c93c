/**
 * Traefik's file provider, TOML flavour (docs/reference/traefik.md, reference §4.6): a dynamic
 * configuration file with `[http.middlewares.<m>.retry]`, `[http.routers.<r>]` and
 * `[http.services.<s>.loadBalancer]` tables (`traefik.toml`, `dynamic.toml`, the files of
 * `providers.file.directory`), parsed with @iarna/toml (parsing/toml.ts); the same model as the
 * YAML files and Docker labels (shared/traefikDynamic.ts). A layer is anchored on its
 * `[http.middlewares.<m>.retry]` header (or the `retry` key of an inline table).
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseToml } from "../../parsing/toml";
import { parseSuppression } from "../../model/suppression";
import { JINJA_TEMPLATE } from "../../model/languages";
import { renderHelmTemplate } from "../yaml/helmRender";
import { markTemplatedLayers } from "../yaml/helm";
import { emitTraefikDynamic, emitTraefikEntryPoints, isTraefikDynamic, traefikFileConfig, type TraefikSpot } from "../shared/traefikDynamic";

export function extractTraefikToml(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  // a Jinja template (`traefik.toml.j2`): its template syntax masked, lines kept (yaml/helmRender.ts)
  const rendered = JINJA_TEMPLATE.test(path) && /\{[{%#]/.test(text) ? renderHelmTemplate(text, { dialect: "jinja", format: "toml" }) : null;
  if (rendered) text = rendered.text;
  const toml = parseToml(text);
  if (!toml.value) {
    // a broken file is a problem only when it looks like Traefik configuration (not a Cargo.toml)
    if (/^\s*\[{1,2}\s*http\s*\./m.test(text)) facts.problems.push(...toml.problems);
    return facts;
  }
  const traefikStatic = typeof toml.value.entryPoints === "object" && toml.value.entryPoints !== null;
  if (!isTraefikDynamic(toml.value) && !traefikStatic) return facts;
  for (const c of toml.comments) {
    const s = parseSuppression(c.text, c.line);
    if (s) facts.suppressions.push(s);
  }
  const lines = text.split(/\r?\n/);
  const used = new Set<string>();
  const ctx = {
    facts,
    layerId(anchorLine: number): string {
      let id = `L${anchorLine}`;
      for (let n = 2; used.has(id); n++) id = `L${anchorLine}.${n}`;
      used.add(id);
      return id;
    },
  };
  const spot = (line: number): TraefikSpot => {
    const t = lines[line - 1] ?? "";
    const column = t.length - t.trimStart().length;
    return { span: { line, column, endLine: line, endColumn: t.trimEnd().length }, line };
  };
  const locate = (p: string[]): TraefikSpot | null => {
    const line = toml.lineOf(p);
    return line === null ? null : spot(line);
  };
  emitTraefikEntryPoints(ctx, toml.value, locate, spot(1));
  if (isTraefikDynamic(toml.value)) emitTraefikDynamic(ctx, traefikFileConfig(toml.value, locate, spot(1)));
  if (rendered) markTemplatedLayers(facts, rendered);
  return facts;
}
