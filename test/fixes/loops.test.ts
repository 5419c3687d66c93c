/**
 * Fixes on hand-rolled retry loops: full jitter around the loop's sleep (RL004),
 * `sleep(x)` → `sleep(random.uniform(0, x))`, with `random` imported once, where the standard
 * library imports are (or through the alias the file already uses). Loops get no other
 * mechanical fix (a bound or a backoff needs the loop rewritten), so RL002 is not offered here.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { MemoryWorkspace } from "./fixHarness";
import { parseFixture } from "../harness";
import { fixCases } from "./fixCases";

fixCases("hand-rolled loops", [
  {
    name: "for attempt in range(3) with time.sleep(2 ** attempt): import random joins the standard-library block",
    workspace: `
//- reports/fetch.py
import time

import requests


def fetch_index():
    for attempt in range(3):
        try:
            return requests.get("http://storage:9000/index", timeout=5)
        except requests.ConnectionError:
            time.sleep(2 ** attempt)
    raise RuntimeError("storage unreachable")
`,
    finding: "RL004 reports/fetch.py:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- reports/fetch.py
import random
import time

import requests


def fetch_index():
    for attempt in range(3):
        try:
            return requests.get("http://storage:9000/index", timeout=5)
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 2 ** attempt))
    raise RuntimeError("storage unreachable")
`,
  },
  {
    name: "a doubling delay with from time import sleep, random already imported under an alias",
    workspace: `
//- pricing/refresh.py
import random as rnd
from time import sleep

import requests


def refresh(sku, attempts=3):
    delay = 0.5
    for _ in range(attempts):
        try:
            return requests.post(f"http://pricing:8080/refresh/{sku}", timeout=1, headers={"Idempotency-Key": sku})
        except requests.ConnectionError:
            sleep(delay)
            delay *= 2
    raise RuntimeError("gave up")
`,
    finding: "RL004 pricing/refresh.py:9",
    fix: "preferred",
    after: `
//- pricing/refresh.py
import random as rnd
from time import sleep

import requests


def refresh(sku, attempts=3):
    delay = 0.5
    for _ in range(attempts):
        try:
            return requests.post(f"http://pricing:8080/refresh/{sku}", timeout=1, headers={"Idempotency-Key": sku})
        except requests.ConnectionError:
            sleep(rnd.uniform(0, delay))
            delay *= 2
    raise RuntimeError("gave up")
`,
  },
  {
    name: "while True with a fixed time.sleep(1) after a module docstring: random sorted among the first imports",
    workspace: `
//- catalog/sync.py
"""Keeps the catalog cache warm."""
import os
import time

import requests

CATALOG = os.environ.get("CATALOG_URL", "http://catalog:8080")


def snapshot():
    while True:
        try:
            return requests.get(f"{CATALOG}/snapshot", timeout=3).json()
        except requests.ConnectionError:
            time.sleep(1)
`,
    finding: "RL004 catalog/sync.py:11",
    fix: "preferred",
    after: `
//- catalog/sync.py
"""Keeps the catalog cache warm."""
import os
import random
import time

import requests

CATALOG = os.environ.get("CATALOG_URL", "http://catalog:8080")


def snapshot():
    while True:
        try:
            return requests.get(f"{CATALOG}/snapshot", timeout=3).json()
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 1))
`,
  },
  {
    name: "an attempt counter and a computed backoff expression; random already imported plainly",
    workspace: `
//- inventory/reserve.py
import random
import time

import requests


def stock(sku, max_attempts=4):
    attempt = 0
    while True:
        try:
            return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()
        except requests.Timeout:
            attempt += 1
            if attempt >= max_attempts:
                raise
            time.sleep(0.2 * 2 ** attempt)


def pick(options):
    return random.choice(options)
`,
    finding: "RL004 inventory/reserve.py:9",
    fix: "preferred",
    after: `
//- inventory/reserve.py
import random
import time

import requests


def stock(sku, max_attempts=4):
    attempt = 0
    while True:
        try:
            return requests.get(f"http://inventory:8080/stock/{sku}", timeout=1).json()
        except requests.Timeout:
            attempt += 1
            if attempt >= max_attempts:
                raise
            time.sleep(random.uniform(0, 0.2 * 2 ** attempt))


def pick(options):
    return random.choice(options)
`,
  },
  {
    name: "Windows line endings: the new import line ends in CRLF",
    crlf: true,
    workspace: `
//- reports/fetch.py
import time

import requests


def fetch_index():
    for attempt in range(3):
        try:
            return requests.get("http://storage:9000/index", timeout=5)
        except requests.ConnectionError:
            time.sleep(0.5)
    raise RuntimeError("storage unreachable")
`,
    finding: "RL004 reports/fetch.py:7",
    fix: "preferred",
    after: `
//- reports/fetch.py
import random
import time

import requests


def fetch_index():
    for attempt in range(3):
        try:
            return requests.get("http://storage:9000/index", timeout=5)
        except requests.ConnectionError:
            time.sleep(random.uniform(0, 0.5))
    raise RuntimeError("storage unreachable")
`,
  },
]);

test("hand-rolled loops: an unbounded loop gets no RL002 fix (a count bound needs the loop rewritten)", async () => {
  const { files } = parseFixture(`
//- catalog/sync.py
import time

import requests


def snapshot():
    while True:
        try:
            return requests.get("http://catalog:8080/snapshot", timeout=3).json()
        except requests.ConnectionError:
            time.sleep(1)
`);
  const ws = new MemoryWorkspace(files);
  const result = await ws.analyze();
  const unbounded = result.findings.find((f) => f.rule === "RL002" && f.file === "catalog/sync.py");
  assert.ok(unbounded, "RL002 on the loop");
  assert.deepEqual(ws.fixes(result, unbounded).map((f) => f.title), []);
});
