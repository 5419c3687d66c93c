/**
 * Reference §1 (Python, entries §1.1–§1.8): each library's defaults and number traps, with §5's
 * cross-cutting traps, run through the real extractors (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const IDEMPOTENT = ["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"];

const rows: Row[] = [
  // §1.1 tenacity
  {
    id: "§1.1", name: "tenacity bare @retry: stop_never (retries forever), wait_none, every Exception", covers: ["default", "§5.2"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry
      @retry
      def reserve(): ...
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["none", false], methods: "all", budget: null },
  },
  {
    id: "§1.1", name: "tenacity stop_after_attempt(3) counts attempts → 3", covers: ["§5.1"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry, stop_after_attempt
      @retry(stop=stop_after_attempt(3))
      def reserve(): ...
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["none", false] },
  },
  {
    id: "§1.1", name: "tenacity stop_a | stop_b is stop_any: the smaller bound wins (3 | 10 s → 3)", covers: ["trap"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry, stop_after_attempt, stop_after_delay, wait_exponential
      @retry(stop=stop_after_attempt(3) | stop_after_delay(10), wait=wait_exponential(multiplier=1, max=10))
      def reserve(): ...
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false, 1, 10] },
  },
  {
    id: "§1.1", name: "tenacity stop_a & stop_b is stop_all: with a time-only part only time bounds it → null, time-bounded", covers: ["trap", "§5.2"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry, stop_after_attempt, stop_after_delay
      @retry(stop=stop_after_attempt(3) & stop_after_delay(10))
      def reserve(): ...
    `,
    expect: { maxAttempts: null, timeBound: /stop_after_delay\(10\)/, wait: ["none", false] },
  },
  {
    id: "§1.1", name: "tenacity stop_after_attempt(2) & stop_after_attempt(5): stop_all takes the larger → 5", covers: ["trap"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry, stop_after_attempt
      @retry(stop=stop_after_attempt(2) & stop_after_attempt(5))
      def reserve(): ...
    `,
    expect: { maxAttempts: 5, wait: ["none", false] },
  },
  {
    id: "§1.1", name: "tenacity wait_fixed(3) + wait_random(0, 2) sums (3–5 s): the random part is jitter", covers: ["trap"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import retry, stop_after_attempt, wait_fixed, wait_random
      @retry(stop=stop_after_attempt(4), wait=wait_fixed(3) + wait_random(0, 2))
      def reserve(): ...
    `,
    expect: { maxAttempts: 4, wait: ["fixed", true, 3] },
  },
  {
    id: "§1.1", name: "tenacity wait_random_exponential is full jitter; for attempt in Retrying(...) form", covers: ["trap"],
    file: "svc/t.py", kind: "tenacity",
    code: src`
      from tenacity import Retrying, stop_after_attempt, wait_random_exponential
      def reserve():
          for attempt in Retrying(stop=stop_after_attempt(4), wait=wait_random_exponential(multiplier=1, max=8)):
              with attempt:
                  send()
    `,
    expect: { maxAttempts: 4, wait: ["exponential", true] },
  },
  // §1.2 backoff
  {
    id: "§1.2", name: "backoff.on_exception without max_tries/max_time: no limit; expo with full_jitter on by default", covers: ["default", "§5.2"],
    file: "svc/b.py", kind: "backoff",
    code: src`
      import backoff, requests
      @backoff.on_exception(backoff.expo, requests.exceptions.RequestException)
      def reserve(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", true, 1], budget: null },
  },
  {
    id: "§1.2", name: "backoff max_tries=5 counts attempts → 5", covers: ["§5.1"],
    file: "svc/b.py", kind: "backoff",
    code: src`
      import backoff, requests
      @backoff.on_exception(backoff.expo, requests.exceptions.RequestException, max_tries=5)
      def reserve(): ...
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "§1.2", name: "backoff max_time=60 alone: time-bounded, no count", covers: ["trap", "§5.2"],
    file: "svc/b.py", kind: "backoff",
    code: src`
      import backoff, requests
      @backoff.on_exception(backoff.expo, requests.exceptions.RequestException, max_time=60)
      def reserve(): ...
    `,
    expect: { maxAttempts: null, timeBound: /max_time=60/, wait: ["exponential", true], overallTimeoutSeconds: 60 },
  },
  {
    id: "§1.2", name: "backoff on_predicate(constant, interval=2, max_tries=3, jitter=None): jitter off only when disabled → 3", covers: ["trap"],
    file: "svc/b.py", kind: "backoff",
    code: src`
      import backoff
      @backoff.on_predicate(backoff.constant, interval=2, max_tries=3, jitter=None)
      def poll(): ...
    `,
    expect: { maxAttempts: 3, wait: ["fixed", false, 2] },
  },
  // §1.3 urllib3
  {
    id: "§1.3", name: "urllib3 Retry() defaults total=10 → 11; no backoff; POST/PATCH not re-sent (allowed_methods)", covers: ["default", "§5.1"],
    file: "svc/u.py", kind: "urllib3-retry",
    code: src`
      import urllib3
      from urllib3.util.retry import Retry
      http = urllib3.PoolManager(retries=Retry())
      def reserve():
          return http.request("GET", "http://inventory/x")
    `,
    expect: { maxAttempts: 11, attemptsSource: "default", wait: ["none", false], methods: IDEMPOTENT, budget: null },
  },
  {
    id: "§1.3", name: "urllib3 bare PoolManager() uses Retry.DEFAULT = Retry(3) → 4 (implicit layer)", covers: ["default", "§5.3"],
    file: "svc/u.py", kind: "urllib3-retry",
    code: src`
      import urllib3
      http = urllib3.PoolManager()
      def reserve():
          return http.request("POST", "http://inventory/x")
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["none", false], methods: IDEMPOTENT },
  },
  {
    id: "§1.3", name: "urllib3 Retry(total=5, backoff_factor=0.5, backoff_jitter=0.2) → 6; 0 s first, cap backoff_max 120 s, jitter", covers: ["§5.1", "trap"],
    file: "svc/u.py", kind: "urllib3-retry",
    code: src`
      import requests
      from requests.adapters import HTTPAdapter
      from urllib3.util.retry import Retry
      s = requests.Session()
      s.mount("https://", HTTPAdapter(max_retries=Retry(total=5, backoff_factor=0.5, backoff_jitter=0.2, status_forcelist=[502, 503])))
      def reserve():
          return s.get("https://inventory/x")
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", true, 0, 120], methods: IDEMPOTENT },
  },
  // §1.4 requests HTTPAdapter
  {
    id: "§1.4", name: "requests HTTPAdapter() default max_retries=0 → 1 attempt (no layer)", covers: ["default"],
    file: "svc/r.py", kind: "requests-adapter",
    code: src`
      import requests
      from requests.adapters import HTTPAdapter
      s = requests.Session()
      s.mount("https://", HTTPAdapter())
      def reserve():
          return s.get("https://inventory/x")
    `,
    expect: "none",
  },
  {
    id: "§1.4", name: "requests plain requests.get(): 1 attempt (no layer)", covers: ["default"],
    file: "svc/r.py", kind: "requests-adapter",
    code: src`
      import requests
      def reserve():
          return requests.get("https://inventory/x")
    `,
    expect: "none",
  },
  {
    id: "§1.4", name: "requests HTTPAdapter(max_retries=3): Retry.from_int(3) counts retries → 4, no backoff, idempotent re-sends", covers: ["§5.1", "trap"],
    file: "svc/r.py", kind: "requests-adapter",
    code: src`
      import requests
      from requests.adapters import HTTPAdapter
      s = requests.Session()
      s.mount("https://", HTTPAdapter(max_retries=3))
      def reserve():
          return s.post("https://inventory/x")
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false], methods: IDEMPOTENT, budget: null },
  },
  // §1.5 httpx
  {
    id: "§1.5", name: "httpx HTTPTransport() default retries=0 → 1 attempt (no layer)", covers: ["default"],
    file: "svc/h.py", kind: "httpx-transport",
    code: src`
      import httpx
      client = httpx.Client(transport=httpx.HTTPTransport())
      def reserve():
          return client.get("http://inventory/x")
    `,
    expect: "none",
  },
  {
    id: "§1.5", name: "httpx HTTPTransport(retries=2) → 3 connection attempts, connect phase only (never after sending), 0/0.5/1 s", covers: ["§5.1", "trap"],
    file: "svc/h.py", kind: "httpx-transport",
    code: src`
      import httpx
      client = httpx.Client(transport=httpx.HTTPTransport(retries=2))
      def reserve():
          return client.post("http://inventory/x")
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false, 0, null], methods: [], budget: null },
  },
  // §1.6 botocore / boto3
  {
    id: "§1.6", name: "boto3 client, no config: legacy mode, 5 attempts, random base uncapped, no quota (implicit layer)", covers: ["default", "§5.3"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      s3 = boto3.client("s3")
      def save():
          return s3.get_object(Bucket="b", Key="k")
    `,
    expect: { maxAttempts: 5, attemptsSource: "default", wait: ["exponential", true, 0, null], methods: "all", budget: null },
  },
  {
    id: "§1.6", name: "boto3 DynamoDB legacy default → 10 attempts", covers: ["default", "trap"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      ddb = boto3.client("dynamodb")
      def save():
          return ddb.put_item(TableName="t", Item={})
    `,
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["exponential", true] },
  },
  {
    id: "§1.6", name: "botocore Config(retries={'max_attempts': 4}) counts retries → 5; standard mode 500-token quota", covers: ["§5.1", "§5.5"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      from botocore.config import Config
      s3 = boto3.client("s3", config=Config(retries={"mode": "standard", "max_attempts": 4}))
      def save():
          return s3.get_object(Bucket="b", Key="k")
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true, 0, 20], budget: /500-token/ },
  },
  {
    id: "§1.6", name: "botocore {'mode': 'standard'} → 3 attempts, full jitter capped at 20 s, token bucket", covers: ["default", "§5.5"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      from botocore.config import Config
      s3 = boto3.client("s3", config=Config(retries={"mode": "standard"}))
      def save():
          return s3.get_object(Bucket="b", Key="k")
    `,
    expect: { maxAttempts: 3, wait: ["exponential", true, 0, 20], budget: /500-token/ },
  },
  {
    id: "§1.6", name: "botocore {'total_max_attempts': 4} counts attempts → 4", covers: ["§5.1"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      from botocore.config import Config
      s3 = boto3.client("s3", config=Config(retries={"total_max_attempts": 4}))
      def save():
          return s3.get_object(Bucket="b", Key="k")
    `,
    expect: { maxAttempts: 4, wait: ["exponential", true] },
  },
  {
    id: "§1.6", name: "botocore adaptive mode: same count as standard (max_attempts 2 → 3) plus the quota", covers: ["trap", "§5.5"],
    file: "svc/a.py", kind: "aws-sdk",
    code: src`
      import boto3
      from botocore.config import Config
      s3 = boto3.client("s3", config=Config(retries={"mode": "adaptive", "max_attempts": 2}))
      def save():
          return s3.get_object(Bucket="b", Key="k")
    `,
    expect: { maxAttempts: 3, wait: ["exponential", true], budget: /500-token/ },
  },
  {
    id: "§1.6", name: "AWS_MAX_ATTEMPTS=4 in the service's environment counts attempts → 4 (not 5)", covers: ["§5.1"],
    workspace: true, file: "orders/store.py", kind: "aws-sdk",
    code: `
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      AWS_MAX_ATTEMPTS: "4"
//- orders/store.py
import boto3
s3 = boto3.client("s3")
def save(order):
    s3.put_object(Bucket="b", Key="k", Body=b"")
`,
    expect: { maxAttempts: 4, wait: ["exponential", true] },
  },
  // §1.7 google-api-core
  {
    id: "§1.7", name: "google-api-core Retry(): no count, time-bounded by timeout 120 s; 1 s ×2 up to 60 s full jitter", covers: ["default", "§5.2", "§5.4"],
    file: "svc/g.py", kind: "google-api-core",
    code: src`
      from google.api_core import retry
      RETRY = retry.Retry()
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: /120/, wait: ["exponential", true, 1, 60], overallTimeoutSeconds: 120, budget: null },
  },
  {
    id: "§1.7", name: "google-api-core Retry(timeout=600, initial=0.1, multiplier=1.3): still no count, 600 s bound", covers: ["trap", "§5.4"],
    file: "svc/g.py", kind: "google-api-core",
    code: src`
      from google.api_core import retry, exceptions
      RETRY = retry.Retry(initial=0.1, maximum=60, multiplier=1.3, timeout=600, predicate=retry.if_exception_type(exceptions.ServiceUnavailable))
    `,
    expect: { maxAttempts: null, timeBound: /600/, wait: ["exponential", true, 0.1, 60], overallTimeoutSeconds: 600 },
  },
  // §1.8 stamina
  {
    id: "§1.8", name: "stamina @retry(on=…): 10 attempts or 45 s; 0.1 s ×2 up to 5 s + U(0, 1 s)", covers: ["default", "§5.4"],
    file: "svc/s.py", kind: "stamina",
    code: src`
      import stamina, httpx
      @stamina.retry(on=httpx.HTTPError)
      def reserve(): ...
    `,
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["exponential", true, 0.1, 5], overallTimeoutSeconds: 45, budget: null },
  },
  {
    id: "§1.8", name: "stamina attempts=3 counts attempts → 3, the 45 s timeout still applies", covers: ["§5.1", "§5.4"],
    file: "svc/s.py", kind: "stamina",
    code: src`
      import stamina, httpx
      @stamina.retry(on=httpx.HTTPError, attempts=3)
      def reserve(): ...
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true], overallTimeoutSeconds: 45 },
  },
  {
    id: "§1.8", name: "stamina attempts=None, timeout=None: retries forever", covers: ["trap", "§5.2"],
    file: "svc/s.py", kind: "stamina",
    code: src`
      import stamina, httpx
      @stamina.retry(on=httpx.HTTPError, attempts=None, timeout=None)
      def reserve(): ...
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", true], overallTimeoutSeconds: null },
  },
];

runTable("§1 Python", ["§1.1", "§1.2", "§1.3", "§1.4", "§1.5", "§1.6", "§1.7", "§1.8"], rows);
