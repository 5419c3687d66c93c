/**
 * Django: `settings.NAME` (django.conf) is NAME of the project's settings module
 * (django/conf/__init__.py `Settings`: the uppercase names of DJANGO_SETTINGS_MODULE); a value
 * there read with python-decouple `config("NAME", default=…)` is the environment's, else the default
 * (decouple `Config.get`: os.environ first, then the repository, then the default).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("Django settings read through django.conf.settings", () => {
  test("a wrapper's max_retries=settings.X: the settings module's decouple default counts", async () => {
    const result = await checkFixture(`
//! rules RL001
//- proj/settings.py
from decouple import config

ES_BULK_MAX_RETRIES = config("ES_BULK_MAX_RETRIES", default=1, cast=int)
//- proj/search/es_utils.py
from django.conf import settings
from elasticsearch import Elasticsearch


def es_client(**kwargs):
    defaults = {"retry_on_timeout": True, "max_retries": 3}
        # ^ layer ×4
    defaults.update(kwargs)
    return Elasticsearch(**defaults)


def bulk_index(docs):
    es_bulk(es_client(max_retries=settings.ES_BULK_MAX_RETRIES), docs)
                      # ^ layer ×2
`);
    assert.match(layerAt(result, "proj/search/es_utils.py:12").attemptsNote, /settings\.ES_BULK_MAX_RETRIES = 1 → 2 attempts/);
  });
  test("several settings modules defining the name: not known", async () => {
    await checkFixture(`
//! rules RL001
//- proj/settings.py
RETRIES = 4
//- proj/conf/settings.py
RETRIES = 6
//- proj/jobs.py
from django.conf import settings
from elasticsearch import Elasticsearch

es = Elasticsearch("http://search:9200", max_retries=settings.RETRIES)
                                         # ^ layer ×∞
`);
  });
});
