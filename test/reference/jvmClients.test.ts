/**
 * docs/reference/apache-httpclient.md, openfeign.md, spring-ai.md, grpc-java.md: each default
 * and number trap of the JVM client families, run through the real extractors and linker (see
 * ./table.ts). Versions verified: httpcomponents-client rel/v4.5.14, rel/v5.3.1 (5.0 … 5.6 alike).
 */
import { runTable, src, type Row } from "./table";

const APACHE = "apache-httpclient";
const NONE: ["none", false] = ["none", false];
const JAVA = "svc/src/main/java/com/shop/Http.java";
const IDEMPOTENT4 = ["GET", "HEAD", "DELETE", "OPTIONS", "TRACE"];

const apache4 = (client: string, extra = "") => src`
  package com.shop;

  import org.apache.http.impl.client.*;
  import org.apache.http.client.methods.HttpPost;
  ${extra}
  public class Http {
      private final CloseableHttpClient client = ${client};
  }
`;
const apache5 = (client: string) => src`
  package com.shop;

  import org.apache.hc.client5.http.impl.classic.*;
  import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
  import org.apache.hc.core5.util.TimeValue;

  public class Http {
      private final CloseableHttpClient client = ${client};
  }
`;

const rows: Row[] = [
  {
    id: APACHE, name: "4.5 HttpClients.createDefault(): DefaultHttpRequestRetryHandler retryCount 3 counts retries → 4 attempts, no wait; bodies not re-sent once sent", covers: ["default", "§5.1", "§5.3"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.createDefault()"),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE, methods: IDEMPOTENT4, note: /retryCount 3 → 4 attempts \(HttpClient 4\.5/ },
  },
  {
    id: APACHE, name: "MicroProfile @RegisterRestClient (javax.ws.rs: RESTEasy classic's ApacheHttpClient43Engine) → the 4.5 default 4", covers: ["default"],
    file: "todo/src/main/java/com/shop/People.java", kind: "apache-httpclient-retry",
    code: src`
      package com.shop;

      import javax.ws.rs.GET;
      import javax.ws.rs.Path;
      import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

      @RegisterRestClient(configKey = "people")
      public interface People {
          @GET
          @Path("/people")
          String all();
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE, methods: IDEMPOTENT4 },
  },
  {
    id: APACHE, name: "Zuul route to a serviceId (Ribbon's HttpClient from DefaultApacheHttpClientFactory) → the 4.5 default 4", covers: ["default"],
    file: "gateway/src/main/resources/application.yml", kind: "apache-httpclient-retry",
    code: "zuul:\n  routes:\n    orders:\n      path: /orders/**\n      serviceId: orders\n",
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE, methods: IDEMPOTENT4 },
  },
  {
    id: APACHE, name: "4.5 HttpClients.custom()…build() without a handler: the same default 4", covers: ["default"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().setMaxConnTotal(20).build()"),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE },
  },
  {
    id: APACHE, name: "4.5 setRetryHandler(new DefaultHttpRequestRetryHandler(5, false)): 5 retries → 6", covers: ["trap", "§5.1"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().setRetryHandler(new DefaultHttpRequestRetryHandler(5, false)).build()"),
    expect: { maxAttempts: 6, attemptsSource: "config", wait: NONE, methods: IDEMPOTENT4, note: /retryCount 5 → 6/ },
  },
  {
    id: APACHE, name: "4.5 DefaultHttpRequestRetryHandler(0, false): 0 retries → 1 attempt (disabled)", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClientBuilder.create().setRetryHandler(new DefaultHttpRequestRetryHandler(0, false)).build()"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: NONE },
  },
  {
    id: APACHE, name: "4.5 a builder held in a local, configured by statements and built later: setRetryHandler(new DefaultHttpRequestRetryHandler(2, false)) → 3", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: src`
      package com.shop;
      import org.apache.http.impl.client.*;
      public class Http {
          public CloseableHttpClient make() {
              HttpClientBuilder builder = HttpClients.custom();
              builder.setMaxConnTotal(10);
              builder.setRetryHandler(new DefaultHttpRequestRetryHandler(2, false));
              return builder.build();
          }
      }
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: NONE },
  },
  {
    id: APACHE, name: "4.5 requestSentRetryEnabled true: POST re-sent even once sent (afterSendMethods all)", covers: ["trap", "§5.3"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().setRetryHandler(new DefaultHttpRequestRetryHandler(3, true)).build()"),
    expect: { maxAttempts: 4, wait: NONE, methods: "all" },
  },
  {
    id: APACHE, name: "4.5 StandardHttpRequestRetryHandler(): 3 → 4, and PUT counts as idempotent", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().setRetryHandler(new StandardHttpRequestRetryHandler()).build()"),
    expect: { maxAttempts: 4, wait: NONE, methods: ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"] },
  },
  {
    id: APACHE, name: "4.5 disableAutomaticRetries(): no RetryExec → 1 attempt (disabled)", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().disableAutomaticRetries().build()"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: NONE, note: /disableAutomaticRetries/ },
  },
  {
    id: APACHE, name: "4.5 a custom HttpRequestRetryHandler: count not known statically", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.custom().setRetryHandler(myHandler).build()"),
    expect: { maxAttempts: null, countUnknown: true, timeBound: null, wait: ["unknown", null] },
  },
  {
    id: APACHE, name: "4.5 HttpClients.createMinimal(): no retry executor → no layer", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache4("HttpClients.createMinimal()"),
    expect: "none",
  },
  {
    id: APACHE, name: "httpasyncclient 4.x HttpAsyncClients.createDefault(): no retries → no layer", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: src`
      package com.shop;
      import org.apache.http.impl.nio.client.HttpAsyncClients;
      public class Http {
          private final Object client = HttpAsyncClients.createDefault();
      }
    `,
    expect: "none",
  },
  {
    id: APACHE, name: "5.x HttpClients.createDefault(): DefaultHttpRequestRetryStrategy maxRetries 1 → 2 attempts, fixed 1 s, 429/503 for any method (POST included), Retry-After", covers: ["default", "§5.1", "§5.3"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache5("HttpClients.createDefault()"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["fixed", false, 1, 1], methods: "all", note: /maxRetries 1 → 2 attempts \(HttpClient 5/ },
  },
  {
    id: APACHE, name: "5.x setRetryStrategy(new DefaultHttpRequestRetryStrategy(3, TimeValue.ofSeconds(2))): 3 retries → 4, fixed 2 s", covers: ["trap", "§5.1"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache5("HttpClients.custom().setRetryStrategy(new DefaultHttpRequestRetryStrategy(3, TimeValue.ofSeconds(2))).build()"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["fixed", false, 2, 2] },
  },
  {
    id: APACHE, name: "5.x disableAutomaticRetries(): 1 attempt", covers: ["trap"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: apache5("HttpClientBuilder.create().disableAutomaticRetries().build()"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["fixed", false] },
  },
  {
    id: APACHE, name: "Kotlin, 4.5: HttpClients.createDefault() → 4", covers: ["default"],
    file: "svc/src/main/kotlin/com/shop/Http.kt", kind: "apache-httpclient-retry",
    code: src`
      package com.shop
      import org.apache.http.impl.client.HttpClients
      class Http {
          private val client = HttpClients.createDefault()
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE },
  },
  {
    id: APACHE, name: "RestTemplate over new HttpComponentsClientHttpRequestFactory(): Spring's own createSystem() client → the default layer on the factory", covers: ["default", "§5.3"],
    file: JAVA, kind: "apache-httpclient-retry",
    code: src`
      package com.shop;
      import org.apache.hc.client5.http.impl.classic.HttpClients;
      import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
      import org.springframework.web.client.RestTemplate;
      public class Http {
          private final RestTemplate rest = new RestTemplate(new HttpComponentsClientHttpRequestFactory());
      }
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["fixed", false, 1, 1] },
  },
  {
    id: APACHE, name: "a POST through the 4.5 default (shipping → cart): 4 attempts on the path, implicit", covers: ["default", "§5.3"],
    file: "shipping/src/main/java/com/shop/CartHelper.java", kind: "apache-httpclient-retry", workspace: true,
    code: `
//- shipping/src/main/java/com/shop/CartHelper.java
package com.shop;

import org.apache.http.client.methods.HttpPost;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;

public class CartHelper {
    public String add(String id) throws Exception {
        CloseableHttpClient httpClient = null;
        httpClient = HttpClients.createDefault();
        HttpPost post = new HttpPost("http://cart:8080/shipping/" + id);
        httpClient.execute(post);
        return "";
    }
}
`,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: NONE, implicit: true, path: { target: "cart", product: 4 } },
  },
];

const GRPC = "grpc-java";
const GRPC_WAIT: ["exponential", true] = ["exponential", true];
const grpcChannel = (chain: string, extra = "") => src`
  package com.shop;

  import io.grpc.ManagedChannel;
  import io.grpc.ManagedChannelBuilder;
  import java.util.List;
  import java.util.Map;

  public class Orders {
      ${extra}
      private final ManagedChannel channel = ManagedChannelBuilder.forAddress("orders", 9090)
          .usePlaintext()
          ${chain}
          .build();
  }
`;
const POLICY = (n: string) => `Map.of("methodConfig", List.of(Map.of("name", List.of(Map.of("service", "shop.Orders")), "retryPolicy", Map.of("maxAttempts", ${n}, "initialBackoff", "0.5s", "maxBackoff", "30s", "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE")))))`;

rows.push(
  {
    id: GRPC, name: "defaultServiceConfig(Map.of(…)) retryPolicy maxAttempts 4.0 → 4 attempts (includes the first call), jittered exponential", covers: ["default", "§5.1"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: grpcChannel(`.defaultServiceConfig(${POLICY("4.0")})`),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: GRPC_WAIT, note: /maxAttempts: 4 → 4 attempts .*maxRetryAttempts default 5.*≥ 1\.40/ },
  },
  {
    id: GRPC, name: "maxAttempts 8 → capped at maxRetryAttempts' default 5", covers: ["trap"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: grpcChannel(`.defaultServiceConfig(${POLICY("8.0")})`),
    expect: { maxAttempts: 5, wait: GRPC_WAIT, note: /capped at 5/ },
  },
  {
    id: GRPC, name: "maxRetryAttempts(7) raises the cap: maxAttempts 8 → 7 (grpc-java, unlike grpc-go's fixed 5)", covers: ["trap"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: grpcChannel(`.maxRetryAttempts(7)\n.defaultServiceConfig(${POLICY("8.0")})`),
    expect: { maxAttempts: 7, wait: GRPC_WAIT, note: /maxRetryAttempts\(7\)/ },
  },
  {
    id: GRPC, name: "disableRetry(): the service config's retryPolicy is ignored → no layer", covers: ["trap"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: grpcChannel(`.disableRetry()\n.defaultServiceConfig(${POLICY("4.0")})`),
    expect: "none",
  },
  {
    id: GRPC, name: "a channel without defaultServiceConfig: transparent retries only → no layer", covers: ["trap"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: grpcChannel(""),
    expect: "none",
  },
  {
    id: GRPC, name: "a HashMap filled with put(…) in a helper method: maxAttempts 3 → 3", covers: ["default"],
    file: JAVA.replace("Http", "Orders"), kind: "grpc-service-config",
    code: src`
      package com.shop;
      import io.grpc.ManagedChannel;
      import io.grpc.ManagedChannelBuilder;
      import java.util.*;
      public class Orders {
          private final ManagedChannel channel = ManagedChannelBuilder.forTarget("dns:///orders:9090")
              .defaultServiceConfig(serviceConfig())
              .enableRetry()
              .build();

          private static Map<String, Object> serviceConfig() {
              Map<String, Object> retryPolicy = new HashMap<>();
              retryPolicy.put("maxAttempts", 3D);
              retryPolicy.put("initialBackoff", "0.2s");
              retryPolicy.put("maxBackoff", "2s");
              retryPolicy.put("backoffMultiplier", 2D);
              retryPolicy.put("retryableStatusCodes", List.of("UNAVAILABLE"));
              Map<String, Object> methodConfig = new HashMap<>();
              methodConfig.put("name", List.of(Map.of("service", "shop.Orders")));
              methodConfig.put("retryPolicy", retryPolicy);
              Map<String, Object> config = new HashMap<>();
              config.put("methodConfig", List.of(methodConfig));
              return config;
          }
      }
    `,
    expect: { maxAttempts: 3, wait: GRPC_WAIT, note: /enableRetry\(\)/ },
  },
  {
    id: GRPC, name: "Kotlin mapOf(\"maxAttempts\" to 5.0): 5 attempts", covers: ["default"],
    file: "svc/src/main/kotlin/com/shop/Orders.kt", kind: "grpc-service-config",
    code: src`
      package com.shop
      import io.grpc.ManagedChannelBuilder
      class Orders {
          private val channel = ManagedChannelBuilder.forAddress("orders", 9090)
              .defaultServiceConfig(mapOf("methodConfig" to listOf(mapOf("name" to listOf(mapOf("service" to "shop.Orders")), "retryPolicy" to mapOf("maxAttempts" to 5.0, "initialBackoff" to "0.1s", "maxBackoff" to "1s", "backoffMultiplier" to 2.0, "retryableStatusCodes" to listOf("UNAVAILABLE"))))))
              .build()
      }
    `,
    expect: { maxAttempts: 5, wait: GRPC_WAIT },
  },
  {
    id: GRPC, name: "a stub on the channel: its RPCs are calls to grpc://orders:9090 through the layer", covers: ["default"],
    file: "web/src/main/java/com/shop/Checkout.java", kind: "grpc-service-config", workspace: true,
    code: `
//- web/src/main/java/com/shop/Checkout.java
package com.shop;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.*;

@RestController
public class Checkout {
    private final ManagedChannel channel = ManagedChannelBuilder.forAddress("orders", 9090)
        .defaultServiceConfig(${POLICY("4.0")})
        .build();
    private final OrdersGrpc.OrdersBlockingStub stub = OrdersGrpc.newBlockingStub(channel);

    @PostMapping("/checkout")
    public String checkout() {
        return stub.withDeadlineAfter(2, java.util.concurrent.TimeUnit.SECONDS).place(null).toString();
    }
}
`,
    expect: { maxAttempts: 4, wait: GRPC_WAIT, path: { target: "orders", product: 4 } },
  },
);

const FEIGN = "openfeign";
const SPRING_AI = "spring-ai";
const FEIGN_WAIT: ["exponential", false, number, number] = ["exponential", false, 0.1, 1];
const feignBuilder = (chain: string) => src`
  package com.shop;
  import feign.Feign;
  import feign.Retryer;
  public class Clients {
      private final InventoryApi inventory = Feign.builder()${chain}
          .target(InventoryApi.class, "http://inventory:8080");
  }
`;
const feignWorkspace = (config: string, props = "") => `
//- orders/src/main/java/com/shop/InventoryClient.java
package com.shop;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.*;

@FeignClient(name = "inventory", url = "http://inventory:8080")
public interface InventoryClient {
    @PostMapping("/reserve")
    String reserve();
}
//- orders/src/main/java/com/shop/OrderController.java
package com.shop;

import org.springframework.web.bind.annotation.*;

@RestController
public class OrderController {
    private final InventoryClient inventory;

    public OrderController(InventoryClient inventory) {
        this.inventory = inventory;
    }

    @PostMapping("/orders")
    public String place() {
        return inventory.reserve();
    }
}
//- orders/src/main/java/com/shop/FeignConfig.java
${config}
${props}`;

rows.push(
  {
    id: FEIGN, name: "Feign.builder() without .retryer(…): Retryer.Default() maxAttempts 5 counts attempts → 5; 100 ms ×1.5 up to 1 s, no jitter; POST re-sent on IOException", covers: ["default", "§5.1", "§5.3"],
    file: "svc/src/main/java/com/shop/Clients.java", kind: "feign-retryer",
    code: feignBuilder(""),
    expect: { maxAttempts: 5, attemptsSource: "default", wait: FEIGN_WAIT, methods: "all", note: /Retryer\.Default\(\): maxAttempts 5 → 5 attempts/ },
  },
  {
    id: FEIGN, name: "new Retryer.Default(100, SECONDS.toMillis(2), 3): the third argument counts attempts → 3 (not 4)", covers: ["trap", "§5.1"],
    file: "svc/src/main/java/com/shop/Clients.java", kind: "feign-retryer",
    code: feignBuilder(`\n          .retryer(new Retryer.Default(100, java.util.concurrent.TimeUnit.SECONDS.toMillis(2), 3))`),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", false, 0.1, 2] },
  },
  {
    id: FEIGN, name: ".retryer(Retryer.NEVER_RETRY) → 1 attempt (disabled)", covers: ["trap"],
    file: "svc/src/main/java/com/shop/Clients.java", kind: "feign-retryer",
    code: feignBuilder(`\n          .retryer(Retryer.NEVER_RETRY)`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["none", false] },
  },
  {
    id: FEIGN, name: "Spring Cloud OpenFeign with no Retryer bean: the default bean is Retryer.NEVER_RETRY → no layer", covers: ["default", "trap"],
    file: "orders/src/main/java/com/shop/FeignConfig.java", kind: "feign-retryer", workspace: true,
    code: feignWorkspace(`package com.shop;\n\nimport org.springframework.context.annotation.Configuration;\n\n@Configuration\npublic class FeignConfig {\n}\n`),
    expect: "none",
  },
  {
    id: FEIGN, name: "a @Bean Retryer in a @Configuration class: every @FeignClient of the service retries through it, new Retryer.Default() → 5 on the path", covers: ["default"],
    file: "orders/src/main/java/com/shop/FeignConfig.java", kind: "feign-retryer", workspace: true,
    code: feignWorkspace(`package com.shop;

import feign.Retryer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class FeignConfig {
    @Bean
    public Retryer retryer() {
        return new Retryer.Default();
    }
}
`),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: FEIGN_WAIT, path: { target: "inventory", product: 5 } },
  },
  {
    id: FEIGN, name: "spring.cloud.openfeign.client.config.default.retryer: feign.Retryer.Default → 5 for every client", covers: ["default"],
    file: "orders/src/main/resources/application.yml", kind: "feign-retryer", workspace: true,
    code: feignWorkspace(`package com.shop;\n\npublic class FeignConfig {\n}\n`, `//- orders/src/main/resources/application.yml
spring:
  cloud:
    openfeign:
      client:
        config:
          default:
            retryer: feign.Retryer.Default
`),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: FEIGN_WAIT, path: { target: "inventory", product: 5 } },
  },
  {
    id: SPRING_AI, name: "a ChatClient with no spring.ai.retry settings: RetryTemplate max-attempts 10 → 10 (1.x), 2 s ×5 up to 3 min, no jitter, 4xx not retried", covers: ["default", "§5.1", "§5.3"],
    file: "assistant/src/main/java/com/shop/Assistant.java", kind: "spring-ai-retry", workspace: true,
    code: `
//- assistant/src/main/java/com/shop/Assistant.java
package com.shop;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.web.bind.annotation.*;

@RestController
public class Assistant {
    private final ChatClient chat;

    public Assistant(ChatClient.Builder builder) {
        this.chat = builder.build();
    }

    @GetMapping("/ask")
    public String ask(@RequestParam String q) {
        return chat.prompt().user(q).call().content();
    }
}
`,
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["exponential", false, 2, 180], methods: "all", implicit: true, note: /max-attempts 10 → 10 attempts \(Spring AI 1\.x assumed/, path: { target: "openai", product: 10 } },
  },
  {
    id: SPRING_AI, name: "spring.ai.retry.max-attempts: 3 and backoff in application.yml → 3 attempts, 1 s ×2 up to 10 s", covers: ["trap"],
    file: "assistant/src/main/java/com/shop/Assistant.java", kind: "spring-ai-retry", workspace: true,
    code: `
//- assistant/src/main/java/com/shop/Assistant.java
package com.shop;

import org.springframework.ai.chat.model.ChatModel;
import org.springframework.web.bind.annotation.*;

@RestController
public class Assistant {
    private final ChatModel model;

    public Assistant(ChatModel model) {
        this.model = model;
    }

    @GetMapping("/ask")
    public String ask(@RequestParam String q) {
        return model.call(q);
    }
}
//- assistant/src/main/resources/application.yml
spring:
  ai:
    retry:
      max-attempts: 3
      backoff:
        initial-interval: 1s
        multiplier: 2
        max-interval: 10s
`,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", false, 1, 10], note: /spring\.ai\.retry\.max-attempts 3 .* → 3 attempts/ },
  },
  {
    id: SPRING_AI, name: "an Ollama model runs no RetryTemplate → no layer", covers: ["trap"],
    file: "svc/src/main/java/com/shop/Local.java", kind: "spring-ai-retry",
    code: src`
      package com.shop;
      import org.springframework.ai.ollama.OllamaChatModel;
      import org.springframework.ai.chat.model.ChatModel;
      public class Local {
          private final ChatModel model;
          public Local(OllamaChatModel model) { this.model = model; }
      }
    `,
    expect: "none",
  },
);

const JDK = "jdk-httpurlconnection";
const openConnection = (extra: string) => src`
  package com.shop;
  import java.net.HttpURLConnection;
  import java.net.URL;
  public class Http {
      int send(URL url) throws Exception {
          HttpURLConnection c = (HttpURLConnection) url.openConnection();
          ${extra}
          return c.getResponseCode();
      }
  }
`;
rows.push(
  {
    id: JDK, name: "url.openConnection(): the JDK re-sends once after a failed status-line read → 2, no wait, POST too (retryPost)", covers: ["default", "§5.3"],
    file: JAVA, kind: "jdk-httpurlconnection",
    code: openConnection(""),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: NONE, methods: "all", note: /once more → 2 attempts \(failedOnce\)/ },
  },
  {
    id: JDK, name: "url.openConnection() with setChunkedStreamingMode: a streamed body is never re-sent → 1", covers: ["trap"],
    file: JAVA, kind: "jdk-httpurlconnection",
    code: openConnection("c.setChunkedStreamingMode(4096);"),
    expect: { maxAttempts: 1, attemptsSource: "default", wait: NONE, methods: "all" },
  },
);

runTable("JVM clients", [APACHE, GRPC, FEIGN, SPRING_AI, JDK], rows);
