// JVM build files (detectors/build/): the versions pom.xml, Gradle scripts (Groovy and Kotlin),
// gradle.properties and version catalogs pin (FileFacts.jvmBuild), for engine/jvmVersions.ts.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";
import { sourceLanguage } from "../../../server/src/model/languages";
import type { JvmBuildFacts } from "../../../server/src/model/facts";

const versions = (b: JvmBuildFacts | undefined) => Object.fromEntries(Object.entries(b?.versions ?? {}).map(([k, v]) => [k, v.version]));
const properties = (b: JvmBuildFacts | undefined) => Object.fromEntries(Object.entries(b?.properties ?? {}).map(([k, v]) => [k, v.value]));

describe("JVM build files", () => {
  before(() => initTreeSitter());

  test("the file names are read as JVM builds; build.gradle.kts stays Kotlin", () => {
    for (const p of ["pom.xml", "svc/pom.xml", "build.gradle", "gradle.properties", "gradle/libs.versions.toml"]) assert.equal(sourceLanguage(p), "jvm-build", p);
    assert.equal(sourceLanguage("svc/build.gradle.kts"), "kotlin");
    assert.equal(sourceLanguage("other.versions.toml"), "toml");
  });

  test("pom.xml: the Spring Boot parent, properties, dependencies and dependencyManagement (BOM) with lines", () => {
    const f = extractFile("orders/pom.xml", `<?xml version="1.0"?>
<project>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>2.1.4.RELEASE</version>
  </parent>
  <version>1.0.0</version>
  <properties>
    <kafka.version>2.3.1</kafka.version>
    <grpc.version>1.38.0</grpc.version>
  </properties>
  <dependencies>
    <dependency><groupId>io.grpc</groupId><artifactId>grpc-netty-shaded</artifactId><version>\${grpc.version}</version></dependency>
    <dependency><groupId>org.springframework.kafka</groupId><artifactId>spring-kafka</artifactId></dependency>
  </dependencies>
  <dependencyManagement>
    <dependencies>
      <dependency><groupId>software.amazon.awssdk</groupId><artifactId>bom</artifactId><version>2.20.0</version><type>pom</type><scope>import</scope></dependency>
    </dependencies>
  </dependencyManagement>
  <profiles><profile><dependencies><dependency><groupId>com.stripe</groupId><artifactId>stripe-java</artifactId><version>20.0.0</version></dependency></dependencies></profile></profiles>
</project>`);
    assert.deepEqual(versions(f.jvmBuild), {
      "org.springframework.boot:spring-boot-starter-parent": "2.1.4.RELEASE",
      "org.springframework.boot": "2.1.4.RELEASE",
      "io.grpc:grpc-netty-shaded": "${grpc.version}",
      "io.grpc": "${grpc.version}",
      "software.amazon.awssdk:bom": "2.20.0",
      "software.amazon.awssdk": "2.20.0",
    });
    assert.deepEqual(properties(f.jvmBuild), { "kafka.version": "2.3.1", "grpc.version": "1.38.0", "project.parent.version": "2.1.4.RELEASE", "project.version": "1.0.0" });
    assert.equal(f.jvmBuild!.versions["org.springframework.boot"]!.line, 6);
    // declared dependencies only (not the managed BOM, not a profile's)
    assert.deepEqual(f.jvmBuild!.dependencies, ["io.grpc:grpc-netty-shaded", "org.springframework.kafka:spring-kafka"]);
    assert.equal(f.jvmBuild!.versions["io.grpc"]!.line, 14);
  });

  test("pom.xml: malformed XML gives the pins read around the error and one problem, never a throw", () => {
    const f = extractFile("pom.xml", `<project>
  <dependencies>
    <dependency><groupId>io.grpc</groupId><artifactId>grpc-stub</artifactId><version>1.38.0</version></dependency>
    <dependency><groupId>x</groupId
  </dependencies>
</project>`);
    assert.equal(f.jvmBuild?.versions["io.grpc"]?.version, "1.38.0");
    assert.equal(f.problems.length, 1);
    assert.match(f.problems[0]!.message, /XML could not be read/);
  });

  test("build.gradle (Groovy): notations, the map form, platform BOMs, the Spring Boot plugin and ext/def variables", () => {
    const f = extractFile("build.gradle", `plugins {
  id 'org.springframework.boot' version '2.1.4.RELEASE'
  id "io.spring.dependency-management" version "1.0.11.RELEASE"
}
ext { set('springCloudVersion', "2020.0.3"); grpcVersion = '1.38.0' }
ext['kafka.version'] = '2.0.1'
ext.awsVersion = '2.20.0'
def stripeVersion = "20.0.0"
dependencies {
  implementation 'org.apache.kafka:kafka-clients:2.0.1'
  implementation "io.grpc:grpc-netty-shaded:\${grpcVersion}"
  implementation group: 'org.springframework.kafka', name: 'spring-kafka', version: '2.2.8.RELEASE'
  implementation platform("software.amazon.awssdk:bom:$awsVersion")
  // implementation 'com.example:commented-out:9.9.9'
  implementation("com.stripe:stripe-java:$stripeVersion")
  implementation 'org.springframework.boot:spring-boot-starter-web'
}`);
    assert.deepEqual(versions(f.jvmBuild), {
      "org.springframework.boot:spring-boot": "2.1.4.RELEASE",
      "org.springframework.boot": "2.1.4.RELEASE",
      "org.apache.kafka:kafka-clients": "2.0.1",
      "io.grpc:grpc-netty-shaded": "${grpcVersion}",
      "io.grpc": "${grpcVersion}",
      "org.springframework.kafka:spring-kafka": "2.2.8.RELEASE",
      "software.amazon.awssdk:bom": "$awsVersion",
      "software.amazon.awssdk": "$awsVersion",
      "com.stripe:stripe-java": "$stripeVersion",
    });
    assert.deepEqual(properties(f.jvmBuild), { springCloudVersion: "2020.0.3", grpcVersion: "1.38.0", "kafka.version": "2.0.1", awsVersion: "2.20.0", stripeVersion: "20.0.0" });
    // what is on the classpath: every notation, versioned or not; the commented-out one is not
    assert.deepEqual(f.jvmBuild!.dependencies, ["org.apache.kafka:kafka-clients", "io.grpc:grpc-netty-shaded", "org.springframework.kafka:spring-kafka", "software.amazon.awssdk:bom", "com.stripe:stripe-java", "org.springframework.boot:spring-boot-starter-web"]);
  });

  test("build.gradle.kts (Kotlin): the same shapes through the Kotlin grammar", () => {
    const f = extractFile("svc/build.gradle.kts", `plugins {
    id("org.springframework.boot") version "3.0.4"
    kotlin("jvm") version "1.9.0"
}
val grpcVersion = "1.58.0"
extra["kafka.version"] = "3.6.1"
dependencies {
    implementation("io.grpc:grpc-stub:$grpcVersion")
    implementation(group = "org.apache.kafka", name = "kafka-clients", version = "3.6.1")
    implementation(platform("software.amazon.awssdk:bom:2.25.0"))
}`);
    assert.deepEqual(versions(f.jvmBuild), {
      "org.springframework.boot:spring-boot": "3.0.4",
      "org.springframework.boot": "3.0.4",
      "io.grpc:grpc-stub": "$grpcVersion",
      "io.grpc": "$grpcVersion",
      "org.apache.kafka:kafka-clients": "3.6.1",
      "software.amazon.awssdk:bom": "2.25.0",
      "software.amazon.awssdk": "2.25.0",
    });
    assert.deepEqual(properties(f.jvmBuild), { grpcVersion: "1.58.0", "kafka.version": "3.6.1" });
  });

  test("a Kotlin source file that is not a build script gives no pins", () => {
    const f = extractFile("svc/src/main/kotlin/Deps.kt", `val grpcVersion = "1.58.0"\nfun coords() = "io.grpc:grpc-stub:1.58.0"\n`);
    assert.equal(f.jvmBuild, undefined);
  });

  test("gradle.properties: every entry a property", () => {
    const f = extractFile("gradle.properties", "grpcVersion=1.38.0\nkafka.version: 2.0.1\n# a comment\norg.gradle.jvmargs=-Xmx2g\n");
    assert.deepEqual(properties(f.jvmBuild), { grpcVersion: "1.38.0", "kafka.version": "2.0.1", "org.gradle.jvmargs": "-Xmx2g" });
    assert.equal(f.jvmBuild!.properties["kafka.version"]!.line, 2);
  });

  test("gradle/libs.versions.toml: libraries by module, by group/name, by notation; version.ref; plugins; rich versions", () => {
    const f = extractFile("gradle/libs.versions.toml", `[versions]
grpc = "1.38.0"
boot = "3.2.0"
kafka = { strictly = "2.0.1" }

[libraries]
grpc-stub = { module = "io.grpc:grpc-stub", version.ref = "grpc" }
kafka = { group = "org.apache.kafka", name = "kafka-clients", version.ref = "kafka" }
stripe = "com.stripe:stripe-java:24.0.0"

[plugins]
spring-boot = { id = "org.springframework.boot", version.ref = "boot" }
`);
    assert.deepEqual(versions(f.jvmBuild), {
      "io.grpc:grpc-stub": "1.38.0",
      "io.grpc": "1.38.0",
      "org.apache.kafka:kafka-clients": "2.0.1",
      "com.stripe:stripe-java": "24.0.0",
      "org.springframework.boot:spring-boot": "3.2.0",
      "org.springframework.boot": "3.2.0",
    });
    assert.equal(f.jvmBuild!.appliesToParent, true);
    assert.equal(f.jvmBuild!.versions["org.apache.kafka:kafka-clients"]!.line, 8);
  });

  test("a broken Groovy script and a broken catalog never throw", () => {
    const g = extractFile("build.gradle", "dependencies {\n  implementation 'io.grpc:grpc-stub:1.38.0'\n  implementation (((\n");
    assert.equal(g.jvmBuild?.versions["io.grpc"]?.version, "1.38.0");
    const t = extractFile("gradle/libs.versions.toml", "[versions\ngrpc = ");
    assert.equal(t.jvmBuild, undefined);
    assert.equal(t.problems.length, 1);
  });
});
