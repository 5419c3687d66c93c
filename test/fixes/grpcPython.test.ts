/**
 * Fixes on grpcio service configs passed as channel options (docs/reference/grpc-python.md):
 * off adds `("grpc.enable_retries", 0)`; "cap" lowers `retryPolicy.maxAttempts` in a
 * `json.dumps(<dict>)` config (maxAttempts counts every attempt).
 */
import { fixCases } from "./fixCases";

const PY = "checkout/app.py";
const ws = (option: string, threshold: number, constant = "") => `
//- ${PY}
import json
import grpc
from fastapi import FastAPI
import orders_pb2_grpc

app = FastAPI()
${constant}channel = grpc.insecure_channel("orders:50051", options=[${option}])
stub = orders_pb2_grpc.OrderServiceStub(channel)


@app.post("/checkout")
def checkout():
    stub.GetOrder(None)
//! threshold ${threshold}
`;
const after = (option: string, threshold: number, constant = "") => ws(option, threshold, constant).replace(/\/\/! threshold \d+\n/, "");
const POLICY = (n: number) => `{"maxAttempts": ${n}, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}`;
const SC = (n: number) => `("grpc.service_config", json.dumps({"methodConfig": [{"name": [{}], "retryPolicy": ${POLICY(n)}}]}))`;

fixCases("grpcio channel options", [
  {
    name: "off: (\"grpc.enable_retries\", 0) is added before the service config",
    workspace: ws(SC(4), 1),
    finding: `RL001 ${PY}:7`,
    fix: "Turn off gRPC retries",
    after: after(`("grpc.enable_retries", 0), ${SC(4)}`, 1),
  },
  {
    name: "cap: maxAttempts in a module-constant dict is lowered to the threshold",
    workspace: ws(`("grpc.service_config", json.dumps(CFG))`, 2, `CFG = {"methodConfig": [{"name": [{}], "retryPolicy": ${POLICY(4)}}]}\n`),
    finding: `RL001 ${PY}:8`,
    fix: "Lower to 2 attempts",
    after: after(`("grpc.service_config", json.dumps(CFG))`, 2, `CFG = {"methodConfig": [{"name": [{}], "retryPolicy": ${POLICY(2)}}]}\n`),
  },
]);
