/**
 * Fixes on hand-rolled TS/JS retry loops (detectors/typescript/retryLoop.ts): RL004 full jitter on
 * the loop's awaited sleep — `sleep(d)` → `sleep(Math.random() * d)`, the delay of
 * `new Promise((r) => setTimeout(r, d))` likewise (safe: the same bound, randomised).
 */
import { fixCases } from "./fixCases";

fixCases("hand-rolled TS/JS retry loops", [
  {
    name: "a fixed sleep(500) between attempts: sleep(Math.random() * 500)",
    workspace: `
//- web/src/stock.ts
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function stock(sku: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(\`http://inventory:8080/stock/\${sku}\`);
    } catch (err) {
      await sleep(500);
    }
  }
  throw new Error("inventory unavailable");
}
`,
    finding: "RL004 web/src/stock.ts:4",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/src/stock.ts
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function stock(sku: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(\`http://inventory:8080/stock/\${sku}\`);
    } catch (err) {
      await sleep(Math.random() * 500);
    }
  }
  throw new Error("inventory unavailable");
}
`,
  },
  {
    name: "an exponential delay in an inline setTimeout promise: the delay expression is randomised whole",
    workspace: `
//- web/src/price.js
export async function price(sku) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch("http://pricing:8080/price/" + sku);
    } catch (e) {
      await new Promise((r) => setTimeout(r, 100 * 2 ** i));
    }
  }
  throw new Error("pricing unavailable");
}
`,
    finding: "RL004 web/src/price.js:2",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/src/price.js
export async function price(sku) {
  for (let i = 0; i < 4; i++) {
    try {
      return await fetch("http://pricing:8080/price/" + sku);
    } catch (e) {
      await new Promise((r) => setTimeout(r, Math.random() * (100 * 2 ** i)));
    }
  }
  throw new Error("pricing unavailable");
}
`,
  },
]);
