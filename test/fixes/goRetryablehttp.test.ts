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

const oryGomod = `
//- svc/go.mod
module example.com/svc

go 1.22

require github.com/ory/x v0.0.729
`;

fixCases("ory/x httpx.NewResilientClient (§3.9b)", [
  {
    name: "an option list one per line: ResilientClientWithMaxRetry added on a line of its own",
    workspace: `${oryGomod}
//- svc/main.go
package main

import (
	"net/http"
	"time"

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	c := httpx.NewResilientClient(
		httpx.ResilientClientWithMaxRetryWait(100*time.Millisecond),
		httpx.ResilientClientWithConnectionTimeout(time.Second),
	)
	return c.Get("http://inventory:8080/stock/" + sku)
}
//! threshold 3
`,
    finding: "RL001 svc/main.go:11",
    fix: "Lower to 3 attempts",
    after: `
//- svc/main.go
package main

import (
	"net/http"
	"time"

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	c := httpx.NewResilientClient(
		httpx.ResilientClientWithMaxRetryWait(100*time.Millisecond),
		httpx.ResilientClientWithConnectionTimeout(time.Second),
		httpx.ResilientClientWithMaxRetry(2),
	)
	return c.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
  {
    name: "the existing ResilientClientWithMaxRetry(5) lowered; no arguments: the option added between the parentheses",
    workspace: `${oryGomod}
//- svc/main.go
package main

import (
	"net/http"

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	c := httpx.NewResilientClient(httpx.ResilientClientWithMaxRetry(5))
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

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	c := httpx.NewResilientClient(httpx.ResilientClientWithMaxRetry(2))
	return c.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
  {
    name: "no options at all: ResilientClientWithMaxRetry(2) between the parentheses",
    workspace: `${oryGomod}
//- svc/main.go
package main

import (
	"net/http"

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	hc := httpx.NewResilientClient().StandardClient()
	return hc.Get("http://inventory:8080/stock/" + sku)
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

	"github.com/ory/x/httpx"
)

func stock(sku string) (*http.Response, error) {
	hc := httpx.NewResilientClient(httpx.ResilientClientWithMaxRetry(2)).StandardClient()
	return hc.Get("http://inventory:8080/stock/" + sku)
}
`,
  },
]);
