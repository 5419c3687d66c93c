// Fix operations on the gateway forms of issue #10, each in the product's own unit: Traefik Docker
// labels and TOML (attempts = total tries), Gateway API `retry.attempts` and App Mesh `maxRetries`
// (retries). Op-level edits, then one whole fix case through the rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { layerEdit } from "../../server/src/fixes/layers/index";
import type { LayerOp } from "../../server/src/fixes/layers/op";
import { applyEdits } from "../../server/src/fixes/types";
import { fixCases } from "./fixCases";

async function edit(files: Array<{ path: string; text: string }>, kind: string, op: LayerOp, attempts?: number): Promise<string | null> {
  const result = await analyzeWorkspace(files, { ...DEFAULT_SETTINGS, rules: {}, services: {} });
  const layer = result.model.layers.find((l) => l.kind === kind);
  assert.ok(layer, `a ${kind} layer`);
  const text = files.find((f) => f.path === layer.file)!.text;
  const e = layerEdit(op, layer, text, { callLibraries: [], exists: () => false, namespaceOf: () => null, attempts });
  return e ? applyEdits(text, e.edits) : null;
}

const compose = (labels: string) => ({ path: "docker-compose.yml", text: `services:\n  traefik:\n    image: traefik:v3.1\n  orders:\n    image: shop/orders\n    labels:\n${labels}` });
const listLabels = '      - "traefik.http.routers.o.middlewares=r"\n      - "traefik.http.middlewares.r.retry.attempts=4"\n';
const mapLabels = "      traefik.http.routers.o.middlewares: r\n      traefik.http.middlewares.r.retry.attempts: 4\n";

