/**
 * Every rule, in code order. Codes are stable and never reused; `assertRegistry` is run by the
 * tests and at start-up so a duplicate code or a rule without docs cannot ship.
 */
import { RL001 } from "./RL001-retry-amplification";
import { RL002 } from "./RL002-unbounded-retry";
import { RL003 } from "./RL003-no-backoff";
import { RL004 } from "./RL004-no-jitter";
import { RL005 } from "./RL005-unsafe-write-retry";
import { RL006 } from "./RL006-retries-permanent-errors";
import { RL007 } from "./RL007-ignores-retry-after";
import { RL008 } from "./RL008-deadline-overrun";
import { RL009 } from "./RL009-stacked-retry";
import { RL010 } from "./RL010-implicit-mesh-retry";
import { RL011 } from "./RL011-missing-retry-budget";
import { RL012 } from "./RL012-client-per-request";
import { RL013 } from "./RL013-gateway-retries-server-errors";
import type { Rule } from "./types";

export const ALL_RULES: Rule[] = [RL001, RL002, RL003, RL004, RL005, RL006, RL007, RL008, RL009, RL010, RL011, RL012, RL013];

export const RULES_BY_CODE = new Map(ALL_RULES.map((r) => [r.meta.code, r]));

export function assertRegistry(rules: Rule[] = ALL_RULES): void {
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const r of rules) {
    const { code, name, docs } = r.meta;
    if (!/^RL\d{3}$/.test(code)) throw new Error(`bad rule code ${code}`);
    if (codes.has(code)) throw new Error(`duplicate rule code ${code}`);
    if (names.has(name)) throw new Error(`duplicate rule name ${name}`);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`${code}: name must be kebab-case`);
    for (const [k, v] of Object.entries(docs)) {
      if (Array.isArray(v) ? v.length === 0 : !String(v).trim()) throw new Error(`${code}: docs.${k} is empty`);
    }
    codes.add(code);
    names.add(name);
  }
}
