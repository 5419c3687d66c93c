// Redis clients' command retries (docs/reference/redis.md): commands on a go-redis or redis-py
// client are requests to the Redis host (Addr / host / URL), under the client's layer.
// Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("linking Redis commands to the server", () => {
  test("go-redis v9: a retry loop around rdb.Get of a default client: 3 × 4 to the cache host", async () => {
    await checkFixture(`
//- cart/go.mod
module github.com/shop/cart

go 1.22

require github.com/redis/go-redis/v9 v9.7.0
//- cart/main.go
package main

import (
	"context"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

func main() {
	http.HandleFunc("/cart", getCart)
	http.ListenAndServe(":8080", nil)
}

func getCart(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: "cart-cache:6379"})
	// ^ layer ×4 RL001
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if _, err := rdb.Get(ctx, "cart").Result(); err == nil {
			return
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
}
//! rules RL001
//! path 12 cart-cache
//! paths 1
`);
  });

  test("redis-py: a tenacity retry around r.get of a default client: 3 × 4 to the sessions host", async () => {
    await checkFixture(`
//- api/requirements.txt
redis==6.2.0
tenacity==9.0.0
//- api/app.py
import redis
from fastapi import FastAPI
from tenacity import retry, stop_after_attempt

app = FastAPI()
r = redis.Redis(host="sessions", port=6379)
# ^ layer ×4 RL001

@app.get("/session")
@retry(stop=stop_after_attempt(3))
# ^ layer ×3 RL001
def session():
    return r.get("s")
//! rules RL001
//! path 12 sessions
//! paths 1
`);
  });
});
