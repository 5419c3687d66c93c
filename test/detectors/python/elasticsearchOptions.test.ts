// elasticsearch-py options the client gets through a dict (docs/reference/elasticsearch.md,
// elastic-transport 9.4.2 `_transport.py`: max_retries=3 counts retries): `Elasticsearch(**defaults)`
// with `defaults` a literal of the function, updated with the wrapper's `**kwargs`; a call of the
// wrapper that sets max_retries builds a client of its own.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const WRAPPER = `from django.conf import settings
from elasticsearch import Elasticsearch

LIMITS = 7

def es_client(**kwargs):
    defaults = {"request_timeout": settings.ES_TIMEOUT, "retry_on_timeout": True, "max_retries": 3}
    defaults.update(kwargs)
    hosts = []
    for url in settings.ES_URLS:
        hosts.append(url)
    defaults.update({"hosts": hosts})
    return Elasticsearch(**defaults)

def bulk_index(docs):
    es_bulk(es_client(request_timeout=5, max_retries=1), docs)

def slow_bulk(docs):
    es_bulk(es_client(max_retries=settings.ES_BULK_MAX_RETRIES), docs)

def plain(docs):
    es_bulk(es_client(request_timeout=30), docs)

def search(q):
    return es_client().search(index="x", query=q)
`;

describe("elasticsearch-py: options through a dict and a wrapper's keywords", () => {
  test("Elasticsearch(**defaults): the dict's max_retries is written (config), anchored on its entry; the wrapper returns the client", async () => {
    const f = await py(WRAPPER, "search/es_utils.py");
    const own = f.layers.find((l) => l.label === "Elasticsearch")!;
    assert.equal(own.maxAttempts, 4);
    assert.equal(own.attemptsSource, "config");
    assert.equal(own.anchor.line, 7);
    assert.match(own.attemptsNote, /max_retries=3 → 4 attempts .*\(in \*\*defaults\); retry_on_timeout=True/);
    const client = f.clients.find((c) => c.library === "elasticsearch-py")!;
    assert.equal(f.functions.find((fn) => fn.id === "es_client")!.returnsClientId, client.id);
    assert.deepEqual(client.baseUrl, { kind: "string", value: "http://elasticsearch" }, "a host list built in the function is not read");
  });
  test("a caller's max_retries replaces the default set before defaults.update(kwargs): a layer at the caller's keyword", async () => {
    const f = await py(WRAPPER, "search/es_utils.py");
    const sites = f.layers.filter((l) => l.label === "es_client()");
    assert.deepEqual(sites.map((l) => [l.anchor.line, l.maxAttempts]), [[16, 2], [19, null]]);
    assert.match(sites[0]!.attemptsNote, /max_retries=1 → 2 attempts .*bulk_index\(…\) builds the client through es_client\(\)\); retry_on_timeout=True/);
    // a setting of the project: the linker reads it (LayerFact.countExpr: value + 1)
    assert.deepEqual(sites[1]!.countExpr?.value, { kind: "ref", name: "settings.ES_BULK_MAX_RETRIES" });
    assert.equal(sites[1]!.countExpr?.offset, 1);
  });
  test("keys set after the caller's keywords are merged win; a wrapper that forwards nothing makes no caller layers", async () => {
    const f = await py(`from elasticsearch import Elasticsearch\n\ndef client(**kwargs):\n    opts = {"max_retries": 2}\n    opts.update(kwargs)\n    opts.update(max_retries=5)\n    return Elasticsearch(**opts)\n\ndef other(**kwargs):\n    return Elasticsearch(max_retries=1)\n\nclient(max_retries=9).search(index="x")\nother(max_retries=9)\n`);
    assert.deepEqual(f.layers.map((l) => [l.label, l.anchor.line, l.maxAttempts]), [["Elasticsearch", 6, 6], ["Elasticsearch", 10, 2]]);
  });
});
