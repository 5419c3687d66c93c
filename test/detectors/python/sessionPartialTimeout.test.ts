// `session.request = functools.partial(session.request, timeout=30)` gives every method of a requests
// Session that timeout: requests 2.x Session.get/post/… all return `self.request(…)`, and the
// instance attribute hides the method (detectors/python/httpClients.ts).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = "import functools\nimport requests\nsession = requests.Session()\n";

describe("a requests Session's request wrapped in functools.partial(timeout=…)", () => {
  const cases: Array<[string, string, number | null, boolean]> = [
    ["a literal timeout", "session.request = functools.partial(session.request, timeout=30)\n", 30, true],
    ["a timeout from a constant of another module: set, value unknown", "from x import units\nsession.request = functools.partial(session.request, timeout=units.SEC_30)\n", null, true],
    ["no timeout keyword: nothing set", "session.request = functools.partial(session.request, headers={})\n", null, false],
    ["another client's request: nothing set", "other = object()\nsession.request = functools.partial(other.request, timeout=30)\n", null, false],
  ];
  for (const [name, extra, seconds, set] of cases) {
    test(name, async () => {
      const c = (await py(H + extra)).clients.find((k) => k.name === "session");
      assert.ok(c);
      assert.deepEqual([c.timeoutSeconds, c.timeoutSet ?? false], [seconds, set]);
    });
  }
});
