/**
 * Fixes on hand-rolled retry loops in Java, Kotlin, C# and Go (detectors/shared/loops/,
 * detectors/go/retryLoop.ts): RL004 full jitter on the loop's sleep — the same upper bound,
 * randomised (safe). Go imports math/rand when nothing else is called rand.
 */
import { fixCases } from "./fixCases";

fixCases("hand-rolled loops in Java, Kotlin, C# and Go", [
  {
    name: "Java Thread.sleep(500): (long) (Math.random() * 500)",
    workspace: `
//- svc/src/main/java/com/shop/Stock.java
package com.shop;

import org.springframework.web.client.RestTemplate;

public class Stock {
    private final RestTemplate rest = new RestTemplate();

    public String stock(String sku) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            try {
                return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
            } catch (RuntimeException e) {
                Thread.sleep(500);
            }
        }
        throw new IllegalStateException("inventory unavailable");
    }
}
`,
    finding: "RL004 svc/src/main/java/com/shop/Stock.java:9",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/src/main/java/com/shop/Stock.java
package com.shop;

import org.springframework.web.client.RestTemplate;

public class Stock {
    private final RestTemplate rest = new RestTemplate();

    public String stock(String sku) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            try {
                return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
            } catch (RuntimeException e) {
                Thread.sleep((long) (Math.random() * 500));
            }
        }
        throw new IllegalStateException("inventory unavailable");
    }
}
`,
  },
  {
    name: "Kotlin delay(200L * attempt): (Math.random() * (200L * attempt)).toLong()",
    workspace: `
//- svc/src/main/kotlin/com/shop/Price.kt
package com.shop

import kotlinx.coroutines.delay
import org.springframework.web.client.RestTemplate

class Price(private val rest: RestTemplate) {
    suspend fun price(sku: String): String {
        for (attempt in 1..3) {
            try {
                return rest.getForObject("http://pricing:8080/price/$sku", String::class.java)!!
            } catch (e: RuntimeException) {
                delay(200L * attempt)
            }
        }
        throw IllegalStateException("pricing unavailable")
    }
}
`,
    finding: "RL004 svc/src/main/kotlin/com/shop/Price.kt:8",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/src/main/kotlin/com/shop/Price.kt
package com.shop

import kotlinx.coroutines.delay
import org.springframework.web.client.RestTemplate

class Price(private val rest: RestTemplate) {
    suspend fun price(sku: String): String {
        for (attempt in 1..3) {
            try {
                return rest.getForObject("http://pricing:8080/price/$sku", String::class.java)!!
            } catch (e: RuntimeException) {
                delay((Math.random() * (200L * attempt)).toLong())
            }
        }
        throw IllegalStateException("pricing unavailable")
    }
}
`,
  },
  {
    name: "C# await Task.Delay(TimeSpan.FromMilliseconds(300)): the TimeSpan times Random.Shared.NextDouble()",
    workspace: `
//- Shop/StockClient.cs
using System;
using System.Net.Http;
using System.Threading.Tasks;

namespace Shop;

public class StockClient
{
    private readonly HttpClient _http = new HttpClient();

    public async Task<string> StockAsync(string sku)
    {
        for (var i = 0; i < 3; i++)
        {
            try
            {
                return await _http.GetStringAsync($"http://inventory:8080/stock/{sku}");
            }
            catch (HttpRequestException)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(300));
            }
        }
        throw new InvalidOperationException("inventory unavailable");
    }
}
`,
    finding: "RL004 Shop/StockClient.cs:13",
    fix: "preferred",
    safety: "safe",
    after: `
//- Shop/StockClient.cs
using System;
using System.Net.Http;
using System.Threading.Tasks;

namespace Shop;

public class StockClient
{
    private readonly HttpClient _http = new HttpClient();

    public async Task<string> StockAsync(string sku)
    {
        for (var i = 0; i < 3; i++)
        {
            try
            {
                return await _http.GetStringAsync($"http://inventory:8080/stock/{sku}");
            }
            catch (HttpRequestException)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(300) * Random.Shared.NextDouble());
            }
        }
        throw new InvalidOperationException("inventory unavailable");
    }
}
`,
  },
  {
    name: "Go time.Sleep(500 * time.Millisecond): a random duration up to it, math/rand imported",
    workspace: `
//- svc/go.mod
module example.com/svc

go 1.22
//- svc/stock.go
package main

import (
	"net/http"
	"time"
)

func stock(sku string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		resp, err := http.Get("http://inventory:8080/stock/" + sku)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(500 * time.Millisecond)
	}
	return nil, lastErr
}
`,
    finding: "RL004 svc/stock.go:10",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/stock.go
package main

import (
	"math/rand"
	"net/http"
	"time"
)

func stock(sku string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		resp, err := http.Get("http://inventory:8080/stock/" + sku)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Duration(rand.Int63n(int64(500 * time.Millisecond) + 1)))
	}
	return nil, lastErr
}
`,
  },
]);
