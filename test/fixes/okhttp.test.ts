/**
 * Fixes on OkHttp's implicit connection-failure retries (reference §3.5), Java and Kotlin: the
 * only knob is `retryOnConnectionFailure(false)` — added to a builder chain right after the
 * builder, written into an existing call, or the simple `new OkHttpClient()` becomes a builder.
 * Always unsafe: POSTs that failed to connect are no longer re-sent.
 */
import { fixCases } from "./fixCases";

const JAVA = "billing/src/main/java/com/shop/billing/PaymentsClient.java";
const KOTLIN = "billing/src/main/kotlin/com/shop/billing/PaymentsClient.kt";

const java = (client: string) => `
//- ${JAVA}
package com.shop.billing;

import okhttp3.OkHttpClient;
import okhttp3.Request;

public class PaymentsClient {
    private final OkHttpClient http = ${client};

    public void charge() throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/charge").build();
        http.newCall(req).execute();
    }
}
//! threshold 1
`;

const kotlin = (client: string) => `
//- ${KOTLIN}
package com.shop.billing

import okhttp3.OkHttpClient
import okhttp3.Request

class PaymentsClient(private val retry: Boolean) {
    private val http = ${client}

    fun charge() {
        val req = Request.Builder().url("http://payments:8080/charge").build()
        http.newCall(req).execute()
    }
}
//! threshold 1
`;

fixCases("OkHttp", [
  {
    name: "Java: new OkHttpClient() → a builder with retryOnConnectionFailure(false)",
    workspace: java("new OkHttpClient()"),
    finding: `RL001 ${JAVA}:7`,
    fix: "Turn off OkHttp",
    safety: "unsafe",
    after: `
//- billing/src/main/java/com/shop/billing/PaymentsClient.java
package com.shop.billing;

import okhttp3.OkHttpClient;
import okhttp3.Request;

public class PaymentsClient {
    private final OkHttpClient http = new OkHttpClient.Builder().retryOnConnectionFailure(false).build();

    public void charge() throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/charge").build();
        http.newCall(req).execute();
    }
}
`,
  },
  {
    name: "Java: a builder chain gets retryOnConnectionFailure(false) after the builder",
    workspace: java("new OkHttpClient.Builder()\n        .connectTimeout(java.time.Duration.ofSeconds(2))\n        .build()"),
    finding: `RL001 ${JAVA}:7`,
    fix: "Turn off OkHttp",
    safety: "unsafe",
    after: `
//- billing/src/main/java/com/shop/billing/PaymentsClient.java
package com.shop.billing;

import okhttp3.OkHttpClient;
import okhttp3.Request;

public class PaymentsClient {
    private final OkHttpClient http = new OkHttpClient.Builder().retryOnConnectionFailure(false)
        .connectTimeout(java.time.Duration.ofSeconds(2))
        .build();

    public void charge() throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/charge").build();
        http.newCall(req).execute();
    }
}
`,
  },
  {
    name: "Kotlin: OkHttpClient() → OkHttpClient.Builder().retryOnConnectionFailure(false).build()",
    workspace: kotlin("OkHttpClient()"),
    finding: `RL001 ${KOTLIN}:7`,
    fix: "Turn off OkHttp",
    safety: "unsafe",
    after: `
//- billing/src/main/kotlin/com/shop/billing/PaymentsClient.kt
package com.shop.billing

import okhttp3.OkHttpClient
import okhttp3.Request

class PaymentsClient(private val retry: Boolean) {
    private val http = OkHttpClient.Builder().retryOnConnectionFailure(false).build()

    fun charge() {
        val req = Request.Builder().url("http://payments:8080/charge").build()
        http.newCall(req).execute()
    }
}
`,
  },
  {
    name: "Kotlin: retryOnConnectionFailure(retry) not a literal → false",
    workspace: kotlin("OkHttpClient.Builder().retryOnConnectionFailure(retry).build()"),
    finding: `RL001 ${KOTLIN}:7`,
    fix: "Turn off OkHttp",
    safety: "unsafe",
    after: `
//- billing/src/main/kotlin/com/shop/billing/PaymentsClient.kt
package com.shop.billing

import okhttp3.OkHttpClient
import okhttp3.Request

class PaymentsClient(private val retry: Boolean) {
    private val http = OkHttpClient.Builder().retryOnConnectionFailure(false).build()

    fun charge() {
        val req = Request.Builder().url("http://payments:8080/charge").build()
        http.newCall(req).execute()
    }
}
`,
  },
]);
