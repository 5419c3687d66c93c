// Python linking through a client factory used without a name (`get_session("hgmo").get(url)`),
// and a job function handed to a queue outside the workspace (`queue.enqueue(job)`): the job runs
// in its service on its own, so its calls are an entry of that service.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Python: factory clients called in a chain, queued jobs", () => {
  test("a tenacity decorator over `get_session(name).get(url)` multiplies with the Retry the factory mounts", async () => {
    const result = await checkFixture(`
//- platform/lib/utils.py
from functools import cache

import requests
import tenacity
from requests.adapters import HTTPAdapter
from urllib3.util import Retry


@cache
def get_session(name: str) -> requests.Session:
    session = requests.Session()
    retry = Retry(total=9, backoff_factor=1, backoff_jitter=1, status_forcelist=[429, 500, 502, 503, 504])
    # ^ layer ×10 RL001
    session.mount("https://", HTTPAdapter(max_retries=retry))
    return session


@tenacity.retry(stop=tenacity.stop_after_attempt(7), wait=tenacity.wait_random_exponential(multiplier=2, max=30), reraise=True)
# ^ layer ×7 RL001
def get_relevance(branch: str, revision: str) -> dict:
    response = get_session("hgmo").get(f"https://hg.example.org/{branch}/json-relevance/{revision}")
    response.raise_for_status()
    return response.json()
//- platform/service/jobs.py
from rq import Queue

from lib import utils


def schedule_tests(branch, rev):
    return utils.get_relevance(branch, rev)


def schedule(queue: Queue, branch, rev):
    queue.enqueue(schedule_tests, branch, rev)
//! rules RL001
//! path 70 hg.example.org
`);
    const path = result.model.paths.find((p) => p.product === 70)!;
    assert.deepEqual(path.layers.map((id) => result.model.layerById.get(id)!.anchor.line), [17, 12]);
    // the job queued with `queue.enqueue(schedule_tests, …)` is where the path starts
    assert.deepEqual(path.services, ["platform", "hg.example.org"]);
  });
});
