// googleapis (Node) API clients (docs/reference/google-sdks.md "googleapis for Node"):
// googleapis-common turns gaxios retries on by default, gaxios 6.x retries 3 times (→ 4 attempts)
// GET/HEAD/PUT/OPTIONS/DELETE only; retryConfig.retry N → N+1; retry: false → 1.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const H = `import { google } from "googleapis";\n`;

describe("googleapis API clients", () => {
  const cases: Array<[string, number | null, "default" | "config", RegExp]> = [
    [`google.youtube({ version: "v3", auth })`, 4, "default", /retryConfig.retry 3 → 4 attempts of GET\/HEAD\/PUT\/OPTIONS\/DELETE \(googleapis youtube\)/],
    [`google.drive("v3")`, 4, "default", /googleapis drive/],
    [`google.oauth2({ version: "v2", auth: client })`, 4, "default", /oauth2/],
    [`google.sheets({ version: "v4", auth, retryConfig: { retry: 1 } })`, 2, "config", /retryConfig.retry: 1 counts retries → 2 attempts/],
    [`google.sheets({ version: "v4", auth, retry: false })`, 1, "config", /retry: false turns gaxios retries off/],
    [`google.sheets({ version: "v4", retryConfig: { retryDelay: 500 } })`, 4, "config", /retryConfig without retry/],
    [`google.sheets({ version: "v4", retryConfig: { retry: n } })`, null, "config", /not known statically/],
    [`google.sheets(opts)`, 4, "default", /unless the options passed set retry/],
  ];
  for (const [expr, attempts, source, note] of cases) {
    test(`${expr} → ${attempts}`, () => {
      const facts = extract(`${H}const api = ${expr};\n`);
      assert.equal(facts.layers.length, 1);
      const l = facts.layers[0]!;
      assert.equal(l.kind, "googleapis-node");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 2);
    });
  }

  test("POST and PATCH are never retried; no jitter; the client's methods go to <api>.googleapis.com", () => {
    const facts = extract(`${H}const yt = google.youtube({ version: "v3", auth });\nexport const list = () => yt.channels.list({ part: ["id"], mine: true });\n`);
    const l = facts.layers[0]!;
    assert.deepEqual(l.condition.afterSendMethods, ["GET", "HEAD", "PUT", "OPTIONS", "DELETE"]);
    assert.equal(l.wait.jitter, false);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [["yt", "sdk://youtube.googleapis.com"]]);
  });

  test("a client built in a factory arrow function is still a layer", () => {
    const facts = extract(`${H}const youtube = (c: unknown) =>\n  google.youtube({\n    version: "v3",\n    auth: c,\n  });\n`);
    assert.deepEqual(facts.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[3, 4]]);
  });

  test("near misses: google.auth.OAuth2, google.options, a google object from elsewhere", () => {
    assert.equal(extract(`${H}const c = new google.auth.OAuth2({ clientId });\ngoogle.options({ auth: c });\n`).layers.length, 0);
    assert.equal(extract(`import { google } from "./google";\nconst yt = google.youtube({ version: "v3" });\n`).layers.length, 0);
  });
});
