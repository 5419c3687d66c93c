// tenacity — reference §1.1: defaults of a bare @retry, stop/wait/retry forms and combinations.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { onlyLayer, py } from "./helpers";
import { analyzeWorkspace } from "../../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../../server/src/model/model";

const H = "from tenacity import *\nimport tenacity\nimport requests\nimport httpx\n";

describe("tenacity stop → maxAttempts (§1.1 attempts formula)", () => {
  const cases: Array<[string, number | null, string?]> = [
    ["@retry", null, "bare @retry: stop_never"],
    ["@retry()", null, "@retry(): stop_never"],
    ["@retry(stop=stop_after_attempt(3))", 3],
    ["@retry(stop=stop_after_attempt(1))", 1, "one attempt = disabled"],
    ["@retry(stop=stop_never)", null],
    ["@retry(stop=stop_after_delay(10))", null, "time-bounded only"],
    ["@retry(stop=stop_after_attempt(5) | stop_after_delay(10))", 5, "| = stop_any: min"],
    ["@retry(stop=stop_after_attempt(5) | stop_after_attempt(2))", 2],
    ["@retry(stop=stop_after_attempt(5) & stop_after_attempt(2))", 5, "& = stop_all: max"],
    ["@retry(stop=stop_after_attempt(5) & stop_after_delay(3))", null, "& with a time-only part is unbounded by count"],
    ["@retry(stop=stop_any(stop_after_attempt(4), stop_after_delay(9)))", 4],
    ["@retry(stop=stop_all(stop_after_attempt(4), stop_after_attempt(6)))", 6],
    ["@tenacity.retry(stop=tenacity.stop_after_attempt(7))", 7, "module-qualified"],
    ["@retry(stop=stop_after_attempt(MAX_TRIES))", 4, "module constant"],
  ];
  for (const [decorator, expected, why] of cases) {
    test(`${decorator} → ${expected ?? "unbounded"}${why ? ` (${why})` : ""}`, async () => {
      const layer = await onlyLayer(`${H}MAX_TRIES = 4\n\n${decorator}\ndef f():\n    pass\n`);
      assert.equal(layer.kind, "tenacity");
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.anchor.line, 7, "anchor is the @ line");
    });
  }

  test("time-only stop is recorded as a time bound (softens RL002)", async () => {
    const layer = await onlyLayer(`${H}@retry(stop=stop_after_delay(30))\ndef f(): pass\n`);
    assert.match(layer.timeBound ?? "", /stop_after_delay\(30\)/);
  });

  test("a stop the detector cannot count says why (maxAttempts null)", async () => {
    const layer = await onlyLayer(`${H}@retry(stop=stop_after_attempt(settings.tries))\ndef f(): pass\n`);
    assert.equal(layer.maxAttempts, null);
    assert.match(layer.attemptsNote, /not known statically/);
  });

  // the count in a constants module (`from app.limits import MAX_ATTEMPTS`, `limits.MAX_ATTEMPTS`): the linker reads it
  const linkedCount = async (clients: string, limits: string) => {
    const result = await analyzeWorkspace(
      [
        { path: "app/limits.py", text: limits },
        { path: "app/__init__.py", text: "" },
        { path: "app/clients.py", text: clients },
      ],
      DEFAULT_SETTINGS,
    );
    const layer = result.model.layers.find((l) => l.kind === "tenacity");
    assert.ok(layer, "one tenacity layer");
    return layer;
  };
  const CALL = `def charge(order):\n    return requests.post("http://payments:8080/charge", json=order)\n`;

  test("stop_after_attempt(NAME) imported from a constants module (nothing else in it) counts that constant", async () => {
    const layer = await linkedCount(`${H}from app.limits import MAX_ATTEMPTS\n\n@retry(stop=stop_after_attempt(MAX_ATTEMPTS))\n${CALL}`, "MAX_ATTEMPTS = 5\n");
    assert.equal(layer.maxAttempts, 5);
    assert.equal(layer.attemptsNote, "stop_after_attempt(MAX_ATTEMPTS = 5) → 5 attempts");
    assert.ok(!layer.countUnknown);
  });

  test("stop_after_attempt(module.NAME) on a method, through `from app import limits`", async () => {
    const layer = await linkedCount(`${H}from app import limits\n\nclass Payments:\n    @retry(stop=stop_after_attempt(limits.MAX_ATTEMPTS))\n    ${CALL.replace("(order)", "(self, order)").replace("\n    return", "\n        return")}`, "MAX_ATTEMPTS = 4\n");
    assert.equal(layer.maxAttempts, 4);
  });

  test("backoff max_tries=NAME and urllib3 Retry(total=NAME) from a constants module: the same", async () => {
    const limits = "MAX_TRIES = 6\nRETRIES = 2\n";
    const read = async (clients: string) => (await analyzeWorkspace([{ path: "app/limits.py", text: limits }, { path: "app/clients.py", text: clients }], DEFAULT_SETTINGS)).model.layers;
    const viaBackoff = await read(`import backoff\nimport requests\nfrom app.limits import MAX_TRIES\n\n@backoff.on_exception(backoff.expo, requests.RequestException, max_tries=MAX_TRIES)\n${CALL}`);
    assert.deepEqual(viaBackoff.map((l) => [l.kind, l.maxAttempts, l.attemptsNote]), [["backoff", 6, "max_tries=MAX_TRIES = 6 → 6 attempts"]]);
    const viaUrllib3 = await read(
      `import requests\nfrom requests.adapters import HTTPAdapter\nfrom urllib3.util.retry import Retry\nfrom app import limits\n\nsession = requests.Session()\nsession.mount("http://", HTTPAdapter(max_retries=Retry(total=limits.RETRIES, backoff_factor=0.5)))\n\ndef charge(order):\n    return session.post("http://payments:8080/charge", json=order)\n`,
    );
    assert.deepEqual(viaUrllib3.map((l) => [l.kind, l.maxAttempts, l.attemptsNote]), [["urllib3-retry", 3, "total=limits.RETRIES = 2 → 3 attempts"]]);
  });

  test("a name no module of the workspace defines stays an unknown count", async () => {
    const layer = await linkedCount(`${H}from app.limits import MAX_ATTEMPTS\n\n@retry(stop=stop_after_attempt(MAX_ATTEMPTS))\n${CALL}`, "OTHER = 5\n");
    assert.equal(layer.maxAttempts, null);
    assert.ok(layer.countUnknown);
    assert.match(layer.attemptsNote, /not known statically/);
  });
});

