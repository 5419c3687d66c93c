/**
 * Per-file extraction: picks the detectors for a file's language and caches the facts by
 * content hash, so an unchanged file is never parsed twice. Never throws: a failure yields
 * empty facts with one problem.
 */
import { createHash } from "node:crypto";
import { extractPython } from "../detectors/python/index";
import { extractCSharp } from "../detectors/csharp/index";
import { extractCsproj } from "../detectors/csharp/projectFile";
import { extractTypeScript } from "../detectors/typescript/index";
import { extractYaml } from "../detectors/yaml/index";
import { extractProxyConfig } from "../detectors/config/index";
import { extractShell } from "../detectors/shell/index";
import { extractTerraform } from "../detectors/terraform/index";
import { extractJson } from "../detectors/json/index";
import { extractJava, extractKotlin } from "../detectors/java/index";
import { extractGo, extractGoMod } from "../detectors/go/index";
import { extractSpringProperties } from "../detectors/spring/properties";
import { emptyFacts, type FileFacts } from "../model/facts";
import { sourceLanguage } from "../model/languages";
import { extractPyproject } from "../detectors/json/pyproject";
import { extractPipfile, extractPythonLock, extractRequirementsTxt, PYTHON_LOCK_FILES } from "../detectors/json/pythonPins";
import { extractDockerfile } from "../detectors/dockerfile/index";
import { extractTraefikToml } from "../detectors/toml/traefik";
import { extractPom } from "../detectors/build/mavenPom";
import { extractGradleProperties, extractGroovyGradle } from "../detectors/build/gradle";
import { extractVersionCatalog } from "../detectors/build/versionCatalog";

export class FactsCache {
  private readonly byKey = new Map<string, FileFacts>();

  get size(): number {
    return this.byKey.size;
  }

  /** facts for a file, reusing the cached ones when path and content are unchanged */
  extract(path: string, text: string): FileFacts {
    const hash = contentHash(text);
    const key = `${path}\u0000${hash}`;
    const hit = this.byKey.get(key);
    if (hit) return hit;
    const facts = extractFile(path, text);
    this.byKey.set(key, facts);
    return facts;
  }

  /** drop entries for files no longer present (keeps memory bounded across edits) */
  retain(paths: Set<string>): void {
    for (const key of this.byKey.keys()) if (!paths.has(key.slice(0, key.indexOf("\u0000")))) this.byKey.delete(key);
  }
}

/** sha1 (hex) of a file's text: the key its facts are cached under, in memory and on disk */
export function contentHash(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The facts of a file that could not be analysed: none, and one problem saying why. */
export function unanalysedFacts(path: string, message: string): FileFacts {
  const language = sourceLanguage(path);
  const facts = emptyFacts(path, language ? factsLanguage(language) : "json");
  facts.problems.push({ line: 1, message });
  return facts;
}

/** the FileFacts language of a source language (build and lock files count as JSON-like data) */
function factsLanguage(language: NonNullable<ReturnType<typeof sourceLanguage>>): FileFacts["language"] {
  return language === "toml" || language === "requirements" || language === "gomod" || language === "msbuild" || language === "jvm-build" || language === "dockerfile" ? "json" : language === "terraform" ? "shell" : language;
}

export function extractFile(path: string, text: string): FileFacts {
  const language = sourceLanguage(path);
  if (!language) return emptyFacts(path, "json");
  try {
    switch (language) {
      case "python":
        return extractPython(path, text);
      case "typescript":
        return extractTypeScript(path, text);
      case "csharp":
        return extractCSharp(path, text);
      case "yaml":
        return extractYaml(path, text);
      case "proxy-config":
        return extractProxyConfig(path, text);
      case "shell":
        return extractShell(path, text);
      case "terraform":
        return extractTerraform(path, text);
      case "java":
        return extractJava(path, text);
      case "kotlin":
        return extractKotlin(path, text);
      case "go":
        return extractGo(path, text);
      case "properties":
        return extractSpringProperties(path, text);
      case "json":
        return extractJson(path, text);
      case "gomod":
        return extractGoMod(path, text);
      case "toml":
        // pyproject.toml names a Python service; other TOML files may be Traefik's file provider
        if (PYTHON_LOCK_FILES.test(path)) return extractPythonLock(path, text);
        if (/(^|\/)Pipfile$/.test(path)) return extractPipfile(path, text);
        return /(^|\/)pyproject\.toml$/.test(path) ? extractPyproject(path, text) : extractTraefikToml(path, text);
      case "requirements":
        return extractRequirementsTxt(path, text);
      case "msbuild":
        return extractCsproj(path, text);
      case "jvm-build":
        return extractJvmBuild(path, text);
      case "dockerfile":
        return extractDockerfile(path, text);
    }
  } catch (err) {
    return unanalysedFacts(path, `could not analyse: ${(err as Error).message}`);
  }
}

function extractJvmBuild(path: string, text: string): FileFacts {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "pom.xml") return extractPom(path, text);
  if (base === "gradle.properties") return extractGradleProperties(path, text);
  if (base.endsWith(".toml")) return extractVersionCatalog(path, text);
  return extractGroovyGradle(path, text);
}
