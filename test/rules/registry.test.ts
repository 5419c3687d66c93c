/**
 * The rule registry (DESIGN.md rule catalogue): codes are unique and stable, names are kebab-case,
 * every rule documents itself, and every rule has its own valid/invalid test file here.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { ALL_RULES, RULES_BY_CODE, assertRegistry } from "../../server/src/rules/registry";
import type { Rule } from "../../server/src/rules/types";

/** DESIGN.md rule catalogue: code → name */
const CATALOGUE: Record<string, string> = {
  RL001: "retry-amplification",
  RL002: "unbounded-retry",
  RL003: "no-backoff",
  RL004: "no-jitter",
  RL005: "unsafe-write-retry",
  RL006: "retries-permanent-errors",
  RL007: "ignores-retry-after",
  RL008: "deadline-overrun",
  RL009: "stacked-retry",
  RL010: "implicit-mesh-retry",
  RL011: "missing-retry-budget",
  RL012: "client-per-request",
  RL013: "gateway-retries-server-errors",
};

const withMeta = (rule: Rule, meta: Partial<Rule["meta"]>): Rule => ({ ...rule, meta: { ...rule.meta, ...meta } });

describe("rule registry", () => {
  test("the shipped registry passes assertRegistry", () => {
    assert.doesNotThrow(() => assertRegistry());
  });

  test("codes are unique, well-formed and in code order", () => {
    const codes = ALL_RULES.map((r) => r.meta.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const c of codes) assert.match(c, /^RL\d{3}$/);
    assert.deepEqual(codes, [...codes].sort());
    assert.equal(RULES_BY_CODE.size, codes.length);
  });

  test("codes and names match the DESIGN.md catalogue", () => {
    assert.deepEqual(Object.fromEntries(ALL_RULES.map((r) => [r.meta.code, r.meta.name])), CATALOGUE);
  });

  test("names are unique kebab-case", () => {
    const names = ALL_RULES.map((r) => r.meta.name);
    assert.equal(new Set(names).size, names.length);
    for (const n of names) assert.match(n, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("every rule has a summary and non-empty docs", () => {
    for (const r of ALL_RULES) {
      assert.ok(r.meta.summary.trim(), `${r.meta.code}: summary`);
      const docs = r.meta.docs;
      for (const key of ["whatItDoes", "whyItMatters", "example", "howToFix", "fixedExample", "options"] as const) {
        assert.ok(docs[key].trim().length > 0, `${r.meta.code}: docs.${key} is empty`);
      }
      assert.ok(docs.references.length > 0, `${r.meta.code}: docs.references is empty`);
      for (const ref of docs.references) assert.ok(ref.trim(), `${r.meta.code}: empty reference`);
    }
  });

  test("every rule has a test file in test/rules/", () => {
    const files = new Set(readdirSync(__dirname));
    const missing = ALL_RULES.map((r) => `${r.meta.code}.test.ts`).filter((f) => !files.has(f));
    assert.deepEqual(missing, []);
  });

  describe("assertRegistry rejects", () => {
    const [first, second] = ALL_RULES as [Rule, Rule];

    test("a duplicate code", () => {
      assert.throws(() => assertRegistry([first, withMeta(second, { code: first.meta.code })]), /duplicate rule code RL001/);
    });

    test("a duplicate name", () => {
      assert.throws(() => assertRegistry([first, withMeta(second, { name: first.meta.name })]), /duplicate rule name/);
    });

    test("a malformed code", () => {
      assert.throws(() => assertRegistry([withMeta(first, { code: "RL1" })]), /bad rule code RL1/);
    });

    test("a name that is not kebab-case", () => {
      assert.throws(() => assertRegistry([withMeta(first, { name: "RetryAmplification" })]), /kebab-case/);
    });

    test("an empty docs field or an empty reference list", () => {
      assert.throws(() => assertRegistry([withMeta(first, { docs: { ...first.meta.docs, howToFix: "  " } })]), /docs\.howToFix is empty/);
      assert.throws(() => assertRegistry([withMeta(first, { docs: { ...first.meta.docs, references: [] } })]), /docs\.references is empty/);
    });
  });
});
