/**
 * Fixes on axios-retry (reference §2.1): retryDelay: axiosRetry.exponentialDelay where the
 * delay is none (RL003) or linear without jitter (RL004), retries lowered to the threshold or
 * the axiosRetry call removed with its import (RL001), in the options object's own layout.
 */
import { fixCases } from "./fixCases";

const pkg = `
//- web/package.json
{ "name": "web", "private": true, "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0" } }`;

fixCases("axios-retry", [
  {
    name: "one-line options without a delay: retryDelay added after the last option",
    workspace: `${pkg}
//- web/src/inventory.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const inventory = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(inventory, { retries: 2 });

export async function stock(sku: string) {
  return (await inventory.get(\`/stock/\${sku}\`)).data;
}
`,
    finding: "RL003 web/src/inventory.ts:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/src/inventory.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const inventory = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(inventory, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function stock(sku: string) {
  return (await inventory.get(\`/stock/\${sku}\`)).data;
}
`,
  },
  {
    name: "no options at all: an options object is added",
    workspace: `${pkg}
//- web/src/inventory.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const inventory = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(inventory);

export async function stock(sku: string) {
  return (await inventory.get(\`/stock/\${sku}\`)).data;
}
`,
    finding: "RL003 web/src/inventory.ts:5",
    fix: "preferred",
    after: `
//- web/src/inventory.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const inventory = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(inventory, { retryDelay: axiosRetry.exponentialDelay });

export async function stock(sku: string) {
  return (await inventory.get(\`/stock/\${sku}\`)).data;
}
`,
  },
  {
    name: "linearDelay in a multi-line object with a trailing comma: the value is replaced in place",
    workspace: `${pkg}
//- web/src/pricing.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const pricing = axios.create({ baseURL: "http://pricing:8080", timeout: 1500 });

axiosRetry(pricing, {
  retries: 2,
  retryDelay: axiosRetry.linearDelay(),
  shouldResetTimeout: true,
});

export async function price(sku: string) {
  return (await pricing.get(\`/prices/\${sku}\`)).data;
}
`,
    finding: "RL004 web/src/pricing.ts:6",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/src/pricing.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const pricing = axios.create({ baseURL: "http://pricing:8080", timeout: 1500 });

axiosRetry(pricing, {
  retries: 2,
  retryDelay: axiosRetry.exponentialDelay,
  shouldResetTimeout: true,
});

export async function price(sku: string) {
  return (await pricing.get(\`/prices/\${sku}\`)).data;
}
`,
  },
  {
    name: "multi-line object without a trailing comma, a comment after the last option, an aliased default import",
    workspace: `${pkg}
//- web/src/search.ts
import axios from "axios";
import retryPlugin from "axios-retry";

const search = axios.create({ baseURL: "http://search:8080", timeout: 1000 });
retryPlugin(search, {
  shouldResetTimeout: true,
  retries: 2 // the search tier is cheap to retry
});

export async function query(q: string) {
  return (await search.get("/q", { params: { q } })).data;
}
`,
    finding: "RL003 web/src/search.ts:5",
    fix: "preferred",
    after: `
//- web/src/search.ts
import axios from "axios";
import retryPlugin from "axios-retry";

const search = axios.create({ baseURL: "http://search:8080", timeout: 1000 });
retryPlugin(search, {
  shouldResetTimeout: true,
  retries: 2, // the search tier is cheap to retry
  retryDelay: retryPlugin.exponentialDelay
});

export async function query(q: string) {
  return (await search.get("/q", { params: { q } })).data;
}
`,
  },
  {
    name: "a trailing comma and a comment after the last option: the new option goes on its own line below",
    workspace: `${pkg}
//- web/src/search.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const search = axios.create({ baseURL: "http://search:8080", timeout: 1000 });
axiosRetry(search, {
  retries: 2, // the search tier is cheap to retry
});

export async function query(q: string) {
  return (await search.get("/q", { params: { q } })).data;
}
`,
    finding: "RL003 web/src/search.ts:5",
    fix: "preferred",
    after: `
//- web/src/search.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const search = axios.create({ baseURL: "http://search:8080", timeout: 1000 });
axiosRetry(search, {
  retries: 2, // the search tier is cheap to retry
  retryDelay: axiosRetry.exponentialDelay,
});

export async function query(q: string) {
  return (await search.get("/q", { params: { q } })).data;
}
`,
  },
  {
    name: "retries: 5 lowered to the threshold (retries: 2 = 3 attempts)",
    workspace: `${pkg}
//- web/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, { retries: 5, retryDelay: axiosRetry.exponentialDelay });

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
    finding: "RL001 web/src/catalog.ts:5",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- web/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
  },
  {
    name: "the default 3 retries (4 attempts) lowered: retries: 2 added to the options",
    workspace: `${pkg}
//- web/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, {
  retryDelay: axiosRetry.exponentialDelay,
});

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
    finding: "RL001 web/src/catalog.ts:5",
    fix: "preferred",
    after: `
//- web/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, {
  retryDelay: axiosRetry.exponentialDelay,
  retries: 2,
});

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
  },
  {
    name: "removing the axiosRetry call (and its trailing comment) drops the import nothing else uses",
    workspace: `${pkg}
//- web/src/catalog.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });
axiosRetry(catalog, { retries: 5, retryDelay: axiosRetry.exponentialDelay }); // see INC-311

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
    finding: "RL001 web/src/catalog.ts:5",
    fix: "Remove axiosRetry",
    after: `
//- web/src/catalog.ts
import axios from "axios";

const catalog = axios.create({ baseURL: "http://catalog:8080", timeout: 2000 });

export async function item(sku: string) {
  return (await catalog.get(\`/items/\${sku}\`)).data;
}
`,
  },
  {
    name: "single-quoted file without semicolons: the options keep the file's style",
    workspace: `${pkg}
//- web/src/reviews.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const reviews = axios.create({ baseURL: 'http://reviews:8080', timeout: 2000 })
axiosRetry(reviews, { retries: 1 })

export async function forProduct(sku: string) {
  return (await reviews.get(\`/reviews/\${sku}\`)).data
}
`,
    finding: "RL003 web/src/reviews.ts:5",
    fix: "preferred",
    after: `
//- web/src/reviews.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const reviews = axios.create({ baseURL: 'http://reviews:8080', timeout: 2000 })
axiosRetry(reviews, { retries: 1, retryDelay: axiosRetry.exponentialDelay })

export async function forProduct(sku: string) {
  return (await reviews.get(\`/reviews/\${sku}\`)).data
}
`,
  },
  {
    name: "Windows line endings: the new option line ends in CRLF",
    crlf: true,
    workspace: `${pkg}
//- web/src/pricing.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const pricing = axios.create({ baseURL: "http://pricing:8080", timeout: 1500 });

axiosRetry(pricing, {
  retries: 2
});

export async function price(sku: string) {
  return (await pricing.get(\`/prices/\${sku}\`)).data;
}
`,
    finding: "RL003 web/src/pricing.ts:6",
    fix: "preferred",
    after: `
//- web/src/pricing.ts
import axios from "axios";
import axiosRetry from "axios-retry";

export const pricing = axios.create({ baseURL: "http://pricing:8080", timeout: 1500 });

axiosRetry(pricing, {
  retries: 2,
  retryDelay: axiosRetry.exponentialDelay
});

export async function price(sku: string) {
  return (await pricing.get(\`/prices/\${sku}\`)).data;
}
`,
  },
]);