describe("tenacity wait → jitter and backoff (§1.1 wait strategies)", () => {
  const cases: Array<[string, string, boolean | null]> = [
    ["", "none", false],
    ["wait=wait_none()", "none", false],
    ["wait=wait_fixed(0.5)", "fixed", false],
    ["wait=wait_random(0, 2)", "random", true],
    ["wait=wait_exponential(multiplier=1, max=10)", "exponential", false],
    ["wait=wait_random_exponential(multiplier=0.5, max=4)", "exponential", true],
    ["wait=wait_full_jitter(multiplier=0.5)", "exponential", true],
    ["wait=wait_exponential_jitter(initial=1, max=8)", "exponential", true],
    ["wait=wait_incrementing(start=1, increment=2)", "linear", false],
    ["wait=wait_fixed(3) + wait_random(0, 2)", "fixed", true],
    ["wait=wait_exponential(max=4) + wait_random(0, 1)", "exponential", true],
  ];
  for (const [arg, kind, jitter] of cases) {
    test(`${arg || "(default)"} → ${kind}, jitter ${jitter}`, async () => {
      const layer = await onlyLayer(`${H}@retry(stop=stop_after_attempt(3)${arg ? `, ${arg}` : ""})\ndef f(): pass\n`);
      assert.equal(layer.wait.kind, kind);
      assert.equal(layer.wait.jitter, jitter);
    });
  }
  test("the default wait is recorded as tenacity's default, not config", async () => {
    const layer = await onlyLayer(`${H}@retry\ndef f(): pass\n`);
    assert.equal(layer.wait.source, "default");
  });
  test("wait_fixed keeps its seconds", async () => {
    const layer = await onlyLayer(`${H}@retry(wait=wait_fixed(0.5), stop=stop_after_attempt(2))\ndef f(): pass\n`);
    assert.equal(layer.wait.initialSeconds, 0.5);
  });
});

