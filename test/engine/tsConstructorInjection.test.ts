/**
 * TS/JS constructor parameter properties (`constructor(private readonly prices: PriceService)`,
 * how NestJS and Angular inject services): `this.prices.history(…)` is `PriceService.history` of the
 * file that declares it (detectors/typescript/module.ts fieldTypesOf → FileFacts.fieldTypes).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { extract } from "../detectors/typescript/helpers";

describe("TS constructor injection", () => {
  test("a parameter property typed with a class is a field of that type; a plain parameter, a generic or a field set to a new instance is not", () => {
    const f = extract(`import { PriceService } from "./price.service";
import { Cache } from "./cache";
export class Quotes {
  constructor(private readonly prices: PriceService, plain: PriceService, public readonly list: Array<PriceService>, private cache: Cache) {
    this.cache = new LocalCache();
  }
}
`);
    assert.deepEqual(f.fieldTypes, { "Quotes.prices": "PriceService", "Quotes.cache": "LocalCache" });
  });

  test("p-retry around an injected service's method: 3 × the service's axios-retry 3 = 9", async () => {
    await checkFixture(`
//! rules RL001
//- package.json
{ "name": "api", "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.4.0", "p-retry": "^6.2.0" } }
//- src/price.service.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const prices = axios.create({ baseURL: "http://prices" });
axiosRetry(prices, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3 RL001

export class PriceService {
  async history(symbol: string) {
    return prices.get(\`/history/\${symbol}\`);
  }
}
//- src/quotes.service.ts
import pRetry from "p-retry";
import { PriceService } from "./price.service";

export class QuotesService {
  constructor(private readonly priceService: PriceService) {}

  async quote(symbol: string) {
    return pRetry(() => this.priceService.history(symbol), { retries: 2, randomize: true });
    // ^ layer ×3 RL001
  }
}
//! path 9 prices
`);
  });
});
