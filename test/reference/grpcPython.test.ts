/**
 * docs/reference/grpc-python.md (grpcio: gRPC C-core `retry_service_config.cc`
 * MAX_MAX_RETRY_ATTEMPTS 5, `client_channel.cc` GRPC_ARG_ENABLE_RETRIES default true): each
 * default and number trap of service configs passed as Python channel options, run through the
 * real extractor and linker (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "grpc-python";
const EXP: ["exponential", true] = ["exponential", true];

const policy = (n: string) => `{"maxAttempts": ${n}, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}`;

const channel = (options: string, prelude = "", factory = "grpc.insecure_channel(\"orders:50051\", options=OPTIONS)") => src`
  import json
  import grpc

  ${prelude}
  OPTIONS = ${options}

  def connect():
      return ${factory}
`;

const rows: Row[] = [
  {
    id: ENTRY, name: "json.dumps(dict) service config: maxAttempts 4 counts every attempt → 4 (not 5)", covers: ["default", "§5.1"],
    file: "orders/client.py", kind: "grpc-service-config",
    code: channel(`[("grpc.service_config", json.dumps({"methodConfig": [{"name": [{"service": "orders.OrderService"}], "retryPolicy": ${policy("4")}}]}))]`),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: [...EXP, 0.1, 1], methods: "all", budget: null, note: /retryPolicy\.maxAttempts: 4 → 4 attempts \(includes the first call\); grpcio ≥ 1\.40: retries on by default/ },
  },
  {
    id: ENTRY, name: "maxAttempts 10 is capped at 5 (C-core MAX_MAX_RETRY_ATTEMPTS)", covers: ["trap"],
    file: "orders/client.py", kind: "grpc-service-config",
    code: channel(`[("grpc.service_config", json.dumps(CFG))]`, `CFG = {"methodConfig": [{"name": [{}], "retryPolicy": ${policy("10")}}]}`),
    expect: { maxAttempts: 5, wait: EXP, note: /maxAttempts: 10 → capped at 5 attempts \(gRPC C-core MAX_MAX_RETRY_ATTEMPTS\)/ },
  },
  {
    id: ENTRY, name: "a JSON string literal, grpc.aio.secure_channel (options third), retryThrottling as a budget", covers: ["trap"],
    file: "orders/client.py", kind: "grpc-service-config",
    code: channel(`(("grpc.service_config", '{"methodConfig": [{"name": [{}], "retryPolicy": ${policy("3")}}], "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}'),)`, "", "grpc.aio.secure_channel(\"orders:50051\", grpc.ssl_channel_credentials(), OPTIONS)"),
    expect: { maxAttempts: 3, wait: EXP, budget: /maxTokens 10, tokenRatio 0\.1/ },
  },
  {
    id: ENTRY, name: "(\"grpc.enable_retries\", 0) beside the config: retries off → no layer", covers: ["trap"],
    file: "orders/client.py", kind: "grpc-service-config",
    code: channel(`[("grpc.enable_retries", 0), ("grpc.service_config", json.dumps({"methodConfig": [{"name": [{}], "retryPolicy": ${policy("4")}}]}))]`),
    expect: "none",
  },
  {
    id: ENTRY, name: "a service config without retryPolicy (only timeouts): transparent retries only → no layer", covers: ["default"],
    file: "orders/client.py", kind: "grpc-service-config",
    code: channel(`[("grpc.service_config", json.dumps({"methodConfig": [{"name": [{}], "timeout": "2s"}]}))]`),
    expect: "none",
  },
  {
    id: ENTRY, name: "stubs on the channel (with … as channel) are RPCs to grpc://orders: 4 attempts on the path", covers: ["default"],
    file: "checkout/client.py", kind: "grpc-service-config", workspace: true,
    code: src`
      //- checkout/client.py
      import json
      import grpc
      import orders_pb2_grpc

      CFG = {"methodConfig": [{"name": [{"service": "orders.OrderService"}], "retryPolicy": ${policy("4")}}]}

      def place(req):
          with grpc.insecure_channel("orders:50051", options=[("grpc.service_config", json.dumps(CFG))]) as channel:
              stub = orders_pb2_grpc.OrderServiceStub(channel)
              return stub.GetOrder(req)
    `,
    expect: { maxAttempts: 4, wait: EXP, path: { target: "orders", product: 4 } },
  },
  {
    id: ENTRY, name: "a stub on a channel from elsewhere (a parameter) takes a service-config .json naming its service: 3 attempts", covers: ["trap"],
    file: "checkout/service_config.json", kind: "grpc-service-config", workspace: true,
    code: src`
      //- checkout/service_config.json
      {"methodConfig": [{"name": [{"service": "orders.v1.OrderService"}], "retryPolicy": ${policy("3")}}]}
      //- checkout/client.py
      import orders_pb2_grpc

      def place(channel, req):
          stub = orders_pb2_grpc.OrderServiceStub(channel)
          return stub.GetOrder(req)
    `,
    expect: { maxAttempts: 3, wait: EXP, path: { target: "unresolved (stub.GetOrder)", product: 3 } },
  },
];

runTable("grpc-python", [ENTRY], rows);
