/**
 * docker-compose services: name, environment (list and map form) and the build context as the
 * service's code folder (DESIGN.md "link": which service owns each file). Compose retries nothing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, yaml } from "./helpers";

test("compose: list-form and map-form environment, build contexts resolved from the compose folder", () => {
  const facts = extract(
    yaml`
      services:
        checkout:
          build: ../checkout
          environment:
            - INVENTORY_URL=http://inventory:8080
            - GREETING=a=b
            - PASSTHROUGH
        inventory:
          build:
            context: ./inventory
            dockerfile: Dockerfile.dev
          environment:
            DATABASE_URL: postgres://postgres:5432/shop
            WORKERS: 4
            EMPTY:
        postgres:
          image: postgres:16
        tooling:
          build: { dockerfile: tools.Dockerfile }
    `,
    "deploy/docker-compose.yml",
  );
  assert.deepEqual(
    facts.workloads.map((w) => [w.kind, w.name, w.codeDir, w.env, w.namespace]),
    [
      ["compose-service", "checkout", "checkout", { INVENTORY_URL: "http://inventory:8080", GREETING: "a=b" }, null],
      ["compose-service", "inventory", "deploy/inventory", { DATABASE_URL: "postgres://postgres:5432/shop", WORKERS: "4" }, null],
      ["compose-service", "postgres", null, {}, null],
      ["compose-service", "tooling", "deploy", {}, null],
    ],
  );
  assert.equal(facts.workloads[0].span.line, 2);
  assert.equal(facts.layers.length, 0);
});

const BUILD_CASES: { compose: string; build: string; codeDir: string | null }[] = [
  { compose: "docker-compose.yml", build: ".", codeDir: "." },
  { compose: "docker-compose.yml", build: "./services/orders/", codeDir: "services/orders" },
  { compose: "ops/compose/compose.yaml", build: "../../orders", codeDir: "orders" },
  { compose: "docker-compose.yml", build: "../outside", codeDir: null },
  { compose: "docker-compose.yml", build: "https://github.com/acme/orders.git#main", codeDir: null },
  { compose: "docker-compose.yml", build: "/abs/orders", codeDir: null },
];

for (const c of BUILD_CASES) {
  test(`compose: build "${c.build}" in ${c.compose} → codeDir ${JSON.stringify(c.codeDir)}`, () => {
    const facts = extract(`services:\n  orders:\n    build: "${c.build}"\n`, c.compose);
    assert.equal(facts.workloads[0].codeDir, c.codeDir);
  });
}

test("compose: a `services:` map of app settings (no image/build) is not a compose file", () => {
  const facts = extract(yaml`
    services:
      mailer:
        retries: 3
        timeout: 30s
  `);
  assert.deepEqual(facts.workloads, []);
  assert.deepEqual(facts.layers, []);
});

// Compose interpolation (docs.docker.com/reference/compose-file/interpolation): a written default is the
// value (the workspace does not say what the shell or a .env sets); other forms are kept as written.
const INTERPOLATION_CASES: { written: string; value: string }[] = [
  { written: "${ORDERS_URL:-http://orders:3002}", value: "http://orders:3002" },
  { written: "http://${ORDERS_HOST-orders}:${ORDERS_PORT:-8080}/api", value: "http://orders:8080/api" },
  { written: "${A:-${B:-http://nested:1}}", value: "http://nested:1" },
  { written: "http://${INFRAS_NODE_IP}/auth", value: "http://${INFRAS_NODE_IP}/auth" },
  { written: "${TOKEN:?token required}", value: "${TOKEN:?token required}" },
  { written: "cost $$5", value: "cost $5" },
];

for (const c of INTERPOLATION_CASES) {
  test(`compose: environment value ${c.written} → ${c.value}`, () => {
    const facts = extract(`services:\n  gateway:\n    build: .\n    environment:\n      - URL=${c.written}\n`, "docker-compose.yml");
    assert.equal(facts.workloads[0].env.URL, c.value);
    const mapped = extract(`services:\n  gateway:\n    build: .\n    environment:\n      URL: "${c.written}"\n`, "docker-compose.yml");
    assert.equal(mapped.workloads[0].env.URL, c.value);
  });
}
