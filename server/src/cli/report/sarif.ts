/**
 * SARIF 2.1.0 for code scanning (GitHub, Azure DevOps, IDE viewers).
 * One reportingDescriptor per rule in the registry; one result per finding, with the layer's
 * other places as relatedLocations. URIs are relative to %SRCROOT% (the scanned folder).
 */
import { pathToFileURL } from "node:url";
import type * as Sarif from "sarif";
import type { Problem, Severity } from "../../model/model";
import type { SourceSpan } from "../../model/facts";
import { ALL_RULES } from "../../rules/registry";
import { ruleDocUrl, type RuleMeta } from "../../rules/types";
import { sortFindings, type ReportInput } from "./common";

export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
export const INFORMATION_URI = "https://github.com/retry-lens/retry-lens";
const SRCROOT = "%SRCROOT%";

export function sarifLevel(severity: Severity): "error" | "warning" | "note" {
  return severity === "error" ? "error" : severity === "warning" ? "warning" : "note";
}

/** A relative path as a URI reference: each segment percent-encoded, '/' kept. */
export function relativeUri(file: string): string {
  return file
    .replaceAll("\\", "/")
    .replace(/^\.\//, "")
    .split("/")
    .map((seg) => encodeURIComponent(seg))
    .join("/");
}

function region(span: SourceSpan): Sarif.Region {
  const r: Sarif.Region = { startLine: Math.max(1, span.line), startColumn: Math.max(0, span.column) + 1 };
  if (span.endLine >= span.line) {
    r.endLine = span.endLine;
    if (span.endLine > span.line || span.endColumn > span.column) r.endColumn = span.endColumn + 1;
  }
  return r;
}

function physical(file: string, span: SourceSpan | null): Sarif.PhysicalLocation {
  const loc: Sarif.PhysicalLocation = { artifactLocation: { uri: relativeUri(file), uriBaseId: SRCROOT } };
  if (span) loc.region = region(span);
  return loc;
}

function helpText(meta: RuleMeta): { text: string; markdown: string } {
  const d = meta.docs;
  const text: string[] = [meta.summary, "", `What it does: ${d.whatItDoes}`, "", `Why it matters: ${d.whyItMatters}`];
  const md: string[] = [`**${meta.code} ${meta.name}**: ${meta.summary}`, "", "## What it does", "", d.whatItDoes, "", "## Why it matters", "", d.whyItMatters];
  if (d.example) {
    text.push("", "Example:", d.example);
    md.push("", "## Example", "", "```", d.example, "```");
  }
  text.push("", `How to fix: ${d.howToFix}`);
  md.push("", "## How to fix", "", d.howToFix);
  if (d.fixedExample) {
    text.push("", "Fixed:", d.fixedExample);
    md.push("", "```", d.fixedExample, "```");
  }
  if (d.options) {
    text.push("", `Options: ${d.options}`);
    md.push("", "## Options", "", d.options);
  }
  if (d.references.length) {
    text.push("", "References:", ...d.references.map((r) => `- ${r}`));
    md.push("", "## References", "", ...d.references.map((r) => `- ${r}`));
  }
  return { text: text.join("\n"), markdown: md.join("\n") };
}

export function ruleDescriptor(meta: RuleMeta): Sarif.ReportingDescriptor {
  return {
    id: meta.code,
    name: meta.name,
    shortDescription: { text: meta.summary },
    fullDescription: { text: meta.docs.whatItDoes || meta.summary },
    helpUri: ruleDocUrl(meta),
    help: helpText(meta),
    defaultConfiguration: { level: sarifLevel(meta.defaultSeverity) },
  };
}

function notification(p: Problem): Sarif.Notification {
  const n: Sarif.Notification = { message: { text: p.message }, level: "warning" };
  if (p.file) n.locations = [{ physicalLocation: physical(p.file, p.line ? { line: p.line, column: 0, endLine: p.line, endColumn: 0 } : null) }];
  return n;
}

export function buildSarif(input: ReportInput): Sarif.Log {
  const rules: Sarif.ReportingDescriptor[] = ALL_RULES.map((r) => ruleDescriptor(r.meta));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const findings = sortFindings(input.result.findings);
  // a finding from a rule the registry does not list still gets a (minimal) descriptor
  for (const f of findings) {
    if (!index.has(f.rule)) {
      index.set(f.rule, rules.length);
      rules.push({ id: f.rule, shortDescription: { text: f.rule } });
    }
  }

  const results: Sarif.Result[] = findings.map((f) => {
    const result: Sarif.Result = {
      ruleId: f.rule,
      ruleIndex: index.get(f.rule) ?? -1,
      level: sarifLevel(f.severity),
      message: { text: f.message },
      locations: [{ physicalLocation: physical(f.file, f.span) }],
    };
    if (f.related.length > 0) {
      result.relatedLocations = f.related.map((r, i) => ({
        id: i,
        physicalLocation: physical(r.file, r.span),
        message: { text: r.message },
      }));
    }
    if (f.product !== undefined || f.layerId) {
      result.properties = {};
      if (f.product !== undefined) result.properties.product = f.product;
      if (f.layerId) result.properties.layer = f.layerId;
    }
    return result;
  });

  const invocation: Sarif.Invocation = { executionSuccessful: true };
  if (input.problems.length) invocation.toolConfigurationNotifications = input.problems.map(notification);
  if (input.result.problems.length) invocation.toolExecutionNotifications = input.result.problems.map(notification);

  const run: Sarif.Run = {
    tool: {
      driver: {
        name: "retrylens",
        version: input.version,
        semanticVersion: /^\d+\.\d+\.\d+/.test(input.version) ? input.version : undefined,
        informationUri: INFORMATION_URI,
        rules,
      },
    },
    invocations: [invocation],
    results,
  };
  if (run.tool.driver.semanticVersion === undefined) delete run.tool.driver.semanticVersion;
  if (input.root) {
    const href = pathToFileURL(input.root).href;
    run.originalUriBaseIds = { [SRCROOT]: { uri: href.endsWith("/") ? href : `${href}/` } };
  }
  return { $schema: SARIF_SCHEMA_URI, version: "2.1.0", runs: [run] };
}

export function renderSarif(input: ReportInput): string {
  return `${JSON.stringify(buildSarif(input), null, 2)}\n`;
}
