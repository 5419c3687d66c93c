/**
 * TS/JS: a method called on a value declared with an interface or an abstract class reaches the
 * method of every workspace class that `implements`/`extends` it (detectors/typescript/declaredTypes.ts
 * reads the receiver's declared type, engine/tsDispatch.ts dispatches). The receiver forms are
 * NestJS's: a provider array injected under a token and typed `Interface[]`, a field typed with
 * the interface, a lookup method returning one of the array's elements. Types are matched
 * through imports; a class with the same method that does not implement the type is never a
 * target, and more than MAX_DISPATCH_TARGETS implementations dispatch to none.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const INTERFACE = `//- api/src/providers/price-provider.interface.ts
export interface PriceProvider {
  getName(): string;
  getPrice(symbol: string): Promise<number>;
}
`;

const remote = (implementsClause = " implements PriceProvider", importLine = 'import { PriceProvider } from "./price-provider.interface";') => `//- api/src/providers/remote.provider.ts
import axios from "axios";
import axiosRetry from "axios-retry";
${importLine}

const api = axios.create({ baseURL: "http://prices:8080", timeout: 2000 });
axiosRetry(api, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×3 RL001

export class RemoteProvider${implementsClause} {
  getName() {
    return "REMOTE";
  }

  async getPrice(symbol: string) {
    return (await api.get("/price/" + symbol)).data;
  }
}
`;

/** the service and the controller calling it under a p-retry layer; `body` is PricesService's dispatching code */
const service = (fields: string, body: string, imports = 'import { PriceProvider } from "./providers/price-provider.interface";') => `//- api/src/prices.service.ts
import { Inject, Injectable } from "@nestjs/common";
${imports}

@Injectable()
export class PricesService {
  public constructor(${fields}) {}

${body}
}
//- api/src/prices.controller.ts
import { Controller, Get, Param } from "@nestjs/common";
import pRetry from "p-retry";
import { PricesService } from "./prices.service";

@Controller("prices")
export class PricesController {
  public constructor(private readonly pricesService: PricesService) {}

  @Get(":name/:symbol")
  public get(@Param("name") name: string, @Param("symbol") symbol: string) {
    return pRetry(() => this.pricesService.price(name, symbol), { retries: 1, randomize: true });
    // ^ layer ×2 RL001
  }
}
`;

const PROVIDER_ARRAY = `@Inject("PriceProviders") private readonly providers: PriceProvider[]`;
const LOOKUP = `  public getProvider(name: string) {
    for (const provider of this.providers) {
      if (provider.getName() === name) {
        return provider;
      }
    }
    throw new Error("no provider " + name);
  }

  public async price(name: string, symbol: string) {
    const provider = this.getProvider(name);
    return provider.getPrice(symbol);
  }`;

