/**
 * Reference §3.1–§3.5 (JVM: Resilience4j, spring-retry, Spring Framework 7 @Retryable, Spring
 * Cloud Gateway, Reactor, OkHttp): defaults and number traps, with §5's cross-cutting traps, run
 * through the real extractors or the linker (./table.ts). Resilience4j instances get their
 * numbers from application settings at link time: those rows are workspaces.
 */
import { fill, runTable, src, type Row } from "./table";

const JAVA = "orders/src/main/java/com/shop/InventoryClient.java";

/** A Spring service whose `reserve` method carries `annotation` (line 8), importing `imports`. */
const service = (imports: string[], annotation: string) => src`
  package com.shop;

  ${imports.map((i) => `import ${i};`).join("\n  ")}

  public class InventoryClient {

      ${annotation}
      public String reserve(String sku) { return sku; }
  }
`;

/** A WebClient call chain ending in `retry` (the retry operator on line 10). */
const reactive = (method: "get" | "post", retry: string) => src`
  package com.shop;

  import java.time.Duration;
  import org.springframework.web.reactive.function.client.WebClient;
  import reactor.core.publisher.Mono;
  import reactor.util.retry.Retry;

  public class InventoryClient {
      private final WebClient web = WebClient.create("http://inventory:8080");
      public Mono<String> reserve() { return web.${method}().uri("/items").retrieve().bodyToMono(String.class).${retry}; }
  }
`;

/** An annotated Resilience4j client and its application settings file. */
const r4jWorkspace = (settingsPath: string, settings: string) => `
//- ${JAVA}
package com.shop;

import io.github.resilience4j.retry.annotation.Retry;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Service
public class InventoryClient {
    private final RestTemplate rest = new RestTemplate();

    @Retry(name = "inventory")
    public String reserve(String sku) {
        return rest.postForObject("http://inventory:8080/reservations", sku, String.class);
    }
}
//- ${settingsPath}
${settings}`;

const gateway = (filter: string) => fill(src`
  spring:
    cloud:
      gateway:
        routes:
          - id: orders
            uri: lb://orders
            predicates: [Path=/orders/**]
            filters:
            __FILL__
`, filter);

