/**
 * Fixes on urllib3 `Retry` (reference §1.3), requests `HTTPAdapter(max_retries=int)` (§1.4),
 * urllib3 `PoolManager` with its default `Retry(3)` (§1.3) and httpx transports (§1.5): backoff
 * with jitter (RL003), jitter beside an existing backoff_factor (RL004), the attempts cap and
 * turning retries off (RL001).
 */
import { fixCases } from "./fixCases";

fixCases("urllib3", [
  {
    name: "Retry inline in HTTPAdapter without backoff: backoff_factor and backoff_jitter in one insertion",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504])))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    finding: "RL003 platform/http.py:6",
    fix: "preferred",
    safety: "safe",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504], backoff_factor=0.5, backoff_jitter=0.5)))
`,
  },
  {
    name: "Retry with backoff_factor, one keyword per line with a trailing comma: backoff_jitter takes the same value",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

retry = Retry(
    total=2,
    backoff_factor=0.3,
    status_forcelist=[502, 503, 504],
)
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=retry))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"https://pricing:8443/prices/{sku}", timeout=1).json()
`,
    finding: "RL004 platform/http.py:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

retry = Retry(
    total=2,
    backoff_factor=0.3,
    status_forcelist=[502, 503, 504],
    backoff_jitter=0.3,
)
session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=retry))
`,
  },
  {
    name: "Retry one keyword per line without a trailing comma, positional total",
    workspace: `
//- reports/publisher.py
import requests
from requests.adapters import HTTPAdapter
from urllib3 import Retry

session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=Retry(2,
                                                        backoff_factor=1,
                                                        status_forcelist=[503])))


def publish(report_id):
    return session.get(f"https://storage:9000/reports/{report_id}", timeout=5)
`,
    finding: "RL004 reports/publisher.py:6",
    fix: "preferred",
    after: `
//- reports/publisher.py
import requests
from requests.adapters import HTTPAdapter
from urllib3 import Retry

session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=Retry(2,
                                                        backoff_factor=1,
                                                        status_forcelist=[503],
                                                        backoff_jitter=1)))


def publish(report_id):
    return session.get(f"https://storage:9000/reports/{report_id}", timeout=5)
`,
  },
  {
    name: "HTTPAdapter(max_retries=3): the int becomes a Retry with the same total, and Retry is imported",
    workspace: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter

s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=3))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL003 storefront/catalog_client.py:5",
    fix: "preferred",
    after: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5)))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "HTTPAdapter(max_retries=2) where Retry is already imported from urllib3.util: no second import",
    workspace: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=2))
s.mount("https://", HTTPAdapter(max_retries=Retry(total=0)))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL003 storefront/catalog_client.py:6",
    fix: "preferred",
    after: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

s = requests.Session()
s.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.5, backoff_jitter=0.5)))
s.mount("https://", HTTPAdapter(max_retries=Retry(total=0)))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "a PoolManager with the default Retry(3): retries= spelled out with backoff, as urllib3.Retry under import urllib3",
    workspace: `
//- storefront/catalog_client.py
import urllib3

http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=1.0, read=2.0))


def item(sku):
    return http.request("GET", f"http://catalog:8080/items/{sku}").json()
`,
    finding: "RL003 storefront/catalog_client.py:3",
    fix: "preferred",
    after: `
//- storefront/catalog_client.py
import urllib3

http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=1.0, read=2.0), retries=urllib3.Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5))


def item(sku):
    return http.request("GET", f"http://catalog:8080/items/{sku}").json()
`,
  },
  {
    name: "a PoolManager's default Retry(3) is 4 attempts: lowered to retries=2",
    workspace: `
//- storefront/catalog_client.py
import urllib3

http = urllib3.PoolManager(
    timeout=urllib3.Timeout(connect=1.0, read=2.0),
)


def item(sku):
    return http.request("GET", f"http://catalog:8080/items/{sku}").json()
`,
    finding: "RL001 storefront/catalog_client.py:3",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- storefront/catalog_client.py
import urllib3

http = urllib3.PoolManager(
    timeout=urllib3.Timeout(connect=1.0, read=2.0),
    retries=2,
)


def item(sku):
    return http.request("GET", f"http://catalog:8080/items/{sku}").json()
`,
  },
  {
    name: "positional Retry(5) lowered to the threshold",
    workspace: `
//- storefront/search_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(5, backoff_factor=0.2, backoff_jitter=0.2)))


def search(query):
    return session.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
    finding: "RL001 storefront/search_client.py:6",
    fix: "preferred",
    after: `
//- storefront/search_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(2, backoff_factor=0.2, backoff_jitter=0.2)))


def search(query):
    return session.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
  },
  {
    name: "turning a Retry off: total=0",
    workspace: `
//- storefront/search_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=5, backoff_factor=0.2, backoff_jitter=0.2)))


def search(query):
    return session.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
    finding: "RL001 storefront/search_client.py:6",
    fix: "Turn off these retries",
    safety: "unsafe",
    after: `
//- storefront/search_client.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=0, backoff_factor=0.2, backoff_jitter=0.2)))


def search(query):
    return session.get("http://search:8080/q", params={"q": query}, timeout=1).json()
`,
  },
  {
    name: "HTTPAdapter(max_retries=5) lowered; the adapter keeps its int",
    workspace: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter

s = requests.Session()
s.mount("http://", HTTPAdapter(pool_maxsize=20, max_retries=5))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
    finding: "RL001 storefront/catalog_client.py:5",
    fix: "preferred",
    after: `
//- storefront/catalog_client.py
import requests
from requests.adapters import HTTPAdapter

s = requests.Session()
s.mount("http://", HTTPAdapter(pool_maxsize=20, max_retries=2))


def item(sku):
    return s.get(f"http://catalog:8080/items/{sku}", timeout=1).json()
`,
  },
  {
    name: "an httpx transport with retries=5 lowered to retries=2 (one argument per line)",
    workspace: `
//- storefront/search_client.py
import httpx

client = httpx.Client(
    base_url="http://search:8080",
    transport=httpx.HTTPTransport(retries=5),
    timeout=2.0,
)


def search(query):
    return client.get("/q", params={"q": query}).json()
`,
    finding: "RL001 storefront/search_client.py:5",
    fix: "preferred",
    after: `
//- storefront/search_client.py
import httpx

client = httpx.Client(
    base_url="http://search:8080",
    transport=httpx.HTTPTransport(retries=2),
    timeout=2.0,
)


def search(query):
    return client.get("/q", params={"q": query}).json()
`,
  },
  {
    name: "an httpx transport turned off: retries=0",
    workspace: `
//- storefront/search_client.py
import httpx

transport = httpx.HTTPTransport(retries=5, http2=True)
client = httpx.Client(base_url="http://search:8080", transport=transport, timeout=2.0)


def search(query):
    return client.get("/q", params={"q": query}).json()
`,
    finding: "RL001 storefront/search_client.py:3",
    fix: "Turn off httpx transport retries",
    after: `
//- storefront/search_client.py
import httpx

transport = httpx.HTTPTransport(retries=0, http2=True)
client = httpx.Client(base_url="http://search:8080", transport=transport, timeout=2.0)


def search(query):
    return client.get("/q", params={"q": query}).json()
`,
  },
  {
    name: "Windows line endings: backoff_jitter on a new CRLF line",
    crlf: true,
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

retry = Retry(
    total=2,
    backoff_factor=0.5
)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=retry))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`,
    finding: "RL004 platform/http.py:5",
    fix: "preferred",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

retry = Retry(
    total=2,
    backoff_factor=0.5,
    backoff_jitter=0.5
)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=retry))
`,
  },
]);
