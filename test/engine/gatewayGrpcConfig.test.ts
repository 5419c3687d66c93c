// gRPC service-config .json files linked to the gRPC stubs of the services they name
// (reference §3.11): same project tree, matching proto service, no in-code service config.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const json = (service: string, attempts: number) => `{
  "methodConfig": [{
    "name": [{ "service": "${service}" }],
    "retryPolicy": {
    // ^ layer ×${Math.min(attempts, 5)}
      "maxAttempts": ${attempts}, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE"]
    }
  }]
}`;

const client = (ctor: string) => `
//- orders/src/client.ts
import * as grpc from "@grpc/grpc-js";
import { proto, InventoryServiceClient } from "./gen";
const inventory = new ${ctor}("inventory:50051", grpc.credentials.createInsecure());
export function reserve() {
  inventory.reserve({ sku: "a" }, () => {});
}
`;

describe("gRPC service-config .json → grpc-js stubs", () => {
  test("§3.11 dynamic stub `new proto.shop.v1.InventoryService(…)` gets the config of its service (×4)", async () => {
    await checkFixture(`${client("proto.shop.v1.InventoryService")}
//- orders/service_config.json
${json("shop.v1.InventoryService", 4)}
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("§3.11 static stub `new InventoryServiceClient(…)`; maxAttempts 6 is capped at 5", async () => {
    await checkFixture(`${client("InventoryServiceClient")}
//- service_config.json
${json("shop.v1.InventoryService", 6)}
//! rules none
//! path 5 inventory
`);
  });

  test("another service's config, or a config outside the client's project tree, does not apply", async () => {
    await checkFixture(`${client("proto.shop.v1.InventoryService")}
//- orders/service_config.json
${json("shop.v1.PaymentService", 4)}
//- billing/service_config.json
${json("shop.v1.InventoryService", 3)}
//! rules none
//! paths 0
`);
  });

  test("an in-code service config wins over the .json file", async () => {
    await checkFixture(`
//- orders/src/client.ts
import * as grpc from "@grpc/grpc-js";
import { proto } from "./gen";
const inventory = new proto.shop.v1.InventoryService("inventory:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({ methodConfig: [{ name: [{ service: "shop.v1.InventoryService" }], retryPolicy: { maxAttempts: 2, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] } }] }),
  // ^ layer ×2
});
export function reserve() {
  inventory.reserve({ sku: "a" }, () => {});
}
//- orders/service_config.json
${json("shop.v1.InventoryService", 4)}
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});
