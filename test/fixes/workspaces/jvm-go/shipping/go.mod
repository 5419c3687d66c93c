module github.com/shop/shipping

go 1.22

require (
	github.com/cenkalti/backoff/v4 v4.3.0
	google.golang.org/grpc v1.70.0
)
