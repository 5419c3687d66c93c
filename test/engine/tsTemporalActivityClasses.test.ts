/**
 * Temporal TS workflows whose activities are the methods of a class (`proxyActivities<PostActivity>`,
 * the class registered with the worker — nestjs-temporal-core `@Activity()`), bound where a helper
 * returning the proxy is called; the activity reaching a provider through nested callbacks and a
 * lookup of another file (its declared return type an interface), and the provider's inherited
 * `this.fetch` retrying.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const chain = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product ?? "∞"}: ${p.layers.map((id) => `${result.model.layerById.get(id)!.label}×${result.model.layerById.get(id)!.maxAttempts ?? "∞"}`).join(" → ")}`).sort();

const BASE = `//- worker/package.json
{ "name": "worker", "dependencies": { "@temporalio/workflow": "^1.11.0", "nestjs-temporal-core": "^3.2.3" } }
//- worker/src/social.abstract.ts
export abstract class SocialAbstract {
  async fetch(url: string, options: RequestInit = {}, totalRetries = 0): Promise<Response> {
    const res = await fetch(url, options);
    if (res.status === 429) {
      if (totalRetries > 2) throw new Error("rate limited");
      await new Promise((r) => setTimeout(r, 5000));
      return this.fetch(url, options, totalRetries + 1);
    }
    return res;
  }
}
//- worker/src/social.interface.ts
export interface SocialProvider {
  identifier: string;
  post(token: string, body: string): Promise<Response>;
}
`;

const provider = (name: string, base = "SocialAbstract", from = "./social.abstract") => `//- worker/src/${name.toLowerCase()}.provider.ts
import { ${base} } from "${from}";
import { SocialProvider } from "./social.interface";
export class ${name}Provider extends ${base} implements SocialProvider {
  identifier = "${name.toLowerCase()}";
  async post(token: string, body: string) {
    return this.fetch("https://api.${name.toLowerCase()}.example/posts", { method: "POST", body });
  }
}
`;

const manager = (names: string[]) => `//- worker/src/integration.manager.ts
import { Injectable } from "@nestjs/common";
import { SocialProvider } from "./social.interface";
${names.map((n) => `import { ${n}Provider } from "./${n.toLowerCase()}.provider";`).join("\n")}
const providers: SocialProvider[] = [${names.map((n) => `new ${n}Provider()`).join(", ")}];
@Injectable()
export class IntegrationManager {
  getSocialIntegration(id: string): SocialProvider {
    return providers.find((p) => p.identifier === id)!;
  }
}
`;

// the activity body runs inside nested callbacks: an imported helper's, then a method's of the class
const ACTIVITY = `//- worker/src/heartbeat.ts
export const withHeartbeat = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } finally {
    console.log("done");
  }
};
//- worker/src/activities/post.activity.ts
import { Injectable } from "@nestjs/common";
import { Activity, ActivityMethod } from "nestjs-temporal-core";
import { IntegrationManager } from "../integration.manager";
import { withHeartbeat } from "../heartbeat";

@Injectable()
@Activity()
export class PostActivity {
  constructor(private _integrationManager: IntegrationManager) {}

  @ActivityMethod()
  async postSocial(id: string, token: string) {
    return withHeartbeat(() => this.handleDisconnect(id, () => this.postBody(id, token)));
  }

  private async handleDisconnect<T>(id: string, func: () => Promise<T>): Promise<T> {
    try {
      return await func();
    } catch (err) {
      throw new Error("disconnected " + id);
    }
  }

  private async postBody(id: string, token: string) {
    const integration = this._integrationManager.getSocialIntegration(id);
    return integration.post(token, "hello");
  }
}
`;

const WORKFLOW = `//- worker/src/workflows/post.workflow.ts
import { proxyActivities } from "@temporalio/workflow";
import type { PostActivity } from "../activities/post.activity";

const proxyTaskQueue = (taskQueue: string) => {
  return proxyActivities<PostActivity>({
    startToCloseTimeout: "10 minute",
    taskQueue,
    retry: { maximumAttempts: 3, backoffCoefficient: 1, initialInterval: "2 minutes" },
// ^ layer ×3
  });
};

const iterate = Array.from({ length: 5 });

export async function postWorkflow({ taskQueue, id, token }: { taskQueue: string; id: string; token: string }) {
  const { postSocial } = proxyTaskQueue(taskQueue);
  for (const _ of iterate) {
// ^ layer ×5
    try {
      await postSocial(id, token);
    } catch (err) {
      if (err.type === "bad_body") return false;
      continue;
    }
    break;
  }
}
`;

const FETCH_LAYER = (text: string) => text.replace("  async fetch(url: string, options: RequestInit = {}, totalRetries = 0): Promise<Response> {\n", "  async fetch(url: string, options: RequestInit = {}, totalRetries = 0): Promise<Response> {\n// ^ layer ×4\n");

describe("Temporal TS: activities of a class", () => {
  test("loop (5) → proxyActivities<PostActivity> returned by a helper (3) → provider.post from another file's lookup → inherited this.fetch (4): 60", async () => {
    const result = await checkFixture(`
//! rules none
${FETCH_LAYER(BASE)}${provider("X")}${provider("Y")}${manager(["X", "Y"])}${ACTIVITY}${WORKFLOW}`);
    assert.deepEqual(chain(result), ["60: postWorkflow×5 → postSocial×3 → SocialAbstract.fetch×4"]);
  });

  test("an interface the activities implement names no method body: no path through it", async () => {
    const result = await checkFixture(`
//! rules none
${FETCH_LAYER(BASE)}${provider("X")}${manager(["X"])}${ACTIVITY.replace("export class PostActivity {", "export interface PostActivities { postSocial(id: string, token: string): Promise<Response> }\nexport class PostActivity {")}${WORKFLOW.replace("import type { PostActivity }", "import type { PostActivities as PostActivity }")}`);
    assert.deepEqual(chain(result).filter((c) => c.includes("postSocial")), []);
  });

  test("more than 12 providers on one base class are still dispatched to (a provider family); 13 unrelated implementations are not", async () => {
    const names = Array.from({ length: 13 }, (_, i) => `P${i}`);
    const family = await checkFixture(`
//! rules none
${FETCH_LAYER(BASE)}${names.map((n) => provider(n)).join("")}${manager(names)}${ACTIVITY}${WORKFLOW}`);
    assert.deepEqual(chain(family), ["60: postWorkflow×5 → postSocial×3 → SocialAbstract.fetch×4"]);
    // each provider its own base with the retry (13 different bases): no common class, no dispatch
    const bases = names.map((n) => `//- worker/src/${n.toLowerCase()}.base.ts
export class ${n}Base {
  async fetch(url: string, options: RequestInit = {}, totalRetries = 0): Promise<Response> {
    const res = await fetch(url, options);
    if (res.status === 429) {
      if (totalRetries > 2) throw new Error("rate limited");
      await new Promise((r) => setTimeout(r, 5000));
      return this.fetch(url, options, totalRetries + 1);
    }
    return res;
  }
}
`).join("");
    const unrelated = await checkFixture(`
//! rules none
${FETCH_LAYER(BASE)}${bases}${names.map((n) => provider(n, `${n}Base`, `./${n.toLowerCase()}.base`)).join("")}${manager(names)}${ACTIVITY}${WORKFLOW}`.replace(/^(export class P\d+Base \{\n  async fetch.*\n)/gm, "$1// ^ layer ×4\n"));
    assert.ok(!chain(unrelated).some((c) => c.includes("postSocial×3 →")), chain(unrelated).join("\n"));
  });
});
