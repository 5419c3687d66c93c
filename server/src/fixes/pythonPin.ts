/**
 * The version of a Python package the project pins for a file, for fixes whose edit depends on it
 * (urllib3 `backoff_jitter` exists from 2.0 only). The same pin files and the same choice as the
 * engine's SDK defaults (engine/sdkVersions.ts governingPythonPin: requirements*.txt with their
 * `-r`/`-c` includes, pyproject.toml, Pipfile, and the lock files that were read), parsed by the
 * same extractors (detectors/json/pythonPins.ts). Pure: works on the fix context's texts.
 */
import { extractPyproject } from "../detectors/json/pyproject";
import { extractPipfile, extractPythonLock, extractRequirementsTxt, isRequirementsFile, PYTHON_LOCK_FILES } from "../detectors/json/pythonPins";
import { governingPythonPin, pythonPinFiles } from "../engine/sdkVersions";
import type { FileFacts } from "../model/facts";

export interface PinnedPythonPackage {
  /** the major version pip would install under the pin (null: not read, or no upper bound) */
  major: number | null;
  /** "urllib3 <2 in requirements.txt:3" */
  where: string;
}

interface PinSource {
  files?: readonly string[];
  text?(file: string): string | undefined;
}

/** one parse per file text (fixes are computed per finding; the texts rarely change between them) */
const factsCache = new Map<string, { text: string; facts: FileFacts }>();

function pinFacts(file: string, text: string, pkg: string): FileFacts | null {
  const key = `${pkg}\0${file}`;
  const hit = factsCache.get(key);
  if (hit && hit.text === text) return hit.facts;
  let facts: FileFacts | null = null;
  try {
    if (PYTHON_LOCK_FILES.test(file)) facts = extractPythonLock(file, text, [pkg]);
    else if (/(^|\/)Pipfile$/.test(file)) facts = extractPipfile(file, text);
    else if (/(^|\/)pyproject\.toml$/.test(file)) facts = extractPyproject(file, text);
    else if (isRequirementsFile(file)) facts = extractRequirementsTxt(file, text);
  } catch {
    facts = null;
  }
  if (facts) {
    if (factsCache.size > 512) factsCache.clear();
    factsCache.set(key, { text, facts });
  }
  return facts;
}

/** The pin governing `pkg` for `file`, or null when nothing above the file pins it. */
export function pinnedPythonPackage(ctx: PinSource, file: string, pkg: string): PinnedPythonPackage | null {
  if (!ctx.files || !ctx.text) return null;
  const facts: FileFacts[] = [];
  for (const f of ctx.files) {
    if (!/(^|\/)(pyproject\.toml|Pipfile|uv\.lock|poetry\.lock|Pipfile\.lock)$/.test(f) && !isRequirementsFile(f)) continue;
    const text = ctx.text(f);
    const parsed = text === undefined ? null : pinFacts(f, text, pkg);
    if (parsed) facts.push(parsed);
  }
  const best = governingPythonPin(pythonPinFiles(facts), file, pkg);
  if (!best) return null;
  const spec = best.pin.spec.replace(/^==/, best.pin.locked ? "" : "==");
  return { major: best.version.major, where: `${pkg} ${spec || "(any)"} in ${best.pin.from ?? best.f.path}:${best.pin.line}` };
}
