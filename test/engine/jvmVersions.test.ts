// Version-dependent JVM defaults follow the build (engine/jvmVersions.ts, sdkVersions.ts "maven",
// versionGates.ts "maven"): kafka-clients' default retries (0 before 2.1, Integer.MAX_VALUE since),
// grpc-java's retries (off before 1.40 unless enableRetry()), the AWS SDK for Java v2 note.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const PRODUCER = "orders/src/main/java/com/shop/Events.java";
const producer = (build: string, marker: string) => `
${build}
//- ${PRODUCER}
package com.shop;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
public class Events {
    KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("bootstrap.servers", "kafka:9092");
        return new KafkaProducer<>(props);
        // ^ layer ${marker}
    }
}
//! rules RL001
`;
const pom = (body: string) => `<project>\n${body}\n</project>`;
const dep = (g: string, a: string, v?: string) => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${v ? `<version>${v}</version>` : ""}</dependency>`;
const BOOT = (v: string) => `<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${v}</version></parent>`;

describe("kafka-clients' default retries follow the build", () => {
  const table: Array<[string, string, string, RegExp]> = [
    ["no build file: ≥ 2.1 assumed, time-bounded, and the note says so", "", "×∞", /Integer\.MAX_VALUE.*120 s.*not pinned in a pom\.xml, Gradle build or version catalog above this file: ≥ 2\.1 assumed/],
    ["kafka-clients 2.0.1 pinned in the module's pom: retries 0 → 1 attempt", `//- orders/pom.xml\n${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "2.0.1")}</dependencies>`)}`, "disabled", /retries 0 before kafka-clients 2\.1.*org\.apache\.kafka:kafka-clients 2\.0\.1 in orders\/pom\.xml:2/],
    ["kafka-clients 3.6.1 pinned: the time-bounded default, the pin named", `//- orders/pom.xml\n${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "3.6.1")}</dependencies>`)}`, "×∞", /Integer\.MAX_VALUE \(kafka-clients ≥ 2\.1, KIP-91\).*\(org\.apache\.kafka:kafka-clients 3\.6\.1 in orders\/pom\.xml:2\)/],
    ["the version is a property of the parent pom a folder up", `//- pom.xml\n${pom("<properties><kafka.version>2.0.1</kafka.version></properties>")}\n//- orders/pom.xml\n${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "${kafka.version}")}</dependencies>`)}`, "disabled", /kafka-clients 2\.0\.1 in orders\/pom\.xml/],
    ["Spring Boot 2.1 manages it (spring-kafka 2.2 → kafka-clients 2.0.x): 1 attempt", `//- orders/pom.xml\n${pom(`${BOOT("2.1.4.RELEASE")}<dependencies>${dep("org.springframework.kafka", "spring-kafka")}</dependencies>`)}`, "disabled", /kafka-clients before 2\.1, as org\.springframework\.boot 2\.1\.4\.RELEASE in orders\/pom\.xml:2 brings/],
    ["Spring Boot 2.1 with Boot's kafka.version property raised to 2.3.1: time-bounded", `//- orders/pom.xml\n${pom(`${BOOT("2.1.4.RELEASE")}<properties><kafka.version>2.3.1</kafka.version></properties>`)}`, "×∞", /Spring Boot's kafka\.version/],
    ["Spring Boot 3 manages it: time-bounded", `//- orders/pom.xml\n${pom(BOOT("3.2.0"))}`, "×∞", /kafka-clients 2\.3 or later, as org\.springframework\.boot 3\.2\.0/],
    ["spring-kafka 2.2.8 pinned in a Groovy build.gradle: 1 attempt", `//- orders/build.gradle\ndependencies {\n  implementation 'org.springframework.kafka:spring-kafka:2.2.8.RELEASE'\n}`, "disabled", /as org\.springframework\.kafka:spring-kafka 2\.2\.8\.RELEASE in orders\/build\.gradle:2 brings/],
    ["a root version catalog pins 2.0.1 for a subproject: 1 attempt", `//- gradle/libs.versions.toml\n[versions]\nkafka = "2.0.1"\n[libraries]\nkafka = { module = "org.apache.kafka:kafka-clients", version.ref = "kafka" }`, "disabled", /in gradle\/libs\.versions\.toml:4/],
    ["a variable from the root gradle.properties: 2.0.1 → 1 attempt", `//- gradle.properties\nkafkaVersion=2.0.1\n//- orders/build.gradle.kts\ndependencies {\n    implementation("org.apache.kafka:kafka-clients:$kafkaVersion")\n}`, "disabled", /kafka-clients 2\.0\.1 in orders\/build\.gradle\.kts:2/],
    ["an unresolved placeholder: said, ≥ 2.1 assumed", `//- orders/pom.xml\n${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "${kafka.version}")}</dependencies>`)}`, "×∞", /kafka-clients \$\{kafka\.version\} in orders\/pom\.xml:2: not read, ≥ 2\.1 assumed/],
    ["a pom in a sibling module does not govern this file", `//- billing/pom.xml\n${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "2.0.1")}</dependencies>`)}`, "×∞", /not pinned/],
  ];
  for (const [name, build, marker, note] of table) {
    test(name, async () => {
      const result = await checkFixture(producer(build, marker));
      assert.match(layerAt(result, `${PRODUCER}:8`).attemptsNote ?? "", note);
    });
  }

  test("a written retries setting is not a default: the pin does not touch it", async () => {
    const result = await checkFixture(`
//- orders/pom.xml
${pom(`<dependencies>${dep("org.apache.kafka", "kafka-clients", "2.0.1")}</dependencies>`)}
//- ${PRODUCER}
package com.shop;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
public class Events {
    KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("retries", 3);
        // ^ layer ×4
        return new KafkaProducer<>(props);
    }
}
//! rules RL001
`);
    assert.doesNotMatch(layerAt(result, `${PRODUCER}:7`).attemptsNote ?? "", /pom\.xml/);
  });
});

