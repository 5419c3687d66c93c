// stripe-java — docs/reference/stripe.md "stripe-java": the global Stripe.maxNetworkRetries counts
// retries, default 2 from 27.0.0 (0 before); a StripeClient does not retry unless its builder sets
// setMaxNetworkRetries; calls through either are requests to api.stripe.com.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";
import { checkFixture } from "../../harness";

const file = (imports: string, body: string) => `
package com.shop;

import com.stripe.Stripe;
import com.stripe.StripeClient;
${imports}

public class Pay {
${body}
}
`;

describe("stripe-java attempts", () => {
  const cases: Array<[string, string, string, number | null, "config" | "default"] | [string, string, string, "none"]> = [
    ["global resource, default", "import com.stripe.model.Charge;", `  Object charge(Object p) throws Exception { return Charge.create(p); }`, 3, "default"],
    ["Stripe.setMaxNetworkRetries(4) counts retries → 5", "import com.stripe.model.Charge;", `  Object charge(Object p) throws Exception { Stripe.setMaxNetworkRetries(4); return Charge.create(p); }`, 5, "config"],
    ["Stripe.setMaxNetworkRetries(0) → 1", "import com.stripe.model.checkout.Session;", `  Object s(Object p) throws Exception { Stripe.setMaxNetworkRetries(0); return Session.create(p); }`, 1, "config"],
    ["StripeClient.builder().setMaxNetworkRetries(3) → 4", "", `  private final StripeClient client = StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(3).build();`, 4, "config"],
    // the trap: the builder's maxNetworkRetries field has no initializer (0), unlike the global 2
    ["new StripeClient(key) does not retry: no layer", "", `  private final StripeClient client = new StripeClient("sk");`, "none"],
    ["StripeClient.builder() without setMaxNetworkRetries: no layer", "", `  private final StripeClient client = StripeClient.builder().setApiKey("sk").build();`, "none"],
    // Stripe.setMaxNetworkRetries in a file with no resource call sets nothing here
    ["no stripe call: no layer", "", `  void init() { Stripe.setMaxNetworkRetries(2); }`, "none"],
  ];
  for (const [name, imports, body, expected, source] of cases) {
    test(name, async () => {
      const facts = await java(file(imports, body));
      const layers = facts.layers.filter((l) => l.kind === "stripe-sdk");
      if (expected === "none") return assert.equal(layers.length, 0);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.attemptsSource, source);
      if (source === "default") assert.equal(layers[0]!.versionDefaults?.ecosystem, "maven");
    });
  }
  test("no com.stripe import: nothing", async () => {
    const facts = await java(`package com.shop;\n\nimport com.shop.model.Charge;\n\npublic class Pay {\n  Object c(Object p) { return Charge.create(p); }\n}\n`);
    assert.equal(facts.layers.length, 0);
  });
});

describe("stripe-java linking", () => {
  test("global resources and a StripeClient's service chains are requests to api.stripe.com; the accessors are not", async () => {
    const result = await checkFixture(`
//! rules RL009
//- pay/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.StripeClient;
import com.stripe.model.Charge;
// ^ layer ×3
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Pay {
    private final StripeClient client = StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(1).build();
// ^ layer ×2

    @PostMapping("/charge")
    public Object charge(Object p) throws Exception {
        return Charge.create(p);
    }

    @PostMapping("/customer")
    public Object customer(Object p) throws Exception {
        return client.v1().customers().create(p);
    }
}
//! path 3 api.stripe.com
//! path 2 api.stripe.com
`);
    // one request per endpoint: `client.v1()` and `.customers()` send nothing
    assert.equal(result.model.paths.filter((p) => p.target === "api.stripe.com").length, 2);
  });
});

describe("stripe-java injected clients", () => {
  test("a StripeClient constructor parameter resolves to the @Bean that builds one (setMaxNetworkRetries(1) → 2)", async () => {
    await checkFixture(`
//! rules RL009
//- pay/src/main/java/com/shop/StripeConfig.java
package com.shop;

import com.stripe.StripeClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class StripeConfig {
    @Bean
    public StripeClient stripeClient() {
        return StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(1).build();
// ^ layer ×2
    }
}
//- pay/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.StripeClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Pay {
    private final StripeClient stripeClient;

    public Pay(StripeClient stripeClient) {
        this.stripeClient = stripeClient;
    }

    @PostMapping("/customer")
    public Object customer(Object p) throws Exception {
        return stripeClient.customers().create(p);
    }
}
//! path 2 api.stripe.com
`);
  });
});

describe("stripe-java versions", () => {
  test("the build's pin decides the global default: stripe-java 26 → no retries, 28 → 3 attempts", async () => {
    await checkFixture(`
//! rules RL009
//- old/pom.xml
<project>
  <artifactId>old</artifactId>
  <dependencies>
    <dependency><groupId>com.stripe</groupId><artifactId>stripe-java</artifactId><version>26.13.0</version></dependency>
  </dependencies>
</project>
//- old/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.model.Charge;
// ^ layer disabled

public class Pay {
    public Object charge(Object p) throws Exception { return Charge.create(p); }
}
//- new/pom.xml
<project>
  <artifactId>new</artifactId>
  <dependencies>
    <dependency><groupId>com.stripe</groupId><artifactId>stripe-java</artifactId><version>28.2.0</version></dependency>
  </dependencies>
</project>
//- new/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.model.Charge;
// ^ layer ×3

public class Pay {
    public Object charge(Object p) throws Exception { return Charge.create(p); }
}
`);
  });
});

describe("stripe-java from Kotlin", () => {
  test("the global layer on the model import and a builder's setMaxNetworkRetries(3) → 4", async () => {
    const facts = await kotlin(`
package com.shop

import com.stripe.StripeClient
import com.stripe.model.Charge

class Pay {
    private val client = StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(3).build()
    fun charge(p: Any): Any = Charge.create(p)
    fun customer(p: Any): Any = client.v1().customers().create(p)
}
`);
    const layers = facts.layers.filter((l) => l.kind === "stripe-sdk").map((l) => [l.anchor.line, l.maxAttempts]);
    assert.deepEqual(layers, [[4, 3], [7, 4]]);
    assert.deepEqual(facts.calls.filter((c) => /^(client|stripe__global)\./.test(c.callee)).map((c) => c.callee).sort(), ["client.create", "stripe__global.create"]);
  });
});
