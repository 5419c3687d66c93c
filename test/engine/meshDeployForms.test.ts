// Istio and ingress-nginx defaults turned on in the forms teams deploy with (reference §4.1, §4.8):
// Terraform strings that run kubectl, revision labels written with a variable, one namespace
// labelled in several places (per cluster, per tool), injected images whose code is elsewhere,
// manifests kept as `.yaml.tmpl` templates, and the AKS application-routing ingress class.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { initTreeSitter } from "../../server/src/parsing/treeSitter";
import { extractTerraform } from "../../server/src/detectors/terraform/index";
import { extractShell } from "../../server/src/detectors/shell/index";
import { sourceLanguage } from "../../server/src/model/languages";
import { worthParsing } from "../../server/src/host/workspace";

before(async () => {
  await initTreeSitter();
});

const tfLabels = (tf: string) => extractTerraform("infra/asm.tf", tf).namespaces.map((n) => [n.name, n.sidecarInjection?.enabled, n.span.line]);

describe("Terraform: kubectl commands in strings", () => {
  const cases: Array<{ name: string; tf: string; want: Array<[string, boolean, number]> }> = [
    {
      name: "kubectl-wrapper create command labels the namespace; the destroy command is not run on apply",
      tf: [
        'module "istio-injection-label" {', //                                                      1
        '  source = "terraform-google-modules/gcloud/google//modules/kubectl-wrapper"', //          2
        "  module_depends_on = [module.gke]", //                                                     3
        '  kubectl_create_command  = "kubectl label namespace default istio-injection=enabled istio.io/rev- --overwrite"', // 4
        '  kubectl_destroy_command = "kubectl label namespace default istio-injection-"', //         5
        "}",
      ].join("\n"),
      want: [["default", true, 4]],
    },
    {
      name: "a local-exec heredoc counts lines from the heredoc's body; a destroy-time provisioner is left out",
      tf: [
        'resource "null_resource" "label" {', //    1
        '  provisioner "local-exec" {', //          2
        "    command = <<-EOT", //                  3
        "      gcloud container clusters get-credentials c1", // 4
        "      kubectl label namespace shop istio.io/rev=asm-managed", // 5
        "    EOT", //                               6
        "  }", //                                   7
        '  provisioner "local-exec" {', //          8
        "    when    = destroy", //                 9
        '    command = "kubectl label namespace edge istio-injection=enabled"', // 10
        "  }",
        "}",
      ].join("\n"),
      want: [["shop", true, 5]],
    },
    {
      name: "HCL escapes are decoded; an interpolated namespace is not known statically and is dropped",
      tf: [
        'locals { ns = "shop" }', // 1
        'module "a" { kubectl_create_command = "kubectl annotate namespace shop x=\\"y\\" && kubectl label namespace shop istio-injection=enabled" }', // 2
        'module "b" { kubectl_create_command = "kubectl label namespace ${local.ns} istio-injection=enabled" }', // 3
      ].join("\n"),
      want: [["shop", true, 2]],
    },
    {
      name: "near misses: a label on pods, a command that is only a description, a disabled label",
      tf: [
        'module "a" { kubectl_create_command = "kubectl label pods web istio-injection=enabled" }', //  1
        'variable "x" { description = "run: kubectl label namespace shop istio-injection=enabled" }', // 2
        'module "c" { kubectl_create_command = "kubectl label namespace legacy istio-injection=disabled" }', // 3
      ].join("\n"),
      want: [["legacy", false, 3]],
    },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(tfLabels(c.tf), c.want));

  test("a broken configuration gives partial results, never a throw", () => {
    assert.deepEqual(tfLabels('module "a" {\n  kubectl_create_command = "kubectl label namespace shop istio-injection=enabled"\n  broken = {{{\n'), [["shop", true, 2]]);
  });

  test("the walker reads .tf files only when they may label a namespace", () => {
    assert.equal(sourceLanguage("iac/asm.tf"), "terraform");
    assert.equal(worthParsing("iac/asm.tf", 'x = "kubectl label namespace default istio-injection=enabled"'), true);
    assert.equal(worthParsing("iac/gke.tf", 'resource "google_container_cluster" "c" {}'), false);
  });
});

describe("revision labels written with a variable", () => {
  const labels = (script: string) => extractShell("setup.sh", script).namespaces.map((n) => [n.name, n.sidecarInjection?.enabled, n.span.line]);
  test("istio.io/rev=asm-${REVISION} turns injection on whatever the revision; a namespace from a variable still must be known", () => {
    assert.deepEqual(labels("kubectl label namespace default istio-injection- istio.io/rev=asm-${ASM_REVISION} --overwrite\n"), [["default", true, 1]]);
    assert.deepEqual(labels('kubectl label namespace default "istio.io/rev=$(cat rev.txt)"\n'), [["default", true, 1]]);
    assert.deepEqual(labels("kubectl label namespace $NS istio.io/rev=asm-${REV}\n"), []);
    // another key with an unknown value is not an injection label
    assert.deepEqual(labels("kubectl label namespace default team=${TEAM}\n"), []);
  });
});

