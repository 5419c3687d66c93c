package main

import (
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"
	pb "github.com/shop/gen/orders"
)

var payments = resty.New().
	SetBaseURL("http://payments:8080").
	SetRetryCount(4).
	SetRetryWaitTime(200 * time.Millisecond)

func main() {
	http.HandleFunc("/checkout", checkout)
	http.HandleFunc("/orders", orders)
	http.ListenAndServe(":8080", nil)
}

func checkout(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(func() error {
		_, err := payments.R().SetBody(map[string]string{"order": "1"}).Post("/charges")
		return err
	}, retry.Attempts(5), retry.DelayType(retry.BackOffDelay))
}

func orders(w http.ResponseWriter, r *http.Request) {
	opts := []grpc_retry.CallOption{grpc_retry.WithMax(5), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(100 * time.Millisecond))}
	conn, _ := grpc.NewClient("catalog:50051", grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(opts...)))
	stub := pb.NewOrderServiceClient(conn)
	_, _ = stub.ListOrders(r.Context(), &pb.ListOrdersRequest{})
}
