/**
 * Fixes on Feign's Retryer and Spring AI's RetryTemplate (docs/reference/openfeign.md,
 * spring-ai.md): Feign counts attempts in `new Retryer.Default(p, max, n)`, off is
 * `Retryer.NEVER_RETRY`; Spring AI's count is `spring.ai.retry.max-attempts` in the project's
 * settings. Unsafe.
 */
import { fixCases } from "./fixCases";

const CFG = "orders/src/main/java/com/shop/FeignConfig.java";
const feign = (bean: string, threshold = 1) => `
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
//- ${CFG}
package com.shop;

import feign.Retryer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class FeignConfig {
    @Bean
    public Retryer retryer() {
        return ${bean};
    }
}
//! threshold ${threshold}
`;
const feignAfter = (bean: string, threshold = 1) => {
  const all = feign(bean, threshold).replace(`//! threshold ${threshold}\n`, "");
  return `\n${all.slice(all.indexOf(`//- ${CFG}`))}`;
};

fixCases("Feign Retryer", [
  {
    name: "off: new Retryer.Default() → Retryer.NEVER_RETRY",
    workspace: feign("new Retryer.Default()"),
    finding: `RL001 ${CFG}:11`,
    fix: "Turn off the Feign Retryer",
    safety: "unsafe",
    after: feignAfter("Retryer.NEVER_RETRY"),
  },
  {
    name: "lower: the third argument (maxAttempts, attempts) becomes the threshold",
    workspace: feign("new Retryer.Default(100, 2000, 5)", 3),
    finding: `RL001 ${CFG}:11`,
    fix: "Lower the Feign Retryer",
    safety: "unsafe",
    after: feignAfter("new Retryer.Default(100, 2000, 3)", 3),
  },
  {
    name: "lower: new Retryer.Default() spells its defaults out with the new count",
    workspace: feign("new Retryer.Default()", 2),
    finding: `RL001 ${CFG}:11`,
    fix: "Lower the Feign Retryer",
    safety: "unsafe",
    after: feignAfter("new Retryer.Default(100, 1000, 2)", 2),
  },
]);

const AI = "assistant/src/main/java/com/shop/Assistant.java";
const YML = "assistant/src/main/resources/application.yml";
const ai = (yml: string, threshold: number) => `
//- ${YML}
${yml}//- ${AI}
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
//! threshold ${threshold}
`;
const aiAfter = (yml: string) => `
//- ${YML}
${yml}`;

fixCases("Spring AI retry", [
  {
    name: "lower: spring.ai.retry.max-attempts is added to the project's application.yml",
    workspace: ai("spring:\n  application:\n    name: assistant\n", 3),
    finding: `RL001 ${AI}:9`,
    fix: "Lower Spring AI's model-call retries",
    safety: "unsafe",
    after: aiAfter("spring:\n  application:\n    name: assistant\n  ai:\n    retry:\n      max-attempts: 3\n"),
  },
  {
    name: "lower: an existing max-attempts is rewritten",
    workspace: ai("spring:\n  ai:\n    retry:\n      max-attempts: 8\n", 2),
    finding: `RL001 ${AI}:9`,
    fix: "Lower Spring AI's model-call retries",
    safety: "unsafe",
    after: aiAfter("spring:\n  ai:\n    retry:\n      max-attempts: 2\n"),
  },
]);
