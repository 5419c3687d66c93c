/**
 * Fixes on gRPC service configs written as JSON (reference §3.11): `.json` files and grpc-go's
 * `WithDefaultServiceConfig` string (raw string in place; an interpreted string re-escaped).
 * `maxAttempts` counts every attempt and must be > 1: "cap" lowers it, "off" removes the policy
 * with its comma; the JSON keeps its layout.
 */
import { fixCases } from "./fixCases";

const client = `
//- orders/src/client.ts
import * as grpc from "@grpc/grpc-js";
import { InventoryServiceClient } from "./gen";
const inventory = new InventoryServiceClient("inventory:50051", grpc.credentials.createInsecure());
export function reserve() {
  inventory.reserve({ sku: "a" }, () => {});
}
`;

const goServer = (config: string, arg = "serviceConfig") => `
//- checkout/go.mod
module github.com/shop/checkout
//- checkout/server.go
package main

import (
	"net/http"

	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

${config}

type Server struct {
	orders pb.OrderServiceClient
}

func main() {
	conn, err := grpc.NewClient("dns:///orders:50051", grpc.WithDefaultServiceConfig(${arg}))
	if err != nil {
		panic(err)
	}
	s := &Server{orders: pb.NewOrderServiceClient(conn)}
	http.HandleFunc("POST /checkout", s.checkout)
}

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	s.orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
}
//! threshold 2
`;

fixCases("gRPC service configs (JSON, Go)", [
  {
    name: ".json: every policy above the limit lowered, layout kept",
    workspace: `${client}
//- orders/service_config.json
{
  "methodConfig": [
    {
      "name": [{ "service": "shop.v1.InventoryService", "method": "Reserve" }],
      "retryPolicy": {
        "maxAttempts": 4,
        "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
        "retryableStatusCodes": ["UNAVAILABLE"]
      }
    },
    {
      "name": [{ "service": "shop.v1.InventoryService" }],
      "retryPolicy": { "maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"] }
    }
  ]
}
//! threshold 2
`,
    finding: "RL001 orders/service_config.json:5",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- orders/service_config.json
{
  "methodConfig": [
    {
      "name": [{ "service": "shop.v1.InventoryService", "method": "Reserve" }],
      "retryPolicy": {
        "maxAttempts": 2,
        "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
        "retryableStatusCodes": ["UNAVAILABLE"]
      }
    },
    {
      "name": [{ "service": "shop.v1.InventoryService" }],
      "retryPolicy": { "maxAttempts": 2, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"] }
    }
  ]
}
`,
  },
  {
    name: ".json: off removes retryPolicy with the comma before it",
    workspace: `${client}
//- orders/service_config.json
{
  "methodConfig": [{
    "name": [{ "service": "shop.v1.InventoryService" }],
    "retryPolicy": {
      "maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE"]
    },
    "timeout": "2s"
  }]
}
//! threshold 2
`,
    finding: "RL001 orders/service_config.json:4",
    fix: "Turn off gRPC retries",
    safety: "unsafe",
    after: `
//- orders/service_config.json
{
  "methodConfig": [{
    "name": [{ "service": "shop.v1.InventoryService" }],
    "timeout": "2s"
  }]
}
`,
  },
  {
    name: "Go: a raw-string constant edited in place",
    workspace: goServer(`const serviceConfig = \`{"methodConfig": [{"name": [{"service": "orders.OrderService"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\``),
    finding: "RL001 checkout/server.go:18",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- checkout/server.go
package main

import (
	"net/http"

	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)

const serviceConfig = \`{"methodConfig": [{"name": [{"service": "orders.OrderService"}],
  "retryPolicy": {"maxAttempts": 2, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\`

type Server struct {
	orders pb.OrderServiceClient
}

func main() {
	conn, err := grpc.NewClient("dns:///orders:50051", grpc.WithDefaultServiceConfig(serviceConfig))
	if err != nil {
		panic(err)
	}
	s := &Server{orders: pb.NewOrderServiceClient(conn)}
	http.HandleFunc("POST /checkout", s.checkout)
}

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	s.orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
}
`,
  },
  {
    name: "Go: an interpreted string literal: retryPolicy removed, re-escaped",
    workspace: goServer(
      "",
      `"{\\"methodConfig\\": [{\\"name\\": [{\\"service\\": \\"orders.OrderService\\"}], \\"retryPolicy\\": {\\"maxAttempts\\": 3, \\"initialBackoff\\": \\"0.1s\\", \\"maxBackoff\\": \\"1s\\", \\"backoffMultiplier\\": 2, \\"retryableStatusCodes\\": [\\"UNAVAILABLE\\"]}}]}"`,
    ),
    finding: "RL001 checkout/server.go:17",
    fix: "Turn off gRPC retries",
    safety: "unsafe",
    after: `
//- checkout/server.go
package main

import (
	"net/http"

	"google.golang.org/grpc"
	pb "github.com/shop/proto/orders"
)



type Server struct {
	orders pb.OrderServiceClient
}

func main() {
	conn, err := grpc.NewClient("dns:///orders:50051", grpc.WithDefaultServiceConfig("{\\"methodConfig\\": [{\\"name\\": [{\\"service\\": \\"orders.OrderService\\"}]}]}"))
	if err != nil {
		panic(err)
	}
	s := &Server{orders: pb.NewOrderServiceClient(conn)}
	http.HandleFunc("POST /checkout", s.checkout)
}

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	s.orders.PlaceOrder(r.Context(), &pb.PlaceOrderRequest{})
}
`,
  },
]);
