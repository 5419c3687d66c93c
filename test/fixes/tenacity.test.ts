/**
 * Fixes on tenacity layers (reference §1.1): jitter, changing the jitter only (RL004: wait_fixed(x)
 * → wait_random(0, x), full jitter under the same bound; wait_exponential → wait_random_exponential with the same arguments),
 * backoff where there is none (RL003), a count bound (RL002, keeping a time-only stop), the
 * attempts cap and the decorator's removal (RL001) — across the layouts real code has.
 */
import { fixCases } from "./fixCases";

fixCases("tenacity", [
  {
    name: "wait_fixed on a one-line decorator: full jitter under the same bound, the import is swapped in place (nothing else uses wait_fixed)",
    workspace: `
//- catalog/stock.py
import requests
from tenacity import retry, stop_after_attempt, wait_fixed

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(3), wait=wait_fixed(2))
def stock_level(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()["level"]
`,
    finding: "RL004 catalog/stock.py:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- catalog/stock.py
import requests
from tenacity import retry, stop_after_attempt, wait_random

INVENTORY = "http://inventory:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random(0, 2))
def stock_level(sku):
    return requests.get(f"{INVENTORY}/stock/{sku}", timeout=1).json()["level"]
`,
  },
  {
    name: "wait_exponential(multiplier=…, max=…) keeps its arguments; parenthesised multi-line import keeps its layout",
    workspace: `
//- billing/ledger.py
import requests
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential,
)

LEDGER = "http://ledger:9000"


@retry(
    stop=stop_after_attempt(3),
    wait=wait_exponential(multiplier=0.5, max=4),
    retry=retry_if_exception_type(requests.ConnectionError),
)
def entry(entry_id):
    return requests.get(f"{LEDGER}/entries/{entry_id}", timeout=2).json()
`,
    finding: "RL004 billing/ledger.py:12",
    fix: "Use full jitter",
    after: `
//- billing/ledger.py
import requests
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
    wait_random_exponential,
)

LEDGER = "http://ledger:9000"


@retry(
    stop=stop_after_attempt(3),
    wait=wait_random_exponential(multiplier=0.5, max=4),
    retry=retry_if_exception_type(requests.ConnectionError),
)
def entry(entry_id):
    return requests.get(f"{LEDGER}/entries/{entry_id}", timeout=2).json()
`,
  },
  {
    name: "import tenacity + qualified tenacity.retry(...): the replacement is qualified too, no import edit",
    workspace: `
//- pricing/client.py
import requests
import tenacity


@tenacity.retry(stop=tenacity.stop_after_attempt(3), wait=tenacity.wait_exponential(multiplier=1, max=10))
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    finding: "RL004 pricing/client.py:5",
    fix: "preferred",
    after: `
//- pricing/client.py
import requests
import tenacity


@tenacity.retry(stop=tenacity.stop_after_attempt(3), wait=tenacity.wait_random_exponential(multiplier=1, max=10))
def price(sku):
    return requests.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
  },
  {
    name: "aliased import (wait_exponential as wexp): the alias is resolved and the aliased import replaced",
    workspace: `
//- search/client.py
import requests
from tenacity import retry as retrying, stop_after_attempt as attempts, wait_exponential as wexp


@retrying(stop=attempts(3), wait=wexp(multiplier=0.2, max=2))
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
    finding: "RL004 search/client.py:5",
    fix: "preferred",
    after: `
//- search/client.py
import requests
from tenacity import retry as retrying, stop_after_attempt as attempts, wait_random_exponential


@retrying(stop=attempts(3), wait=wait_random_exponential(multiplier=0.2, max=2))
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
  },
  {
    name: "wait_fixed still used by another function, wait_random already imported: the import stays",
    workspace: `
//- reports/fetch.py
import requests
from tenacity import retry, stop_after_attempt, wait_fixed, wait_random


@retry(stop=stop_after_attempt(3), wait=wait_fixed(0.5))
def report(report_id):
    return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)


@retry(stop=stop_after_attempt(2), wait=wait_fixed(1) + wait_random(0, 1))
def index():
    return requests.get("http://storage:9000/reports", timeout=5)
`,
    finding: "RL004 reports/fetch.py:5",
    fix: "preferred",
    after: `
//- reports/fetch.py
import requests
from tenacity import retry, stop_after_attempt, wait_fixed, wait_random


@retry(stop=stop_after_attempt(3), wait=wait_random(0, 0.5))
def report(report_id):
    return requests.get(f"http://storage:9000/reports/{report_id}", timeout=5)


@retry(stop=stop_after_attempt(2), wait=wait_fixed(1) + wait_random(0, 1))
def index():
    return requests.get("http://storage:9000/reports", timeout=5)
`,
  },
  {
    name: "a wait with no jittered equivalent (wait_incrementing) gets wait_random(0, 1) added",
    workspace: `
