/**
 * Celery tasks whose `base=` class lives in another module (docs/reference/celery.md, "Task
 * classes of another module"; Celery 5.6.2 `_task_from_fun` makes the task a subclass of `base`
 * with the decorator's options as class attributes; autoretry.py reads them with getattr, so the
 * base's attributes are inherited through its own bases). The layer is built at link time
 * (engine/queues/celeryBases.ts) and anchored where `autoretry_for` is written.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt, parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const BASE = `//- proj/base.py
from celery import Task as CeleryTask


class RetryingTask(CeleryTask):
    autoretry_for = (Exception,)
    # ^ layer ×6 RL001
    max_retries = 5
    retry_backoff = True
    retry_backoff_max = 600
`;

const MIDDLE = `//- proj/models/task.py
from proj.base import RetryingTask


class ModelTask(RetryingTask):
    _models = {}

    def model(self):
        return None
`;

describe("Celery base= classes of another module", () => {
  test("base= imported, its parent of a third module sets autoretry_for/max_retries: 6 executions × the body's client", async () => {
    const result = await checkFixture(`
//! rules RL001
${BASE}${MIDDLE}//- proj/worker.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry
from celery import Celery
from proj.models.task import ModelTask

celery = Celery("worker", task_publish_retry=False)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2)))
# ^ layer ×3 RL001


@celery.task(base=ModelTask, bind=True, name="transcribe")
def transcribe_task(self, url):
    return session.get("http://asr/transcribe", params={"url": url})


@celery.task(name="post")
def post_task(result):
    return session.get("http://index/put")
//! path 18 asr
`);
    const l = layerAt(result, "proj/base.py:5");
    assert.equal(l.kind, "celery-task");
    assert.equal(l.label, "transcribe_task");
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.maxSeconds, 600);
    assert.match(l.attemptsNote, /max_retries=5 → 6 executions .*from base ModelTask → RetryingTask/);
    assert.ok(!result.model.paths.some((p) => p.target === "index" && (p.product ?? 0) > 3), "post_task has no base: no Celery layer");
  });

  // table: the decorator's options over the base chain's attributes; the anchor where autoretry_for is written
  const cases: Array<[string, string, string, number | null]> = [
    ["the decorator's max_retries wins over the base's", "base=ModelTask, max_retries=1", "proj/base.py:5", 2],
    ["the decorator's autoretry_for anchors the layer at the decorator", "base=ModelTask, autoretry_for=(IOError,)", "proj/worker.py:5", 6],
    ["max_retries=None on the decorator: forever", "base=ModelTask, max_retries=None", "proj/base.py:5", null],
    ["a base that cannot be followed: the decorator's options alone", "base=thirdparty.Base, autoretry_for=(IOError,)", "proj/worker.py:5", 4],
    ["re-exported through a package __init__", "base=ReExported", "proj/base.py:5", 6],
    ["a body that calls nothing is inert (engine/inertLayers.ts): one attempt", "base=ModelTask, name='noop'", "proj/base.py:5", 1],
  ];
  for (const [name, args, at, attempts] of cases) {
    test(`${name}: @shared_task(${args}) → ${at} ×${attempts ?? "∞"}`, async () => {
      const body = attempts === 1 ? "pass" : "thirdparty.fetch(url)";
      const { files, settings } = parseFixture(`${BASE}${MIDDLE}//- proj/models/__init__.py
from proj.models.task import ModelTask as ReExported
//- proj/worker.py
import thirdparty
from celery import shared_task
from proj.models import ReExported
from proj.models.task import ModelTask
@shared_task(${args})
def job(url):
    ${body}
`);
      const result = await analyzeWorkspace(files, settings);
      const celery = result.model.layers.filter((l) => l.kind === "celery-task");
      assert.deepEqual(celery.map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts, l.label]), [[at, attempts, "job"]]);
    });
  }
  test("no base=, or a base without autoretry_for: no layer (max_retries alone never retries)", async () => {
    const { files, settings } = parseFixture(`//- proj/base.py
from celery import Task


class Counted(Task):
    max_retries = 5
//- proj/worker.py
from celery import shared_task
from proj.base import Counted


@shared_task(base=Counted)
def job():
    pass
`);
    const result = await analyzeWorkspace(files, settings);
    assert.deepEqual(result.model.layers.filter((l) => l.kind === "celery-task"), []);
  });
});