describe("tenacity retry condition (§1.1: default retries every Exception)", () => {
  test("default: every exception → permanent errors, may re-send after send", async () => {
    const layer = await onlyLayer(`${H}@retry\ndef f(): pass\n`);
    assert.equal(layer.condition.allErrors, true);
    assert.ok(layer.condition.permanentErrors);
    assert.equal(layer.condition.afterSendMethods, "all");
  });
  test("RequestException around raise_for_status() retries 4xx", async () => {
    const layer = await onlyLayer(
      `${H}@retry(retry=retry_if_exception_type(requests.RequestException), stop=stop_after_attempt(3))\ndef f():\n    r = requests.get("http://x")\n    r.raise_for_status()\n`,
    );
    assert.match(layer.condition.permanentErrors ?? "", /raise_for_status/);
  });
  test("RequestException without raise_for_status() does not retry 4xx", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_exception_type(requests.RequestException), stop=stop_after_attempt(3))\ndef f():\n    return requests.get("http://x")\n`);
    assert.equal(layer.condition.permanentErrors, null);
  });
  test("connection errors and timeouts only: transient", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)), stop=stop_after_attempt(3))\ndef f():\n    r = requests.get("http://x"); r.raise_for_status()\n`);
    assert.equal(layer.condition.permanentErrors, null);
    assert.deepEqual(layer.condition.exceptionTypes, ["requests.ConnectionError", "requests.Timeout"]);
  });
  test("httpx connect errors only: the request was never sent (safe for POST)", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_exception_type((httpx.ConnectError, httpx.ConnectTimeout)), stop=stop_after_attempt(3))\ndef f(): pass\n`);
    assert.deepEqual(layer.condition.afterSendMethods, []);
  });
  test("retry_if_not_exception_type still retries (almost) everything", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_not_exception_type(ValueError), stop=stop_after_attempt(3))\ndef f(): pass\n`);
    assert.ok(layer.condition.permanentErrors);
  });
  test("retry_if_exception_type() with no argument means Exception", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_exception_type(), stop=stop_after_attempt(3))\ndef f(): pass\n`);
    assert.equal(layer.condition.allErrors, true);
  });
  test("a | of conditions is their union", async () => {
    const layer = await onlyLayer(`${H}@retry(retry=retry_if_exception_type(httpx.ConnectError) | retry_if_exception_type(Exception), stop=stop_after_attempt(2))\ndef f(): pass\n`);
    assert.equal(layer.condition.allErrors, true);
  });
});

describe("tenacity forms", () => {
  test("for attempt in Retrying(...) retries the calls in the loop body", async () => {
    const facts = await py(`${H}def f():\n    for attempt in Retrying(stop=stop_after_attempt(4)):\n        with attempt:\n            requests.get("http://inventory/x")\n`);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.anchor.line, 6);
    assert.equal(l.attach.kind, "block");
    const call = facts.calls.find((c) => c.callee === "requests.get")!;
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : [], [call.id]);
  });
  test("Retrying(...)(fn) invokes fn", async () => {
    const facts = await py(`${H}def g(): pass\ndef f():\n    return Retrying(stop=stop_after_attempt(2))(g)\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 2);
    assert.equal(facts.calls.find((c) => c.invokesArg === 0)?.args[0]?.name, "g");
  });
  test("AsyncRetrying counts the same way", async () => {
    const facts = await py(`${H}async def f():\n    async for attempt in AsyncRetrying(stop=stop_after_attempt(3)):\n        with attempt:\n            await client.get("/x")\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 3);
  });
  test("a `retry` that is not tenacity's is not a layer", async () => {
    const facts = await py(`from myproject.util import retry\n\n@retry(times=3)\ndef f(): pass\n`);
    assert.equal(facts.layers.length, 0);
  });
  test("a commented-out decorator is not a layer", async () => {
    const facts = await py(`from tenacity import retry\n# @retry(stop=stop_after_attempt(3))\ndef f(): pass\n`);
    assert.equal(facts.layers.length, 0);
  });
  test("the decorated function's name labels the layer", async () => {
    const layer = await onlyLayer(`${H}@retry(stop=stop_after_attempt(3))\ndef reserve_stock(): pass\n`);
    assert.equal(layer.label, "reserve_stock");
    assert.deepEqual(layer.attach, { kind: "function", functionId: "reserve_stock" });
  });
});

