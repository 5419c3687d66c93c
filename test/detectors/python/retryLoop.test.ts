// Hand-rolled retry loops (DESIGN.md: a loop that calls, checks, sleeps and is bounded by an
// attempt count; calls of such a helper are retried calls).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = "import time\nimport random\nimport requests\n";

async function loopLayers(body: string) {
  const facts = await py(`${H}${body}`);
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

describe("retry loops: attempts", () => {
  const cases: Array<[string, string, number | null]> = [
    [
      "for range(3) with return on success",
      `def f():\n    for attempt in range(3):\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(2 ** attempt)\n`,
      3,
    ],
    [
      "range(1, N + 1) with a constant",
      `MAX = 4\ndef f():\n    for attempt in range(1, MAX + 1):\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
      4,
    ],
    [
      "while with counter incremented before the check",
      `def f(max_attempts=3):\n    attempt = 0\n    while True:\n        resp = requests.get("http://x")\n        attempt += 1\n        if resp.status_code < 500:\n            return resp\n        if attempt >= max_attempts:\n            return resp\n        time.sleep(0.5)\n`,
      3,
    ],
    [
      "while with check before the call and increment",
      `def f():\n    attempt = 0\n    while True:\n        if attempt >= 5:\n            raise RuntimeError("gave up")\n        attempt += 1\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
      5,
    ],
    [
      "while condition counter < N",
      `def f():\n    tries = 0\n    while tries < 6:\n        tries += 1\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
      6,
    ],
    [
      "a literal list of delays",
      `def f():\n    for delay in (0.1, 0.5, 2):\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(delay)\n`,
      3,
    ],
    [
      "while True with no counter is unbounded",
      `def f():\n    while True:\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(1)\n`,
      null,
    ],
  ];
  for (const [name, body, expected] of cases) {
    test(`${name} → ${expected ?? "unbounded"}`, async () => {
      const layers = await loopLayers(body);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
    });
  }
});

describe("retry loops: what is not a retry loop (near misses)", () => {
  test("a worker loop that keeps going after success", async () => {
    assert.equal((await loopLayers(`def run(q):\n    while True:\n        try:\n            handle(q.get())\n        except Exception:\n            pass\n        time.sleep(5)\n`)).length, 0);
  });
  test("a loop over data without sleeping", async () => {
    assert.equal((await loopLayers(`retries = 0\ndef render(report):\n    for page in report.pages:\n        page.render()\n    return report\n`)).length, 0);
  });
  test("a polling loop with only bookkeeping calls", async () => {
    assert.equal((await loopLayers(`def wait():\n    for _ in range(10):\n        time.sleep(1)\n        print("waiting")\n    return\n`)).length, 0);
  });
});

describe("retry loops: waits, conditions, budgets", () => {
  test("exponential sleep without randomness has no jitter", async () => {
    const [l] = await loopLayers(`def f():\n    for attempt in range(3):\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            time.sleep(0.1 * 2 ** attempt)\n`);
    assert.equal(l!.wait.kind, "exponential");
    assert.equal(l!.wait.jitter, false);
  });
  test("a delay from random.uniform through a local variable is jittered", async () => {
    const [l] = await loopLayers(`def f():\n    for attempt in range(3):\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            delay = random.uniform(0, 0.1 * 2 ** attempt)\n            time.sleep(delay)\n`);
    assert.equal(l!.wait.jitter, true);
    assert.equal(l!.wait.kind, "exponential");
  });
  test("bare except retries every exception", async () => {
    const [l] = await loopLayers(`def f():\n    for attempt in range(3):\n        try:\n            return requests.get("http://x")\n        except:\n            time.sleep(1)\n`);
    assert.equal(l!.condition.allErrors, true);
    assert.ok(l!.condition.permanentErrors);
  });
  test("statuses from a module constant; 429 without Retry-After is recorded", async () => {
    const [l] = await loopLayers(`RETRYABLE = {429, 503}\ndef f():\n    for attempt in range(3):\n        resp = requests.get("http://x")\n        if resp.status_code not in RETRYABLE:\n            return resp\n        time.sleep(1)\n`);
    assert.deepEqual(l!.condition.statuses, [429, 503]);
    assert.equal(l!.condition.honoursRetryAfter, false);
  });
  test("a token bucket in the loop is a budget", async () => {
    const [l] = await loopLayers(`def f(budget):\n    for attempt in range(3):\n        resp = requests.get("http://x")\n        if resp.status_code < 500 or not budget.try_spend():\n            return resp\n        time.sleep(random.random())\n`);
    assert.match(l!.budget ?? "", /budget\.try_spend/);
  });
  test("a loop calling a parameter is a retry helper (anchored on the loop line)", async () => {
    const facts = await py(`${H}def call_with_retries(send, max_attempts=3):\n    for attempt in range(max_attempts):\n        resp = send()\n        if resp.status_code < 500:\n            return resp\n        time.sleep(random.random())\n`);
    const l = facts.layers[0]!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "call_with_retries", paramIndex: 0, paramName: "send" });
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "default", "the bound is a parameter default");
    assert.equal(l.anchor.line, 5);
  });
});

describe("retry loops: without a wait, through a wrapper, and the loop condition as the exit", () => {
  test("`for _ in range(2)` around a wrapper, leaving on a 200 (exceptions set the result to None) → 2, no wait", async () => {
    const [l, ...more] = await loopLayers(`def send_request(url, **kw):\n    return requests.get(url, **kw)\n\ndef reviews(pid):\n    for _ in range(2):\n        try:\n            res = send_request("http://reviews/" + str(pid), timeout=3.0)\n        except BaseException:\n            res = None\n        if res and res.status_code == 200:\n            return 200, res.json()\n    return 500, {}\n`);
    assert.equal(more.length, 0);
    assert.equal(l!.maxAttempts, 2);
    assert.equal(l!.wait.kind, "none");
    assert.equal(l!.condition.allErrors, true);
  });
  test("`while tried < n and pending:` leaves when the work is done (pending = [])", async () => {
    const [l] = await loopLayers(`def flush(items):\n    n = 3\n    tried = 0\n    pending = list(items)\n    while tried < n and pending:\n        tried += 1\n        try:\n            requests.post("http://sink/batch", json=pending)\n            pending = []\n        except requests.ConnectionError:\n            time.sleep(1)\n`);
    assert.equal(l?.maxAttempts, 3);
  });
  test("a check that only logs does not bound the loop", async () => {
    const [l] = await loopLayers(`def f():\n    attempt = 0\n    while True:\n        attempt += 1\n        try:\n            return requests.get("http://x")\n        except requests.ConnectionError:\n            if attempt >= 3:\n                print("still failing")\n            time.sleep(1)\n`);
    assert.equal(l?.maxAttempts, null);
  });
});

describe("retry loops: polling and consumer loops are not retries", () => {
  test("waiting for a status to change (a state, not success)", async () => {
    assert.equal((await loopLayers(`def wait_for_challenge(cid, timeout=300):\n    start = time.time()\n    while time.time() - start < timeout:\n        c = db.query(cid).first()\n        if not c:\n            raise Exception("not found")\n        if c.status == Status.APPROVED:\n            return Status.APPROVED\n        elif c.status == Status.DENIED:\n            raise Exception("denied")\n        time.sleep(1)\n    return Status.EXPIRED\n`)).length, 0);
  });
  test("a processing loop whose only break leaves an inner loop", async () => {
    assert.equal((await loopLayers(`def main_loop():\n    while True:\n        try:\n            orgs = list(get_orgs())\n            if not orgs:\n                time.sleep(5)\n                continue\n            for org in orgs:\n                if too_long():\n                    break\n                process(org)\n        except Exception:\n            pass\n        finally:\n            time.sleep(5)\n`)).length, 0);
  });
  test("draining a queue", async () => {
    assert.equal((await loopLayers(`def drain(q):\n    while q:\n        item = q.pop()\n        requests.post("http://sink", json=item)\n        time.sleep(0.1)\n`)).length, 0);
  });
});

describe("retry loops: waiting for a lock, a child or a thread is no retry", () => {
  // the shape of getredash/redash redash/tasks/worker.py monitor_work_horse (rq's own monitor loop)
  const MONITOR = (wait: string, exc = "HorseMonitorTimeoutException") =>
    `from rq.timeouts import HorseMonitorTimeoutException\nclass W:\n    def monitor(self, job):\n        while True:\n            try:\n                with self.death_penalty_class(self.interval, ${exc}):\n                    ret = ${wait}\n                break\n            except ${exc}:\n                self.heartbeat()\n                job.refresh()\n`;
  test("a wait under a timer the loop arms with the exception it catches (heartbeat, wait again): no layer", async () => {
    assert.equal((await loopLayers(MONITOR("self.wait_for_horse()"))).length, 0);
  });
  test("waiting for a lock another holder has (`except LockNotAcquired: sleep; continue`): no layer", async () => {
    assert.equal((await loopLayers(`def reindex(lock):\n    while True:\n        try:\n            lock.acquire(blocking=False)\n        except LockNotAcquiredError:\n            time.sleep(5)\n            continue\n        requests.post("http://search/reindex")\n        break\n`)).length, 0);
    assert.equal((await loopLayers(`def reindex(redis):\n    while True:\n        try:\n            redis.set("k", 1)\n            return\n        except AlreadyLockedError:\n            time.sleep(5)\n`)).length, 0);
  });
  // the shape of paperless-ngx src/documents/search/_backend.py WriteBatch.__enter__
  test("the counterpart: a counted lock retry with backoff that gives up after the last attempt is a layer", async () => {
    const layers = await loopLayers(`import filelock\nATTEMPTS = 4\nclass Batch:\n    def __enter__(self):\n        for attempt in range(ATTEMPTS):\n            try:\n                self._lock.acquire(timeout=self._timeout)\n                break\n            except filelock.Timeout:\n                if attempt == ATTEMPTS - 1:\n                    raise LockError("gave up")\n                time.sleep(random.uniform(0, min(5, 0.1 * (2 ** attempt))))\n        return self\n`);
    assert.deepEqual(layers.map((l) => l.maxAttempts), [4]);
  });
  test("the counterparts: a call of a dependency under the same timer, a lock error and every other error going round, asyncio.wait_for over a request", async () => {
    assert.equal((await loopLayers(MONITOR("requests.get(self.url)"))).length, 1);
    assert.equal((await loopLayers(`def reindex(redis):\n    for _ in range(10):\n        try:\n            redis.set("k", 1)\n            return\n        except AlreadyLockedError:\n            time.sleep(5)\n        except Exception:\n            time.sleep(1)\n`)).length, 1);
    assert.equal((await loopLayers(`import asyncio\nasync def fetch(session, url):\n    for _ in range(3):\n        try:\n            return await asyncio.wait_for(session.get(url), 5)\n        except asyncio.TimeoutError:\n            await asyncio.sleep(1)\n`)).length, 1);
  });
});

describe("retry loops: a handler that makes the failed call once more", () => {
  test("try: publish / except ConnectionClosed: reconnect, publish again → 2 attempts, anchored on the except", async () => {
    const layers = await loopLayers(`import pika

class Publisher:
    def publish(self, msg, headers):
        try:
            self._publish(msg, headers)
        except (pika.exceptions.ConnectionClosed, pika.exceptions.StreamLostError):
            self._connect()
            self._publish(msg, headers)

    def _publish(self, msg, headers):
        self._channel.basic_publish(exchange="shop", routing_key="orders", body=msg)

    def _connect(self):
        self._conn = pika.BlockingConnection(self._params)
`);
    assert.equal(layers.length, 1);
    const l = layers[0]!;
    assert.equal(l.maxAttempts, 2);
    assert.equal(l.anchor.line, 10);
    assert.deepEqual(l.condition.exceptionTypes, ["pika.exceptions.ConnectionClosed", "pika.exceptions.StreamLostError"]);
    assert.equal(l.wait.kind, "none");
    // both sends run under the layer
    assert.ok(l.attach.kind === "block" && l.attach.callIds.length === 2);
  });

  test("not a retry: a fallback with other arguments or a value the handler changed first, a handler that only logs and re-raises", async () => {
    const layers = await loopLayers(`import logging

def parse(v):
    try:
        return requests.get(v)
    except ValueError:
        return requests.get("http://fallback/" + v)

def fetch(url):
    try:
        return requests.get(url)
    except requests.ConnectionError:
        logging.warning("down")
        raise

def template(env, key, project):
    try:
        path = f"templates/{project}/{key}"
        return env.get_template(path)
    except LookupError:
        path = f"templates/{key}"
        return env.get_template(path)
`);
    assert.deepEqual(layers, []);
  });

  // the shapes of CLARIAH/vocab-workers vocab/util/rdf.py load_remote_graph and vocab/tasks/documentation.py
  test("not a retry: a format fallback chained on a class built again, a call on an argument the handler filled in first, a fresh object", async () => {
    const layers = await loopLayers(`from rdflib import Graph
from pylode import OntPub, PylodeError

def load_remote_graph(url):
    try:
        return Graph().parse(location=url)
    except ParserError:
        return Graph().parse(location=url, format="xml")

def document(graph, uri):
    try:
        od = OntPub(ontology=graph)
    except PylodeError:
        for s in graph.subjects():
            graph.add((s, TITLE, uri))
        od = OntPub(ontology=graph)
    return od

def render(path, uri):
    try:
        graph = Graph()
        load(graph, path)
        return OntPub(ontology=graph).make_html()
    except Exception:
        graph = Graph()
        graph.add((uri, TYPE, ONTOLOGY))
        return OntPub(ontology=graph).make_html()

# paperless-ngx src/documents/filters.py: a query on another field when the first one does not exist
def title_content(qs, value):
    try:
        return qs.filter(Q(title__icontains=value) | Q(effective_content__icontains=value))
    except FieldError:
        return qs.filter(Q(title__icontains=value) | Q(content__icontains=value))

def effective(qs, value, lookup):
    try:
        return qs.filter(**{f"effective_content__{lookup}": value})
    except FieldError:
        return qs.filter(**{f"content__{lookup}": value})

def by_keyword(client, value):
    try:
        return client.search(title=value)
    except KeyError:
        return client.search(name=value)
`);
    assert.deepEqual(layers.map((l) => l.anchor.line), []);
  });

  test("still a retry: the same chain made again (`requests.get(url).json()`), and a handler that only logs before the same call", async () => {
    const layers = await loopLayers(`import logging

def fetch(url):
    try:
        return requests.get(url).json()
    except requests.ConnectionError:
        logging.warning("again")
        return requests.get(url).json()
`);
    assert.deepEqual(layers.map((l) => l.maxAttempts), [2]);
  });

  test("not a retry: the handler raises the exception the try body also raises, or decodes the same token again", async () => {
    // a JWT check: the try body raises `http_401("Invalid access token")` on a bad claim and the
    // handler raises the same built exception; repeating a decode or a parse gives the same error
    const layers = await loopLayers(`import json
from fastapi import HTTPException
from jose import JWTError, jwt

def http_401(detail):
    return HTTPException(status_code=401, detail=detail)

def current_user(token):
    try:
        payload = jwt.decode(token, KEY, algorithms=["HS256"])
        if payload.get("token_type") != "access":
            raise http_401("Invalid access token")
    except jwt.ExpiredSignatureError as ese:
        raise http_401(detail="The access token has expired") from ese
    except JWTError as err:
        raise http_401("Invalid access token") from err
    return payload

def claims(token):
    try:
        return jwt.decode(token, KEY, algorithms=["HS256"])
    except JWTError:
        refresh_keys()
        return jwt.decode(token, KEY, algorithms=["HS256"])

def body_of(raw):
    try:
        return json.loads(raw)
    except ValueError:
        logging.warning("bad body")
        return json.loads(raw)
`);
    assert.deepEqual(layers, []);
  });

  test("not a retry: the handler ends the request, tells the user or closes what the try opened, as the try body also does", async () => {
    const layers = await loopLayers(`from flask import abort, flash

def get_object_or_404(fn, *args):
    try:
        rv = fn(*args)
        if rv is None:
            abort(404)
    except NoResultFound:
        abort(404)
    return rv

def login(email):
    try:
        user = find_user(email)
        if not user.active:
            flash("Wrong email or password.")
    except NoResultFound:
        flash("Wrong email or password.")

def run_query(conn, query):
    cursor = conn.cursor()
    try:
        cursor.execute(query)
        rows = cursor.fetchall()
        cursor.close()
        return rows
    except DatabaseError:
        cursor.close()
        raise
`);
    assert.deepEqual(layers, []);
  });

  test("not a retry: a get-or-create handler that commits what it made, a handler that formats the job's details into the error", async () => {
    const layers = await loopLayers(`import logging

def create_and_login_user(org, name, email):
    try:
        user = models.User.get_by_email_and_org(email, org)
        if user.name != name:
            user.name = name
            models.db.session.commit()
    except NoResultFound:
        logging.debug("creating %r", name)
        user = models.User(org=org, name=name, email=email)
        models.db.session.add(user)
        models.db.session.commit()
    return user

def run_query(connection, query):
    cursor = connection.cursor()
    try:
        cursor.execute(query)
        columns = [c[0] for c in cursor.show_job()["hive_result_schema"]]
        data, error = {"columns": columns, "rows": cursor.fetchall()}, None
    except errors.InternalError as e:
        data = None
        error = "%s: %s" % (str(e), cursor.show_job().get("debug", {}).get("stderr", "no stderr"))
    return data, error

def status_text(client, job_id):
    try:
        return client.job_status(job_id)
    except JobError as e:
        return "{}: {}".format(e, client.job_status(job_id))
`);
    assert.deepEqual(layers, []);
  });

  test("still a retry: the handler makes the same calls on the same session with the same values, or the same status read into the same result", async () => {
    const layers = await loopLayers(`import logging

def save(session, order):
    try:
        session.add(order)
        session.commit()
    except OperationalError:
        session.rollback()
        session.add(order)
        session.commit()

def job_status(client, job_id):
    try:
        status = client.job_status(job_id)
    except requests.ConnectionError as e:
        logging.warning("status failed: %s" % e)
        time.sleep(1)
        status = client.job_status(job_id)
    return status
`);
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.maxAttempts]), [[10, 2], [18, 2]]);
  });

  test("a try body that also raises a built exception: the send the handler makes again is still a 2-attempt layer", async () => {
    const layers = await loopLayers(`def http_502(detail):
    return RuntimeError(detail)

def charge(session, url, body):
    try:
        resp = session.post(url, json=body)
        if resp.status_code >= 500:
            raise http_502("payment down")
    except requests.ConnectionError:
        session.close()
        resp = session.post(url, json=body)
    return resp
`);
    assert.equal(layers.length, 1);
    assert.equal(layers[0]!.maxAttempts, 2);
    assert.equal(layers[0]!.anchor.line, 12);
  });
});
