/**
 * Fixes on Reactor retries (reference §3.4), Java and Kotlin: every count is retries (n → n + 1);
 * `.jitter(0)` → 0.5 (no jitter fix on `fixedDelay`: Reactor never jitters a fixed delay, and
 * `backoff` would change the waits, not only the jitter), `Retry.max(n)` / `.retry(n)` →
 * `Retry.backoff(n, 100 ms)`, `.retry()` → `.retry(2)`, caps in retries.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { fixCases } from "./fixCases";
import { MemoryWorkspace } from "./fixHarness";

function chain(lang: "java" | "kotlin", retry: string, imports = true): string {
  const dir = lang === "java" ? "java" : "kotlin";
  const file = `orders/src/main/${dir}/com/shop/orders/Stock.${lang === "java" ? "java" : "kt"}`;
  if (lang === "java") {
    return `
//- ${file}
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
${imports ? "import reactor.util.retry.Retry;\nimport java.time.Duration;" : "import reactor.core.publisher.Mono;\n"}
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            ${retry};
    }
}
`;
  }
  return `
//- ${file}
package com.shop.orders
import org.springframework.web.reactive.function.client.WebClient
${imports ? "import reactor.util.retry.Retry\nimport java.time.Duration" : "import reactor.core.publisher.Mono\n"}
class Stock {
    private val web = WebClient.builder().baseUrl("http://inventory:8080").build()
    fun get(sku: String): Mono<String> {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String::class.java)
            ${retry}
    }
}
`;
}

const JAVA = "orders/src/main/java/com/shop/orders/Stock.java";
const KOTLIN = "orders/src/main/kotlin/com/shop/orders/Stock.kt";

fixCases("Reactor", [
  {
    name: "Java: Retry.backoff(…).jitter(0) → jitter(0.5)",
    workspace: chain("java", ".retryWhen(Retry.backoff(2, Duration.ofMillis(100)).jitter(0))"),
    finding: `RL004 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.util.retry.Retry;
import java.time.Duration;
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            .retryWhen(Retry.backoff(2, Duration.ofMillis(100)).jitter(0.5));
    }
}
`,
  },
  {
    name: "Java: Retry.max(2) → Retry.backoff(2, Duration.ofMillis(100))",
    workspace: chain("java", ".retryWhen(Retry.max(2).filter(e -> e instanceof java.io.IOException))"),
    finding: `RL003 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.util.retry.Retry;
import java.time.Duration;
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            .retryWhen(Retry.backoff(2, Duration.ofMillis(100)).filter(e -> e instanceof java.io.IOException));
    }
}
`,
  },
  {
    name: "Kotlin: .retry(2) without the imports → retryWhen with qualified names",
    workspace: chain("kotlin", ".retry(2)", false),
    finding: `RL003 ${KOTLIN}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.web.reactive.function.client.WebClient
import reactor.core.publisher.Mono

class Stock {
    private val web = WebClient.builder().baseUrl("http://inventory:8080").build()
    fun get(sku: String): Mono<String> {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String::class.java)
            .retryWhen(reactor.util.retry.Retry.backoff(2, java.time.Duration.ofMillis(100)))
    }
}
`,
  },
  {
    name: "Java: .retry() unbounded → .retry(2)",
    workspace: chain("java", ".retry()", false),
    finding: `RL002 ${JAVA}:9`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            .retry(2);
    }
}
`,
  },
  {
    name: "Java: Retry.indefinitely() → Retry.max(2)",
    workspace: chain("java", ".retryWhen(Retry.indefinitely())"),
    finding: `RL002 ${JAVA}:9`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.util.retry.Retry;
import java.time.Duration;
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            .retryWhen(Retry.max(2));
    }
}
`,
  },
  {
    name: "RL001 (threshold 2): Retry.backoff(5, …) lowered to 1 retry",
    workspace: `${chain("java", ".retryWhen(Retry.backoff(5, Duration.ofMillis(100)))")}//! threshold 2\n`,
    finding: `RL001 ${JAVA}:9`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.util.retry.Retry;
import java.time.Duration;
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            .retryWhen(Retry.backoff(1, Duration.ofMillis(100)));
    }
}
`,
  },
  {
    name: "RL001: .maxAttempts(n) is where the count is: turned off with 0",
    workspace: `${chain("kotlin", ".retryWhen(Retry.backoff(1, Duration.ofMillis(100)).maxAttempts(4))")}//! threshold 2\n`,
    finding: `RL001 ${KOTLIN}:9`,
    fix: "Turn off Reactor retries",
    safety: "unsafe",
    after: `
//- orders/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.web.reactive.function.client.WebClient
import reactor.util.retry.Retry
import java.time.Duration
class Stock {
    private val web = WebClient.builder().baseUrl("http://inventory:8080").build()
    fun get(sku: String): Mono<String> {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String::class.java)
            .retryWhen(Retry.backoff(1, Duration.ofMillis(100)).maxAttempts(0))
    }
}
`,
  },
]);

// reactor-core RetryBackoffSpec (3.8.x): fixedDelay is min = max backoff with jitter 0, and the
// jitter offset is clamped to [min − next, max − next] = [0, 0], so `.jitter(x)` adds nothing;
// Retry.backoff(n, d) would make the waits grow: a jitter fix that changes more than the jitter
test("Kotlin: Retry.fixedDelay(n, d): no jitter fix (none that changes the jitter only)", async () => {
  const ws = new MemoryWorkspace(parseFixture(chain("kotlin", ".retryWhen(Retry.fixedDelay(2, Duration.ofMillis(200)))")).files);
  const result = await ws.analyze();
  const finding = result.findings.find((f) => f.rule === "RL004" && f.file === KOTLIN);
  assert.ok(finding, "RL004 on the fixedDelay");
  assert.deepEqual(ws.fixes(result, finding).filter((f) => f.safety === "safe").map((f) => f.title), []);
});
