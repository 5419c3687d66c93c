/**
 * TS/JS: `provider[name](…)`, a method chosen by a name computed at run time (read from decorator
 * metadata, a database row, a request), on a receiver typed with an interface its implementations
 * share (detectors/typescript/declaredTypes.ts reads the receiver of an element-access call as of a
 * member call; engine/tsDispatch.ts computedTargets). Each method the name can denote is a path of
 * its own: the ones a workspace decorator registers (`@Plug({ … })` records the method's name for
 * that lookup), else every method of the implementations; bounded like a dispatch.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const BASE = `//- api/package.json
{ "name": "api", "dependencies": { "@nestjs/common": "10", "axios": "1", "axios-retry": "4", "p-retry": "6" } }
//- api/src/social/social.interface.ts
export interface SocialProvider {
  identifier: string;
  post(body: string): Promise<unknown>;
}
//- api/src/social/social.abstract.ts
export abstract class SocialAbstract {
  protected log(msg: string) {
    console.log(msg);
  }
}
//- api/src/decorators/plug.decorator.ts
import "reflect-metadata";
export function Plug(params: { identifier: string }) {
  return function (target: object, propertyKey: string | symbol) {
    const list = Reflect.getMetadata("custom:plug", target) || [];
    list.push({ methodName: propertyKey, ...params });
    Reflect.defineMetadata("custom:plug", list, target);
  };
}
`;

/** a provider on its own host: `decorated` puts @Plug on its plug method; `post` goes to <host>-posts */
const provider = (cls: string, host: string, decorated = true) => `//- api/src/social/${host}.provider.ts
import axios from "axios";
import axiosRetry from "axios-retry";
import { Plug } from "../decorators/plug.decorator";
import { SocialAbstract } from "./social.abstract";
import { SocialProvider } from "./social.interface";

const api = axios.create({ baseURL: "http://${host}:8080" });
axiosRetry(api, { retries: 2 });
// ^ layer ×3
const posts = axios.create({ baseURL: "http://${host}-posts:8080" });
axiosRetry(posts, { retries: 2 });
// ^ layer ×3

export class ${cls} extends SocialAbstract implements SocialProvider {
  identifier = "${host}";

  ${decorated ? `@Plug({ identifier: "${host}-autoRepost" })\n  ` : ""}async autoRepost(postId: string) {
    return (await api.post("/repost/" + postId)).data;
  }

  async post(body: string) {
    return (await posts.post("/posts", { body })).data;
  }
}
`;

const MANAGER = `//- api/src/social/manager.ts
import { SocialProvider } from "./social.interface";
import { XProvider } from "./x.provider";
import { BlueProvider } from "./blue.provider";

const list: SocialProvider[] = [new XProvider(), new BlueProvider()];

export class IntegrationManager {
  getSocialIntegration(id: string): SocialProvider {
    return list.find((p) => p.identifier === id)!;
  }
}
`;

/** the service calling the plug by a name from a database row, and the controller retrying it (×2) */
const service = (call: string) => `//- api/src/plugs.service.ts
import { Injectable } from "@nestjs/common";
import { IntegrationManager } from "./social/manager";

@Injectable()
export class PlugsService {
  constructor(private readonly manager: IntegrationManager) {}

  async processPlug(plug: { provider: string; plugFunction: string; postId: string }) {
    const integration = this.manager.getSocialIntegration(plug.provider);
    ${call}
    return true;
  }
}
//- api/src/plugs.controller.ts
import { Body, Controller, Post } from "@nestjs/common";
import pRetry from "p-retry";
import { PlugsService } from "./plugs.service";

@Controller("plugs")
export class PlugsController {
  constructor(private readonly plugs: PlugsService) {}

  @Post()
  run(@Body() body: { provider: string; plugFunction: string; postId: string }) {
    return pRetry(() => this.plugs.processPlug(body), { retries: 1 });
    // ^ layer ×2
  }
}
`;

const summary = (paths: Array<{ product: number | null; target: string }>) => paths.map((p) => `${p.product}→${p.target}`).join(", ");

describe("TS/JS: a computed member call on a dispatched receiver reaches the methods its name can denote", () => {
  for (const [name, call] of [
    ["integration[plug.plugFunction](…)", "await integration[plug.plugFunction](plug.postId);"],
    ["an optional chain integration?.[name]?.(…)", "await integration?.[plug.plugFunction]?.(plug.postId);"],
  ] as const) {
    test(`${name}: the controller's p-retry wraps every registered plug, 2 × 3 each, not the unregistered post`, async () => {
      const result = await checkFixture(`
//! rules none
${BASE}${provider("XProvider", "x")}${provider("BlueProvider", "blue")}${MANAGER}${service(call)}//! path 6 x
//! path 6 blue
`);
      assert.ok(!result.model.paths.some((p) => p.product === 6 && p.target.includes("posts")), summary(result.model.paths));
    });
  }

  test("an element of a provider list another file exports, typed Array<SocialAbstract & SocialProvider>: the same plugs", async () => {
    const manager = MANAGER.replace("const list: SocialProvider[] =", "export const socialIntegrationList: Array<SocialAbstract & SocialProvider> =")
      .replace('import { SocialProvider } from "./social.interface";', 'import { SocialProvider } from "./social.interface";\nimport { SocialAbstract } from "./social.abstract";');
    const svc = service("await integration[plug.plugFunction](plug.postId);")
      .replace('import { IntegrationManager } from "./social/manager";', 'import { IntegrationManager, socialIntegrationList } from "./social/manager";')
      .replace("const integration = this.manager.getSocialIntegration(plug.provider);", "const integration = socialIntegrationList.find((p) => p.identifier === plug.provider)!;");
    const result = await checkFixture(`
//! rules none
${BASE}${provider("XProvider", "x")}${provider("BlueProvider", "blue")}${manager}${svc}//! path 6 x
//! path 6 blue
`);
    assert.ok(!result.model.paths.some((p) => p.product === 6 && p.target.includes("posts")), summary(result.model.paths));
  });

  test("without a registering decorator every method of the implementations is a candidate", async () => {
    const result = await checkFixture(`
//! rules none
${BASE}${provider("XProvider", "x", false)}${provider("BlueProvider", "blue", false)}${MANAGER}${service("await integration[plug.plugFunction](plug.postId);")}//! path 6 x
//! path 6 blue
//! path 6 x-posts
//! path 6 blue-posts
`);
    assert.ok(result.model.paths.every((p) => p.layers.length <= 2), "the implementations' methods are alternatives, not multiplied together");
  });

  test("more candidate methods than a dispatch follows (13 implementations, no common base with methods): none", async () => {
    const many = Array.from({ length: 13 }, (_, i) => `//- api/src/social/p${i}.provider.ts
import { SocialProvider } from "./social.interface";
export class P${i}Provider implements SocialProvider {
  identifier = "p${i}";
  async post(body: string) {
    return ${i};
  }
}
`).join("");
    const result = await checkFixture(`
//! rules none
${BASE.replace("protected log(msg: string) {\n    console.log(msg);\n  }", "")}${many}${provider("XProvider", "x", false)}${MANAGER.replace(", new BlueProvider()", "").replace('import { BlueProvider } from "./blue.provider";\n', "")}${service("await integration[plug.plugFunction](plug.postId);")}//! path 3 x
`);
    assert.ok(!result.model.paths.some((p) => p.product === 6), summary(result.model.paths));
  });
});
