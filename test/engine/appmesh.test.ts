// AWS App Mesh route retry policies and App Mesh's default Envoy route retry policy
// (docs/reference/appmesh.md). orders calls color (a virtual service) with requests.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const orders = `
//- orders/app.py
import requests
def color():
    return requests.get("http://color.shop.svc.cluster.local:8080/color")
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: orders, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: orders}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: color, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: color}]
---
apiVersion: v1
kind: Service
metadata: {name: color, namespace: shop}
spec:
  ports: [{port: 8080}]
`;

const mesh = (routeSpec: string) => `
//- k8s/mesh.yaml
apiVersion: appmesh.k8s.aws/v1beta2
kind: VirtualService
metadata: {name: color, namespace: shop}
spec:
  awsName: color.shop.svc.cluster.local
  provider:
    virtualRouter:
      virtualRouterRef: {name: color-router}
---
apiVersion: appmesh.k8s.aws/v1beta2
kind: VirtualNode
metadata: {name: color-blue, namespace: shop}
spec:
  serviceDiscovery:
    dns: {hostname: color.shop.svc.cluster.local}
---
apiVersion: appmesh.k8s.aws/v1beta2
kind: VirtualRouter
metadata: {name: color-router, namespace: shop}
spec:
  listeners: [{portMapping: {port: 8080, protocol: http}}]
  routes:
    - name: color-route
      httpRoute:
${routeSpec}`;

const action = `        match: {prefix: /}
        action:
          weightedTargets: [{virtualNodeRef: {name: color-blue}, weight: 1}]`;

describe("App Mesh", () => {
  test("retryPolicy maxRetries: 4 counts retries → 5 attempts, on the hop to the virtual service", async () => {
    const result = await checkFixture(`${orders}${mesh(`${action}
        retryPolicy:
        # ^ layer ×5
          maxRetries: 4
          perRetryTimeout: {unit: ms, value: 2000}
          httpRetryEvents: [server-error, gateway-error]
          tcpRetryEvents: [connection-error]`)}
//! rules none
//! path 5 color
//! paths 1
`);
    const l = result.model.layers.find((x) => x.kind === "appmesh-retry")!;
    assert.equal(l.perTryTimeoutSeconds, 2);
    assert.ok(l.condition.statuses.includes(500) && l.condition.statuses.includes(503));
    assert.equal(l.condition.afterSendMethods, "all", "Envoy has no method gate");
    assert.equal(l.implicit, false);
  });

  test("maxRetries: 0 → 1 attempt (off)", async () => {
    await checkFixture(`${orders}${mesh(`${action}
        retryPolicy:
        # ^ layer disabled
          maxRetries: 0
          perRetryTimeout: {unit: s, value: 1}
          httpRetryEvents: [gateway-error]`)}
//! rules none
//! paths 0
`);
  });

  test("no retryPolicy → App Mesh's default Envoy policy: 2 retries → 3 (implicit, 503/UNAVAILABLE/connect-failure)", async () => {
    const result = await checkFixture(`${orders}${mesh(`      # ^ layer ×3
${action}`)}
//! rules none
//! path 3 color
//! paths 1
`);
    const l = result.model.layers.find((x) => x.kind === "appmesh-default")!;
    assert.equal(l.implicit, true);
    assert.deepEqual(l.condition.statuses, [503]);
    assert.match(l.attemptsNote, /App Mesh default/);
  });

  test("a virtual router no virtual service uses adds no layer", async () => {
    await checkFixture(`${orders}
//- k8s/router.yaml
apiVersion: appmesh.k8s.aws/v1beta2
kind: VirtualRouter
metadata: {name: unused, namespace: shop}
spec:
  routes:
    - name: r
      httpRoute:
        match: {prefix: /}
        action: {weightedTargets: [{virtualNodeRef: {name: x}, weight: 1}]}
//! rules none
//! paths 0
`);
  });

  test("CloudFormation AWS::AppMesh::Route RetryPolicy with its VirtualService", async () => {
    await checkFixture(`${orders}
//- infra/mesh.yaml
AWSTemplateFormatVersion: "2010-09-09"
Resources:
  ColorService:
    Type: AWS::AppMesh::VirtualService
    Properties:
      MeshName: shop
      VirtualServiceName: color.shop.svc.cluster.local
      Spec:
        Provider:
          VirtualRouter: {VirtualRouterName: color-router}
  ColorRoute:
    Type: AWS::AppMesh::Route
    Properties:
      MeshName: shop
      VirtualRouterName: color-router
      RouteName: color-route
      Spec:
        HttpRoute:
          Match: {Prefix: /}
          Action:
            WeightedTargets: [{VirtualNode: color-blue, Weight: 1}]
          RetryPolicy:
          # ^ layer ×3
            MaxRetries: 2
            PerRetryTimeout: {Unit: s, Value: 1}
            HttpRetryEvents: [server-error]
//! rules none
//! path 3 color
//! paths 1
`);
  });
});
