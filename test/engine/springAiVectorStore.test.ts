// Spring AI VectorStore built on an injected EmbeddingModel (docs/reference/spring-ai.md
// "Vector stores"): the layer is anchored on the model parameter, and a VectorStore injected into
// a handler resolves to the @Bean, so its similaritySearch is an embeddings request under the
// RetryTemplate (default 10 attempts, Spring AI 1.x assumed); delete embeds nothing.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { java } from "../detectors/java/helpers";

const CONFIG = `//- genai/src/main/java/com/shop/genai/AiConfig.java
package com.shop.genai;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class AiConfig {
    @Bean
    VectorStore vectorStore(EmbeddingModel embeddingModel) {
// ^ layer ×10
        return SimpleVectorStore.builder(embeddingModel).build();
    }
}
`;

function controller(call: string): string {
  return `//- genai/src/main/java/com/shop/genai/SearchController.java
package com.shop.genai;

import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.web.bind.annotation.*;

@RestController
public class SearchController {
    private final VectorStore vectorStore;

    public SearchController(VectorStore vectorStore) {
        this.vectorStore = vectorStore;
    }

    @GetMapping("/search")
    public Object search(@RequestParam String q) {
        return ${call};
    }
}
`;
}

describe("Spring AI vector store on an injected EmbeddingModel", () => {
  test("similaritySearch through the injected VectorStore bean: one path of 10", async () => {
    const result = await checkFixture(`${CONFIG}${controller("this.vectorStore.similaritySearch(q)")}//! rules none
//! path 10 spring-ai
//! paths 1
`);
    assert.equal(result.model.paths[0]!.product, 10);
  });

  test("delete on the store embeds nothing: no path", async () => {
    await checkFixture(`${CONFIG}${controller("this.vectorStore.delete(java.util.List.of(q))")}//! rules none
//! paths 0
`);
  });

  test("the layer is anchored on the EmbeddingModel parameter, not on the @Bean line", async () => {
    const facts = await java(`
package com.shop.genai;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.context.annotation.Bean;
public class AiConfig {
    @Bean
    VectorStore vectorStore(
            EmbeddingModel embeddingModel) {
        return SimpleVectorStore.builder(embeddingModel).build();
    }
}
`);
    assert.deepEqual(facts.layers.map((l) => [l.kind, l.anchor.line]), [["spring-ai-retry", 9]]);
    const bean = facts.functions.find((f) => f.id.endsWith("AiConfig.vectorStore"))!;
    assert.ok(facts.clients.some((c) => c.id === bean.returnsClientId && c.layerIds.length === 1), "the @Bean returns a client of the layer");
  });
});
