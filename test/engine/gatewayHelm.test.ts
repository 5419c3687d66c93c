// Helm charts: templated retry counts filled in from the chart's values.yaml at link time
// (engine/helmValues.ts); unknown (maxAttempts null, countUnknown) when values.yaml cannot say.
// Kong §4.7: retries N → N+1 attempts; Traefik §4.6: attempts N = N tries in total.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const orders = `
//- orders/app.py
import requests

def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

const templates = (annotation: string, layer: string) => `
//- charts/shop/Chart.yaml
apiVersion: v2
name: shop
version: 1.0.0
//- charts/shop/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: orders
  annotations:
    konghq.com/retries: ${annotation}
    # ^ ${layer}
spec:
  selector:
    app: {{ .Values.app | default "orders" }}
//- charts/shop/templates/ingress.yaml
{{- if .Values.ingress.enabled }}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ .Release.Name }}-shop
spec:
  ingressClassName: kong
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
{{- end }}
`;

describe("Helm: templated counts and the chart's values.yaml", () => {
  test("§4.7 `{{ .Values.kong.retries | quote }}` with `kong.retries: 2` in values.yaml → 3 attempts at the edge", async () => {
    const result = await checkFixture(`${orders}${templates("{{ .Values.kong.retries | quote }}", "layer ×3")}
//- charts/shop/values.yaml
ingress:
  enabled: true
kong:
  retries: 2
//! rules none
//! path 3 inventory
`);
    const l = layerAt(result, "charts/shop/templates/service.yaml:6");
    assert.equal(l.attemptsNote, "{{ .Values.kong.retries | quote }} with kong.retries: 2 in charts/shop/values.yaml:4 → 3 attempts (N retries → N+1)");
    assert.equal(l.countUnknown, false);
  });

  test("a key missing from values.yaml falls back to the template's `default`", async () => {
    await checkFixture(`${orders}${templates("{{ .Values.kong.retries | default 1 | quote }}", "layer ×2")}
//- charts/shop/values.yaml
ingress: {enabled: true}
//! rules none
//! path 2 inventory
`);
  });

  test("no value and no default → maxAttempts null with the reason; never the Kong default 6", async () => {
    const result = await checkFixture(`${orders}${templates("{{ .Values.kong.retries | quote }}", "layer ×∞")}
//! rules none
`);
    const l = layerAt(result, "charts/shop/templates/service.yaml:6");
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.match(l.attemptsNote, /^templated: \{\{ \.Values\.kong\.retries \| quote \}\}; kong\.retries not in charts\/shop\/values\.yaml$/);
    assert.ok(!result.findings.some((f) => f.rule === "RL002"), "a templated count is not 'unbounded'");
  });

  test("`retries: 0` in values.yaml stays unknown (0 means different things per product)", async () => {
    const result = await checkFixture(`${orders}${templates("{{ .Values.kong.retries | quote }}", "layer ×∞")}
//- charts/shop/values.yaml
kong: {retries: 0}
//! rules none
`);
    assert.match(layerAt(result, "charts/shop/templates/service.yaml:6").attemptsNote, /kong\.retries: 0 in charts\/shop\/values\.yaml:1$/);
  });

  test("a backend written as `{{ .Values.backend.service }}` routes to the service values.yaml names", async () => {
    const result = await checkFixture(`${orders}${templates('"1"', "layer ×2").replace("backend: {service: {name: orders,", "backend: {service: {name: '{{ .Values.backend.service }}',")}
//- charts/shop/values.yaml
backend:
  service: orders
//! rules none
//! path 2 inventory
`);
    assert.deepEqual(result.model.paths[0]!.services, ["kong", "orders", "inventory"]);
  });

  test("a literal count in a template needs no values: retries \"4\" → 5", async () => {
    await checkFixture(`${orders}${templates('"4"', "layer ×5")}
//! rules none
//! path 5 inventory
`);
  });
});

