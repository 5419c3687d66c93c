/**
 * docs/reference/redis.md (go-redis options.go v8/v9, v6/v7 doc comment; redis-py client.py /
 * retry.py ≥ 6.0): each default and number trap, through the real extractors (see ./table.ts).
 * Both libraries count retries: the default 3 is 4 attempts.
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "redis";
const JITTER: ["exponential", true] = ["exponential", true];

const goClient = (opts: string, imp = "github.com/redis/go-redis/v9") => src`
  package cache

  import "${imp}"

  func Open() *redis.Client {
  	return redis.NewClient(&redis.Options{${opts}})
  }
`;
const pyClient = (args: string) => src`
  import redis
  from redis.retry import Retry
  from redis.backoff import ExponentialBackoff, NoBackoff

  r = redis.Redis(${args})
`;

const rows: Row[] = [
  {
    id: ENTRY, name: "go-redis v9 default MaxRetries 3 → 4 attempts (retries, not attempts)", covers: ["default", "trap"],
    file: "cache/redis.go", kind: "redis-client",
    code: goClient(`Addr: "cache:6379"`),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: JITTER, note: /default MaxRetries 3 → 4 attempts \(go-redis v9\)/ },
  },
  {
    id: ENTRY, name: "go-redis v8 MaxRetries: 0 is the default 3, not off → 4", covers: ["trap"],
    file: "cache/redis.go", kind: "redis-client",
    code: goClient(`Addr: "cache:6379", MaxRetries: 0`, "github.com/go-redis/redis/v8"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: JITTER, note: /means the default 3/ },
  },
  {
    id: ENTRY, name: "go-redis MaxRetries: -1 disables → 1", covers: ["trap"],
    file: "cache/redis.go", kind: "redis-client",
    code: goClient(`Addr: "cache:6379", MaxRetries: -1`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: JITTER, note: /retries disabled/ },
  },
  {
    id: ENTRY, name: "go-redis v7 default: no retries → 1 (before v8)", covers: ["default", "trap"],
    file: "cache/redis.go", kind: "redis-client",
    code: goClient(`Addr: "cache:6379"`, "github.com/go-redis/redis/v7"),
    expect: { maxAttempts: 1, attemptsSource: "default", wait: JITTER, note: /no retries by default/ },
  },
  {
    id: ENTRY, name: "redis-py ≥ 6 default Retry(ExponentialWithJitterBackoff(1, 10), 3) → 4", covers: ["default"],
    file: "api/cache.py", kind: "redis-client",
    code: pyClient(`host="cache"`),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: JITTER, note: /redis-py ≥ 6\.0/ },
  },
  {
    id: ENTRY, name: "redis-py Retry(NoBackoff(), 2) → 3, no wait", covers: ["trap"],
    file: "api/cache.py", kind: "redis-client",
    code: pyClient(`host="cache", retry=Retry(NoBackoff(), 2)`),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["none", false], note: /→ 3 attempts/ },
  },
  {
    id: ENTRY, name: "redis-py retry=None → 1", covers: ["trap"],
    file: "api/cache.py", kind: "redis-client",
    code: pyClient(`host="cache", retry=None`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["none", false], note: /retry=None/ },
  },
  {
    id: ENTRY, name: "redis-py negative retries retry forever: no count", covers: ["trap"],
    file: "api/cache.py", kind: "redis-client",
    code: pyClient(`host="cache", retry=Retry(ExponentialBackoff(), -1)`),
    expect: { maxAttempts: null, timeBound: /forever/, wait: ["exponential", false], note: /retry forever/ },
  },
];

runTable("Redis clients", [ENTRY], rows);
