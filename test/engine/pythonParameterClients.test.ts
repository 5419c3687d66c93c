/**
 * Python: a client handed to a function through a parameter (`def _embed_nodes(nodes, embed_model):
 * embed_model.get_text_embedding_batch(…)`) is what the function's callers pass for it, followed
 * back to the factory that built it (`embed_model = get_embedding_model(config)` in another file);
 * a factory returning other values in other branches keeps the client that retries (worst case).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Python: clients passed as parameters", () => {
  test("an embedding model built by a factory in another file, passed to a helper: the helper's call multiplies its layers", async () => {
    const result = await checkFixture(`
//! rules RL001
//- svc/ai/embedding.py
from llama_index.embeddings.ollama import OllamaEmbedding
from llama_index.embeddings.openai_like import OpenAILikeEmbedding


def get_embedding_model(backend, endpoint):
    if backend == "openai":
        return OpenAILikeEmbedding(model_name="text-embedding-3-small", api_base=endpoint)
        # ^ layer ×6 RL001
    embedding = OllamaEmbedding(model_name="nomic-embed-text", base_url=endpoint)
    return embedding
//- svc/ai/indexing.py
from ai.embedding import get_embedding_model


def _embed_nodes(nodes, embed_model):
    texts = [n.text for n in nodes]
    for node, vector in zip(nodes, embed_model.get_text_embedding_batch(texts)):
        node.embedding = vector


def update_index(nodes, backend, endpoint):
    embed_model = get_embedding_model(backend, endpoint)
    _embed_nodes(nodes, embed_model)
//! path 66 openai
`);
    const path = result.model.paths.find((p) => p.product === 66)!;
    assert.deepEqual(path.layers.map((id) => result.model.layerById.get(id)!.kind), ["llama-index", "openai-sdk"]);
  });

  test("a parameter no caller passes a client for reaches nothing", async () => {
    await checkFixture(`
//! rules RL001
//- svc/ai/indexing.py
def _embed_nodes(nodes, embed_model):
    return embed_model.get_text_embedding_batch([n.text for n in nodes])


def update_index(nodes, model):
    _embed_nodes(nodes, model)
//! paths 0
`);
  });
});
