// Alternative manifests: a repository that ships several variants of one deployment (three
// ServiceProfiles for one host, a Mesh in each of several deployment files, a base Deployment and
// a training variant that sets an env var differently). Only one variant is applied at a time; a
// worst-case tool follows each of them: one hop per candidate, so every variant's chain is a path.
// And mesh routes on gateway hops: a meshed ingress's proxy applies the callee's ServiceProfile
// (Linkerd §4.4), each route only for the requests its condition matches.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";
import { hopsConnect } from "../../server/src/engine/endpoints";
import type { Hop } from "../../server/src/model/model";

const web = `
//- web/app.py
import requests
from flask import Flask
app = Flask(__name__)

@app.route("/api/vote")
def vote():
    return requests.get("http://voting.shop:8080/vote").text

@app.route("/api/list")
def list_all():
    return requests.get("http://catalog.shop:8080/list").text
//- k8s/web.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: web}]
---
apiVersion: v1
kind: Service
metadata:
  name: web-svc
  namespace: shop
spec:
  selector: {app: web}
//- profiles/voting.yaml
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: voting.shop.svc.cluster.local
spec:
  routes:
    - name: GET /vote
      condition: {method: GET, pathRegex: /vote}
      isRetryable: true
      # ^ layer ×∞
`;

const profile = (file: string, routes: string) => `
//- ${file}
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web-svc.shop.svc.cluster.local
spec:
  routes:
${routes}`;

const voteRoute = `    - name: GET /api/vote
      condition: {method: GET, pathRegex: /api/vote}
      isRetryable: true
      # ^ layer ×∞
`;

describe("alternative manifests: every variant is a candidate", () => {
  test("two ServiceProfiles for one host in two files: the bot's hop goes through each, and each reaches voting's route", async () => {
    const result = await checkFixture(`${web}${profile("profiles/web.yaml", voteRoute)}${profile("profiles/web-with-timeout.yaml", voteRoute)}
//- bot/main.py
import requests

def main():
    requests.get("http://web-svc.shop/api/vote")
//! rules none
//! path ∞ voting
//! path ∞ voting
//! paths 2
`);
    const chains = result.model.paths.map((p) => p.layers.join(" → ")).sort();
    assert.deepEqual(chains, ["profiles/web-with-timeout.yaml#L9 → profiles/voting.yaml#L9", "profiles/web.yaml#L9 → profiles/voting.yaml#L9"]);
  });

  test("each variant's own routes: a call only one variant retries goes through that variant's route alone", async () => {
    const result = await checkFixture(`${web}${profile("profiles/web.yaml", voteRoute)}${profile(
      "profiles/web-budget.yaml",
      `    - name: GET /api/list
      condition: {method: GET, pathRegex: /api/list}
      isRetryable: true
      # ^ layer ×∞
${voteRoute}`,
    )}
//- bot/main.py
import requests

def main():
    requests.get("http://web-svc.shop/api/list")
    requests.get("http://web-svc.shop/api/vote")
//! rules none
`);
    const fromBot = result.model.paths.filter((p) => p.services[0] === "bot").map((p) => `${p.layers.join(" → ")} ⇒ ${p.target}`).sort();
    assert.deepEqual(fromBot, [
      "profiles/web-budget.yaml#L12 → profiles/voting.yaml#L9 ⇒ voting",
      "profiles/web-budget.yaml#L9 ⇒ catalog",
      "profiles/web.yaml#L9 → profiles/voting.yaml#L9 ⇒ voting",
    ]);
    // where profiles/web.yaml is applied the list call is not retried: a hop without the layer too
    const hops = result.model.hops.filter((h) => h.caller === "bot").map((h) => `${h.calls.map((c) => c.path).join(",")}: ${h.layerIds.join(",")}`).sort();
    assert.deepEqual(hops, ["/api/list: ", "/api/list: profiles/web-budget.yaml#L9", "/api/vote: profiles/web-budget.yaml#L12", "/api/vote: profiles/web.yaml#L9"]);
  });

  test("a Mesh written in each of two deployment files: the hop goes through each file's mesh-retry-all", async () => {
    const deployment = (file: string) => `
//- ${file}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
---
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
`;
    const result = await checkFixture(`
//- orders/app.py
import requests

def reserve():
    return requests.put("http://inventory:8080/reservations")
${deployment("k8s/plain.yaml")}${deployment("k8s/with-mtls.yaml")}
//! rules none
//! path 6 inventory
//! path 6 inventory
//! paths 2
`);
    assert.deepEqual(result.model.paths.map((p) => p.layers[0]).sort(), ["k8s/plain.yaml#L11", "k8s/with-mtls.yaml#L11"]);
  });

  test("an env var two manifests of one workload set differently: the call is followed to each value's service", async () => {
    const result = await checkFixture(`
//- bot/main.py
import os
import requests
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(3))
# ^ layer ×3
def vote():
    return requests.get("http://" + os.environ["WEB_HOST"] + "/api/vote")
//- k8s/bot.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bot
spec:
  template:
    spec:
      containers:
        - name: bot
          env:
            - name: WEB_HOST
              value: web:80
//- training/bot-update.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bot
spec:
  template:
    spec:
      containers:
        - name: bot
          env:
            - name: WEB_HOST
              value: web-apex:80
//! rules none
//! path 3 web
//! path 3 web-apex
//! paths 2
`);
    assert.deepEqual(result.model.services.get("bot")!.envAlternatives, { WEB_HOST: ["web-apex:80", "web:80"] });
  });

  test("standalone deployment files, one with a builtin gateway: the gateway's path takes its own file's Mesh; the other file's Mesh is a path of its own", async () => {
    const deployment = (file: string, gateway: string) => `
//- ${file}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
---
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
${gateway}`;
    const result = await checkFixture(`
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(2))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
${deployment("k8s/000-plain.yaml", "")}${deployment(
      "k8s/001-with-gateway.yaml",
      `---
apiVersion: kuma.io/v1alpha1
kind: MeshGateway
# ^ layer ×6
mesh: default
metadata:
  name: edge
spec:
  conf:
    listeners: [{port: 80, protocol: HTTP}]
---
apiVersion: kuma.io/v1alpha1
kind: MeshHTTPRoute
metadata:
  name: orders-edge
spec:
  targetRef: {kind: MeshGateway, name: edge}
  to:
    - targetRef: {kind: Mesh}
      rules:
        - matches: [{path: {type: PathPrefix, value: /}}]
          default:
            backendRefs: [{kind: MeshService, name: orders, port: 8080}]
`,
    )}
//! rules none
//! path 72 inventory
//! path 12 inventory
//! paths 2
`);
    assert.deepEqual(result.model.paths.map((p) => `${p.services.join(">")}: ${p.layers.join(" → ")}`).sort(), [
      "kuma-gateway:edge>orders>inventory: k8s/001-with-gateway.yaml#L16 → orders/app.py#L4:0 → k8s/001-with-gateway.yaml#L11",
      "orders>inventory: orders/app.py#L4:0 → k8s/000-plain.yaml#L11",
    ]);
  });

  test("a MeshGateway written in two variants: each MeshHTTPRoute goes through the gateway written nearest it", async () => {
    const gateway = (dir: string) => `
//- ${dir}/gateway.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshGateway
# ^ layer ×6
mesh: default
metadata:
  name: edge-gateway
spec:
  conf:
    listeners: [{port: 80, protocol: HTTP}]
//- ${dir}/route.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshHTTPRoute
metadata:
  name: orders-edge
spec:
  targetRef: {kind: MeshGateway, name: edge-gateway}
  to:
    - targetRef: {kind: Mesh}
      rules:
        - matches: [{path: {type: PathPrefix, value: /}}]
          default:
            backendRefs: [{kind: MeshService, name: orders, port: 8080}]
`;
    const result = await checkFixture(`
//- orders/app.py
import requests

def reserve():
    return requests.put("http://inventory:8080/reservations")
${gateway("k8s")}${gateway("kustomize/overlays/gateway")}
//! rules none
//! paths 2
`);
    assert.deepEqual(result.model.paths.map((p) => p.layers.join(" → ")).sort(), ["k8s/gateway.yaml#L2", "kustomize/overlays/gateway/gateway.yaml#L2"]);
  });

  test("a retry count from the env that two manifests set differently: the most attempts (the worst deployment)", async () => {
    const result = await checkFixture(`
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      AWS_MAX_ATTEMPTS: "5"
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers:
        - name: orders
          env:
            - name: AWS_MAX_ATTEMPTS
              value: "2"
//- orders/store.py
import boto3

ddb = boto3.client("dynamodb")
# ^ layer ×5


def save(order):
    ddb.put_item(TableName="orders", Item=order)
//! rules none
//! path 5 aws:dynamodb
`);
    assert.match(layerAt(result, "orders/store.py:3").attemptsNote, /AWS_MAX_ATTEMPTS=5 .*the most of/);
  });
});

