/**
 * Fixes on grpc-java channel retries (docs/reference/grpc-java.md): off is `.disableRetry()`
 * after `defaultServiceConfig(…)`; lowering is the builder's own `maxRetryAttempts(N)` cap. Unsafe.
 */
import { fixCases } from "./fixCases";

const JAVA = "web/src/main/java/com/shop/Checkout.java";
const POLICY = `Map.of("methodConfig", List.of(Map.of("name", List.of(Map.of("service", "shop.Orders")), "retryPolicy", Map.of("maxAttempts", 5.0, "initialBackoff", "0.5s", "maxBackoff", "30s", "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE")))))`;

const java = (chain: string, threshold: number) => `
//- ${JAVA}
package com.shop;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.*;

@RestController
public class Checkout {
    private final ManagedChannel channel = ManagedChannelBuilder.forAddress("orders", 9090)
        ${chain}
        .build();
    private final OrdersGrpc.OrdersBlockingStub stub = OrdersGrpc.newBlockingStub(channel);

    @PostMapping("/checkout")
    public String checkout() {
        return stub.place(null).toString();
    }
}
//! threshold ${threshold}
`;
const after = (chain: string, threshold: number) => java(chain, threshold).replace(`//! threshold ${threshold}\n`, "");

fixCases("grpc-java", [
  {
    name: "off: .disableRetry() after defaultServiceConfig(…)",
    workspace: java(`.defaultServiceConfig(${POLICY})`, 1),
    finding: `RL001 ${JAVA}:12`,
    fix: "Turn off gRPC retries",
    safety: "unsafe",
    after: after(`.defaultServiceConfig(${POLICY}).disableRetry()`, 1),
  },
  {
    name: "lower: maxRetryAttempts(3) caps maxAttempts 5 to the threshold",
    workspace: java(`.defaultServiceConfig(${POLICY})`, 3),
    finding: `RL001 ${JAVA}:12`,
    fix: "Lower gRPC retries",
    safety: "unsafe",
    after: after(`.defaultServiceConfig(${POLICY}).maxRetryAttempts(3)`, 3),
  },
  {
    name: "lower: an existing maxRetryAttempts literal is rewritten",
    workspace: java(`.maxRetryAttempts(5)\n        .defaultServiceConfig(${POLICY})`, 2),
    finding: `RL001 ${JAVA}:13`,
    fix: "Lower gRPC retries",
    safety: "unsafe",
    after: after(`.maxRetryAttempts(2)\n        .defaultServiceConfig(${POLICY})`, 2),
  },
]);
