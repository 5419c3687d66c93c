/**
 * RL005 fixes: an Idempotency-Key header derived from a stable request id in scope (a
 * parameter such as order_id, the same for every attempt) on requests / httpx / axios / fetch
 * writes — merged into headers that already exist, in the file's quote style — and, when no
 * such id exists, the fallback that narrows the retrying layer to failures before sending:
 * tenacity retry_if_exception_type(connect errors), urllib3 allowed_methods without POST/PATCH,
 * axios-retry retryCondition, Istio retryOn (reference §1.1, §1.3, §1.5, §2.1, §4.1).
 */
import { fixCases } from "./fixCases";

const tsPackage = (name: string) => `
//- ${name}/package.json
{ "name": "${name}", "private": true, "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.5.0" } }`;

/** orders (namespace shop, sidecar injected) and a VirtualService retrying 5xx on payments */
const mesh = (retryOn: string) => `
//- k8s/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- k8s/bff.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bff
  namespace: shop
spec:
  selector:
    matchLabels: { app: bff }
  template:
    metadata:
      labels: { app: bff }
    spec:
      containers:
        - name: bff
          image: registry.example.com/shop/bff:1.4.0
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 2
        retryOn: ${retryOn}
//- bff/package.json
{ "name": "bff", "private": true, "dependencies": { "express": "^4.21.0" } }`;