// three services in namespace default (no namespace written), labelled by a two-cluster script
// (once per cluster) and by a Terraform configuration: three candidate layers
const chain = `
//- web/app.py
import requests
def page():
    return requests.get("http://orders:8080/orders")
//- orders/app.py
import requests
from flask import Flask
app = Flask(__name__)
@app.get("/orders")
def orders():
    return requests.get("http://stock:8080/stock")
//- stock/app.py
from flask import Flask
app = Flask(__name__)
@app.get("/stock")
def stock():
    return "ok"
//- k8s/web.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec: {template: {spec: {containers: [{name: web, image: shop/web:1}]}}}
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: orders}
spec: {template: {spec: {containers: [{name: orders, image: shop/orders:1}]}}}
//- k8s/stock.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: stock}
spec: {template: {spec: {containers: [{name: stock, image: shop/stock:1}]}}}
//- multicluster/setup.sh
kubectx cluster-1
kubectl label namespace default istio-injection- istio.io/rev=asm-managed --overwrite
# ^ layer ×3
kubectx cluster-2
kubectl label namespace default istio-injection- istio.io/rev=asm-managed --overwrite
# ^ layer ×3
//- iac/asm.tf
module "istio-injection-label" {
  kubectl_create_command  = "kubectl label namespace default istio-injection=enabled --overwrite"
  # ^ layer ×3
  kubectl_destroy_command = "kubectl label namespace default istio-injection-"
}
//! rules none
`;

describe("one namespace labelled in several places", () => {
  test("§4.1 each labelling is a candidate layer; one script's labellings (two clusters) mix on a path, another file's do not", async () => {
    const result = await checkFixture(chain);
    const at = (id: string) => {
      const l = result.model.layers.find((x) => x.id === id)!;
      return `${l.file}:${l.anchor.line}`;
    };
    const chains = new Set(result.model.paths.filter((p) => p.layers.length === 2).map((p) => p.layers.map(at).join(" → ")));
    const c1 = "multicluster/setup.sh:2";
    const c2 = "multicluster/setup.sh:4";
    const tf = "iac/asm.tf:2";
    // web → orders → stock through web's and orders' sidecars: both clusters of the script, in any mix
    for (const want of [`${c1} → ${c2}`, `${c1} → ${c1}`, `${c2} → ${c1}`, `${tf} → ${tf}`]) assert.ok(chains.has(want), `missing ${want}; got ${[...chains].join("; ")}`);
    // the Terraform deployment and the script's are alternatives: never on one path
    for (const got of chains) assert.ok(!(got.includes("iac/") && got.includes("multicluster/")), `mixed deployments: ${got}`);
    assert.ok(result.model.paths.every((p) => p.product === 9 || p.layers.length < 2));
  });
});

describe("injected workloads whose code is not in the workspace", () => {
  const ns = `
//- k8s/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: bank
  labels:
    istio-injection: enabled
`;
  const deployment = (name: string, image: string, extra = "") => `
//- k8s/${name}.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: bank}
spec:
  template:
    metadata: {labels: {app: ${name}}${extra}}
    spec: {containers: [{name: ${name}, image: ${image}}]}
`;
  test("§4.1 an image deployed into an injected namespace: its sidecar default is a layer on no path", async () => {
    const result = await checkFixture(`${ns.replace("istio-injection: enabled", "istio-injection: enabled\n    # ^ layer ×3")}${deployment("frontend", "gcr.io/bank/frontend:v1")}
//! rules none
//! paths 0
`);
    assert.match(result.model.layers[0]!.attemptsNote, /every outbound HTTP request of frontend .*code is not in the workspace/);
  });

  test("no layer for an Istio gateway Deployment (image: auto), nor for code that makes no HTTP call", async () => {
    await checkFixture(`${ns}${deployment("asm-ingressgateway", "auto", ", annotations: {inject.istio.io/templates: gateway}")}
//! rules none
//! paths 0
`);
    await checkFixture(`${ns}${deployment("worker", "bank/worker:1")}
//- worker/main.py
print("no calls")
//! rules none
//! paths 0
`);
  });
});

describe("manifests kept as templates", () => {
  test("`.yaml.tmpl` is read as YAML; Helm's _helpers.tpl is not", () => {
    assert.equal(sourceLanguage("server/virtual-service.yaml.tmpl"), "yaml");
    assert.equal(sourceLanguage("deploy/gateway.yml.template"), "yaml");
    assert.equal(sourceLanguage("chart/templates/_helpers.tpl"), null);
  });

  test("§4.1 a gateway-bound VirtualService in a template filled by sed keeps the gateway default", async () => {
    await checkFixture(`
//- server/virtual-service.yaml.tmpl
apiVersion: networking.istio.io/v1alpha3
kind: VirtualService
metadata:
  name: virtual-service
spec:
  hosts:
    - "SERVICE_URL"
  gateways:
  # ^ layer ×3
    - gateway-mutual
  http:
    - route:
        - destination:
            host: httpbin
//! rules none
//! path 3 httpbin
`);
  });
});

describe("ingress-nginx behind another class name", () => {
  const ingress = (cls: string, note: string) => `
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: store-front
spec:
  ingressClassName: ${cls}
${note}
  rules:
    - http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: store-front
                port:
                  number: 80
//! rules none
`;
  test("§4.8 the AKS application routing class (managed ingress-nginx): 3 tries on the class line", async () => {
    await checkFixture(`${ingress("webapprouting.kubernetes.azure.com", "  # ^ layer ×3")}//! path 3 store-front\n`);
  });
  test("another controller's class is not NGINX's", async () => {
    await checkFixture(`${ingress("traefik", "")}//! paths 0\n`);
  });
});
