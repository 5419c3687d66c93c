/**
 * Fixes on backoff decorators (reference §1.2): jitter=None removed so the default full_jitter
 * applies (RL004), max_tries added where only max_time or nothing bounds it (RL002), max_tries
 * lowered (RL001 cap) and the decorator removed with the imports nothing else needs.
 */
import { fixCases } from "./fixCases";

fixCases("backoff", [
  {
    name: "jitter=None in the middle of a one-line decorator",
    workspace: `
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, jitter=None, max_tries=3)
def entry(entry_id):
    return requests.get(f"{LEDGER}/entries/{entry_id}", timeout=2).json()
`,
    finding: "RL004 billing/ledger.py:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- billing/ledger.py
import backoff
import requests

LEDGER = "http://ledger:9000"


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3)
def entry(entry_id):
    return requests.get(f"{LEDGER}/entries/{entry_id}", timeout=2).json()
`,
  },
  {
    name: "jitter=None on its own line with a comment, trailing commas: the whole line goes",
    workspace: `
//- billing/ledger.py
import backoff
import requests


@backoff.on_exception(
    backoff.constant,
    requests.ConnectionError,
    interval=2,
    jitter=None,  # predictable spacing for the ledger
    max_tries=3,
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
    finding: "RL004 billing/ledger.py:5",
    fix: "preferred",
    after: `
//- billing/ledger.py
import backoff
import requests


@backoff.on_exception(
    backoff.constant,
    requests.ConnectionError,
    interval=2,
    max_tries=3,
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
  },
  {
    name: "jitter=None last, one per line without a trailing comma: the separating comma goes with it",
    workspace: `
//- billing/ledger.py
from backoff import expo, on_exception
import requests


@on_exception(
    expo,
    requests.ConnectionError,
    max_tries=4,
    jitter=None
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
    finding: "RL004 billing/ledger.py:5",
    fix: "preferred",
    after: `
//- billing/ledger.py
from backoff import expo, on_exception
import requests


@on_exception(
    expo,
    requests.ConnectionError,
    max_tries=4
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
  },
  {
    name: "on_predicate with jitter=None first among the keywords",
    workspace: `
//- jobs/poll.py
import backoff
import requests


@backoff.on_predicate(backoff.constant, jitter=None, interval=1, max_tries=3)
def job_done(job_id):
    return requests.get(f"http://jobs:8080/jobs/{job_id}", timeout=1).json()["done"]
`,
    finding: "RL004 jobs/poll.py:5",
    fix: "preferred",
    after: `
//- jobs/poll.py
import backoff
import requests


@backoff.on_predicate(backoff.constant, interval=1, max_tries=3)
def job_done(job_id):
    return requests.get(f"http://jobs:8080/jobs/{job_id}", timeout=1).json()["done"]
`,
  },
  {
    name: "only max_time bounds it: max_tries=3 is added beside it",
    workspace: `
//- catalog/items.py
from backoff import expo, on_exception
import requests


@on_exception(expo, requests.ConnectionError, max_time=30)
def item(sku):
    return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL002 catalog/items.py:5",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- catalog/items.py
from backoff import expo, on_exception
import requests


@on_exception(expo, requests.ConnectionError, max_time=30, max_tries=3)
def item(sku):
    return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "no bound at all, one argument per line with a trailing comma",
    workspace: `
//- catalog/items.py
import backoff
import requests


@backoff.on_exception(
    backoff.expo,
    (requests.ConnectionError, requests.Timeout),
)
def item(sku):
    return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL002 catalog/items.py:5",
    fix: "preferred",
    after: `
//- catalog/items.py
import backoff
import requests


@backoff.on_exception(
    backoff.expo,
    (requests.ConnectionError, requests.Timeout),
    max_tries=3,
)
def item(sku):
    return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "a single layer of 8 attempts is lowered to the threshold",
    workspace: `
//- storefront/prices.py
import backoff
import requests


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=8)
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    finding: "RL001 storefront/prices.py:5",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- storefront/prices.py
import backoff
import requests


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=3)
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
  },
  {
    name: "removing the decorator drops `from backoff import …` names nothing else uses",
    workspace: `
//- storefront/prices.py
import requests
from backoff import constant, expo, on_exception


@on_exception(expo, requests.ConnectionError, max_tries=8)
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()


@on_exception(constant, requests.ConnectionError, interval=1, max_tries=2)
def currency(code):
    return requests.get(f"http://pricing:8080/currencies/{code}", timeout=1).json()
`,
    finding: "RL001 storefront/prices.py:5",
    fix: "Remove the @backoff decorator",
    after: `
//- storefront/prices.py
import requests
from backoff import constant, on_exception


def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()


@on_exception(constant, requests.ConnectionError, interval=1, max_tries=2)
def currency(code):
    return requests.get(f"http://pricing:8080/currencies/{code}", timeout=1).json()
`,
  },
  {
    name: "removing the only backoff decorator drops import backoff",
    workspace: `
//- storefront/prices.py
import backoff
import requests


@backoff.on_exception(backoff.expo, requests.ConnectionError, max_tries=8)
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    finding: "RL001 storefront/prices.py:5",
    fix: "Remove the @backoff decorator",
    after: `
//- storefront/prices.py
import requests


def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
  },
  {
    name: "Windows line endings: the jitter=None line is removed with its CRLF",
    crlf: true,
    workspace: `
//- billing/ledger.py
import backoff
import requests


@backoff.on_exception(
    backoff.expo,
    requests.ConnectionError,
    jitter=None,
    max_tries=3,
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
    finding: "RL004 billing/ledger.py:5",
    fix: "preferred",
    after: `
//- billing/ledger.py
import backoff
import requests


@backoff.on_exception(
    backoff.expo,
    requests.ConnectionError,
    max_tries=3,
)
def entry(entry_id):
    return requests.get(f"http://ledger:9000/entries/{entry_id}", timeout=2).json()
`,
  },
]);
