// Relinking an edit of retry counts (engine/countRelink.ts): an editing session answers an edit
// that changes only counts nothing in linking branched on from the last link's model with the new
// counts, and that answer is exactly what a fresh analysis gives. Every fixture of the suite also
// runs the differential check (test/harness.ts checkCountRelink).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { serialize } from "node:v8";
import { analyzeFactsSteps, analyzeWorkspace } from "../../server/src/engine/analyze";
import { LinkMemo } from "../../server/src/engine/countRelink";
import { WorkspaceSession } from "../../server/src/engine/session";
import { runToEnd } from "../../server/src/engine/steps";
import { DEFAULT_SETTINGS, type Settings } from "../../server/src/model/model";
import { canonicalResult, parseFixture } from "../harness";

const SHOP = `
//- checkout/payments_client.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = os.environ["PAYMENTS_URL"]

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def charge(order_id):
    return requests.post(f"{PAYMENTS}/charges", json={"order": order_id}, headers={"Idempotency-Key": order_id}, timeout=2)
//- checkout/app.py
from flask import Flask
from checkout.payments_client import charge

app = Flask(__name__)

@app.post("/checkout/<order_id>")
def checkout(order_id):
    return charge(order_id).json()
//- deploy/checkout.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout
spec:
  template:
    spec:
      containers:
        - name: checkout
          env:
            - name: PAYMENTS_URL
              value: http://payments:8080
//- deploy/mesh.yaml
apiVersion: networking.istio.io/v1beta1
kind: VirtualService
metadata:
  name: payments
spec:
  hosts: [payments]
  http:
    - route:
        - destination:
            host: payments
      retries:
        attempts: 2
        perTryTimeout: 1s
`;

const HELPER = `
//- billing/retrying.py
import random, time

def with_retries(op, attempts=4):
    for i in range(attempts):
        resp = op()
        if resp.status_code < 500:
            return resp
        time.sleep(random.uniform(0, 2 ** i))
    return resp
//- billing/client.py
import requests
from .retrying import with_retries

def charge(order_id):
    def send():
        return requests.post(f"http://payments/charges/{order_id}", timeout=2, headers={"Idempotency-Key": order_id})
    return with_retries(send, attempts=2)

def refund(order_id):
    def send():
        return requests.post(f"http://payments/refunds/{order_id}", timeout=2, headers={"Idempotency-Key": order_id})
    return with_retries(send)
`;

async function sessionOf(text: string, settings: Settings = DEFAULT_SETTINGS): Promise<{ session: WorkspaceSession; fresh: () => Promise<string> }> {
  const { files } = parseFixture(text);
  const session = await WorkspaceSession.create();
  session.setSettings(settings);
  session.reset(files);
  const fresh = async () => canonicalResult(await analyzeWorkspace(session.paths().map((path) => ({ path, text: session.text(path)! })), settings));
  return { session, fresh };
}

function replaceOnce(session: WorkspaceSession, path: string, from: string, to: string): void {
  const text = session.text(path)!;
  const at = text.indexOf(from);
  assert.ok(at >= 0 && text.indexOf(from, at + 1) < 0, `exactly one "${from}" in ${path}`);
  assert.ok(session.setText(path, text.slice(0, at) + to + text.slice(at + from.length)));
}