describe("decorator aliases (module-level policies applied by name)", () => {
  test("`standard_retry = retry(...)` then `@standard_retry` is that tenacity layer, anchored at the decorator", async () => {
    const layer = await onlyLayer(`${H}standard_retry = retry(stop=stop_after_attempt(4), wait=wait_fixed(1))\n\n@standard_retry\ndef f():\n    requests.get("http://a")\n`);
    assert.equal(layer.kind, "tenacity");
    assert.equal(layer.maxAttempts, 4);
    assert.equal(layer.anchor.line, 7);
    assert.equal(layer.wait.kind, "fixed");
  });

  test("an alias of a bare tenacity.retry is the unbounded default", async () => {
    const layer = await onlyLayer(`${H}forever = tenacity.retry\n\n@forever\ndef f():\n    pass\n`);
    assert.equal(layer.maxAttempts, null);
  });

  test("a name rebound twice, or bound to something else, is not followed", async () => {
    const twice = await py(`${H}policy = retry(stop=stop_after_attempt(2))\npolicy = other()\n\n@policy\ndef f():\n    pass\n`);
    assert.equal(twice.layers.length, 0);
    const unrelated = await py(`${H}policy = functools.cache\n\n@policy\ndef f():\n    pass\n`);
    assert.equal(unrelated.layers.length, 0);
  });

  test("backoff aliases too (§1.2)", async () => {
    const facts = await py(`import backoff\nimport requests\nnet_retry = backoff.on_exception(backoff.expo, requests.RequestException, max_tries=5)\n\n@net_retry\ndef f():\n    requests.get("http://a")\n`);
    assert.equal(facts.layers.length, 1);
    assert.equal(facts.layers[0]!.kind, "backoff");
    assert.equal(facts.layers[0]!.maxAttempts, 5);
    assert.equal(facts.layers[0]!.anchor.line, 5);
  });
});

test("polling with tenacity: a retry on TryAgain only (raised by the function while a result is not ready) is not a layer", async () => {
  const facts = await py(
    [
      "import tenacity",
      "@tenacity.retry(retry=tenacity.retry_if_exception_type(tenacity.TryAgain), stop=tenacity.stop_after_delay(1800))",
      "def wait_for_results(job):",
      "    r = session.get(job.url)",
      "    if r.json()['status'] != 'done':",
      "        raise tenacity.TryAgain",
      "    return r",
      "@tenacity.retry(retry=tenacity.retry_if_exception_type((tenacity.TryAgain, IOError)), stop=tenacity.stop_after_attempt(3))",
      "def fetch(job):",
      "    return session.get(job.url)",
      "@tenacity.retry(retry=tenacity.retry_if_exception_type(tenacity.TryAgain), stop=tenacity.stop_after_attempt(3))",
      "def make_call(client, func):",
      "    try:",
      "        return getattr(client, func)().execute()",
      "    except HttpError:",
      "        raise tenacity.TryAgain from None",
    ].join("\n") + "\n",
  );
  assert.deepEqual(
    facts.layers.map((l) => l.anchor.line),
    [8, 11],
    "TryAgain with a real error, or raised while handling a failed call, is a retry",
  );
});