const rows: Row[] = [
  // §3.1 Resilience4j
  {
    id: "§3.1", name: "Resilience4j @Retry(name) with no settings: built-ins maxAttempts 3 (total) → 3, fixed 500 ms, every exception", covers: ["default", "§5.1"],
    workspace: true, file: JAVA, kind: "resilience4j-retry",
    code: r4jWorkspace("orders/src/main/resources/application.yml", "spring.application.name: orders\n"),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["fixed", false, 0.5, 0.5], methods: "all", budget: null, path: { target: "inventory", product: 3 } },
  },
  {
    id: "§3.1", name: "Resilience4j instances.inventory.max-attempts: 5 counts attempts → 5; exponential (×1.5) + randomized wait → jitter", covers: ["§5.1", "trap"],
    workspace: true, file: JAVA, kind: "resilience4j-retry",
    code: r4jWorkspace(
      "orders/src/main/resources/application.yml",
      "resilience4j:\n  retry:\n    instances:\n      inventory:\n        max-attempts: 5\n        wait-duration: 200ms\n        enable-exponential-backoff: true\n        enable-randomized-wait: true\n",
    ),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true, 0.2], path: { target: "inventory", product: 5 } },
  },
  {
    id: "§3.1", name: "Resilience4j an instance without settings takes configs.default (max-attempts 4 → 4)", covers: ["trap"],
    workspace: true, file: JAVA, kind: "resilience4j-retry",
    code: r4jWorkspace("orders/src/main/resources/application.yml", "resilience4j.retry.configs.default.max-attempts: 4\n"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["fixed", false, 0.5] },
  },
  {
    id: "§3.1", name: "Resilience4j application.properties max-attempts=2, wait-duration=1s → 2, fixed 1 s", covers: ["§5.1"],
    workspace: true, file: JAVA, kind: "resilience4j-retry",
    code: r4jWorkspace("orders/src/main/resources/application.properties", "resilience4j.retry.instances.inventory.max-attempts=2\nresilience4j.retry.instances.inventory.wait-duration=1s\n"),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["fixed", false, 1, 1] },
  },
  {
    id: "§3.1", name: "Resilience4j RetryConfig.custom().maxAttempts(5).waitDuration(200 ms) → 5 total", covers: ["§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "resilience4j-retry",
    code: src`
      package com.shop;

      import io.github.resilience4j.retry.Retry;
      import io.github.resilience4j.retry.RetryConfig;
      import java.time.Duration;

      public class InventoryClient {
          private final Retry retry = Retry.of("inventory", RetryConfig.custom().maxAttempts(5).waitDuration(Duration.ofMillis(200)).build());
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["fixed", false, 0.2] },
  },
  {
    id: "§3.1", name: "Resilience4j Retry.ofDefaults(name): 3 total, fixed 500 ms", covers: ["default"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "resilience4j-retry",
    code: src`
      package com.shop;

      import io.github.resilience4j.retry.Retry;

      public class InventoryClient {
          private final Retry retry = Retry.ofDefaults("inventory");
      }
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["fixed", false, 0.5, 0.5] },
  },
  // §3.2 spring-retry
  {
    id: "§3.2", name: "spring-retry bare @Retryable: maxAttempts 3 counts attempts → 3, fixed 1000 ms, every exception", covers: ["default", "§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-retry",
    code: service(["org.springframework.retry.annotation.Retryable"], "@Retryable"),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["fixed", false, 1, 1], methods: "all", budget: null },
  },
  {
    id: "§3.2", name: "spring-retry maxAttempts = 4 → 4 (not 5); @Backoff(multiplier 2, maxDelay 5000, random) → exponential with jitter", covers: ["§5.1", "trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-retry",
    code: service(
      ["java.io.IOException", "org.springframework.retry.annotation.Backoff", "org.springframework.retry.annotation.Retryable"],
      "@Retryable(retryFor = IOException.class, maxAttempts = 4, backoff = @Backoff(delay = 500, multiplier = 2, maxDelay = 5000, random = true))",
    ),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.5, 5] },
  },
  {
    id: "§3.2", name: "spring-retry @Backoff(delay 500, multiplier 2) with maxDelay ≤ delay: maxInterval defaults to 30 s, no jitter", covers: ["trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-retry",
    code: service(["org.springframework.retry.annotation.Backoff", "org.springframework.retry.annotation.Retryable"], "@Retryable(backoff = @Backoff(delay = 500, multiplier = 2))"),
    expect: { maxAttempts: 3, wait: ["exponential", false, 0.5, 30] },
  },
  {
    id: "§3.2", name: "spring-retry @Backoff(delay 500, maxDelay 2000) without multiplier: uniform random in [delay, maxDelay]", covers: ["trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-retry",
    code: service(["org.springframework.retry.annotation.Backoff", "org.springframework.retry.annotation.Retryable"], "@Retryable(backoff = @Backoff(delay = 500, maxDelay = 2000))"),
    expect: { maxAttempts: 3, wait: ["random", true, 0.5, 2] },
  },
  // §3.2b Spring Framework 7 core @Retryable
  {
    id: "§3.2b", name: "Spring 7 bare @Retryable (org.springframework.resilience): maxRetries 3 counts retries → 4, fixed 1000 ms, no jitter", covers: ["default", "§5.1", "trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-core-retry",
    code: service(["org.springframework.resilience.annotation.Retryable"], "@Retryable"),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 1, 1], methods: "all", budget: null },
  },
  {
    id: "§3.2b", name: "Spring 7 maxRetries = 4 → 5; multiplier 2, jitter 10, maxDelay 1000 → exponential with jitter, capped 1 s", covers: ["§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "spring-core-retry",
    code: service(
      ["java.io.IOException", "org.springframework.resilience.annotation.Retryable"],
      "@Retryable(includes = IOException.class, maxRetries = 4, delay = 100, multiplier = 2, jitter = 10, maxDelay = 1000)",
    ),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true, 0.1, 1] },
  },
  // §3.3 Spring Cloud Gateway
  {
    id: "§3.3", name: "Spring Cloud Gateway `- name: Retry` without args: retries 3 → 4, GET only, no backoff", covers: ["default", "§5.1"],
    file: "gateway/src/main/resources/application.yml", kind: "spring-cloud-gateway-retry",
    code: gateway("            - name: Retry"),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["none", false], methods: ["GET"], budget: null },
  },
  {
    id: "§3.3", name: "Spring Cloud Gateway shortcut `- Retry=3` counts retries → 4", covers: ["§5.1"],
    file: "gateway/src/main/resources/application.yml", kind: "spring-cloud-gateway-retry",
    code: gateway("            - Retry=3"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false], methods: ["GET"] },
  },
  {
    id: "§3.3", name: "Spring Cloud Gateway retries: 2, methods GET,POST, backoff 10 ms ×2 max 50 ms → 3, POST re-sent", covers: ["§5.1", "trap"],
    file: "gateway/src/main/resources/application.yml", kind: "spring-cloud-gateway-retry",
    code: gateway(
      "            - name: Retry\n              args:\n                retries: 2\n                methods: GET,POST\n                backoff:\n                  firstBackoff: 10ms\n                  maxBackoff: 50ms\n                  factor: 2\n                  basedOnPreviousValue: false",
    ),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", false, 0.01, 0.05], methods: ["GET", "POST"] },
  },
  // §3.4 Reactor
  {
    id: "§3.4", name: "Reactor Retry.backoff(3, 100 ms): the argument counts retries → 4; ×2 uncapped, jitter 0.5 by default; every error", covers: ["default", "§5.1", "trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("post", "retryWhen(Retry.backoff(3, Duration.ofMillis(100)))"),
    expect: { maxAttempts: 4, wait: ["exponential", true, 0.1, null], methods: "all", budget: null },
  },
  {
    id: "§3.4", name: "Reactor Retry.backoff(3, …).maxBackoff(5 s).jitter(0): no jitter, capped 5 s", covers: ["trap"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("get", "retryWhen(Retry.backoff(3, Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(5)).jitter(0))"),
    expect: { maxAttempts: 4, wait: ["exponential", false, 0.1, 5] },
  },
  {
    id: "§3.4", name: "Reactor Retry.fixedDelay(2, 100 ms) → 3, no jitter", covers: ["§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("get", "retryWhen(Retry.fixedDelay(2, Duration.ofMillis(100)))"),
    expect: { maxAttempts: 3, wait: ["fixed", false, 0.1] },
  },
  {
    id: "§3.4", name: "Reactor Retry.max(3) counts retries → 4, no wait", covers: ["§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("get", "retryWhen(Retry.max(3))"),
    expect: { maxAttempts: 4, wait: ["none", false] },
  },
  {
    id: "§3.4", name: "Reactor .retry(2) → 3", covers: ["§5.1"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("get", "retry(2)"),
    expect: { maxAttempts: 3, wait: ["none", false] },
  },
  {
    id: "§3.4", name: "Reactor .retry() without a count resubscribes forever", covers: ["trap", "§5.2"],
    file: "svc/src/main/java/com/shop/InventoryClient.java", kind: "reactor-retry",
    code: reactive("get", "retry()"),
    expect: { maxAttempts: null, timeBound: null, wait: ["none", false] },
  },
  // §3.5 OkHttp
  {
    id: "§3.5", name: "OkHttp new OkHttpClient(): retryOnConnectionFailure on by default (implicit), any method incl. POST, no backoff; count modelled as the ≥2 of a single-IP host", covers: ["default", "§5.3"],
    file: "svc/src/main/java/com/shop/Http.java", kind: "okhttp-retry",
    code: src`
      package com.shop;

      import okhttp3.OkHttpClient;

      public class Http {
          private final OkHttpClient client = new OkHttpClient();
      }
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["none", false], methods: "all", budget: null },
  },
  {
    id: "§3.5", name: "OkHttp attempt bound is route-bounded (§5.2): counted as §3.5's lower bound 2, and the note says so", covers: ["trap", "§5.2"],
    file: "svc/src/main/java/com/shop/Http.java", kind: "okhttp-retry",
    code: src`
      package com.shop;

      import okhttp3.OkHttpClient;

      public class Http {
          private final OkHttpClient client = new OkHttpClient();
      }
    `,
    expect: { maxAttempts: 2, note: /route-bounded/, wait: ["none", false] },
  },
  {
    id: "§3.5", name: "OkHttp Builder().retryOnConnectionFailure(false) → 1 attempt (disabled)", covers: ["trap"],
    file: "svc/src/main/java/com/shop/Http.java", kind: "okhttp-retry",
    code: src`
      package com.shop;

      import okhttp3.OkHttpClient;

      public class Http {
          private final OkHttpClient client = new OkHttpClient.Builder().retryOnConnectionFailure(false).build();
      }
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["none", false] },
  },
  {
    id: "§3.5", name: "OkHttp Kotlin OkHttpClient.Builder().build() retries too (implicit) → 2", covers: ["default", "§5.3"],
    file: "svc/src/main/kotlin/com/shop/Http.kt", kind: "okhttp-retry",
    code: src`
      package com.shop

      import okhttp3.OkHttpClient

      val client = OkHttpClient.Builder().build()
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["none", false], methods: "all" },
  },
];

runTable("§3.1–§3.5 JVM", ["§3.1", "§3.2", "§3.2b", "§3.3", "§3.4", "§3.5"], rows);
