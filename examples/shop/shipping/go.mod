module github.com/example/shop/shipping

go 1.22

require (
	github.com/cenkalti/backoff/v4 v4.3.0
	github.com/hashicorp/go-retryablehttp v0.7.8
)
