/**
 * Fixes on spring-retry and Spring Framework 7 `@Retryable` (reference §3.2, §3.2b), in Java and
 * Kotlin: maxAttempts counts attempts, maxRetries counts retries; jitter through @Backoff
 * (random = true with a multiplier, else a maxDelay above delay) or Spring 7's `jitter`.
 */
import { fixCases } from "./fixCases";

const PENDING = "";

fixCases("spring-retry, Spring 7 @Retryable", [
  {
    name: "Java, default @Backoff: backoff = @Backoff(delay = 1000, maxDelay = 4000) and its import",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Retryable;

public class InventoryClient {
    @Retryable(maxAttempts = 2)
    public String reserve(String sku) { return sku; }
}
`,
    finding: "RL004 svc/src/main/java/com/shop/orders/InventoryClient.java:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Retryable;
import org.springframework.retry.annotation.Backoff;

public class InventoryClient {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 1000, maxDelay = 4000))
    public String reserve(String sku) { return sku; }
}
`,
  },
  {
    name: "Java, exponential @Backoff: random = true",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

public class InventoryClient {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 500, multiplier = 2))
    public String reserve(String sku) { return sku; }
}
`,
    finding: "RL004 svc/src/main/java/com/shop/orders/InventoryClient.java:6",
    fix: "preferred",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

public class InventoryClient {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 500, multiplier = 2, random = true))
    public String reserve(String sku) { return sku; }
}
`,
  },
  {
    name: "Kotlin, fixed Backoff(delay = 250): maxDelay = 1000 (uniform random); CRLF kept",
    crlf: true,
    workspace: `
//- svc/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.retry.annotation.Backoff
import org.springframework.retry.annotation.Retryable

class Stock {
    @Retryable(maxAttempts = 2, backoff = Backoff(delay = 250))
    fun reserve(sku: String): String = sku
}
`,
    finding: "RL004 svc/src/main/kotlin/com/shop/orders/Stock.kt:6",
    fix: "preferred",
    after: `
//- svc/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.retry.annotation.Backoff
import org.springframework.retry.annotation.Retryable

class Stock {
    @Retryable(maxAttempts = 2, backoff = Backoff(delay = 250, maxDelay = 1000))
    fun reserve(sku: String): String = sku
}
`,
  },
  {
    name: "Java @Backoff(delay = 0): exponential random backoff from 100 ms",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

public class InventoryClient {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
    public String reserve(String sku) { return sku; }
}
`,
    finding: "RL003 svc/src/main/java/com/shop/orders/InventoryClient.java:6",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

public class InventoryClient {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100, multiplier = 2, random = true))
    public String reserve(String sku) { return sku; }
}
`,
  },
  {
    name: "Kotlin Spring 7 @Retryable: jitter = half the delay",
    workspace: `
//- svc/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.resilience.annotation.Retryable

class Stock {
    @Retryable(maxRetries = 2, delay = 200)
    fun reserve(sku: String): String = sku
}
`,
    finding: "RL004 svc/src/main/kotlin/com/shop/orders/Stock.kt:5",
    fix: "preferred",
    after: `
//- svc/src/main/kotlin/com/shop/orders/Stock.kt
package com.shop.orders
import org.springframework.resilience.annotation.Retryable

class Stock {
    @Retryable(maxRetries = 2, delay = 200, jitter = 100)
    fun reserve(sku: String): String = sku
}
`,
  },
  {
    name: "Java over the threshold: maxAttempts lowered (it counts every attempt)",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class InventoryClient {
    private final RestTemplate rest = new RestTemplate();

    @Retryable(maxAttempts = 5, backoff = @Backoff(delay = 100, maxDelay = 400))
    public String reserve(String sku) {
        return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
    }
}
//! threshold 2
`,
    finding: "RL001 svc/src/main/java/com/shop/orders/InventoryClient.java:9",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class InventoryClient {
    private final RestTemplate rest = new RestTemplate();

    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100, maxDelay = 400))
    public String reserve(String sku) {
        return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
    }
}
`,
  },
  {
    name: "MicroProfile @Retry(delay = 400, jitter = 0): jitter = 200",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.eclipse.microprofile.faulttolerance.Retry;

public class InventoryClient {
    @Retry(maxRetries = 2, delay = 400, jitter = 0)
    public String reserve(String sku) { return sku; }
}
`,
    finding: "RL004 svc/src/main/java/com/shop/orders/InventoryClient.java:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.eclipse.microprofile.faulttolerance.Retry;

public class InventoryClient {
    @Retry(maxRetries = 2, delay = 400, jitter = 200)
    public String reserve(String sku) { return sku; }
}
`,
  },
  {
    name: "MicroProfile @Retry(maxRetries = -1): maxRetries = 2",
    workspace: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.eclipse.microprofile.faulttolerance.Retry;

public class InventoryClient {
    @Retry(maxRetries = -1)
    public String reserve(String sku) { return sku; }
}
`,
    finding: "RL002 svc/src/main/java/com/shop/orders/InventoryClient.java:5",
    fix: "preferred",
    after: `
//- svc/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;
import org.eclipse.microprofile.faulttolerance.Retry;

public class InventoryClient {
    @Retry(maxRetries = 2)
    public String reserve(String sku) { return sku; }
}
`,
  },
]);
