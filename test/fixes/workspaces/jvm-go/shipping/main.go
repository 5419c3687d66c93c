package main

import (
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"google.golang.org/grpc"
	carriers "github.com/shop/proto/carriers"
	pb "github.com/shop/proto/orders"
)

const serviceConfig = `{"methodConfig": [{"name": [{"service": "orders.OrderService"}],
  "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

type Server struct {
	orders pb.OrderServiceClient
	rates  carriers.RateServiceClient
}

func main() {
	conn, err := grpc.NewClient("dns:///orders:50051", grpc.WithDefaultServiceConfig(serviceConfig))
	if err != nil {
		panic(err)
	}
	// retries for carriers come from service_config.json, loaded at run time
	ratesConn, err := grpc.NewClient("dns:///carriers:50051")
	if err != nil {
		panic(err)
	}
	s := &Server{orders: pb.NewOrderServiceClient(conn), rates: carriers.NewRateServiceClient(ratesConn)}
	http.HandleFunc("POST /ship", s.ship)
	http.ListenAndServe(":8080", nil)
}

func (s *Server) ship(w http.ResponseWriter, r *http.Request) {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	b.MaxElapsedTime = 0
	backoff.Retry(func() error {
		_, err := s.orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
		return err
	}, b)
	s.rates.GetRates(r.Context(), &carriers.RatesRequest{})
	backoff.Retry(func() error {
		_, err := http.Get("http://carriers:8080/rates")
		return err
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 4))
}
