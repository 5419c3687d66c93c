// Non-relative TS imports resolved through tsconfig/jsconfig `paths` and `baseUrl` (with `extends`)
// and workspace packages, so a retry layer in one module applies to the calls of another.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const httpModule = (path: string) => `
//- ${path}
import fetchRetry from "fetch-retry";
export const fetchWithRetry = fetchRetry(fetch, { retries: 3, retryDelay: 200 });
// ^ layer ×4
export async function getStock(sku: string) {
  return fetchWithRetry("http://inventory:8080/stock/" + sku);
}
`;

const app = (spec: string) => `
//- web/src/app.ts
import pRetry from "p-retry";
import { getStock } from "${spec}";
export async function handler(sku: string) {
  return pRetry(async () => getStock(sku));
  // ^ layer ×11
}
`;

describe("tsconfig paths", () => {
  test('"@/*": ["src/*"] (JSONC: comments, trailing commas): the aliased import is followed, 11 × 4', async () => {
    await checkFixture(`${httpModule("web/src/lib/http.ts")}${app("@/lib/http")}
//- web/tsconfig.json
{
  // path aliases
  "compilerOptions": {
    "paths": { "@/*": ["./src/*"], },
  },
}
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test("an exact key (\"@lib/http\": [\"src/lib/http.ts\"]) with baseUrl, inherited through extends two levels", async () => {
    await checkFixture(`${httpModule("web/src/lib/http.ts")}${app("@lib/http")}
//- tsconfig.base.json
{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/http": ["web/src/lib/http.ts"] } } }
//- web/tsconfig.shared.json
{ "extends": "../tsconfig.base.json", "compilerOptions": { "strict": true } }
//- web/tsconfig.json
{ "extends": "./tsconfig.shared", "include": ["src"] }
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test("baseUrl alone resolves a bare path (`import … from \"lib/http\"`)", async () => {
    await checkFixture(`${httpModule("web/src/lib/http.ts")}${app("lib/http")}
//- web/jsconfig.json
{ "compilerOptions": { "baseUrl": "src" } }
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test('baseUrl "." in the workspace root\'s tsconfig (NestJS `import … from "src/lib/http"`): the root is the base', async () => {
    await checkFixture(`${httpModule("src/lib/http.ts")}${app("src/lib/http")}
//- tsconfig.json
{ "compilerOptions": { "baseUrl": "." } }
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test("a workspace package imported by name (`@shop/http` → its package.json entry, source under src/)", async () => {
    await checkFixture(`${httpModule("packages/http/src/index.ts")}${app("@shop/http")}
//- packages/http/package.json
{ "name": "@shop/http", "main": "dist/index.js" }
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test("near misses: an alias that does not match, and a tsconfig that does not govern the importing file", async () => {
    await checkFixture(`${httpModule("web/src/lib/http.ts")}${app("@libs/http")}
//- web/tsconfig.json
{ "compilerOptions": { "paths": { "@lib/*": ["src/lib/*"] } } }
//- api/src/app.ts
import pRetry from "p-retry";
import { getStock } from "@/lib/http";
export async function handler(sku: string) {
  return pRetry(async () => getStock(sku));
  // ^ layer ×11
}
//- api/tsconfig.json
{ "compilerOptions": { "paths": { "@/*": ["../web/src/*"] } }, "include": ["lib"] }
//! rules RL005
//! path 4 inventory
//! paths 1
`);
  });
});