//- orders/status.py
import requests
from tenacity import retry, stop_after_attempt, wait_incrementing


@retry(stop=stop_after_attempt(3), wait=wait_incrementing(start=1, increment=1))
def status(order_id):
    return requests.get(f"http://orders:8080/orders/{order_id}", timeout=1).json()
`,
    finding: "RL004 orders/status.py:5",
    fix: "preferred",
    after: `
//- orders/status.py
import requests
from tenacity import retry, stop_after_attempt, wait_incrementing, wait_random


@retry(stop=stop_after_attempt(3), wait=wait_incrementing(start=1, increment=1) + wait_random(0, 1))
def status(order_id):
    return requests.get(f"http://orders:8080/orders/{order_id}", timeout=1).json()
`,
  },
  {
    name: "Retrying(...) in a for loop: the wait argument of the call is replaced",
    workspace: `
//- catalog/items.py
import requests
from tenacity import Retrying, stop_after_attempt, wait_fixed


def item(sku):
    for attempt in Retrying(stop=stop_after_attempt(3), wait=wait_fixed(1)):
        with attempt:
            return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL004 catalog/items.py:6",
    fix: "preferred",
    after: `
//- catalog/items.py
import requests
from tenacity import Retrying, stop_after_attempt, wait_random


def item(sku):
    for attempt in Retrying(stop=stop_after_attempt(3), wait=wait_random(0, 1)):
        with attempt:
            return requests.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "bare @retry with no wait: the decorator becomes a call, the import gets the new name",
    workspace: `
//- inventory/client.py
import httpx
from tenacity import retry, stop_after_attempt

client = httpx.Client(base_url="http://inventory:8080", timeout=2.0)


@retry(stop=stop_after_attempt(3))
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
`,
    finding: "RL003 inventory/client.py:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- inventory/client.py
import httpx
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = httpx.Client(base_url="http://inventory:8080", timeout=2.0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=10))
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
`,
  },
  {
    name: "one argument per line without a trailing comma: a new line, the comma goes after the old last argument",
    workspace: `
//- shipping/rates.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt


@retry(
    stop=stop_after_attempt(3),
    retry=retry_if_exception_type(requests.ConnectionError)
)
def rates(zone):
    return requests.get(f"http://shipping:8080/rates/{zone}", timeout=1).json()
`,
    finding: "RL003 shipping/rates.py:5",
    fix: "preferred",
    after: `
//- shipping/rates.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(
    stop=stop_after_attempt(3),
    retry=retry_if_exception_type(requests.ConnectionError),
    wait=wait_random_exponential(multiplier=0.5, max=10)
)
def rates(zone):
    return requests.get(f"http://shipping:8080/rates/{zone}", timeout=1).json()
`,
  },
  {
    name: "arguments aligned under the open paren, a comment on the last line: the new argument is aligned, the comment stays",
    workspace: `
//- shipping/labels.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt


@retry(stop=stop_after_attempt(3),
       retry=retry_if_exception_type(requests.ConnectionError))  # labels are cheap to re-request
def label(parcel_id):
    return requests.get(f"http://shipping:8080/labels/{parcel_id}", timeout=1).content
`,
    finding: "RL003 shipping/labels.py:5",
    fix: "preferred",
    after: `
//- shipping/labels.py
import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3),
       retry=retry_if_exception_type(requests.ConnectionError),
       wait=wait_random_exponential(multiplier=0.5, max=10))  # labels are cheap to re-request
def label(parcel_id):
    return requests.get(f"http://shipping:8080/labels/{parcel_id}", timeout=1).content
`,
  },
  {
    name: "bare @retry, parenthesised multi-line import: stop=stop_after_attempt(3) and a new import line",
    workspace: `
//- catalog/inventory_client.py
import httpx
from tenacity import (
    retry,
    wait_random_exponential,
)

client = httpx.Client(base_url="http://inventory:8080", timeout=2.0)


@retry
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
`,
    finding: "RL002 catalog/inventory_client.py:10",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- catalog/inventory_client.py
import httpx
from tenacity import (
    retry,
    wait_random_exponential,
    stop_after_attempt,
)

client = httpx.Client(base_url="http://inventory:8080", timeout=2.0)


@retry(stop=stop_after_attempt(3))
def get_inventory(sku: str) -> dict:
    response = client.get(f"/inventory/{sku}")
    response.raise_for_status()
    return response.json()
`,
  },
  {
    name: "a time-only stop keeps its time bound: stop_after_attempt(3) | stop_after_delay(…), one argument per line with trailing comma",
    workspace: `
//- payments/status.py
import requests
from tenacity import retry, stop_after_delay, wait_random_exponential


@retry(
    stop=stop_after_delay(30),
    wait=wait_random_exponential(multiplier=0.5, max=5),
)
def payment_status(payment_id):
    return requests.get(f"http://payments:8080/payments/{payment_id}", timeout=2).json()
`,
    finding: "RL002 payments/status.py:5",
    fix: "preferred",
    after: `
//- payments/status.py
import requests
from tenacity import retry, stop_after_delay, wait_random_exponential, stop_after_attempt


@retry(
    stop=stop_after_attempt(3) | stop_after_delay(30),
    wait=wait_random_exponential(multiplier=0.5, max=5),
)
def payment_status(payment_id):
    return requests.get(f"http://payments:8080/payments/{payment_id}", timeout=2).json()
`,
  },
  {
    name: "stop=stop_never is replaced (not or-ed), and its import dropped",
    workspace: `
//- feeds/poll.py
import requests
from tenacity import retry, stop_never, wait_random_exponential


@retry(stop=stop_never, wait=wait_random_exponential(multiplier=1, max=30))
def poll(feed_id):
    return requests.get(f"http://feeds:8080/feeds/{feed_id}", timeout=5).json()
`,
    finding: "RL002 feeds/poll.py:5",
    fix: "preferred",
    after: `
//- feeds/poll.py
import requests
from tenacity import retry, wait_random_exponential, stop_after_attempt


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=1, max=30))
def poll(feed_id):
    return requests.get(f"http://feeds:8080/feeds/{feed_id}", timeout=5).json()