fixCases("idempotency", [
  // ------------------------------------------------------------------ a stable id in scope
  {
    name: "requests.post in a one-line call under tenacity: headers= added, key from order_id",
    workspace: `
//- orders/payments.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = "http://payments:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def charge(order_id, cents):
    resp = requests.post(f"{PAYMENTS}/charges", json={"order": order_id, "cents": cents}, timeout=2)
    resp.raise_for_status()
    return resp.json()
`,
    finding: "RL005 orders/payments.py:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/payments.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = "http://payments:8080"


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def charge(order_id, cents):
    resp = requests.post(f"{PAYMENTS}/charges", json={"order": order_id, "cents": cents}, timeout=2, headers={"Idempotency-Key": f"charge-{order_id}"})
    resp.raise_for_status()
    return resp.json()
`,
  },
  {
    name: "a single-quoted file, one argument per line with a trailing comma: the key uses single quotes on a new line",
    workspace: `
//- orders/payments.py
'''Payments client.'''
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = 'http://payments:8080'


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def refund(payment_id, cents):
    resp = requests.post(
        f'{PAYMENTS}/refunds',
        json={'payment': payment_id, 'cents': cents},
        timeout=2,
    )
    return resp.json()
`,
    finding: "RL005 orders/payments.py:8",
    fix: "preferred",
    after: `
//- orders/payments.py
'''Payments client.'''
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

PAYMENTS = 'http://payments:8080'


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def refund(payment_id, cents):
    resp = requests.post(
        f'{PAYMENTS}/refunds',
        json={'payment': payment_id, 'cents': cents},
        timeout=2,
        headers={'Idempotency-Key': f'refund-{payment_id}'},
    )
    return resp.json()
`,
  },
  {
    name: "headers that already exist (a multi-line dict): the key is merged in as a new entry",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2, status_forcelist=[502, 503], allowed_methods=None)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(order_id, items):
    resp = session.post(
        "http://inventory:8000/reservations",
        json={"order_id": order_id, "items": items},
        headers={
            "X-Request-Source": "checkout",
            "Content-Type": "application/json"
        },
        timeout=1.0,
    )
    resp.raise_for_status()
    return resp.json()
`,
    finding: "RL005 platform/http.py:5",
    fix: "preferred",
    after: `
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(order_id, items):
    resp = session.post(
        "http://inventory:8000/reservations",
        json={"order_id": order_id, "items": items},
        headers={
            "X-Request-Source": "checkout",
            "Content-Type": "application/json",
            "Idempotency-Key": f"reserve-{order_id}"
        },
        timeout=1.0,
    )
    resp.raise_for_status()
    return resp.json()
`,
  },
  {
    name: "headers that already exist on one line: merged after the last entry",
    workspace: `
//- orders/ledger.py
import httpx
from tenacity import retry, stop_after_attempt, wait_random_exponential

ledger = httpx.Client(base_url="http://ledger:9000", timeout=2.0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
def record(entry_id, amount):
    return ledger.post("/entries", json={"id": entry_id, "amount": amount}, headers={"X-Source": "orders"})
`,
    finding: "RL005 orders/ledger.py:7",
    fix: "preferred",
    after: `
//- orders/ledger.py
import httpx
from tenacity import retry, stop_after_attempt, wait_random_exponential

ledger = httpx.Client(base_url="http://ledger:9000", timeout=2.0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=1))
def record(entry_id, amount):
    return ledger.post("/entries", json={"id": entry_id, "amount": amount}, headers={"X-Source": "orders", "Idempotency-Key": f"record-{entry_id}"})
`,
  },
  {
    name: "axios post(url, data) without a config: a config argument with the header",
    workspace: `${tsPackage("bff")}
//- bff/src/orders.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const orders = axios.create({ baseURL: "http://orders:8080", timeout: 2000 });
axiosRetry(orders, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function createOrder(orderId: string, body: unknown) {
  return (await orders.post("/orders", body)).data;
}
`,
    finding: "RL005 bff/src/orders.ts:5",
    fix: "preferred",
    after: `
//- bff/src/orders.ts
import axios from "axios";
import axiosRetry from "axios-retry";

const orders = axios.create({ baseURL: "http://orders:8080", timeout: 2000 });
axiosRetry(orders, { retries: 2, retryDelay: axiosRetry.exponentialDelay });

export async function createOrder(orderId: string, body: unknown) {
  return (await orders.post("/orders", body, { headers: { "Idempotency-Key": \`create-\${orderId}\` } })).data;
}
`,
  },
  {
    name: "axios post with a config whose headers span lines (trailing comma): merged, single-quoted file",
    workspace: `${tsPackage("bff")}
//- bff/src/payments.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const payments = axios.create({ baseURL: 'http://payments:8080', timeout: 3000 })
axiosRetry(payments, { retries: 1, retryDelay: axiosRetry.exponentialDelay })

export const charge = async (paymentId: string, cents: number) => {
  const res = await payments.post('/charges', { paymentId, cents }, {
    headers: {
      'Content-Type': 'application/json',
    },
  })
  return res.data
}
`,
    finding: "RL005 bff/src/payments.ts:5",
    fix: "preferred",
    after: `
//- bff/src/payments.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const payments = axios.create({ baseURL: 'http://payments:8080', timeout: 3000 })
axiosRetry(payments, { retries: 1, retryDelay: axiosRetry.exponentialDelay })

export const charge = async (paymentId: string, cents: number) => {
  const res = await payments.post('/charges', { paymentId, cents }, {
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': \`charge-\${paymentId}\`,
    },
  })
  return res.data
}
`,
  },
  {
    name: "fetch(url, init) retried by an Istio route: the header goes into init (no headers yet)",
    workspace: `${mesh("5xx,connect-failure")}
//- bff/src/payments.ts
const PAYMENTS = "http://payments.shop.svc.cluster.local:8080";

export async function capture(paymentId: string) {
  return fetch(\`\${PAYMENTS}/captures\`, { method: "POST", body: JSON.stringify({ paymentId }) });
}
`,
    finding: "RL005 k8s/payments-vs.yaml:13",
    fix: "preferred",
    safety: "safe",
    after: `
//- bff/src/payments.ts
const PAYMENTS = "http://payments.shop.svc.cluster.local:8080";

export async function capture(paymentId: string) {
  return fetch(\`\${PAYMENTS}/captures\`, { method: "POST", body: JSON.stringify({ paymentId }), headers: { "Idempotency-Key": \`capture-\${paymentId}\` } });
}
`,
  },
  {
    name: "two fetch writes, each with a stable id: one fix adds both keys (one into existing multi-line headers)",
    workspace: `${mesh("5xx,connect-failure")}
//- bff/src/payments.ts
const PAYMENTS = "http://payments.shop.svc.cluster.local:8080";

export async function capture(paymentId: string) {
  return fetch(\`\${PAYMENTS}/captures\`, { method: "POST" });
}

export async function refund(refundId: string) {
  return fetch(\`\${PAYMENTS}/refunds\`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json"
    }
  });
}
`,
    finding: "RL005 k8s/payments-vs.yaml:13",
    fix: "Add an Idempotency-Key header to 2 writes",
    after: `
//- bff/src/payments.ts
const PAYMENTS = "http://payments.shop.svc.cluster.local:8080";

export async function capture(paymentId: string) {
  return fetch(\`\${PAYMENTS}/captures\`, { method: "POST", headers: { "Idempotency-Key": \`capture-\${paymentId}\` } });
}

export async function refund(refundId: string) {
  return fetch(\`\${PAYMENTS}/refunds\`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Idempotency-Key": \`refund-\${refundId}\`
    }
  });
}
`,
  },
  // ------------------------------------------------- no stable id: retry only before sending
  {
    name: "no stable id, requests under tenacity: retry only ConnectTimeout (requests.ConnectTimeout under import requests)",
    workspace: `
//- orders/payments.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def charge(cents):
    return requests.post("http://payments:8080/charges", json={"cents": cents}, timeout=2).json()
`,
    finding: "RL005 orders/payments.py:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/payments.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2), retry=retry_if_exception_type((requests.ConnectTimeout,)))
def charge(cents):
    return requests.post("http://payments:8080/charges", json={"cents": cents}, timeout=2).json()
`,
  },
  {
    name: "no stable id, httpx under a multi-line tenacity decorator: an existing retry= replaced by connect errors",
    workspace: `
//- orders/ledger.py
import httpx
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
)

ledger = httpx.Client(base_url="http://ledger:9000", timeout=2.0)


@retry(
    stop=stop_after_attempt(3),
    retry=retry_if_exception_type(httpx.TransportError),
)
def record(amount):
    return ledger.post("/entries", json={"amount": amount})
`,
    finding: "RL005 orders/ledger.py:11",
    fix: "preferred",
    after: `
//- orders/ledger.py
import httpx
from tenacity import (
    retry,
    retry_if_exception_type,
    stop_after_attempt,
)

ledger = httpx.Client(base_url="http://ledger:9000", timeout=2.0)


@retry(
    stop=stop_after_attempt(3),
    retry=retry_if_exception_type((httpx.ConnectError, httpx.ConnectTimeout)),
)
def record(amount):
    return ledger.post("/entries", json={"amount": amount})
`,
  },
  {
    name: "no stable id, urllib3 allowed_methods=None: the argument is dropped (the default excludes POST)",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(
    total=2,
    backoff_factor=0.2,
    backoff_jitter=0.2,
    allowed_methods=None,  # retry everything
    status_forcelist=[502, 503],
)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(items):
    return session.post("http://inventory:8000/reservations", json={"items": items}, timeout=1.0).json()
`,
    finding: "RL005 platform/http.py:5",
    fix: "preferred",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(
    total=2,
    backoff_factor=0.2,
    backoff_jitter=0.2,
    status_forcelist=[502, 503],
)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "no stable id, allowed_methods=frozenset([...]) listing POST: only the POST item goes",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2, allowed_methods=frozenset(["GET", "POST", "PUT"]))
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(items):
    return session.post("http://inventory:8000/reservations", json={"items": items}, timeout=1.0).json()
`,
    finding: "RL005 platform/http.py:5",
    fix: "preferred",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2, allowed_methods=frozenset(["GET", "PUT"]))
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "no stable id, allowed_methods = the default | {\"POST\"}: what is left is the default, so the argument goes",
    workspace: `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2, allowed_methods=Retry.DEFAULT_ALLOWED_METHODS | {"POST"})
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
//- checkout/inventory_client.py
from platform.http import session