describe("mesh routes on gateway hops", () => {
  test("a meshed ingress to web applies web's ServiceProfile: each route only towards the handlers its condition reaches", async () => {
    const result = await checkFixture(`${web}${profile(
      "profiles/web.yaml",
      `    - name: GET /api/list
      condition: {method: GET, pathRegex: /api/list}
    - name: GET /api/vote
      condition: {method: GET, pathRegex: /api/vote}
      isRetryable: true
      # ^ layer ×∞
`,
    )}
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, namespace: shop}
spec:
  ingressClassName: nginx
  # ^ layer ×3
  rules:
    - http:
        paths:
          - path: /
            pathType: Prefix
            backend: {service: {name: web-svc, port: {number: 80}}}
//! rules none
`);
    const chains = result.model.paths.map((p) => `${p.layers.join(" → ")} ⇒ ${p.target}`).sort();
    assert.deepEqual(chains, [
      // requests no retryable route matches still pass the ingress alone
      "k8s/ingress.yaml#L5 → profiles/voting.yaml#L9 ⇒ voting",
      "k8s/ingress.yaml#L5 → profiles/web.yaml#L11 → profiles/voting.yaml#L9 ⇒ voting",
      // the GET /api/vote route's retries reach only what the vote handler sends: not catalog
      "k8s/ingress.yaml#L5 ⇒ catalog",
    ]);
  });

  test("a route condition connects to the handlers it matches (method, whole-path regex, a parameter, an unseen mount prefix)", () => {
    const into = (method: string | null, pathRegex: string | null): Hop => ({ caller: "gw", callee: "web", layerIds: [], calls: [], fromGateway: true, protocol: "http", requestCondition: { method, pathRegex } });
    const next = (method: string | null, route: string): Hop => ({ caller: "web", callee: "x", layerIds: [], calls: [], fromGateway: false, protocol: "http", entryRoutes: [{ method, route }] });
    assert.equal(hopsConnect(into("GET", "/api/vote"), next(null, "/api/vote")), true);
    assert.equal(hopsConnect(into("GET", "/api/vote"), next(null, "/api/list")), false);
    assert.equal(hopsConnect(into("GET", "/api/vote"), next("POST", "/api/vote")), false);
    assert.equal(hopsConnect(into("GET", "/api/items/[^/]*"), next("GET", "/api/items/{id}")), true);
    assert.equal(hopsConnect(into("GET", "/api/vote"), next("GET", "/vote")), true);
    assert.equal(hopsConnect(into(null, "/api/(vote|list)"), next("GET", "/api/list")), true);
  });
});
