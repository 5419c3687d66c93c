/**
 * docs/reference/redis.md (go-redis options.go v8/v9, v6/v7 doc comment; redis-py client.py /
 * retry.py / _defaults.py at v5.3.1, v7.4.1, v8.0.0: the default follows the pinned version): each default and number trap, through the real extractors (see ./table.ts).
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
    id: ENTRY, name: "redis-py ≥ 8.0 default Retry(ExponentialWithJitterBackoff(0.01, 1), 10) → 11 (no pin: the newest assumed)", covers: ["default"],
    file: "api/cache.py", kind: "redis-client", workspace: true,
    code: `//- api/cache.py\n${pyClient(`host="cache"`)}`,
    expect: { maxAttempts: 11, attemptsSource: "default", wait: JITTER, note: /redis-py ≥ 8\.0.*not pinned.*≥ 8 assumed/ },
  },
  {
    id: ENTRY, name: "redis-py 6.0–7.x (requirements.txt redis==7.4.1) default Retry(ExponentialWithJitterBackoff(1, 10), 3) → 4", covers: ["default", "trap"],
    file: "api/cache.py", kind: "redis-client", workspace: true,
    code: `//- api/requirements.txt\nredis==7.4.1\n//- api/cache.py\n${pyClient(`host="cache"`)}`,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: JITTER, note: /redis-py 6\.0–7\.x.*redis ==7\.4\.1 in api\/requirements\.txt/ },
  },
  {
    id: ENTRY, name: "redis-py < 6.0 (poetry.lock 5.3.1): no default retry → 1", covers: ["default", "trap"],
    file: "api/cache.py", kind: "redis-client", workspace: true,
    code: `//- api/poetry.lock\n[[package]]\nname = "redis"\nversion = "5.3.1"\n//- api/cache.py\n${pyClient(`host="cache"`)}`,
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["none", false], note: /redis-py < 6\.0.*redis 5\.3\.1 locked in api\/poetry\.lock/ },
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

// StackExchange.Redis: no command retries (ConnectRetry is the initial connect only; the backlog sends each command once)
rows.push(
  {
    id: ENTRY, name: "StackExchange.Redis ConnectionMultiplexer.Connect(\"cache:6379,connectRetry=5\"): no command-retry layer (ConnectRetry repeats the initial connect only)", covers: ["default", "trap"],
    file: "Cart/Store.cs", kind: "redis-client",
    code: src`
      using StackExchange.Redis;
      namespace Cart;
      public class Store
      {
          public async Task<string?> Get(string id)
          {
              var mux = ConnectionMultiplexer.Connect("cache:6379,connectRetry=5");
              var db = mux.GetDatabase();
              return await db.StringGetAsync(id);
          }
      }
    `,
    expect: "none",
  },
  {
    id: ENTRY, name: "StackExchange.Redis ConfigurationOptions { ConnectRetry = 5, ReconnectRetryPolicy, AbortOnConnectFail = false, BacklogPolicy }: no layer (connecting and reconnecting re-send no command)", covers: ["trap"],
    file: "Cart/Store.cs", kind: "redis-client",
    code: src`
      using StackExchange.Redis;
      namespace Cart;
      public class Store
      {
          public async Task<string?> Get(string id)
          {
              var options = new ConfigurationOptions { EndPoints = { "cache:6379" }, ConnectRetry = 5, AbortOnConnectFail = false, ReconnectRetryPolicy = new ExponentialRetry(5000), BacklogPolicy = BacklogPolicy.Default };
              var mux = await ConnectionMultiplexer.ConnectAsync(options);
              var db = mux.GetDatabase();
              return await db.StringGetAsync(id);
          }
      }
    `,
    expect: "none",
  },
);

// StackExchange.Redis 3.1 `WithRetry` (Availability/RetryPolicy.cs: DefaultMaxAttempts 3, counts attempts; 1 s + 0–0.5 s jitter)
const withRetry = (wrap: string, config = "") => src`
  using StackExchange.Redis;
  using StackExchange.Redis.Availability;
  namespace Cart;
  public class Store
  {
      public async Task<string?> Get(string id)
      {
          ${config}
          var mux = ConnectionMultiplexer.Connect("cache:6379");
          var db = mux.GetDatabase()${wrap};
          return await db.StringGetAsync(id);
      }
  }
`;
rows.push(
  {
    id: ENTRY, name: "StackExchange.Redis db.WithRetry(): RetryPolicy.Default MaxAttempts 3 (counts attempts) → 3, 1 s + jitter", covers: ["default"],
    file: "Cart/Store.cs", kind: "redis-client", code: withRetry(".WithRetry()"),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["fixed", true, 1, 1.5], methods: "all" },
  },
  {
    id: ENTRY, name: "StackExchange.Redis WithRetry(new RetryPolicy.Builder { MaxAttempts = 5 }) → 5 (attempts, not retries)", covers: ["trap", "§5.1"],
    file: "Cart/Store.cs", kind: "redis-client", code: withRetry(".WithRetry(new RetryPolicy.Builder { MaxAttempts = 5 }.Create())"),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["fixed", true] },
  },
  {
    id: ENTRY, name: "StackExchange.Redis WithRetry(RetryPolicy.None) → 1 (disabled)", covers: ["trap"],
    file: "Cart/Store.cs", kind: "redis-client", code: withRetry(".WithRetry(RetryPolicy.None)"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["fixed", true] },
  },
  {
    id: ENTRY, name: "StackExchange.Redis WithRetry() takes ConfigurationOptions.RetryPolicy (MaxAttempts = 2) → 2", covers: ["trap"],
    file: "Cart/Store.cs", kind: "redis-client", code: withRetry(".WithRetry()", "var options = new ConfigurationOptions { RetryPolicy = new RetryPolicy.Builder { MaxAttempts = 2 } };"),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["fixed", true] },
  },
);

// Lettuce (lettuce-core ClientOptions / DefaultEndpoint at redis/lettuce HEAD, 7.0): at-least-once re-send after reconnect
const lettuce = (options = "") => src`
  package com.shop;

  import io.lettuce.core.ClientOptions;
  import io.lettuce.core.RedisClient;
  import io.lettuce.core.api.sync.RedisCommands;

  public class Cache {
      private final RedisClient client = RedisClient.create("redis://cache:6379");

      public Cache() {
          ${options}
      }
  }
`;
rows.push(
  {
    id: ENTRY, name: "Lettuce RedisClient.create(uri): autoReconnect re-sends unanswered commands after each reconnect → no count, bounded by the 60 s command timeout", covers: ["default", "§5.2", "§5.3"],
    file: "cache/src/main/java/com/shop/Cache.java", kind: "redis-client",
    code: lettuce(),
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: /60 s/, wait: ["custom", null], overallTimeoutSeconds: 60, note: /at least once, no count/ },
  },
  {
    id: ENTRY, name: "Lettuce setOptions(ClientOptions.builder().autoReconnect(false).build()): at most once → 1 (disabled)", covers: ["trap"],
    file: "cache/src/main/java/com/shop/Cache.java", kind: "redis-client",
    code: lettuce("client.setOptions(ClientOptions.builder().autoReconnect(false).build());"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["custom", null] },
  },
  {
    id: ENTRY, name: "Lettuce disconnectedBehavior(REJECT_COMMANDS): pending commands cancelled → 1 (disabled)", covers: ["trap"],
    file: "cache/src/main/java/com/shop/Cache.java", kind: "redis-client",
    code: lettuce("client.setOptions(ClientOptions.builder().disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["custom", null] },
  },
  {
    id: ENTRY, name: "Lettuce: a command through client.connect().sync() is a request to the URI's host (unbounded product)", covers: ["default"],
    file: "cache/src/main/java/com/shop/Cache.java", kind: "redis-client", workspace: true,
    code: `
//- cache/src/main/java/com/shop/Cache.java
package com.shop;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.springframework.web.bind.annotation.*;

@RestController
public class Cache {
    private final RedisClient client = RedisClient.create("redis://sessions:6379");
    private final StatefulRedisConnection<String, String> conn = client.connect();
    private final RedisCommands<String, String> commands = conn.sync();

    @PostMapping("/hit")
    public long hit() {
        return commands.incr("hits");
    }
}
`,
    expect: { maxAttempts: null, timeBound: /60 s/, wait: ["custom", null], path: { target: "sessions", product: null } },
  },
);

runTable("Redis clients", [ENTRY], rows);
