// One program run two ways (engine/services.ts composeDeployedAs): a compose service that builds
// the code (`app: build: .`) and a Kubernetes Deployment `<project>-app` running an image named
// after itself that nothing here builds: the code is the Deployment's, so an Ingress to its
// Service reaches the code's calls. Third-party images and ambiguous names never pair.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";

const code = `//- app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
def reserve():
    return requests.put("https://inventory.example.com/reservations")
//- docker-compose.yml
services:
  app:
    build: .
    ports: ["3000:3000"]
  redis:
    image: redis:alpine
`;
const deployment = (name: string, image: string, label = "shop") => `---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  selector: {matchLabels: {app: ${label}}}
  template:
    metadata: {labels: {app: ${label}}}
    spec:
      containers: [{name: ${name}, image: "${image}"}]
`;
const service = (name: string, label = "shop") => `---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
  selector: {app: ${label}}
`;
const ingress = (backend: string) => `//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
  annotations:
    kubernetes.io/ingress.class: "nginx"
spec:
  rules:
    - host: shop.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend: {service: {name: ${backend}, port: {number: 80}}}
`;

async function analyze(text: string) {
  const { files, settings } = parseFixture(text);
  return analyzeWorkspace(files, settings);
}

describe("a compose-built service deployed to Kubernetes under a longer name", () => {
  test("`app: build: .` and Deployment `shop-app` running ${REGISTRY}/shop: the Ingress reaches the code (3 × 2)", async () => {
    const result = await analyze(`${code}//- k8s/app.yaml\n${deployment("shop-app", "${REGISTRY}/shop:${TAG}")}${service("shop-service")}${ingress("shop-service")}`);
    assert.equal(result.model.fileService.get("app.py"), "shop");
    const path = result.model.paths.find((p) => p.product === 6);
    assert.ok(path, `paths: ${result.model.paths.map((p) => `${p.product}→${p.target}`).join(", ")}`);
    assert.deepEqual(path.services.slice(0, 2), ["ingress-nginx", "shop"]);
  });

  const negatives: Array<[string, string]> = [
    ["a third-party image (kong) never pairs", `${deployment("app-gateway", "kong:3.4")}${service("app-gateway")}`],
    ["two workloads named like the compose service: ambiguous", `${deployment("shop-app", "${REGISTRY}/shop:${TAG}")}${deployment("app-admin", "${REGISTRY}/app-admin:${TAG}", "admin")}${service("shop-service")}`],
    ["a name that only contains the compose name does not pair", `${deployment("webapp", "${REGISTRY}/webapp:${TAG}")}${service("webapp")}`],
  ];
  for (const [name, manifests] of negatives) {
    test(name, async () => {
      const result = await analyze(`${code}//- k8s/app.yaml\n${manifests}`);
      assert.equal(result.model.fileService.get("app.py"), "app");
    });
  }

  test("a compose service Kubernetes deploys under its own name keeps it", async () => {
    const result = await analyze(`${code}//- k8s/app.yaml\n${deployment("app", "${REGISTRY}/app:${TAG}")}${deployment("shop-app", "${REGISTRY}/shop:${TAG}", "other")}`);
    assert.equal(result.model.fileService.get("app.py"), "app");
  });
});
