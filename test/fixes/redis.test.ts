/**
 * Fixes on Redis clients' command retries (docs/reference/redis.md): go-redis `MaxRetries`
 * (off is -1 in v8/v9, since 0 means the default 3) and redis-py `retry=None`. Unsafe.
 */
import { fixCases } from "./fixCases";

const GO = "cart/main.go";
const go = (client: string) => `
//- ${GO}
package main

import (
	"context"
	"net/http"

	"github.com/redis/go-redis/v9"
)

func main() {
	http.HandleFunc("/cart", get)
	http.ListenAndServe(":8080", nil)
}

func get(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	rdb := ${client}
	rdb.Get(ctx, "cart")
}
//! threshold 1
`;
const goAfter = (client: string) => go(client).replace("//! threshold 1\n", "");

const PY = "api/app.py";
const py = (client: string) => `
//- ${PY}
import redis
from fastapi import FastAPI
from redis.retry import Retry
from redis.backoff import ExponentialBackoff

app = FastAPI()
r = ${client}


@app.get("/session")
def session():
    return r.get("s")
//! threshold 1
`;
const pyAfter = (client: string) => py(client).replace("//! threshold 1\n", "");

fixCases("Redis clients", [
  {
    name: "go-redis v9: off adds MaxRetries: -1 (0 would mean the default 3)",
    workspace: go(`redis.NewClient(&redis.Options{Addr: "cart-cache:6379"})`),
    finding: `RL001 ${GO}:17`,
    fix: "Turn off the Redis client's command retries",
    safety: "unsafe",
    after: goAfter(`redis.NewClient(&redis.Options{MaxRetries: -1, Addr: "cart-cache:6379"})`),
  },
  {
    name: "go-redis v9: a written MaxRetries is set to -1",
    workspace: go(`redis.NewClient(&redis.Options{Addr: "cart-cache:6379", MaxRetries: 5})`),
    finding: `RL001 ${GO}:17`,
    fix: "Turn off the Redis client's command retries",
    safety: "unsafe",
    after: goAfter(`redis.NewClient(&redis.Options{Addr: "cart-cache:6379", MaxRetries: -1})`),
  },
  {
    name: "redis-py: off adds retry=None",
    workspace: py(`redis.Redis(host="sessions")`),
    finding: `RL001 ${PY}:7`,
    fix: "Turn off the Redis client's command retries",
    safety: "unsafe",
    after: pyAfter(`redis.Redis(host="sessions", retry=None)`),
  },
  {
    name: "redis-py: a written Retry(backoff, 5) becomes retry=None",
    workspace: py(`redis.Redis(host="sessions", retry=Retry(ExponentialBackoff(), 5))`),
    finding: `RL001 ${PY}:7`,
    fix: "Turn off the Redis client's command retries",
    safety: "unsafe",
    after: pyAfter(`redis.Redis(host="sessions", retry=None)`),
  },
]);

fixCases("Redis clients: lower", [
  {
    name: "redis-py: a written Retry(backoff, 5) is lowered to the threshold's count",
    workspace: py(`redis.Redis(host="sessions", retry=Retry(ExponentialBackoff(), 5))`).replace("//! threshold 1", "//! threshold 3"),
    finding: `RL001 ${PY}:7`,
    fix: "Lower the Redis client's command retries",
    safety: "unsafe",
    after: pyAfter(`redis.Redis(host="sessions", retry=Retry(ExponentialBackoff(), 2))`),
  },
  {
    name: "go-redis: MaxRetries 5 is lowered to the threshold's count",
    workspace: go(`redis.NewClient(&redis.Options{Addr: "cart-cache:6379", MaxRetries: 5})`).replace("//! threshold 1", "//! threshold 3"),
    finding: `RL001 ${GO}:17`,
    fix: "Lower the Redis client's command retries",
    safety: "unsafe",
    after: goAfter(`redis.NewClient(&redis.Options{Addr: "cart-cache:6379", MaxRetries: 2})`),
  },
]);

const TS = "cart/src/app.ts";
const node = (client: string) => `
//- ${TS}
import express from "express";
import Redis from "ioredis";

const redis = ${client};
const app = express();
app.get("/cart", async (req, res) => {
  res.json(await redis.get("cart"));
});
//! threshold 1
`;
const nodeAfter = (client: string) => node(client).replace("//! threshold 1\n", "");

fixCases("Redis clients: ioredis", [
  {
    name: "ioredis: off adds maxRetriesPerRequest: 0 to the options",
    workspace: node(`new Redis({ host: "cart-cache" })`),
    finding: `RL001 ${TS}:4`,
    fix: "Turn off the Redis client's command retries",
    safety: "unsafe",
    after: nodeAfter(`new Redis({ host: "cart-cache", maxRetriesPerRequest: 0 })`),
  },
]);
