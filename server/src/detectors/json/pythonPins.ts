/**
 * Python package pins (FileFacts.pythonPins), for SDK defaults that changed across versions
 * (LayerFact.versionDefaults with ecosystem "pypi", engine/sdkVersions.ts):
 *
 * - `requirements*.txt` (and `*.txt` in a `requirements/` folder): pip's requirement lines
 *   (`redis==8.1.0`, `redis[hiredis]>=5,<7 ; python_version>"3.8"`, `redis~=7.1`), comments and
 *   line continuations; `-r other.txt` / `-c constraints.txt` are recorded as includes (resolved
 *   at link time); other options (`-e`, `--index-url`, URLs) are skipped. pip's format is a
 *   line format: a small line parser (pip's own `req_file.py` works line by line too).
 * - `pyproject.toml`: PEP 621 `[project] dependencies` and `[project.optional-dependencies]`,
 *   Poetry's `[tool.poetry.dependencies]` and `[tool.poetry.group.*.dependencies]` (a bare
 *   Poetry version is exact: `"5.0.1"` means `==5.0.1`).
 * - `Pipfile` (TOML): `[packages]` / `[dev-packages]`.
 * - Lock files — the version installed, transitive dependencies included (redis-py pulled in by
 *   rq or celery): `uv.lock` and `poetry.lock` (TOML `[[package]]` tables, `name` + `version`),
 *   `Pipfile.lock` (JSON `default` / `develop`, `"version": "==5.0.1"`). Lock files are large
 *   (a megabyte is common), so only the `[[package]]` tables naming a package some detector
 *   versions are handed to the TOML parser (the split on `[[package]]` header lines is a pre-filter).
 *
 * Names are PEP 503-normalised (`Redis_Py` → `redis-py`).
 */
import { parseToml } from "../../parsing/toml";
import { emptyFacts, type FileFacts, type PythonPin } from "../../model/facts";
import { joinPath } from "../../model/paths";

/** Python packages whose retry defaults changed across versions (detectors naming versionDefaults ecosystem "pypi") */
export const VERSIONED_PY_PACKAGES: readonly string[] = ["redis", "stripe"];

export const PYTHON_LOCK_FILES = /(^|\/)(uv\.lock|poetry\.lock|Pipfile\.lock)$/;

/** requirements*.txt, dev-requirements.txt, requirements/base.txt */
export function isRequirementsFile(path: string): boolean {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? "";
  if (!/\.txt$/i.test(base)) return false;
  return /^(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.txt$/i.test(base) || parts[parts.length - 2]?.toLowerCase() === "requirements";
}

export function normalisePyName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, "-");
}

