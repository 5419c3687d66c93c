// TS/JS: a retry runner a class inherits from a base class in another file
// (`this.runStreamedUpload(async () => …)` in `class MastodonProvider extends SocialAbstract`):
// the inline callback has no name in the call's facts, so the linker takes the one function
// literal written inside the call (engine/link.ts inlineCallback) and runs it under the runner's layer.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

/** the base class, and a route retrying the provider's post; `expect` is the finding both layers carry */
const base = (expect: string) => `
//- api/package.json
{ "name": "api", "dependencies": { "express": "4" } }
//- api/src/base.ts
export abstract class SocialAbstract {
  protected async runInConcurrent<T>(func: () => Promise<T>): Promise<T> {
    return await func();
  }
  protected async runStreamedUpload<T>(func: () => Promise<T>, identifier = "", totalRetries = 0): Promise<T> {
  // ^ layer ×4${expect}
    try {
      return await func();
    } catch (err: any) {
      if (totalRetries <= 2 && err?.response?.status === 429) {
        return this.runStreamedUpload(func, identifier, totalRetries + 1);
      }
      throw err;
    }
  }
}
//- api/src/app.ts
import express from "express";
import { MastodonProvider } from "./mastodon";
const app = express();
const provider = new MastodonProvider();
app.post("/post", async (req, res) => {
  for (let attempt = 0; attempt < 3; attempt++) {
  // ^ layer ×3${expect}
    try {
      res.json(await provider.post(req.body));
      return;
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
});
app.listen(3000);
`;

describe("an inherited retry runner runs the inline callback a subclass hands it", () => {
  test("the subclass's upload callback is under the base class's runner: 3 × 4 to mastodon", async () => {
    await checkFixture(`${base(" RL001")}
//- api/src/mastodon.ts
import { SocialAbstract } from "./base";
export class MastodonProvider extends SocialAbstract {
  async post(body: string) {
    return this.runStreamedUpload(async () => {
      const res = await fetch("http://mastodon:3000/api/v1/media", { method: "POST", body });
      return res.json();
    });
  }
}
//! rules RL001
//! path 12 mastodon
//! paths 1
`);
  });

  test("two function literals inside the call: which one the runner runs is not guessed", async () => {
    await checkFixture(`${base("")}
//- api/src/mastodon.ts
import { SocialAbstract } from "./base";
export class MastodonProvider extends SocialAbstract {
  async post(body: string) {
    return this.runStreamedUpload(
      [async () => (await fetch("http://mastodon:3000/api/v1/media", { method: "POST", body })).json()].map((f) => f)[0]!,
    );
  }
}
//! rules RL001
//! paths 0
`);
  });
  test("an inherited plain runner (runInConcurrent) runs the callback that calls the retrying runner: still 3 × 4", async () => {
    await checkFixture(`${base(" RL001")}
//- api/src/mastodon.ts
import { SocialAbstract } from "./base";
export class MastodonProvider extends SocialAbstract {
  async post(body: string) {
    return this.runInConcurrent(async () =>
      this.runStreamedUpload(async () => (await fetch("http://mastodon:3000/api/v1/media", { method: "POST", body })).json()),
    );
  }
}
//! rules RL001
//! path 12 mastodon
//! paths 1
`);
  });
});
