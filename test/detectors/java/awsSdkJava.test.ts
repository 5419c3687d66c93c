// AWS SDK for Java (docs/reference/aws-sdk-java.md): v2 and v1 client defaults and overrides,
// table-driven, plus one linking fixture (Spring controller → service → S3 client under @Retryable).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";
import { checkFixture } from "../../harness";

const V2 = `import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.StandardRetryStrategy;`;
const V1 = `import com.amazonaws.ClientConfiguration;
import com.amazonaws.retry.PredefinedRetryPolicies;
import com.amazonaws.services.s3.AmazonS3;
import com.amazonaws.services.s3.AmazonS3Client;
import com.amazonaws.services.s3.AmazonS3ClientBuilder;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDB;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDBClientBuilder;`;

const file = (imports: string, field: string) => `
package com.shop;
${imports}
public class Store {
    ${field}
}
`;

describe("aws-sdk-java layers", () => {
  const rows: Array<[string, string, string, number | null, RegExp]> = [
    ["v2 S3Client.create(): LEGACY default 3 retries → 4", V2, "private final S3Client s3 = S3Client.create();", 4, /LEGACY.*4 attempts/],
    ["v2 builder().build()", V2, `private final S3Client s3 = S3Client.builder().region(Region.US_EAST_1).build();`, 4, /LEGACY/],
    ["v2 async client", V2, "private final S3AsyncClient s3 = S3AsyncClient.create();", 4, /LEGACY/],
    ["v2 DynamoDB: 8 retries → 9", V2, "private final DynamoDbClient db = DynamoDbClient.create();", 9, /DynamoDB 8 retries/],
    ["v2 numRetries(0) → 1", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.builder().numRetries(0).build()).build()).build();`, 1, /numRetries\(0\) counts retries/],
    ["v2 numRetries(5) → 6", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.builder().numRetries(5).build()).build()).build();`, 6, /6 attempts/],
    ["v2 RetryPolicy.none() → 1", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(ClientOverrideConfiguration.builder().retryPolicy(RetryPolicy.none()).build()).build();`, 1, /none\(\)/],
    ["v2 lambda doNotRetry → 1", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build();`, 1, /doNotRetry/],
    ["v2 strategy maxAttempts(2) counts attempts", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(o -> o.retryStrategy(StandardRetryStrategy.builder().maxAttempts(2).build())).build();`, 2, /counts attempts → 2/],
    ["v2 RetryMode.STANDARD → 3", V2, `private final S3Client s3 = S3Client.builder().overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD)).build();`, 3, /STANDARD/],
    ["v1 AmazonS3ClientBuilder.defaultClient(): 3 retries → 4", V1, "private final AmazonS3 s3 = AmazonS3ClientBuilder.defaultClient();", 4, /DEFAULT_MAX_ERROR_RETRY 3/],
    ["v1 new AmazonS3Client()", V1, "private final AmazonS3 s3 = new AmazonS3Client();", 4, /PredefinedRetryPolicies/],
    ["v1 DynamoDB: 10 retries → 11", V1, "private final AmazonDynamoDB db = AmazonDynamoDBClientBuilder.standard().build();", 11, /DYNAMODB_DEFAULT_MAX_ERROR_RETRY 10/],
    ["v1 withMaxErrorRetry(2) → 3", V1, "private final AmazonS3 s3 = AmazonS3ClientBuilder.standard().withClientConfiguration(new ClientConfiguration().withMaxErrorRetry(2)).build();", 3, /withMaxErrorRetry\(2\)/],
    ["v1 NO_RETRY_POLICY → 1", V1, "private final AmazonS3 s3 = AmazonS3ClientBuilder.standard().withClientConfiguration(new ClientConfiguration().withRetryPolicy(PredefinedRetryPolicies.NO_RETRY_POLICY)).build();", 1, /NO_RETRY_POLICY/],
  ];
  for (const [name, imports, field, attempts, note] of rows) {
    test(name, async () => {
      const facts = await java(file(imports, field));
      const layers = facts.layers.filter((l) => l.kind === "aws-sdk-java");
      assert.equal(layers.length, 1, facts.problems.map((p) => p.message).join("; "));
      assert.equal(layers[0]!.maxAttempts, attempts);
      assert.match(layers[0]!.attemptsNote ?? "", note);
      const client = facts.clients.find((c) => c.name.endsWith(".s3") || c.name.endsWith(".db"));
      assert.ok(client?.sdk?.target.startsWith("aws://"), "the client is an SDK client");
    });
  }
  test("v2 cfg set in code: no AWS_MAX_ATTEMPTS / AWS_RETRY_MODE override; default: both", async () => {
    const d = (await java(file(V2, "private final S3Client s3 = S3Client.create();"))).layers[0]!;
    assert.equal(d.envConfig?.attemptsVar, "AWS_MAX_ATTEMPTS");
    assert.equal(d.envConfig?.modeVar, "AWS_RETRY_MODE");
    const c = (await java(file(V2, "private final S3Client s3 = S3Client.builder().overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build();"))).layers[0]!;
    assert.equal(c.envConfig, undefined);
  });
  test("Kotlin: a v2 DynamoDbClient built in a class property → 9", async () => {
    const facts = await kotlin(`
