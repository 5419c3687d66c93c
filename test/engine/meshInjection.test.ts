// Istio sidecar injection written in the ways real repositories write it (reference §4.1 "Which
// pods have a sidecar"): alternative Namespace manifests for one namespace, Kustomize overlays
// and components, Terraform strings, shell scripts, Helm templates, Gateway API Gateways.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { worthParsing } from "../../server/src/host/workspace";

const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(2))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

describe("Istio injection across manifests", () => {
  test("§4.1 one namespace written three times (plain, Istio, Linkerd variants): the Istio variant's label injects", async () => {
    await checkFixture(`${orders}
//- k8s/shop-namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
//- k8s/shop-namespace-istio.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
    # ^ layer ×3
//- k8s/shop-namespace-linkerd.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  annotations:
    linkerd.io/inject: enabled
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: orders, image: shop/orders:1.0}]
//- k8s/orders-istio.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    metadata:
      annotations:
        sidecar.istio.io/inject: "true"
    spec:
      containers: [{name: orders, image: shop/orders:1.0}]
//- k8s/inventory.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: inventory
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: inventory}]
//! rules none
//! path 6 inventory
//! paths 1
`);
  });
});

describe("Gateway API routes on an Istio gateway", () => {
  const routes = (cls: string, note: string) => `
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
//- k8s/gateway.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: shop-gateway
spec:
  gatewayClassName: ${cls}
  listeners:
  - name: http
    port: 80
    protocol: HTTP
//- k8s/routes.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: shop
spec:
  parentRefs:
  - name: shop-gateway
  rules:
${note}
  - matches:
    - path: {type: PathPrefix, value: /orders}
    backendRefs:
    - name: orders
      port: 8080
`;
  test("§4.1 an HTTPRoute without retry under a gatewayClassName istio Gateway: the generated gateway route's default ×3", async () => {
    await checkFixture(`${orders}${routes("istio", "  # ^ layer ×3")}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("the same HTTPRoute under another implementation's Gateway gets no Istio default", async () => {
    await checkFixture(`${orders}${routes("eg", "")}
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});

describe("Helm partials", () => {
  test("§4.1 a gateway VirtualService inside a library chart's named template (templates/_istio_base.yaml) keeps its default ×3; the templated Deployment beside it is no workload", async () => {
    await checkFixture(`${orders}
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
//- helm/common/templates/_istio_base.yaml
{{- define "common.istio_base" -}}
apiVersion: networking.istio.io/v1beta1
kind: VirtualService
metadata:
  name: shop-vs
spec:
  gateways:
  # ^ layer ×3
  - shop-gw
  hosts:
  - shop.example.com
  http:
  - match:
    - uri:
        prefix: /orders
    route:
    - destination:
        host: orders
{{- end -}}
{{- define "common.other" -}}
apiVersion: networking.istio.io/v1beta1
kind: Gateway
metadata:
  name: shop-gw
spec:
  selector:
    istio: ingressgateway
{{- end -}}
//- helm/common/templates/_deployment.yaml
{{- define "common.deployment" -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "common.fullname" . }}
spec:
  template:
    spec:
      containers:
        - name: {{ .Chart.Name }}
{{- end -}}
//- helm/env/templates/istio_base.yaml
{{- template "common.istio_base" . -}}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });
});

describe("cluster add-ons enabled by scripts", () => {
  test("the workspace walker reads a script that enables minikube's ingress add-on", () => {
    assert.ok(worthParsing("deploy/create-cluster.sh", "#!/bin/sh\nminikube addons enable ingress --profile shop\n"));
    assert.ok(!worthParsing("deploy/build.sh", "#!/bin/sh\nminikube start\n"));
  });

  test("§4.8 `minikube addons enable ingress` makes NGINX the default class: a class-less Ingress gets its 3 tries", async () => {
    const ingress = `
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
# ^ layer ×3
metadata: {name: shop}
spec:
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
`;
    await checkFixture(`${orders}${ingress}
//- deploy/create-cluster.sh
#!/bin/sh
minikube start --cpus 2 --profile shop
minikube addons enable ingress --profile shop
//! rules none
//! path 6 inventory
//! paths 1
`);
    // another add-on: no default ingress class, the class-less Ingress is nobody's
    await checkFixture(`${orders}${ingress.replace("# ^ layer ×3\n", "")}
//- deploy/create-cluster.sh
#!/bin/sh
minikube addons enable metrics-server
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});

describe("services no manifest places", () => {
  const ns = (labels: string) => `
//- k8s/shop-namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
${labels}
`;
  test("§4.1 the workspace's only namespace is injected: code deployed without a written namespace (helm install -n) gets its sidecar", async () => {
    await checkFixture(`${orders}${ns("  labels:\n    istio-injection: enabled\n    # ^ layer ×3")}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("two namespaces, or one without injection: where the code runs is not known, no sidecar", async () => {
    await checkFixture(`${orders}${ns("  labels:\n    istio-injection: enabled")}
//- k8s/tools-namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: tools
//! rules none
//! path 2 inventory
//! paths 1
`);
    await checkFixture(`${orders}${ns("")}
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});
