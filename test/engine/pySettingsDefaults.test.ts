/**
 * Retry counts read from a Python project's settings defaults in another module
 * (`OPTIONS = get_settings_value("RETRY_OPTIONS", dict(max_retries=6, delay=2))`, Django's
 * `getattr(settings, "X", default)`): the default is the value (the project may override it, and
 * the hover says so).
 * - A hand-rolled loop bounded by an entry of such a dict (`range(1, OPTIONS.get("max_retries") + 1)`
 *   through a local): the linker evaluates the bound (LayerFact.countExpr, loops/linkedCount.ts).
 * - Celery `@shared_task(autoretry_for=…, **RETRY_OPTIONS)` unpacking a module-level dict of this
 *   or another module: its entries are the decorator's options (`max_retries=None` → unbounded).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const SETTINGS = `//- app/settings.py
from django.conf import settings


def get_settings_value(option, default=None):
    return getattr(settings, f"APP_{option}", default)


TIMESERIES_RETRY_OPTIONS = get_settings_value("TIMESERIES_RETRY_OPTIONS", dict(max_retries=6, delay=2))
WRITE_RETRY_OPTIONS = get_settings_value(
    "WRITE_RETRY_OPTIONS",
    dict(max_retries=None, retry_backoff=True, retry_backoff_max=600, retry_jitter=True),
)
BOUNDED_OPTIONS = getattr(settings, "BOUNDED_OPTIONS", {"max_retries": 2})
`;

async function analyze(text: string) {
  const { files, settings } = parseFixture(text);
  return (await analyzeWorkspace(files, settings)).model;
}

describe("python settings defaults of another module", () => {
  test("a loop bounded by OPTIONS.get('max_retries') through a local: range(1, n + 1) → 6 attempts", async () => {
    const model = await analyze(`${SETTINGS}//- app/utils.py
from functools import wraps
from time import sleep

from .settings import TIMESERIES_RETRY_OPTIONS


def retry(method):
    @wraps(method)
    def wrapper(*args, **kwargs):
        max_retries = TIMESERIES_RETRY_OPTIONS.get("max_retries")
        delay = TIMESERIES_RETRY_OPTIONS["delay"]
        for attempt_no in range(1, max_retries + 1):
            try:
                return method(*args, **kwargs)
            except Exception as err:
                if attempt_no > 3:
                    sleep(delay)
                if attempt_no == max_retries:
                    raise err

    return wrapper
`);
    const loop = model.layers.find((l) => l.kind === "retry-loop" && l.file === "app/utils.py")!;
    assert.equal(loop.anchor.line, 12);
    assert.equal(loop.maxAttempts, 6);
    assert.match(loop.attemptsNote, /TIMESERIES_RETRY_OPTIONS\["max_retries"\] = 6 \(the default of the project setting TIMESERIES_RETRY_OPTIONS in app\/settings\.py, which the project may override\) → 6 attempts/);
  });

  test("a loop bounded by a parameter stays unknown", async () => {
    const model = await analyze(`//- app/loop.py
import time


def call(op, tries):
    for i in range(tries):
        try:
            return op()
        except Exception:
            time.sleep(1)
`);
    const loop = model.layers.find((l) => l.kind === "retry-loop")!;
    assert.equal(loop.maxAttempts, null);
    assert.equal(loop.countUnknown, true);
  });
});

describe("celery **options unpacked from a dict", () => {
  const task = (imports: string, splat: string) => `${SETTINGS}//- app/tasks.py
import requests
from celery import shared_task
${imports}


class WriteError(Exception):
    pass


@shared_task(
    bind=True,
    autoretry_for=(WriteError,),
    **${splat}
)
def write(self, data):
    requests.post("http://tsdb:8086/write", data=data)
`;

  test("an imported settings default with max_retries=None: unbounded, backoff from the dict, provenance in the note", async () => {
    const model = await analyze(task("from .settings import WRITE_RETRY_OPTIONS", "WRITE_RETRY_OPTIONS"));
    const l = model.layers.find((x) => x.kind === "celery-task")!;
    assert.equal(l.anchor.line, 10);
    assert.equal(l.maxAttempts, null);
    assert.match(l.attemptsNote, /max_retries=None: retries forever \(\*\*WRITE_RETRY_OPTIONS of app\/settings\.py: the default of the project setting WRITE_RETRY_OPTIONS, which the project may override\)/);
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.maxSeconds, 600);
    assert.equal(l.wait.jitter, true);
  });

  test("a getattr(settings, …) default of another module: max_retries 2 → 3 executions", async () => {
    const model = await analyze(task("from app.settings import BOUNDED_OPTIONS", "BOUNDED_OPTIONS"));
    assert.equal(model.layers.find((x) => x.kind === "celery-task")!.maxAttempts, 3);
  });

  test("a dict of the task's own module", async () => {
    const model = await analyze(task("OPTIONS = dict(max_retries=5, retry_backoff=True)", "OPTIONS"));
    const l = model.layers.find((x) => x.kind === "celery-task")!;
    assert.equal(l.maxAttempts, 6);
    assert.match(l.attemptsNote, /\*\*OPTIONS/);
  });

  test("a name the workspace does not hold: Celery's default", async () => {
    const model = await analyze(task("from elsewhere import OPTS", "OPTS"));
    assert.equal(model.layers.find((x) => x.kind === "celery-task")!.maxAttempts, 4);
  });
});
