/**
 * Environment variables a k8s workload takes from ConfigMaps (`envFrom[].configMapRef`,
 * `env[].valueFrom.configMapKeyRef`) resolve call targets like literal `env[].value`s
 * (engine/services.ts withConfigMapEnv). Kubernetes' precedence: a literal value wins over both;
 * a ConfigMap of the workload's namespace wins over one of another namespace.
 */
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const code = `//- orders/stock.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=None)
# ^ layer ×2
def level(sku):
    return requests.get(f"http://{os.environ.get('STOCK_ADDR', 'inventory:8080')}/level/{sku}", timeout=1)
`;

const deployment = (env: string) => `//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    spec:
      containers:
        - name: orders
${env}
`;

const configMap = (name: string, value: string, namespace = "shop") => `---
apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
  namespace: ${namespace}
data:
  STOCK_ADDR: "${value}"
`;

describe("k8s ConfigMaps as environment", () => {
  const cases: Array<[string, string, string]> = [
    ["envFrom configMapRef", `          envFrom:\n            - configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}`, "warehouse"],
    [
      "valueFrom configMapKeyRef",
      `          env:\n            - name: STOCK_ADDR\n              valueFrom:\n                configMapKeyRef:\n                  name: service-api\n                  key: STOCK_ADDR\n${configMap("service-api", "warehouse:8080")}`,
      "warehouse",
    ],
    [
      "a literal env value wins over envFrom",
      `          env:\n            - name: STOCK_ADDR\n              value: depot:8080\n          envFrom:\n            - configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}`,
      "depot",
    ],
    [
      "the ConfigMap of the workload's namespace wins",
      `          envFrom:\n            - configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}${configMap("service-api", "elsewhere:8080", "staging")}`,
      "warehouse",
    ],
    ["a ConfigMap nobody wrote: the code default", `          envFrom:\n            - configMapRef:\n                name: missing\n`, "inventory"],
    ["an envFrom with a prefix renames the keys: not followed", `          envFrom:\n            - prefix: CFG_\n              configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}`, "inventory"],
  ];
  test("copies of a ConfigMap in other deployment folders: the one beside the workload's manifest wins", async () => {
    await checkFixture(`
${deployment(`          envFrom:\n            - configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}`)}//- legacy/monolith/config.yaml
${configMap("service-api", "monolith.internal:8080").replace("---\n", "")}${code}//! rules none
//! path 2 warehouse
//! paths 1
`);
  });

  test("a Flask app factory's app.config entry set once from the env resolves a route's call (Python subscript constant)", async () => {
    await checkFixture(`
${deployment(`          envFrom:\n            - configMapRef:\n                name: service-api\n${configMap("service-api", "warehouse:8080")}`)}//- orders/app.py
import os
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt, wait_random_exponential


def create_app():
    app = Flask(__name__)

    @app.route("/stock", methods=["GET"])
    @retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=None)
    # ^ layer ×2
    def stock():
        return requests.get(url=app.config["STOCK_URI"], timeout=1).text

    app.config["STOCK_URI"] = "http://{}/level".format(os.environ.get("STOCK_ADDR"))
    return app
//! rules none
//! path 2 warehouse
//! paths 1
`);
  });

  for (const [name, env, target] of cases) {
    test(`${name} → ${target}`, async () => {
      await checkFixture(`
${deployment(env)}${code}//! rules none
//! path 2 ${target}
//! paths 1
`);
    });
  }
});
