/**
 * Fixes on go-retryablehttp clients (reference §3.9): `RetryMax` counts retries; jitter through
 * `Backoff = RateLimitLinearJitterBackoff` (Retry-After still honoured); a field assignment is
 * replaced, or added after the statement creating the client.
 */
import { fixCases } from "./fixCases";

const PENDING = "";

const gomod = `
//- svc/go.mod
module example.com/svc

go 1.22

require github.com/hashicorp/go-retryablehttp v0.7.8
`;

fixCases("go-retryablehttp", [
  {
    name: "DefaultBackoff: c.Backoff added after NewClient, in its indentation",
    workspace: `${gomod}
//- svc/main.go
package main

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func stock(sku string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	c.HTTPClient.Timeout = 2e9
	return c.Get("http://inventory:8080/stock/" + sku)
}
`,
    finding: "RL004 svc/main.go:10",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/main.go
package main

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func stock(sku string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.RateLimitLinearJitterBackoff
	c.RetryMax = 2
	c.HTTPClient.Timeout = 2e9
	return c.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
  {
    name: "a package-level client: c.Backoff set in an init function after the var",
    workspace: `${gomod}
//- svc/main.go
package main

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

var client = retryablehttp.NewClient()

func stock(sku string) (*http.Response, error) {
	return client.Get("http://inventory:8080/stock/" + sku)
}
`,
    finding: "RL004 svc/main.go:9",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/main.go
package main

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

var client = retryablehttp.NewClient()

func init() {
	client.Backoff = retryablehttp.RateLimitLinearJitterBackoff
}

func stock(sku string) (*http.Response, error) {
	return client.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
  {
    name: "over the threshold: the existing RetryMax replaced; CRLF kept",
    crlf: true,
    workspace: `${gomod}
//- svc/main.go
package main

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func stock(sku string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 6
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.HTTPClient.Timeout = 2e9
	return c.Get("http://inventory:8080/stock/" + sku)
}
//! threshold 3
`,
    finding: "RL001 svc/main.go:10",
    fix: "Lower to 3 attempts",
    after: `
//- svc/main.go
package main

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func stock(sku string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.HTTPClient.Timeout = 2e9
	return c.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
]);
