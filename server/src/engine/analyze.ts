/**
 * The engine's entry point: texts + settings in, model + findings out. No I/O, no LSP types.
 * Extraction is cached by content hash (FactsCache), so re-analysing after one edit re-parses
 * one file and relinks from cached facts; a host may extract elsewhere (`Extractor`: a worker
 * pool, a persistent cache) as long as the facts are the same.
 */
import type { FileFacts } from "../model/facts";
import type { Finding, Model, Problem, Settings } from "../model/model";
import { ALL_RULES } from "../rules/registry";
import { initTreeSitter } from "../parsing/treeSitter";
import { FactsCache } from "./extract";
import { isTestPath } from "../model/languages";
import { linkSteps } from "./link";
import type { LinkMemo } from "./countRelink";
import { runToEnd, type Steps } from "./steps";
import { runRules } from "./runRules";

export interface SourceFile {
  /** workspace-relative path with '/' separators */
  path: string;
  text: string;
}

export interface AnalysisResult {
  model: Model;
  findings: Finding[];
  facts: FileFacts[];
  problems: Problem[];
  /** findings hidden by `retry-lens: ignore` comments */
  suppressed?: number;
}

/**
 * Turns files into their facts, one FileFacts per file in input order. The engine's own is
 * in-process; a host may hand in another (a worker pool, a persistent cache in front of one) as
 * long as the facts are the same as `extractFile`'s.
 */
export interface Extractor {
  extract(files: readonly SourceFile[], onProgress?: (done: number, total: number) => void): Promise<FileFacts[]>;
}

/** Extraction on this thread, through a FactsCache (unchanged files are not parsed again). */
export function inProcessExtractor(cache: FactsCache = new FactsCache()): Extractor {
  return {
    async extract(files, onProgress) {
      await initTreeSitter();
      return files.map((f, i) => {
        const facts = cache.extract(f.path, f.text);
        onProgress?.(i + 1, files.length);
        return facts;
      });
    },
  };
}

export interface AnalyzeOptions {
  /** called after each file is extracted (for progress on long scans) */
  onProgress?: (done: number, total: number) => void;
  /** reuse facts across runs (editor sessions); a fresh cache otherwise (ignored with `extractor`) */
  cache?: FactsCache;
  /** how files become facts; in-process (through `cache`) by default */
  extractor?: Extractor;
}

/**
 * Extracts facts from every file, links them, enumerates paths, and runs the rules.
 * Never throws for bad input: problems are returned.
 */
export async function analyzeWorkspace(files: SourceFile[], settings: Settings, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  // tree-sitter is loaded by whoever parses (the in-process extractor, or each worker)
  const extractor = options.extractor ?? inProcessExtractor(options.cache);
  // whatever hands files in (CLI walker, editor buffers), test code is not production code
  const production = settings.includeTests ? files : files.filter((f) => !isTestPath(f.path));
  const facts = await extractor.extract(production, options.onProgress);
  return analyzeFacts(facts, settings);
}

/** Linking and rules only, from facts already extracted (synchronous; used after edits). */
export function analyzeFacts(facts: FileFacts[], settings: Settings): AnalysisResult {
  return runToEnd(analyzeFactsSteps(facts, settings));
}

/** `analyzeFacts` as steps (engine/steps.ts), for a host that links in slices between its requests. */
export function* analyzeFactsSteps(facts: FileFacts[], settings: Settings, linkMemo?: LinkMemo): Steps<AnalysisResult> {
  const problems: Problem[] = facts.flatMap((f) => f.problems.map((p) => ({ file: f.path, line: p.line, message: p.message })));
  let model: Model;
  try {
    model = yield* linkSteps(facts, settings, linkMemo);
    problems.push(...(model.problems ?? []));
  } catch (err) {
    problems.push({ file: "", line: null, message: `linking failed: ${(err as Error).stack ?? err}` });
    model = { layers: [], clients: [], layerById: new Map(), hops: [], paths: [], services: new Map(), fileService: new Map(), settings };
  }
  yield;
  const suppressions = new Map(facts.filter((f) => f.suppressions.length).map((f) => [f.path, f.suppressions]));
  const { findings, problems: ruleProblems, suppressed } = runRules(model, ALL_RULES, suppressions);
  return { model, findings, facts, problems: [...problems, ...ruleProblems], suppressed };
}