const CHANNEL = "orders/src/main/java/com/shop/Orders.java";
const channel = (build: string, chain: string, marker: string) => `
${build}
//- ${CHANNEL}
package com.shop;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.*;
public class Orders {
    private final ManagedChannel channel = ManagedChannelBuilder.forAddress("orders", 9090)
        ${chain}
        .defaultServiceConfig(Map.of("methodConfig", List.of(Map.of("name", List.of(Map.of("service", "shop.Orders")), "retryPolicy", Map.of("maxAttempts", 4.0, "initialBackoff", "0.5s", "maxBackoff", "30s", "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE"))))))
        // ^ layer ${marker}
        .build();
}
//! rules RL001
`;

describe("grpc-java retries follow the build's grpc-java version", () => {
  const table: Array<[string, string, string, string, RegExp]> = [
    ["no build file: ≥ 1.40 assumed, 4 attempts", "", "", "×4", /grpc-java ≥ 1\.40 assumed: retries on by default/],
    ["grpc 1.38.0 (a Maven property): the retryPolicy is inert without enableRetry() → 1 attempt", `//- orders/pom.xml\n${pom(`<properties><grpc.version>1.38.0</grpc.version></properties><dependencies>${dep("io.grpc", "grpc-netty-shaded", "${grpc.version}")}</dependencies>`)}`, "", "disabled", /retries are off: io\.grpc 1\.38\.0 in orders\/pom\.xml:2, and before 1\.40/],
    ["grpc 1.38.0 with enableRetry(): 4 attempts", `//- orders/pom.xml\n${pom(`<dependencies>${dep("io.grpc", "grpc-stub", "1.38.0")}</dependencies>`)}`, ".enableRetry()", "×4", /enableRetry\(\)/],
    ["grpc 1.58.0 from a Gradle BOM: 4 attempts, the pin named", `//- orders/build.gradle\ndependencies {\n  implementation platform('io.grpc:grpc-bom:1.58.0')\n}`, "", "×4", /io\.grpc 1\.58\.0 in orders\/build\.gradle:2: retries on by default/],
  ];
  for (const [name, build, chain, marker, note] of table) {
    test(name, async () => {
      const result = await checkFixture(channel(build, chain, marker));
      assert.match(layerAt(result, `${CHANNEL}:8`).attemptsNote ?? "", note);
    });
  }
});

