/**
 * Fixes on Micronaut @Retryable (attempts counts retries: off is attempts = "0") and Spring Cloud
 * Stream consumer retries (consumer.max-attempts counts attempts: off is 1). Unsafe.
 */
import { fixCases } from "./fixCases";

const CLIENT = "gateway/src/main/java/com/shop/ProductClient.java";
const client = (annotation: string, threshold = 1) => `
//- ${CLIENT}
package com.shop;

import io.micronaut.http.annotation.Get;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client("http://products:8080")
${annotation}
public interface ProductClient {
    @Get("/products")
    String list();
}
//! threshold ${threshold}
`;
const clientAfter = (annotation: string, threshold = 1) => {
  const all = client(annotation, threshold).replace(`//! threshold ${threshold}\n`, "");
  return all;
};

fixCases("Micronaut @Retryable", [
  {
    name: "off: attempts = \"2\" → \"0\"",
    workspace: client('@Retryable(attempts = "2", delay = "2s")'),
    finding: `RL001 ${CLIENT}:8`,
    fix: "Turn off Micronaut retries",
    safety: "unsafe",
    after: clientAfter('@Retryable(attempts = "0", delay = "2s")'),
  },
  {
    name: "lower: a bare @Retryable (4 attempts) gets attempts = \"1\" for 2 attempts",
    workspace: client("@Retryable", 2),
    finding: `RL001 ${CLIENT}:8`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: clientAfter('@Retryable(attempts = "1")', 2),
  },
]);

const YML = "products/src/main/resources/application.yml";
const CODE = "products/src/main/java/com/shop/Processor.java";
const stream = (yml: string, threshold = 1) => `
//- ${YML}
${yml}//- ${CODE}
package com.shop;

import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;

public class Processor {
    private final RestTemplate rest = new RestTemplate();

    @Bean
    public Consumer<String> messageProcessor() {
        return event -> {
            rest.postForObject("http://inventory:8080/reserve", event, String.class);
        };
    }
}
//! threshold ${threshold}
`;
const streamAfter = (yml: string) => `
//- ${YML}
${yml}`;

fixCases("Spring Cloud Stream consumer retry", [
  {
    name: "off: max-attempts 3 → 1",
    workspace: stream("spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  max-attempts: 3\n"),
    finding: `RL001 ${YML}:2`,
    fix: "Turn off the consumer retries",
    safety: "unsafe",
    after: streamAfter("spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  max-attempts: 1\n"),
  },
  {
    name: "lower: a binding with only a back-off gets a max-attempts beside it",
    workspace: stream("spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  back-off-initial-interval: 500\n", 2),
    finding: `RL001 ${YML}:2`,
    fix: "Lower stream consumer",
    safety: "unsafe",
    after: streamAfter("spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  back-off-initial-interval: 500\n  max-attempts: 2\n"),
  },
]);