`,
  },
  {
    name: "import tenacity as t, bare @t.retry: the bound uses the alias",
    workspace: `
//- users/profile.py
import requests
import tenacity as t


@t.retry
def profile(user_id):
    return requests.get(f"http://users:8080/users/{user_id}", timeout=1).json()
`,
    finding: "RL002 users/profile.py:5",
    fix: "preferred",
    after: `
//- users/profile.py
import requests
import tenacity as t


@t.retry(stop=t.stop_after_attempt(3))
def profile(user_id):
    return requests.get(f"http://users:8080/users/{user_id}", timeout=1).json()
`,
  },
  {
    name: "a single layer over the threshold: stop_after_attempt(5) lowered to 3 inside a stop_any",
    workspace: `
//- catalog/search.py
import requests
from tenacity import retry, stop_after_attempt, stop_after_delay, wait_random_exponential


@retry(stop=(stop_after_attempt(5) | stop_after_delay(10)), wait=wait_random_exponential(max=2))
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
    finding: "RL001 catalog/search.py:5",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- catalog/search.py
import requests
from tenacity import retry, stop_after_attempt, stop_after_delay, wait_random_exponential


@retry(stop=(stop_after_attempt(3) | stop_after_delay(10)), wait=wait_random_exponential(max=2))
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
  },
  {
    name: "removing a multi-line decorator drops the tenacity names nothing else uses, in the parenthesised import's layout",
    workspace: `
//- catalog/search.py
import requests
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
    wait_random_exponential,
)


@retry(
    stop=stop_after_attempt(5),
    wait=wait_random_exponential(max=2),
)
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()


@retry(stop=stop_after_attempt(2), retry=retry_if_exception_type(requests.ConnectionError))
def suggest(prefix):
    return requests.get("http://search:8080/suggest", params={"p": prefix}, timeout=1).json()
`,
    finding: "RL001 catalog/search.py:10",
    fix: "Remove the @retry on search",
    safety: "unsafe",
    after: `
//- catalog/search.py
import requests
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
)


def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()


@retry(stop=stop_after_attempt(2), retry=retry_if_exception_type(requests.ConnectionError))
def suggest(prefix):
    return requests.get("http://search:8080/suggest", params={"p": prefix}, timeout=1).json()
`,
  },
  {
    name: "removing the only decorator of import tenacity drops the now unused import",
    workspace: `
//- catalog/search.py
import requests
import tenacity


@tenacity.retry(stop=tenacity.stop_after_attempt(5), wait=tenacity.wait_random_exponential(max=2))
def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
    finding: "RL001 catalog/search.py:5",
    fix: "Remove the @retry",
    after: `
//- catalog/search.py
import requests


def search(query):
    return requests.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
  },
  {
    name: "Windows line endings: the new argument line and the new import name keep CRLF",
    crlf: true,
    workspace: `
//- shipping/rates.py
import requests
from tenacity import retry, stop_after_attempt


@retry(
    stop=stop_after_attempt(3),
)
def rates(zone):
    return requests.get(f"http://shipping:8080/rates/{zone}", timeout=1).json()
`,
    finding: "RL003 shipping/rates.py:5",
    fix: "preferred",
    after: `
//- shipping/rates.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(
    stop=stop_after_attempt(3),
    wait=wait_random_exponential(multiplier=0.5, max=10),
)
def rates(zone):
    return requests.get(f"http://shipping:8080/rates/{zone}", timeout=1).json()
`,
  },
]);