describe("TS/JS: calls on an interface-typed value reach the implementing classes", () => {
  // receiver forms that dispatch: [name, constructor fields, PricesService body, its imports]
  const valid: Array<[string, string, string, string?]> = [
    ["an injected provider array, a lookup method returning one of its elements (no annotation)", PROVIDER_ARRAY, LOOKUP],
    [
      "the lookup called inline, the element found with .find",
      PROVIDER_ARRAY,
      `  private getProvider(name: string) {
    const found = this.providers.find((p) => p.getName() === name);
    if (!found) throw new Error("no provider");
    return found;
  }

  public price(name: string, symbol: string) {
    return this.getProvider(name).getPrice(symbol);
  }`,
    ],
    [
      "a callback over the array: its parameter is an element",
      PROVIDER_ARRAY,
      `  public price(name: string, symbol: string) {
    return Promise.all(this.providers.map((p) => p.getPrice(symbol)));
  }`,
    ],
    [
      "a field typed with the interface, imported type-only",
      `@Inject("PriceProvider") private readonly provider: PriceProvider`,
      `  public price(name: string, symbol: string) {
    return this.provider.getPrice(symbol);
  }`,
      'import type { PriceProvider } from "./providers/price-provider.interface";',
    ],
    [
      "a Map of providers, a lookup with a declared return type",
      `@Inject("PriceProviders") private readonly providers: Map<string, PriceProvider>`,
      `  private lookup(name: string): PriceProvider | undefined {
    return this.providers.get(name);
  }

  public async price(name: string, symbol: string) {
    return this.lookup(name)?.getPrice(symbol);
  }`,
    ],
  ];
  for (const [name, fields, body, imports] of valid) {
    test(`${name}: the handler's p-retry wraps the provider's axios-retry, 2 × 3`, async () => {
      await checkFixture(`
//! rules RL001
${INTERFACE}${remote()}${service(fields, body, imports)}//! path 6 prices
//! paths 1
`);
    });
  }

  test("each implementation is a path of its own, an abstract class's subclasses included", async () => {
    const result = await checkFixture(`
//! rules RL001
${INTERFACE}${remote()}//- api/src/providers/base.provider.ts
import { PriceProvider } from "./price-provider.interface";

export abstract class BaseProvider implements PriceProvider {
  abstract getName(): string;
  abstract getPrice(symbol: string): Promise<number>;
}
//- api/src/providers/backup.provider.ts
import axios from "axios";
import axiosRetry from "axios-retry";
import { BaseProvider } from "./base.provider";

const backup = axios.create({ baseURL: "http://backup-prices:8080" });
axiosRetry(backup, { retries: 3 });
// ^ layer ×4 RL001

export class BackupProvider extends BaseProvider {
  getName() {
    return "BACKUP";
  }

  async getPrice(symbol: string) {
    return (await backup.get("/price/" + symbol)).data;
  }
}
${service(PROVIDER_ARRAY, LOOKUP)}//! path 6 prices
//! path 8 backup-prices
//! paths 2
`);
    assert.ok(result.model.paths.every((p) => p.layers.length === 2), "the implementations are alternatives, not multiplied together");
  });

  test("a template method of an abstract class calling its abstract step reaches the subclass's step", async () => {
    await checkFixture(`
//! rules RL001
//- api/src/jobs/base.job.ts
export abstract class BaseJob {
  protected abstract fetch(id: string): Promise<unknown>;

  public async run(id: string) {
    return this.fetch(id);
  }
}
//- api/src/jobs/price.job.ts
import axios from "axios";
import axiosRetry from "axios-retry";
import { BaseJob } from "./base.job";

const api = axios.create({ baseURL: "http://prices:8080" });
axiosRetry(api, { retries: 2 });
// ^ layer ×3 RL001

export class PriceJob extends BaseJob {
  protected async fetch(id: string) {
    return (await api.get("/price/" + id)).data;
  }
}
//- api/src/jobs/runner.ts
import pRetry from "p-retry";
import { BaseJob } from "./base.job";

export function runJob(job: BaseJob, id: string) {
  return pRetry(() => job.run(id), { retries: 1, randomize: true });
  // ^ layer ×2 RL001
}
//! path 6 prices
//! paths 1
`);
  });

  // receivers that must not dispatch: each leaves the provider's axios-retry a path of its own (3×)
  const invalid: Array<[string, string]> = [
    // the only class with getPrice does not implement the interface: no class implements it
    ["a class with the same method that does not implement the interface", `${INTERFACE}${remote("")}${service(PROVIDER_ARRAY, LOOKUP)}`],
    // the interface of a library (same name, not the workspace's): never matched by bare name
    [
      "an interface of a library",
      `${INTERFACE}${remote()}${service(PROVIDER_ARRAY, LOOKUP, 'import { PriceProvider } from "@market/sdk";')}`,
    ],
    // a name nothing imports
    ["a type nothing imports", `${INTERFACE}${remote()}${service(PROVIDER_ARRAY, LOOKUP, "")}`],
    // an untyped array: no declared type
    ["an untyped provider array", `${INTERFACE}${remote()}${service(`@Inject("PriceProviders") private readonly providers: any[]`, LOOKUP)}`],
  ];
  for (const [name, workspace] of invalid) {
    test(`${name}: no link`, async () => {
      const result = await checkFixture(`
//! rules none
${workspace}//! path 3 prices
`);
      assert.ok(!result.model.paths.some((p) => p.product === 6), result.model.paths.map((p) => `${p.product}→${p.target}`).join(", "));
    });
  }

  test(`more than 12 implementations dispatch to none`, async () => {
    const many = Array.from({ length: 13 }, (_, i) => `//- api/src/providers/p${i}.provider.ts
import { PriceProvider } from "./price-provider.interface";
export class P${i}Provider implements PriceProvider {
  getName() {
    return "P${i}";
  }
  async getPrice(symbol: string) {
    return ${i};
  }
}
`).join("");
    const result = await checkFixture(`
//! rules none
${INTERFACE}${remote()}${many}${service(PROVIDER_ARRAY, LOOKUP)}//! path 3 prices
`);
    assert.ok(!result.model.paths.some((p) => p.product === 6), result.model.paths.map((p) => `${p.product}→${p.target}`).join(", "));
  });
});
