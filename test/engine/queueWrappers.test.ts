/**
 * Job-queue tasks declared through a project's own decorator wrapper (docs/reference/job-queues-python.md,
 * "Decorator wrappers"): `def dramatiq_actor(**kwargs): kwargs.setdefault("max_retries", 3); return
 * dramatiq.actor(**kwargs)` in one module, `@dramatiq_actor()` in another. The wrapper's defaults,
 * the caller's keywords and what the wrapper forces merge as Python would (dict.setdefault keeps
 * the caller's value; functools.partial's keywords yield to the call's); the layer is built at link
 * time (engine/queues/queueWrappers.ts) with Dramatiq's arithmetic (max_retries counts retries,
 * default 20 → 21, dramatiq 1.x–2.x middleware/retries.py) or Celery's (autoretry_for needed).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt, parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const WRAPPER = `//- src/core/dramatiq_actors.py
import functools

import dramatiq

ONE_MINUTE = 60_000


def dramatiq_actor(**kwargs) -> dramatiq.actor:
    kwargs.setdefault("max_retries", 3)
    kwargs.setdefault("time_limit", ONE_MINUTE)
    return dramatiq.actor(**kwargs)


def forced_actor(**kwargs):
    kwargs["max_retries"] = 1
    return dramatiq.actor(**kwargs)


def literal_actor(**kwargs):
    options = {"max_retries": 5, **kwargs}
    return dramatiq.actor(**options)


def param_actor(queue_name="default", max_retries=7):
    return dramatiq.actor(queue_name=queue_name, max_retries=max_retries)


def plain_actor(**kwargs):
    return dramatiq.actor(**kwargs)


partial_actor = functools.partial(dramatiq.actor, max_retries=2)
`;

const tasks = (decorator: string, imports = "from src.core.dramatiq_actors import dramatiq_actor, forced_actor, literal_actor, param_actor, plain_actor, partial_actor") => `${WRAPPER}//- src/app/tasks.py
import thirdparty
${imports}


${decorator}
def send_email(user_id):
    thirdparty.send(user_id)
`;

describe("job-queue decorator wrappers", () => {
  test("@dramatiq_actor() of another module (imported as src.core…): max_retries 3 → 4 executions × the body's client", async () => {
    const result = await checkFixture(`
//! rules RL001
//- src/core/networking.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2)))
# ^ layer ×3 RL001
${WRAPPER.replace("//- src/core/dramatiq_actors.py\n", "//- src/core/dramatiq_actors.py\n")}//- src/app/tasks.py
from src.core.dramatiq_actors import dramatiq_actor
from src.core.networking import session


@dramatiq_actor()
# ^ layer ×4 RL001
def notify(user_id):
    session.get("http://mailer/send")
//! path 12 mailer
`);
    const l = layerAt(result, "src/app/tasks.py:5");
    assert.equal(l.kind, "dramatiq-actor");
    assert.equal(l.label, "notify");
    assert.equal(l.perTryTimeoutSeconds, 60);
    assert.match(l.attemptsNote, /max_retries=3 \(dramatiq_actor\(\) default\) → 4 executions/);
  });

  // table: which options win, by how the wrapper writes them
  const cases: Array<[string, string, number | null]> = [
    ["setdefault: the wrapper's default", "@dramatiq_actor()", 4],
    ["setdefault: the caller's keyword wins", "@dramatiq_actor(max_retries=9)", 10],
    ["setdefault: max_retries=None from the caller retries forever", "@dramatiq_actor(max_retries=None)", null],
    ["kwargs[k] = v: the wrapper forces it", "@forced_actor(max_retries=9)", 2],
    ["a dict literal before **kwargs: a default", "@literal_actor()", 6],
    ["a dict literal before **kwargs: the caller wins", "@literal_actor(max_retries=0)", 1],
    ["a forwarded parameter's default", "@param_actor()", 8],
    ["a forwarded parameter given by keyword", "@param_actor(max_retries=1)", 2],
    ["a forwarded parameter given by position", "@param_actor(\"q\", 4)", 5],
    ["no max_retries anywhere: Dramatiq's default 20 → 21", "@plain_actor()", 21],
    ["functools.partial(dramatiq.actor, max_retries=2), bare", "@partial_actor", 3],
    ["functools.partial: the call's keyword wins", "@partial_actor(max_retries=5)", 6],
    ["through the module: @actors.dramatiq_actor()", "@actors.dramatiq_actor()", 4],
    ["a relative import: from ..core.dramatiq_actors import …", "@dramatiq_actor(max_retries=2)", 3],
  ];
  for (const [name, decorator, attempts] of cases) {
    test(`${name}: ${decorator} → ×${attempts ?? "∞"}`, async () => {
      const imports = decorator.startsWith("@actors.") ? "from src.core import dramatiq_actors as actors" : name.startsWith("a relative") ? "from ..core.dramatiq_actors import dramatiq_actor" : undefined;
      const { files, settings } = parseFixture(tasks(decorator, imports));
      const result = await analyzeWorkspace(files, settings);
      const found = result.model.layers.filter((l) => l.kind === "dramatiq-actor");
      assert.deepEqual(found.map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts, l.label]), [["src/app/tasks.py:5", attempts, "send_email"]]);
    });
  }

  test("a wrapper in the same file, and one re-exported through a package __init__", async () => {
    const { files, settings } = parseFixture(`${WRAPPER}//- src/core/__init__.py
from src.core.dramatiq_actors import dramatiq_actor as actor
//- src/app/local.py
import dramatiq
import thirdparty


def my_actor(**kwargs):
    kwargs.setdefault("max_retries", 1)
    return dramatiq.actor(**kwargs)


@my_actor()
def a():
    thirdparty.go()
//- src/app/reexported.py
import thirdparty
from src.core import actor


@actor(queue_name="low")
def b():
    thirdparty.go()
`);
    const result = await analyzeWorkspace(files, settings);
    const found = result.model.layers.filter((l) => l.kind === "dramatiq-actor").map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts]);
    assert.deepEqual(found.sort(), [["src/app/local.py:10", 2], ["src/app/reexported.py:5", 4]]);
  });

  test("near misses: a decorator that is no wrapper, a wrapper of something else, a body that calls nothing", async () => {
    const { files, settings } = parseFixture(`${WRAPPER}//- src/core/other.py
import functools


def cached(**kwargs):
    kwargs.setdefault("max_retries", 3)
    return functools.lru_cache(**kwargs)
//- src/app/tasks.py
import thirdparty
from src.core.other import cached
from src.core.dramatiq_actors import dramatiq_actor


@cached()
def a():
    thirdparty.go()


@dramatiq_actor()
def noop():
    pass
`);
    const result = await analyzeWorkspace(files, settings);
    const found = result.model.layers.filter((l) => l.file === "src/app/tasks.py").map((l) => [l.anchor.line, l.kind, l.maxAttempts]);
    assert.deepEqual(found, [[11, "dramatiq-actor", 1]]);
  });

  test("a Celery wrapper of app.task with autoretry_for defaults", async () => {
    const { files, settings } = parseFixture(`//- proj/celery_app.py
from celery import Celery

app = Celery("proj")


def retrying_task(**kwargs):
    kwargs.setdefault("autoretry_for", (IOError,))
    kwargs.setdefault("max_retries", 5)
    return app.task(**kwargs)
//- proj/tasks.py
import thirdparty
from proj.celery_app import retrying_task


@retrying_task(name="fetch")
def fetch(url):
    thirdparty.get(url)
`);
    const result = await analyzeWorkspace(files, settings);
    const found = result.model.layers.filter((l) => l.kind === "celery-task").map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts, l.label]);
    assert.deepEqual(found, [["proj/tasks.py:5", 6, "fetch"]]);
  });
});
