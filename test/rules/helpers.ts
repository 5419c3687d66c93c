/**
 * typescript-eslint style rule tests over the fixture harness (test/harness.ts): each rule file
 * lists `valid` fixtures (the rule stays silent) and `invalid` fixtures (the rule fires on the
 * annotated lines). Every fixture must say `//! rules RLxxx` so only that rule's findings are
 * compared; layers are always compared exactly, so every layer is annotated.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { AnalysisResult } from "../../server/src/engine/analyze";
import type { Finding } from "../../server/src/model/model";
import { checkFixture, parseFixture } from "../harness";

export interface RuleCase {
  name: string;
  code: string;
  /** extra assertions on the analysis (severities, messages, paths) */
  check?: (result: AnalysisResult) => void;
}

export function ruleTester(rule: { meta: { code: string; name: string } }, cases: { valid: RuleCase[]; invalid: RuleCase[] }): void {
  const { code, name } = rule.meta;
  const shape = (c: RuleCase, invalid: boolean) => {
    const { expected } = parseFixture(c.code);
    assert.deepEqual([...(expected.rules ?? [])], [code], `fixture must limit findings with "//! rules ${code}"`);
    const mine = [...expected.findings].filter((f) => f.endsWith(` ${code}`));
    if (invalid) assert.ok(mine.length > 0, `an invalid case must annotate at least one ${code} finding`);
    else assert.deepEqual(mine, [], `a valid case must not annotate ${code}`);
  };
  describe(`${code} ${name}`, () => {
    describe("valid", () => {
      for (const c of cases.valid) {
        test(c.name, async () => {
          shape(c, false);
          const result = await checkFixture(c.code);
          assert.deepEqual(findingsOf(result, code), [], `${code} must stay silent`);
          c.check?.(result);
        });
      }
    });
    describe("invalid", () => {
      for (const c of cases.invalid) {
        test(c.name, async () => {
          shape(c, true);
          const result = await checkFixture(c.code);
          c.check?.(result);
        });
      }
    });
  });
}

export function findingsOf(result: AnalysisResult, code: string): Finding[] {
  return result.findings.filter((f) => f.rule === code);
}

/** The one finding of `code` on `file:line`. */
export function findingAt(result: AnalysisResult, code: string, at: string): Finding {
  const found = result.findings.filter((f) => f.rule === code && `${f.file}:${f.span.line}` === at);
  assert.equal(found.length, 1, `expected one ${code} at ${at}; got ${result.findings.map((f) => `${f.file}:${f.span.line} ${f.rule}`).join(", ")}`);
  return found[0]!;
}