def reserve_stock(items):
    return session.post("http://inventory:8000/reservations", json={"items": items}, timeout=1.0).json()
`,
    finding: "RL005 platform/http.py:5",
    fix: "preferred",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

_retry = Retry(total=2, backoff_factor=0.2, backoff_jitter=0.2)
session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=_retry))
`,
  },
  {
    name: "no stable id, axios-retry in a single-quoted file: retryCondition in the file's quotes",
    workspace: `${tsPackage("bff")}
//- bff/src/orders.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const orders = axios.create({ baseURL: 'http://orders:8080', timeout: 2000 })
axiosRetry(orders, {
  retries: 2,
  retryDelay: axiosRetry.exponentialDelay,
})

export async function checkout(body: unknown) {
  return (await orders.post('/orders', body)).data
}
`,
    finding: "RL005 bff/src/orders.ts:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- bff/src/orders.ts
import axios from 'axios'
import axiosRetry from 'axios-retry'

const orders = axios.create({ baseURL: 'http://orders:8080', timeout: 2000 })
axiosRetry(orders, {
  retries: 2,
  retryDelay: axiosRetry.exponentialDelay,
  retryCondition: (error) => error.code === 'ECONNREFUSED' || axiosRetry.isIdempotentRequestError(error),
})

export async function checkout(body: unknown) {
  return (await orders.post('/orders', body)).data
}
`,
  },
  {
    name: "no stable id on one of two fetch writes: no key fix, the Istio route is narrowed instead",
    workspace: `${mesh("5xx,connect-failure  # was gateway-error")}
//- bff/src/payments.ts
const PAYMENTS = "http://payments.shop.svc.cluster.local:8080";

export async function capture(paymentId: string) {
  return fetch(\`\${PAYMENTS}/captures\`, { method: "POST", body: JSON.stringify({ paymentId }) });
}

export async function payout(cents: number) {
  return fetch(\`\${PAYMENTS}/payouts\`, { method: "POST", body: JSON.stringify({ cents }) });
}
`,
    finding: "RL005 k8s/payments-vs.yaml:13",
    fix: "preferred",
    safety: "safe",
    after: `
//- k8s/payments-vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: shop
spec:
  hosts:
    - payments.shop.svc.cluster.local
  http:
    - route:
        - destination:
            host: payments.shop.svc.cluster.local
      retries:
        attempts: 2
        retryOn: connect-failure,refused-stream,reset-before-request  # was gateway-error
`,
  },
]);