describe("Helm-rendered workloads: env values and names from values.yaml", () => {
  test("an env URL written as {{ .Values.ordersUrl | quote }} resolves the call's target; a {{ .Release.Name }}-web Deployment is the web service", async () => {
    await checkFixture(`
//- charts/web/Chart.yaml
apiVersion: v2
name: web
version: 0.1.0
//- charts/web/values.yaml
ordersUrl: http://orders:8080
//- charts/web/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
spec:
  template:
    spec:
      containers:
        - name: web
          env:
            - name: ORDERS_URL
              value: {{ .Values.ordersUrl | quote }}
//- web/app.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

ORDERS = os.environ["ORDERS_URL"]

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3
def place(order):
    return requests.get(f"{ORDERS}/orders/{order}", timeout=2)
//! rules RL001
//! path 3 orders
//! paths 1
`);
  });

  test("an image written with printf from values names the code it runs: the go.mod module go-srv-a is the Deployment service-a's code", async () => {
    const result = await checkFixture(`
//- helm/ref-app/Chart.yaml
apiVersion: v2
name: ref-app
version: 0.1.0
//- helm/ref-app/values.yaml
image:
  repository: docker.io/acme
  tag:
    serviceA: 1.7.5
//- helm/ref-app/templates/service-a.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: service-a
spec:
  template:
    spec:
      containers:
        - name: service-a
          image: {{ printf "%s/go-srv-a:%s" .Values.image.repository .Values.image.tag.serviceA }}
          env:
            - name: INVENTORY_URL
              value: http://inventory:8080
//- services/json-rest/svc-a/go.mod
module github.com/acme/go-srv-a

go 1.22

require github.com/hashicorp/go-retryablehttp v0.7.8
//- services/json-rest/svc-a/main.go
package main

import (
	"net/http"
	"os"

	"github.com/hashicorp/go-retryablehttp"
)

func main() {
	http.HandleFunc("/api/greeting", greet)
	http.ListenAndServe(":8080", nil)
}

func greet(w http.ResponseWriter, r *http.Request) {
	client := retryablehttp.NewClient()
// ^ layer ×5 RL001
	client.RetryMax = 4
	client.Get(os.Getenv("INVENTORY_URL") + "/items")
}
//! rules RL001
//! path 5 inventory
//! paths 1
`);
    assert.equal(result.model.fileService.get("services/json-rest/svc-a/main.go"), "service-a");
    assert.equal(result.model.paths[0]!.services[0], "service-a");
    assert.ok(!result.model.services.has("go-srv-a"), "the module name is no service of its own once a workload runs its image");
  });

  test("a flavoured tag runs the project named after the image and the flavour: go-srv-a:2.2.0-grpc is the module go-srv-a-grpc, go-srv-a:2.2.0 the module go-srv-a", async () => {
    const chart = (name: string, tag: string) => `
//- helm/${name}/Chart.yaml
apiVersion: v2
name: ${name}
version: 0.1.0
//- helm/${name}/values.yaml
image:
  repository: docker.io/acme
  tag:
    serviceA: ${tag}
//- helm/${name}/templates/service-a.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: service-a
spec:
  template:
    spec:
      containers:
        - name: service-a
          image: {{ printf "%s/go-srv-a:%s" .Values.image.repository .Values.image.tag.serviceA }}
`;
    const module = (dir: string, name: string, target: string, max: number) => `
//- services/${dir}/go.mod
module github.com/acme/${name}

go 1.22

require github.com/hashicorp/go-retryablehttp v0.7.8
//- services/${dir}/main.go
package main

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func main() {
	http.HandleFunc("/api/greeting", greet)
	http.ListenAndServe(":8080", nil)
}

func greet(w http.ResponseWriter, r *http.Request) {
	client := retryablehttp.NewClient()
// ^ layer ×${max + 1} RL001
	client.RetryMax = ${max}
	client.Get("http://${target}:8080/items")
}
`;
    const result = await checkFixture(`${chart("ref-app", "2.2.0")}${chart("ref-app-grpc", "2.2.0-grpc")}${module("json-rest/svc-a", "go-srv-a", "inventory", 4)}${module("protobuf-grpc/svc-a-grpc", "go-srv-a-grpc", "stock", 5)}
//! rules RL001
//! path 5 inventory
//! path 6 stock
//! paths 2
`);
    assert.equal(result.model.fileService.get("services/protobuf-grpc/svc-a-grpc/main.go"), "service-a");
    assert.equal(result.model.fileService.get("services/json-rest/svc-a/main.go"), "service-a");
    assert.ok(!result.model.services.has("go-srv-a-grpc"), "the flavoured module is no service of its own once a workload runs its flavour");
  });

  test("a value values.yaml does not have leaves the env unresolved (no guessed target)", async () => {
    const result = await checkFixture(`
//- charts/web/Chart.yaml
apiVersion: v2
name: web
version: 0.1.0
//- charts/web/values.yaml
image: web:1
//- charts/web/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          env:
            - name: ORDERS_URL
              value: {{ .Values.ordersUrl | quote }}
//- web/app.py
import os
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential

ORDERS = os.environ["ORDERS_URL"]

@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
# ^ layer ×3
def place(order):
    return requests.get(f"{ORDERS}/orders/{order}", timeout=2)
//! rules RL001
//! paths 1
`);
    assert.equal(result.model.paths[0]!.target, "unresolved (requests.get)");
  });
});
