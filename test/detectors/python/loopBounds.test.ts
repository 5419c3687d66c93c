// Loop bounds the file can still know (detectors/shared/loops/evaluate.ts, count.ts): a bound set
// by a conditional counts its larger branch (the worst case), and a closure's bound read from a
// parameter of the function around it takes that parameter's default.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = "import time\nimport requests\n";

const cases: Array<{ name: string; code: string; attempts: number | null; note: RegExp }> = [
  {
    name: "range(n) with n = CONST if … else 1 → the larger branch",
    code: `MAX_ATTEMPTS = 4\n\ndef embed(client, batch, task):\n    max_attempts = MAX_ATTEMPTS if task == "document" else 1\n    for attempt in range(max_attempts):\n        try:\n            return requests.post("http://embed/x", json=batch)\n        except requests.ConnectionError:\n            if attempt == max_attempts - 1:\n                raise\n            time.sleep(0.5 * 2**attempt)\n`,
    attempts: 4,
    note: /range\(max_attempts\): 4 attempts \(the larger branch of MAX_ATTEMPTS if task == "document" else 1: the worst case\)/,
  },
  {
    name: "a while counter bound by a conditional, the larger branch first or second",
    code: `def fetch(url, fast):\n    tries = 0\n    limit = 2 if fast else 5\n    while tries < limit:\n        tries += 1\n        try:\n            return requests.get(url)\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
    attempts: 5,
    note: /5 attempts \(the larger branch of 2 if fast else 5: the worst case\)/,
  },
  {
    name: "a conditional with a branch not known statically stays unknown",
    code: `def fetch(url, n):\n    limit = n if n else 3\n    for _ in range(limit):\n        try:\n            return requests.get(url)\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
    attempts: null,
    note: /range\(limit\)/,
  },
  {
    name: "a recursive closure bounded by the enclosing function's parameter default",
    code: `def build_chain_with_retry(*stages, default_result=None, max_retries: int = 1):\n    chain = stages[0]\n\n    def chain_with_retry(payload, retry: int = 0):\n        try:\n            return chain.invoke(payload)\n        except OutputParserException:\n            if retry < max_retries:\n                return chain_with_retry(payload, retry=retry + 1)\n            return default_result\n\n    return chain_with_retry\n`,
    attempts: 2,
    note: /stops when retry < max_retries: 2 attempts/,
  },
  {
    name: "a loop in a closure bounded by the enclosing function's parameter default",
    code: `def make_fetcher(retries=3):\n    def fetch(url):\n        for _ in range(retries):\n            try:\n                return requests.get(url)\n            except requests.ConnectionError:\n                time.sleep(1)\n    return fetch\n`,
    attempts: 3,
    note: /range\(retries\): 3 attempts/,
  },
];

describe("loop bounds: conditionals (worst case) and an enclosing function's parameter default", () => {
  for (const c of cases) {
    test(c.name, async () => {
      const facts = await py(`${H}${c.code}`);
      const loops = facts.layers.filter((l) => l.kind === "retry-loop");
      assert.equal(loops.length, 1, loops.map((l) => l.attemptsNote).join("; "));
      assert.equal(loops[0]!.maxAttempts, c.attempts, loops[0]!.attemptsNote);
      assert.match(loops[0]!.attemptsNote, c.note);
    });
  }
});