describe("AWS SDK for Java v2: the note names the build's SDK version", () => {
  const S3 = "files/src/main/java/com/shop/Files.java";
  const files = (build: string) => `
${build}
//- ${S3}
package com.shop;
import software.amazon.awssdk.services.s3.S3Client;
public class Files {
    private final S3Client s3 = S3Client.builder().build();
    // ^ layer ×4
}
//! rules RL001
`;
  test("a BOM pin: LEGACY stays (no published 2.x release changed the default), the version said", async () => {
    const result = await checkFixture(files(`//- files/pom.xml\n${pom(`<dependencyManagement><dependencies>${dep("software.amazon.awssdk", "bom", "2.20.0")}</dependencies></dependencyManagement>`)}`));
    assert.match(layerAt(result, `${S3}:4`).attemptsNote ?? "", /SdkDefaultRetrySetting; software\.amazon\.awssdk 2\.20\.0 in files\/pom\.xml:2: every 2\.x release defaults to LEGACY/);
  });
  test("no pin: the note says the version was not found", async () => {
    const result = await checkFixture(files(""));
    assert.match(layerAt(result, `${S3}:4`).attemptsNote ?? "", /SDK version not pinned in the build/);
  });
});

describe("Spring AI: 2.0 counts spring.ai.retry.max-attempts as retries", () => {
  const ASSISTANT = "assistant/src/main/java/com/shop/Assistant.java";
  const assistant = (build: string, settings: string, marker: string) => `
${build}
${settings}
//- ${ASSISTANT}
package com.shop;
import org.springframework.ai.chat.model.ChatModel;
public class Assistant {
    private final ChatModel chat;
    // ^ layer ${marker}
    public Assistant(ChatModel chat) { this.chat = chat; }
}
//! rules RL001
`;
  const BOM = (v: string) => `//- assistant/pom.xml\n${pom(`<dependencyManagement><dependencies>${dep("org.springframework.ai", "spring-ai-bom", v)}</dependencies></dependencyManagement>`)}`;
  const YML = (n: string) => `//- assistant/src/main/resources/application.yml\nspring:\n  ai:\n    retry:\n      max-attempts: ${n}`;
  const table: Array<[string, string, string, string, RegExp]> = [
    ["no build file: 1.x assumed, 10 attempts", "", "", "×10", /max-attempts 10 → 10 attempts \(Spring AI 1\.x assumed/],
    ["spring-ai-bom 1.0.0: 10 attempts, the pin named", BOM("1.0.0"), "", "×10", /\(org\.springframework\.ai 1\.0\.0 in assistant\/pom\.xml:2: spring-retry maxAttempts counts attempts/],
    ["spring-ai-bom 2.0.1: the default 10 → 11 attempts", BOM("2.0.1"), "", "×11", /default spring\.ai\.retry\.max-attempts 10 → 11 attempts \(Spring AI 2\.x.*org\.springframework\.ai 2\.0\.1 in assistant\/pom\.xml:2/],
    ["a milestone 2.0.0-M1 through a property: 11", `//- assistant/pom.xml\n${pom(`<properties><spring-ai.version>2.0.0-M1</spring-ai.version></properties><dependencies>${dep("org.springframework.ai", "spring-ai-starter-model-openai", "${spring-ai.version}")}</dependencies>`)}`, "", "×11", /2\.0\.0-M1/],
    ["max-attempts 3 with 2.0.1: 4 attempts", BOM("2.0.1"), YML("3"), "×4", /max-attempts 3 .* → 4 attempts \(Spring AI 2\.x/],
    ["max-attempts 0 with 2.0.1: still 1 attempt", BOM("2.0.1"), YML("0"), "disabled", /→ 1 attempt \(Spring AI 2\.x: maxRetries 0/],
  ];
  for (const [name, build, settings, marker, note] of table) {
    test(name, async () => {
      const result = await checkFixture(assistant(build, settings, marker));
      assert.match(layerAt(result, `${ASSISTANT}:4`).attemptsNote ?? "", note);
    });
  }
});