test("Traefik labels: attempts counts total tries (off = attempts=1, cap 2 = attempts=2), list and map forms", async () => {
  assert.match((await edit([compose(listLabels)], "traefik-retry", "disable"))!, /"traefik\.http\.middlewares\.r\.retry\.attempts=1"\n/);
  assert.match((await edit([compose(listLabels)], "traefik-retry", "cap", 2))!, /retry\.attempts=2"\n/);
  assert.match((await edit([compose(mapLabels)], "traefik-retry", "cap", 3))!, /traefik\.http\.middlewares\.r\.retry\.attempts: 3\n/);
});

test("Traefik labels: backoff adds an initialinterval label beside attempts, written alike", async () => {
  const after = (await edit([compose(listLabels)], "traefik-retry", "backoff"))!;
  assert.match(after, /retry\.attempts=4"\n      - "traefik\.http\.middlewares\.r\.retry\.initialinterval=100ms"\n/);
  const map = (await edit([compose(mapLabels)], "traefik-retry", "backoff"))!;
  assert.match(map, /retry\.attempts: 4\n      traefik\.http\.middlewares\.r\.retry\.initialinterval: 100ms\n/);
});

test("Traefik TOML: attempts = N in the retry table; backoff adds initialInterval", async () => {
  const toml = { path: "traefik/dynamic.toml", text: '[http.middlewares.r.retry]\n  attempts = 5\n\n[http.routers.o]\n  service = "o"\n  middlewares = ["r"]\n' };
  assert.match((await edit([toml], "traefik-retry", "cap", 2))!, /attempts = 2\n/);
  assert.match((await edit([toml], "traefik-retry", "backoff"))!, /attempts = 5\n  initialInterval = "100ms"\n\n\[http\.routers/);
});

test("Gateway API retry.attempts counts retries: off = attempts: 0, cap 3 = attempts: 2; RL013 drops codes", async () => {
  const route = { path: "k8s/route.yaml", text: "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: o}\nspec:\n  parentRefs: [{name: edge}]\n  rules:\n    - backendRefs: [{name: orders, port: 80}]\n      retry:\n        attempts: 5\n        codes: [500, 503]\n" };
  assert.match((await edit([route], "gateway-api-retry", "disable"))!, /attempts: 0\n/);
  assert.match((await edit([route], "gateway-api-retry", "cap", 3))!, /attempts: 2\n/);
  const narrowed = (await edit([route], "gateway-api-retry", "narrowGateway"))!;
  assert.ok(!narrowed.includes("codes") && narrowed.includes("attempts: 5"));
});

test("App Mesh maxRetries counts retries (CRD and CloudFormation spellings)", async () => {
  const crd = { path: "k8s/router.yaml", text: "apiVersion: appmesh.k8s.aws/v1beta2\nkind: VirtualRouter\nmetadata: {name: r}\nspec:\n  routes:\n    - name: a\n      httpRoute:\n        retryPolicy:\n          maxRetries: 4\n          perRetryTimeout: {unit: s, value: 1}\n" };
  assert.match((await edit([crd], "appmesh-retry", "disable"))!, /maxRetries: 0\n/);
  assert.match((await edit([crd], "appmesh-retry", "cap", 2))!, /maxRetries: 1\n/);
  const cfn = { path: "infra/mesh.yaml", text: "Resources:\n  R:\n    Type: AWS::AppMesh::Route\n    Properties:\n      VirtualRouterName: r\n      Spec:\n        HttpRoute:\n          RetryPolicy:\n            MaxRetries: 3\n" };
  assert.match((await edit([cfn], "appmesh-retry", "cap", 2))!, /MaxRetries: 1\n/);
});

fixCases("Traefik Docker labels", [
  {
    name: "RL003: a label retry middleware without initialinterval gets one",
    workspace: `
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
  orders:
    image: shop/orders
    labels:
      - "traefik.http.routers.o.middlewares=r"
      - "traefik.http.middlewares.r.retry.attempts=2"
`,
    finding: "RL003 docker-compose.yml:8",
    fix: "preferred",
    after: `
//- docker-compose.yml
services:
  traefik:
    image: traefik:v3.1
  orders:
    image: shop/orders
    labels:
      - "traefik.http.routers.o.middlewares=r"
      - "traefik.http.middlewares.r.retry.attempts=2"
      - "traefik.http.middlewares.r.retry.initialinterval=100ms"
`,
    safety: "safe",
  },
]);

test("App Mesh default: off writes a retryPolicy with maxRetries 0 into the route (CRD and CloudFormation)", async () => {
  const crd = { path: "k8s/router.yaml", text: "apiVersion: appmesh.k8s.aws/v1beta2\nkind: VirtualRouter\nmetadata: {name: r}\nspec:\n  routes:\n    - name: a\n      httpRoute:\n        match: {prefix: /}\n        action: {weightedTargets: [{virtualNodeRef: {name: n}, weight: 1}]}\n" };
  const service = { path: "k8s/vs-r.yaml", text: "apiVersion: appmesh.k8s.aws/v1beta2\nkind: VirtualService\nmetadata: {name: c}\nspec:\n  provider:\n    virtualRouter:\n      virtualRouterRef: {name: r}\n" };
  assert.match((await edit([crd, service], "appmesh-default", "disable"))!, /weight: 1}\]}\n        retryPolicy:\n          maxRetries: 0\n          perRetryTimeout: \{unit: ms, value: 15000\}\n          tcpRetryEvents: \[connection-error\]\n$/);
  const cfn = { path: "infra/mesh.yaml", text: "Resources:\n  S:\n    Type: AWS::AppMesh::VirtualService\n    Properties:\n      VirtualServiceName: c\n      Spec:\n        Provider:\n          VirtualRouter: {VirtualRouterName: r}\n  R:\n    Type: AWS::AppMesh::Route\n    Properties:\n      VirtualRouterName: r\n      Spec:\n        HttpRoute:\n          Match: {Prefix: /}\n" };
  assert.match((await edit([cfn], "appmesh-default", "disable"))!, /RetryPolicy:\n            MaxRetries: 0\n/);
  const vs = { path: "k8s/vs.yaml", text: "apiVersion: appmesh.k8s.aws/v1beta2\nkind: VirtualService\nmetadata: {name: c}\nspec:\n  provider:\n    virtualNode:\n      virtualNodeRef: {name: n}\n" };
  assert.equal(await edit([vs], "appmesh-default", "disable"), null, "a virtual node provider takes no retry policy");
});
