/**
 * AWS SDK for Java 2.x fixes (docs/reference/aws-sdk-java.md): off writes
 * `.overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none()))` (every 2.x release), `create()`
 * becomes a builder, the RetryPolicy import is added.
 */
import { fixCases } from "./fixCases";

const JAVA = "images/src/main/java/com/shop/Images.java";
const java = (create: string, extra = "") => `
//- ${JAVA}
package com.shop;

import org.springframework.web.bind.annotation.*;
import software.amazon.awssdk.services.s3.S3Client;${extra}

@RestController
public class Images {
    private final S3Client s3 = ${create};

    @PostMapping("/images")
    public void upload() {
        s3.putObject(null, null);
    }
}
//! threshold 1
`;
const after = (create: string) => java(create, "\nimport software.amazon.awssdk.core.retry.RetryPolicy;").replace("//! threshold 1\n", "");

fixCases("AWS SDK for Java 2.x", [
  {
    name: "S3Client.create() becomes a builder with RetryPolicy.none()",
    workspace: java("S3Client.create()"),
    finding: `RL001 ${JAVA}:8`,
    fix: "Turn off AWS SDK retries",
    after: after("S3Client.builder().overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none())).build()"),
  },
  {
    name: "a builder chain gets overrideConfiguration before build()",
    workspace: java("S3Client.builder().region(null).build()"),
    finding: `RL001 ${JAVA}:8`,
    fix: "Turn off AWS SDK retries",
    after: after("S3Client.builder().region(null).overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none())).build()"),
  },
]);