describe("relinking an edit of retry counts", () => {
  it("an Istio count, then a tenacity count: relinked, and equal to a fresh analysis each time", async () => {
    const { session, fresh } = await sessionOf(SHOP);
    const first = session.analyze();
    assert.equal(canonicalResult(first), await fresh());
    assert.equal(first.model.paths[0]?.product, 9, "3 tenacity attempts × 3 Istio attempts");

    // a YAML count is a layer fact's alone: relinked at once
    replaceOnce(session, "deploy/mesh.yaml", "attempts: 2", "attempts: 4");
    const afterYaml = session.analyze();
    assert.equal(session.countRelinks, 1, `relinked (else: ${session.lastFullLinkReason})`);
    assert.equal(afterYaml.model.paths[0]?.product, 15);
    assert.equal(canonicalResult(afterYaml), await fresh());

    // `stop_after_attempt(3)` is also a call's argument: the first edit of the file links in full
    // (nothing watched what read that argument), and watches it from then on
    replaceOnce(session, "checkout/payments_client.py", "stop_after_attempt(3)", "stop_after_attempt(5)");
    const afterCode = session.analyze();
    assert.equal(session.countRelinks, 1);
    assert.match(session.lastFullLinkReason, /checkout\/payments_client\.py: a call's argument changed in a file not edited lately/);
    assert.equal(afterCode.model.paths[0]?.product, 25);
    assert.equal(canonicalResult(afterCode), await fresh());

    replaceOnce(session, "checkout/payments_client.py", "stop_after_attempt(5)", "stop_after_attempt(2)");
    const again = session.analyze();
    assert.equal(session.countRelinks, 2, `relinked (else: ${session.lastFullLinkReason})`);
    assert.equal(again.model.paths[0]?.product, 10);
    assert.equal(canonicalResult(again), await fresh());
  });

  it("an edit that changes more than counts links in full, and says why", async () => {
    const { session, fresh } = await sessionOf(SHOP);
    session.analyze();
    replaceOnce(session, "checkout/payments_client.py", 'f"{PAYMENTS}/charges"', 'f"{PAYMENTS}/refunds"');
    const result = session.analyze();
    assert.equal(session.countRelinks, 0);
    assert.match(session.lastFullLinkReason, /checkout\/payments_client\.py: more than counts changed/);
    assert.equal(canonicalResult(result), await fresh());
    // the full link is recorded again: the next count edit relinks
    replaceOnce(session, "checkout/payments_client.py", "stop_after_attempt(3)", "stop_after_attempt(2)");
    assert.equal(canonicalResult(session.analyze()), await fresh());
    assert.equal(session.countRelinks, 1, session.lastFullLinkReason);
  });

  it("a count passed to a helper at its call site is read by linking: every edit of it links in full", async () => {
    const { session, fresh } = await sessionOf(HELPER);
    session.analyze();
    for (const [from, to] of [["attempts=2", "attempts=3"], ["attempts=3", "attempts=5"]] as const) {
      replaceOnce(session, "billing/client.py", from, to);
      assert.equal(canonicalResult(session.analyze()), await fresh());
    }
    assert.equal(session.countRelinks, 0, "not relinked");
    assert.match(session.lastFullLinkReason, /billing\/client\.py: linking read the arguments of call /);
    assert.deepEqual(session.analyze().model.paths.map((p) => p.product).sort(), [4, 5]);
  });

  it("a helper's default count (a parameter default) is more than a count: links in full", async () => {
    const { session, fresh } = await sessionOf(HELPER);
    session.analyze();
    replaceOnce(session, "billing/retrying.py", "attempts=4", "attempts=6");
    assert.equal(canonicalResult(session.analyze()), await fresh());
    assert.match(session.lastFullLinkReason, /billing\/retrying\.py: more than counts changed/);
  });

  it("a count set to 1 turns the layer off, which linking looked at: links in full", async () => {
    const { session, fresh } = await sessionOf(SHOP);
    session.analyze();
    replaceOnce(session, "deploy/mesh.yaml", "attempts: 2", "attempts: 0");
    assert.equal(canonicalResult(session.analyze()), await fresh());
    assert.equal(session.countRelinks, 0);
    assert.match(session.lastFullLinkReason, /deploy\/mesh\.yaml#L\d+: disabled was read after its count was worked out/);
  });

  it("changed settings link in full", async () => {
    const { session } = await sessionOf(SHOP);
    session.analyze();
    session.setSettings({ ...DEFAULT_SETTINGS, threshold: 5 });
    replaceOnce(session, "checkout/payments_client.py", "stop_after_attempt(3)", "stop_after_attempt(4)");
    session.analyze();
    assert.equal(session.countRelinks, 0);
    assert.equal(session.lastFullLinkReason, "settings changed");
  });

  it("leaves the model's layers plain data (the recording's accessors are gone)", () => {
    const { files } = parseFixture(SHOP);
    const memo = new LinkMemo();
    return analyzeWorkspace(files, DEFAULT_SETTINGS).then((r) => {
      const recorded = runToEnd(analyzeFactsSteps(r.facts, DEFAULT_SETTINGS, memo));
      for (const layer of recorded.model.layers) {
        for (const field of ["maxAttempts", "attemptsNote", "disabled"]) {
          const d = Object.getOwnPropertyDescriptor(layer, field);
          assert.ok(d && "value" in d && d.writable && d.enumerable, `${layer.id}.${field} is a data property`);
        }
      }
      assert.doesNotThrow(() => serialize(recorded.model.layers));
      assert.equal(canonicalResult(recorded), canonicalResult(r));
    });
  });

  it("files added or removed link in full; the same facts as new objects relink", async () => {
    const { files } = parseFixture(SHOP);
    const r = await analyzeWorkspace(files, DEFAULT_SETTINGS);
    const memo = new LinkMemo();
    runToEnd(analyzeFactsSteps(r.facts, DEFAULT_SETTINGS, memo));
    const copies = r.facts.map((f) => ({ ...f }));
    const more = runToEnd(analyzeFactsSteps([...copies, ...copies.map((f) => ({ ...f, path: `copy/${f.path}` }))], DEFAULT_SETTINGS, memo));
    assert.equal(memo.countRelinks, 0);
    assert.equal(memo.lastRefusal, "files added or removed");
    assert.ok(more.model.layers.length > r.model.layers.length);
    // every file a new object with the same fields: counts only (none changed), relinked to the same result
    runToEnd(analyzeFactsSteps(r.facts, DEFAULT_SETTINGS, memo));
    const same = runToEnd(analyzeFactsSteps(copies, DEFAULT_SETTINGS, memo));
    assert.equal(memo.countRelinks, 1, memo.lastRefusal);
    assert.equal(canonicalResult(same), canonicalResult(r));
  });
});