package com.shop
import software.amazon.awssdk.services.dynamodb.DynamoDbClient
class Store {
    private val db = DynamoDbClient.builder().build()
    fun get() { db.listTables() }
}
`);
    const layers = facts.layers.filter((l) => l.kind === "aws-sdk-java");
    assert.equal(layers.length, 1);
    assert.equal(layers[0]!.maxAttempts, 9);
  });
  const misses: Array<[string, string]> = [
    ["S3Client of another package", file("import com.example.S3Client;", "private final S3Client s3 = S3Client.create();")],
    ["a builder never built", file(V2, "private final Object b = S3Client.builder().region(Region.US_EAST_1);")],
    ["a request class, not a client", file(V2, "private final Object r = PutObjectRequest.builder().build();")],
    ["v1: new AmazonS3URI(…) is not a client", file("import com.amazonaws.services.s3.AmazonS3URI;", "private final Object u = new AmazonS3URI(\"s3://b/k\");")],
  ];
  for (const [name, code] of misses) {
    test(`near miss: ${name}`, async () => {
      const facts = await java(code);
      assert.equal(facts.layers.filter((l) => l.kind === "aws-sdk-java").length, 0);
    });
  }
});

describe("aws-sdk-java linking", () => {
  test("a Spring controller → service (@Retryable) → injected S3Client from a @Bean: product to aws:s3", async () => {
    await checkFixture(`
//! rules RL009
//- images/pom.xml
<project><artifactId>images</artifactId></project>
//- images/src/main/java/com/shop/AwsConfig.java
package com.shop;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.s3.S3Client;
@Configuration
public class AwsConfig {
    @Bean
    public S3Client s3Client() {
        return S3Client.builder().build();
// ^ layer ×4
    }
}
//- images/src/main/java/com/shop/ImageService.java
package com.shop;
import org.springframework.retry.annotation.Retryable;
import org.springframework.stereotype.Service;
import software.amazon.awssdk.services.s3.S3Client;
@Service
public class ImageService {
    private final S3Client s3Client;
    public ImageService(S3Client s3Client) { this.s3Client = s3Client; }
    @Retryable
// ^ layer ×3  RL009
    public void store(String key) {
        s3Client.putObject(null, null);
    }
}
//- images/src/main/java/com/shop/ImageController.java
package com.shop;
import org.springframework.web.bind.annotation.*;
@RestController
public class ImageController {
    private final ImageService images;
    public ImageController(ImageService images) { this.images = images; }
    @PostMapping("/images")
    public void upload(@RequestParam String key) { images.store(key); }
}
//! path 12 aws:s3
`);
  });
});
