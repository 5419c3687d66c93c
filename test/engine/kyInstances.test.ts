// ky instances (reference/retry-semantics.md §2.3, docs/reference/ky.md, ky 1.2.4 source/core/Ky.ts
// and source/index.ts): `prefixUrl` is prepended to every string URL, a request's own prefixUrl
// replaces it, `extend()` keeps the base's options, POST is sent once, and the default timeout
// is 10 s per attempt.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const instance = (options: string) => `
//- web/src/config/ky.ts
import ky from "ky";
export const api = ky.create(${options});
// ^ layer ×3 RL004
`;

describe("ky instances: prefixUrl, methods, extend, timeout", () => {
  test("relative URLs join the instance's prefixUrl; POST and a request's own empty prefixUrl leave the layer out", async () => {
    await checkFixture(`${instance(`{ prefixUrl: "http://inventory:8080/api" }`)}
//- web/src/hooks.ts
import { api } from "./config/ky";
export async function load(id: string) {
  await api.get(\`items/\${id}\`).json();
  await api.delete("items/" + id);
}
export async function save(body: unknown) {
  await api.post("items", { json: body });
  await api.post("https://images.example.com/upload", { prefixUrl: "", body: "x" });
}
//! rules RL001,RL004,RL005,RL008
//! path 3 inventory
//! paths 1
`);
  });

  test("an instance extended from another, in its module and in another, keeps the base's layer and joins its own prefixUrl", async () => {
    await checkFixture(`${instance(`{ prefixUrl: "http://inventory:8080" }`)}
export const orders = api.extend({ prefixUrl: "http://orders:8080/v1" });
//- web/src/pricing.ts
import { api } from "./config/ky";
const pricing = api.extend({ prefixUrl: "http://pricing:8080" });
export async function handler() {
  await pricing.get("prices");
}
//- web/src/app.ts
import { orders } from "./config/ky";
export async function handler() {
  await orders.put("orders/1", { json: {} });
}
//! rules RL001,RL004,RL005,RL008
//! path 3 orders
//! path 3 pricing
//! paths 2
`);
  });

  test("an SPA's ky instance with prefixUrl http://localhost:8000 reaches Kong's published proxy port and its route: 3 × 6", async () => {
    await checkFixture(`${instance(`{ prefixUrl: "http://localhost:8000" }`)}
//- web/src/hooks.ts
import { api } from "./config/ky";
export async function load(id: string) {
  return api.get(\`productServices/\${id}\`).json();
}
//- docker-compose.yml
services:
  kong:
    image: kong
    ports:
      - "8000:8000"
    environment:
      KONG_DATABASE: "off"
      KONG_DECLARATIVE_CONFIG: /kong/declarative/kong.yml
    volumes:
      - ./kong:/kong/declarative
  product-services:
    build: ./products
//- kong/kong.yml
_format_version: "3.0"
services:
  - name: product-services
  # ^ layer ×6
    host: product-services
    port: 8081
    protocol: http
    routes:
      - name: products
        paths:
          - /productServices
//- products/src/app.ts
import Fastify from "fastify";
const app = Fastify();
app.get("/:id", async () => ({}));
//! rules RL005,RL008
//! path 18 product-services
`);
  });

  test("ky's 10 s default timeout bounds each attempt: no RL008 under a p-retry wrapper", async () => {
    await checkFixture(`
//- web/src/app.ts
import ky from "ky";
import pRetry from "p-retry";
export async function handler() {
  return pRetry(() => ky.get("http://inventory:8080/items"), { retries: 2, randomize: true });
  // ^ layer ×3
  // ^ layer ×3 RL004
}
//! rules RL008,RL004
//! path 9 inventory
`);
  });
});
