/**
 * Python context managers across the linker (engine/pythonDispatch.ts): `with
 * get_store().upload_session() as s:` runs the `__enter__` and `__exit__` of the class the call
 * produces — followed through the factories' return annotations (`def get_store() -> Store`,
 * `def upload_session(self) -> UploadSession`), or the class constructed in the `with` — so a
 * retry around the `with` multiplies the layers inside `__enter__` (also through a name the function
 * imports in its own body, as tasks do to break import cycles). A file lock (py-filelock) is a
 * dependency a retry repeats like a request.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const SESSION = `//- svc/store/session.py
import random
import time

import requests


class UploadSession:
    def __init__(self, url):
        self._url = url

    def __enter__(self):
        for attempt in range(3):
        # ^ layer ×3 RL001
            try:
                self._token = requests.get("http://store:8080/token", timeout=5).json()["token"]
                break
            except requests.ConnectionError:
                if attempt == 2:
                    raise
                time.sleep(random.uniform(0, 2**attempt))
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


class Store:
    def upload_session(self) -> "UploadSession":
        return UploadSession("http://store:8080")


def get_store() -> Store:
    return Store()
`;

describe("Python: context managers", () => {
  test("a task's retry around `with factory().method() as s:` multiplies the retry loop of the context manager's __enter__", async () => {
    await checkFixture(`
//! rules RL001
${SESSION}//- svc/tasks.py
import requests
from celery import shared_task


@shared_task(autoretry_for=(requests.ConnectionError,), max_retries=4, retry_backoff=True)
# ^ layer ×5 RL001
def upload(doc_id):
    from store.session import get_store

    with get_store().upload_session() as session:
        session.put(doc_id)
//! path 15 store
`);
  });

  test("a class constructed in the `with` is entered too", async () => {
    await checkFixture(`
//! rules RL001
${SESSION}//- svc/tasks.py
import requests
from celery import shared_task

from store.session import UploadSession


@shared_task(autoretry_for=(requests.ConnectionError,), max_retries=4, retry_backoff=True)
# ^ layer ×5 RL001
def upload(doc_id):
    with UploadSession("http://store:8080") as session:
        session.put(doc_id)
//! path 15 store
`);
  });

  test("a call not entered as a context manager runs no __enter__", async () => {
    const result = await checkFixture(`
//! rules RL001
${SESSION.replace("# ^ layer ×3 RL001", "# ^ layer ×3")}//- svc/tasks.py
import requests
from celery import shared_task

from store.session import get_store


@shared_task(autoretry_for=(requests.ConnectionError,), max_retries=4, retry_backoff=True)
# ^ layer ×5
def upload(doc_id):
    session = get_store().upload_session()
    session.put(doc_id)
`);
    assert.ok(!result.model.paths.some((p) => p.layers.length > 1), "the task's retry is on no path with the loop");
  });

  test("a retry around filelock's acquire() repeats the lock like a request", async () => {
    await checkFixture(`
//! rules RL001
//- svc/index.py
import filelock
from tenacity import retry, stop_after_attempt, retry_if_exception_type, wait_random_exponential


@retry(stop=stop_after_attempt(5), retry=retry_if_exception_type(filelock.Timeout), wait=wait_random_exponential(max=10))
# ^ layer ×5 RL001
def write_index(path, doc):
    lock = filelock.FileLock(path + ".lock")
    lock.acquire(timeout=10)
    try:
        doc.save(path)
    finally:
        lock.release()


@retry(stop=stop_after_attempt(3))
# ^ layer ×3
def is_busy(path):
    return filelock.FileLock(path + ".lock").is_locked
//! path 5 filelock
//! paths 1
`);
  });
});