const REQUIREMENT = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(\(?[^;#@]*?\)?)\s*(?:[;#@].*)?$/;

/** `redis[hiredis] >= 5, < 7 ; python_version > "3.8"` → ["redis", ">=5,<7"] */
export function parseRequirement(text: string): [string, string] | null {
  const m = REQUIREMENT.exec(text);
  if (!m) return null;
  return [normalisePyName(m[1]!), m[2]!.replace(/^\(|\)$/g, "").replace(/\s+/g, "")];
}

export function extractRequirementsTxt(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const pins: Record<string, PythonPin> = {};
  const includes: string[] = [];
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const first = i;
    let line = lines[i]!;
    // a backslash at the end continues the line
    while (/\\\s*$/.test(line) && i + 1 < lines.length) line = line.replace(/\\\s*$/, " ") + lines[++i];
    line = line.replace(/(^|\s)#.*$/, "").trim();
    if (!line) continue;
    const inc = /^(?:-r|--requirement|-c|--constraint)\s*=?\s*(\S+)/.exec(line);
    if (inc) {
      const target = includePath(dir, inc[1]!);
      if (target) includes.push(target);
      continue;
    }
    if (line.startsWith("-") || /^[a-z+]+:\/\//i.test(line) || line.startsWith(".") || line.startsWith("/")) continue;
    const req = parseRequirement(line);
    if (req && !(req[0] in pins)) pins[req[0]] = { spec: req[1], line: first + 1 };
  }
  if (Object.keys(pins).length) facts.pythonPins = pins;
  if (includes.length) facts.pythonPinIncludes = includes;
  return facts;
}

/** pyproject.toml's dependency tables (PEP 621, Poetry) → pins; `lineOf` gives a key's line */
export function pyprojectPins(doc: Record<string, unknown>, lineOf: (path: string[]) => number | null, text: string): Record<string, PythonPin> {
  const pins: Record<string, PythonPin> = {};
  const project = asRecord(doc.project);
  const pep621: unknown[] = [];
  if (Array.isArray(project?.dependencies)) pep621.push(...project!.dependencies);
  const optional = asRecord(project?.["optional-dependencies"]);
  for (const list of Object.values(optional ?? {})) if (Array.isArray(list)) pep621.push(...list);
  for (const d of pep621) {
    const req = typeof d === "string" ? parseRequirement(d) : null;
    if (req && !(req[0] in pins)) pins[req[0]] = { spec: req[1], line: lineOfString(text, d as string) ?? lineOf(["project", "dependencies"]) ?? 1 };
  }
  const poetry = asRecord(asRecord(doc.tool)?.poetry);
  const tables: Array<[string[], Record<string, unknown> | null]> = [[["tool", "poetry", "dependencies"], asRecord(poetry?.dependencies)]];
  for (const [group, g] of Object.entries(asRecord(poetry?.group) ?? {})) tables.push([["tool", "poetry", "group", group, "dependencies"], asRecord(asRecord(g)?.dependencies)]);
  for (const [where, table] of tables) addTomlTable(pins, table, where, lineOf, true);
  return pins;
}

/** A Pipfile's `[packages]` / `[dev-packages]` (pipenv: a bare version string is a specifier, `"*"` any) */
export function extractPipfile(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const toml = parseToml(text);
  facts.problems.push(...toml.problems.map((p) => ({ ...p, message: `Pipfile: ${p.message}` })));
  if (!toml.value) return facts;
  const pins: Record<string, PythonPin> = {};
  for (const table of ["packages", "dev-packages"]) addTomlTable(pins, asRecord(toml.value[table]), [table], toml.lineOf, false);
  if (Object.keys(pins).length) facts.pythonPins = pins;
  return facts;
}

/** uv.lock / poetry.lock / Pipfile.lock → the locked versions of VERSIONED_PY_PACKAGES (or of `wanted`: fixes/pythonPin.ts asks for urllib3) */
export function extractPythonLock(path: string, text: string, wanted: readonly string[] = VERSIONED_PY_PACKAGES): FileFacts {
  const facts = emptyFacts(path, "json");
  const pins: Record<string, PythonPin> = {};
  if (/(^|\/)Pipfile\.lock$/.test(path)) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      facts.problems.push({ line: 1, message: `Pipfile.lock is not valid JSON: ${(err as Error).message}` });
      return facts;
    }
    for (const section of ["default", "develop"]) {
      for (const [name, entry] of Object.entries(asRecord(asRecord(doc)?.[section]) ?? {})) {
        const version = asRecord(entry)?.version;
        const key = normalisePyName(name);
        if (typeof version !== "string" || key in pins) continue;
        pins[key] = { spec: version, line: lineOfString(text, `"${name}"`) ?? 1, locked: true };
      }
    }
  } else {
    const names = new Set(wanted);
    // `[[package]]` tables: parse only those naming a package of interest
    const header = /^\[\[package\]\][ \t]*(?:#.*)?$/gm;
    const starts: number[] = [];
    for (let m = header.exec(text); m; m = header.exec(text)) starts.push(m.index);
    for (let i = 0; i < starts.length; i++) {
      const chunk = text.slice(starts[i], starts[i + 1] ?? text.length);
      const nameMatch = /^name\s*=\s*"([^"]+)"/m.exec(chunk);
      const name = nameMatch?.[1];
      if (!name || !names.has(normalisePyName(name))) continue;
      const toml = parseToml(chunk);
      const pkg = Array.isArray(toml.value?.package) ? asRecord(toml.value!.package[0]) : null;
      const version = pkg?.version;
      const key = typeof pkg?.name === "string" ? normalisePyName(pkg.name) : null;
      if (!key || typeof version !== "string") continue;
      // the line of its `name = "…"`
      const line = text.slice(0, starts[i]! + nameMatch!.index).split("\n").length;
      // a resolution that forks (two versions for two Python ranges): the first is kept
      if (!(key in pins)) pins[key] = { spec: `==${version}`, line, locked: true };
    }
  }
  if (Object.keys(pins).length) facts.pythonPins = pins;
  return facts;
}

function addTomlTable(pins: Record<string, PythonPin>, table: Record<string, unknown> | null, where: string[], lineOf: (path: string[]) => number | null, poetry: boolean): void {
  for (const [name, v] of Object.entries(table ?? {})) {
    const key = normalisePyName(name);
    if (key === "python" || key in pins) continue;
    const raw = typeof v === "string" ? v : typeof asRecord(v)?.version === "string" ? (asRecord(v)!.version as string) : null;
    if (raw === null) continue;
    const spec = raw.replace(/\s+/g, "");
    // Poetry: a bare version is exact (`5.0.1` ≡ `==5.0.1`)
    pins[key] = { spec: poetry && /^\d/.test(spec) && !spec.includes("*") ? `==${spec}` : spec, line: lineOf([...where, name]) ?? lineOf(where) ?? 1 };
  }
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function lineOfString(text: string, s: string): number | null {
  const at = text.indexOf(s);
  return at < 0 ? null : text.slice(0, at).split("\n").length;
}

/** `dir` + `../base.txt` → workspace-relative, or null when it leaves the workspace */
/** an include of the workspace: an absolute path or a URL (`-r https://…`) is not one */
function includePath(dir: string, rel: string): string | null {
  if (rel.startsWith("/") || /^[a-z+]+:\/\//i.test(rel)) return null;
  return joinPath(dir, rel);
}
