// grpcio channels (docs/reference/grpc-python.md): where the service config is read from, the
// channel and the stubs built on it, and what is not a layer.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const CFG = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.2s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`;

describe("grpcio service-config channel options", () => {
  const cases: Array<[string, string, number | null]> = [
    ["options=[…] inline, json.dumps(dict literal)", `channel = grpc.insecure_channel("orders:50051", options=[("grpc.service_config", json.dumps(${CFG}))])`, 3],
    ["positional options, a local list variable", `def f():\n    opts = [("grpc.service_config", json.dumps(CONFIG))]\n    channel = grpc.insecure_channel("orders:50051", opts)`, 3],
    ["a module constant holding the JSON string", `SC = '${CFG}'\nchannel = grpc.secure_channel("orders:443", creds, options=(("grpc.service_config", SC),))`, 3],
    ["from grpc import aio; aio.insecure_channel", `channel = aio.insecure_channel("orders:50051", options=[("grpc.service_config", json.dumps(CONFIG))])`, 3],
    ["(\"grpc.enable_retries\", False) disables", `channel = grpc.insecure_channel("orders:50051", options=[("grpc.enable_retries", False), ("grpc.service_config", json.dumps(CONFIG))])`, null],
    ["(\"grpc.enable_retries\", 1) keeps retries", `channel = grpc.insecure_channel("orders:50051", options=[("grpc.enable_retries", 1), ("grpc.service_config", json.dumps(CONFIG))])`, 3],
    ["a config from a function call: not statically known → no layer", `channel = grpc.insecure_channel("orders:50051", options=[("grpc.service_config", load())])`, null],
  ];
  for (const [name, code, attempts] of cases) {
    test(`${name} → ${attempts ?? "no layer"}`, async () => {
      const f = await py(`import json\nimport grpc\nfrom grpc import aio\nCONFIG = ${CFG}\n${code}\n`);
      const layers = f.layers.filter((l) => l.kind === "grpc-service-config");
      if (attempts === null) return assert.equal(layers.length, 0);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, attempts);
      assert.equal(layers[0]!.library, "grpcio");
      assert.equal(layers[0]!.wait.initialSeconds, 0.2);
    });
  }

  test("invalid JSON in the string is a problem, not a layer", async () => {
    const f = await py(`import grpc\nchannel = grpc.insecure_channel("a:1", options=[("grpc.service_config", "{not json")])\n`);
    assert.equal(f.layers.length, 0);
    assert.match(f.problems.map((p) => p.message).join("\n"), /not valid JSON/);
  });

  test("the channel and its stubs: inline channel, named channel (dns:/// stripped), self.stub, a channel parameter", async () => {
    const f = await py(`import json
import grpc
import orders_pb2_grpc as pb

CONFIG = ${CFG}
channel = grpc.insecure_channel("dns:///orders:50051", options=[("grpc.service_config", json.dumps(CONFIG))])
stub = pb.OrderServiceStub(channel)
inline = pb.PaymentServiceStub(grpc.insecure_channel("payments:50051", options=[("grpc.service_config", json.dumps(CONFIG))]))

class Client:
    def __init__(self, channel):
        self.stub = pb.InventoryServiceStub(channel)
`);
    const ch = f.clients.find((c) => c.name === "channel")!;
    assert.deepEqual(ch.baseUrl, { kind: "string", value: "grpc://orders:50051" });
    assert.equal(ch.layerIds.length, 1);
    assert.equal(ch.sdk, undefined, "channel methods are not RPCs");
    const stub = f.clients.find((c) => c.name === "stub")!;
    assert.equal(stub.onClient, "channel");
    assert.equal(stub.grpcService, "OrderService");
    assert.equal(stub.sdk?.target, "");
    const inline = f.clients.find((c) => c.name === "inline")!;
    assert.equal(inline.grpcService, "PaymentService");
    assert.deepEqual(inline.baseUrl, { kind: "string", value: "grpc://payments:50051" });
    assert.equal(inline.layerIds.length, 1);
    assert.equal(inline.onClient, undefined);
    const self = f.clients.find((c) => c.name === "self.stub")!;
    assert.equal(self.grpcService, "InventoryService");
    assert.equal(self.onClient, "channel");
  });

  test("a class named …Stub in a file without gRPC is not a stub", async () => {
    const f = await py(`class FakeStub:\n    pass\n\nstub = FakeStub(channel)\n`);
    assert.equal(f.clients.filter((c) => c.library === "grpcio").length, 0);
  });
});
