/**
 * Fixes on Apache HttpClient's retry handlers (docs/reference/apache-httpclient.md), Java and
 * Kotlin: off is `disableAutomaticRetries()` on the builder (createDefault() becomes a builder);
 * lowering rewrites a written handler's count, which counts retries. Always unsafe.
 */
import { fixCases } from "./fixCases";

const JAVA = "shipping/src/main/java/com/shop/CartClient.java";
const KOTLIN = "shipping/src/main/kotlin/com/shop/CartClient.kt";

const java = (client: string, threshold = 1) => `
//- ${JAVA}
package com.shop;

import org.apache.http.client.methods.HttpGet;
import org.apache.http.impl.client.*;

public class CartClient {
    private final CloseableHttpClient http = ${client};

    public void load(String id) throws Exception {
        http.execute(new HttpGet("http://cart:8080/cart/" + id));
    }
}
//! threshold ${threshold}
`;
const javaAfter = (client: string) => java(client).replace("//! threshold 1\n", "");

const kotlin = (client: string) => `
//- ${KOTLIN}
package com.shop

import org.apache.hc.client5.http.classic.methods.HttpGet
import org.apache.hc.client5.http.impl.classic.HttpClients

class CartClient {
    private val http = ${client}

    fun load(id: String) {
        http.execute(HttpGet("http://cart:8080/cart/" + id))
    }
}
//! threshold 1
`;
const kotlinAfter = (client: string) => kotlin(client).replace("//! threshold 1\n", "");

fixCases("Apache HttpClient", [
  {
    name: "Java 4.5: HttpClients.createDefault() → a builder with disableAutomaticRetries()",
    workspace: java("HttpClients.createDefault()"),
    finding: `RL001 ${JAVA}:7`,
    fix: "Turn off Apache HttpClient's automatic retries",
    safety: "unsafe",
    after: javaAfter("HttpClients.custom().disableAutomaticRetries().build()"),
  },
  {
    name: "Java 4.5: HttpClients.createSystem() keeps useSystemProperties()",
    workspace: java("HttpClients.createSystem()"),
    finding: `RL001 ${JAVA}:7`,
    fix: "Turn off Apache HttpClient's automatic retries",
    safety: "unsafe",
    after: javaAfter("HttpClients.custom().useSystemProperties().disableAutomaticRetries().build()"),
  },
  {
    name: "Java 4.5: a builder chain gets disableAutomaticRetries() after the builder",
    workspace: java("HttpClients.custom().setMaxConnTotal(20).build()"),
    finding: `RL001 ${JAVA}:7`,
    fix: "Turn off Apache HttpClient's automatic retries",
    safety: "unsafe",
    after: javaAfter("HttpClients.custom().disableAutomaticRetries().setMaxConnTotal(20).build()"),
  },
  {
    name: "Kotlin 5.x: HttpClients.createDefault() → a builder with disableAutomaticRetries()",
    workspace: kotlin("HttpClients.createDefault()"),
    finding: `RL001 ${KOTLIN}:7`,
    fix: "Turn off Apache HttpClient's automatic retries",
    safety: "unsafe",
    after: kotlinAfter("HttpClients.custom().disableAutomaticRetries().build()"),
  },
]);

fixCases("Apache HttpClient: lower", [
  {
    name: "Java 4.5: DefaultHttpRequestRetryHandler(5, false) is lowered to the threshold (retryCount counts retries: 3 attempts → 2)",
    workspace: java("HttpClients.custom().setRetryHandler(new DefaultHttpRequestRetryHandler(5, false)).build()", 3),
    finding: `RL001 ${JAVA}:7`,
    fix: "Lower Apache HttpClient 4 to 3 attempts",
    safety: "unsafe",
    after: java("HttpClients.custom().setRetryHandler(new DefaultHttpRequestRetryHandler(2, false)).build()", 3).replace("//! threshold 3\n", ""),
  },
]);
