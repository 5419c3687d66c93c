// Kustomize builds as deployment variants (engine/kustomize.ts): the files one kustomization
// applies together (resources, recursively other kustomizations, components, patches) are one
// variant; a path never mixes layers from two builds no build shares. A patch file is no object
// of its own: it modifies the matching object of the build (same kind + name, or its `target:`),
// so only a retry setting it changes or adds creates or alters a layer.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { applyKustomize } from "../../server/src/engine/kustomize";
import { joinPath } from "../../server/src/model/paths";
import { extractYaml } from "../../server/src/detectors/yaml/index";

const orders = `
//- orders/app.py
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt
app = Flask(__name__)

@app.route("/api/order", methods=["POST"])
@retry(stop=stop_after_attempt(3))
# ^ layer ×3
def order():
    return requests.post("http://inventory:8080/reservations").text
`;

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]`;

const gateway = (route: string) => `apiVersion: kuma.io/v1alpha1
kind: MeshGateway
# ^ layer ×6
mesh: default
metadata:
  name: edge
spec:
  selectors: [{match: {kuma.io/service: edge}}]
---
apiVersion: kuma.io/v1alpha1
kind: MeshHTTPRoute
metadata:
  name: ${route}
spec:
  targetRef: {kind: MeshGateway, name: edge}
  to:
    - targetRef: {kind: Mesh}
      rules:
        - default:
            backendRefs: [{kind: MeshService, name: orders, port: 8080}]
          matches: [{path: {type: PathPrefix, value: /}}]`;

// standalone manifests (k8s/) and a kustomize base + two overlays, the second building on the
// first, patching its Mesh (mTLS) and adding a builtin gateway
const kumaWorkspace = `${orders}
//- k8s/with-gateway.yaml
${deployment}
---
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
---
${gateway("orders-edge")}
//- k8s/with-kuma.yaml
${deployment}
---
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//- kustomize/base/kustomization.yaml
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - orders.yaml
//- kustomize/base/orders.yaml
${deployment}
//- kustomize/overlays/kuma/kustomization.yaml
resources:
  - ../../base
  - mesh.yaml
//- kustomize/overlays/kuma/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//- kustomize/overlays/gateway/kustomization.yaml
resources:
  - ../kuma
  - gateway.yaml
patches:
  - path: mesh.yaml
//- kustomize/overlays/gateway/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
metadata:
  name: default
spec:
  mtls:
    enabledBackend: ca-1
    backends: [{name: ca-1, type: builtin}]
//- kustomize/overlays/gateway/gateway.yaml
${gateway("orders-edge-kustomize")}
`;

const chains = (result: Awaited<ReturnType<typeof checkFixture>>) =>
  result.model.paths.map((p) => `${p.product}: ${p.layers.map((id) => id.replace(/#L(\d+).*$/, ":$1")).join(" → ")}`).sort();

describe("kustomize builds are variants", () => {
  test("an overlay's patch of the Mesh is no second Mesh; the overlay's gateway combines only with its own build's Mesh", async () => {
    const result = await checkFixture(`${kumaWorkspace}
//! rules none
`);
    assert.deepEqual(chains(result), [
      // the overlay without the gateway: orders is an entry there
      "108: k8s/with-gateway.yaml:16 → orders/app.py:7 → k8s/with-gateway.yaml:11",
      "108: kustomize/overlays/gateway/gateway.yaml:2 → orders/app.py:7 → kustomize/overlays/kuma/mesh.yaml:2",
      "18: orders/app.py:7 → k8s/with-kuma.yaml:11",
      "18: orders/app.py:7 → kustomize/overlays/kuma/mesh.yaml:2",
    ].sort());
  });

  test("the builds: resources (files and folders, recursively), patch files, every Kustomization its own variant", () => {
    const files = ["kustomize/base/kustomization.yaml", "kustomize/base/orders.yaml", "kustomize/overlays/kuma/kustomization.yaml", "kustomize/overlays/kuma/mesh.yaml", "kustomize/overlays/gateway/kustomization.yaml", "kustomize/overlays/gateway/mesh.yaml", "kustomize/overlays/gateway/gateway.yaml"].map((path) => {
      const text = kumaWorkspace.split(`//- ${path}\n`)[1]!.split("\n//- ")[0]!.replace(/^# \^.*\n/gm, "");
      return extractYaml(path, text);
    });
    const view = applyKustomize(files);
    assert.deepEqual(Object.fromEntries([...view.fileVariants].map(([f, v]) => [f, [...v].sort()])), {
      "kustomize/base/orders.yaml": ["kustomize:kustomize/base", "kustomize:kustomize/overlays/gateway", "kustomize:kustomize/overlays/kuma"],
      "kustomize/overlays/kuma/mesh.yaml": ["kustomize:kustomize/overlays/gateway", "kustomize:kustomize/overlays/kuma"],
      "kustomize/overlays/gateway/mesh.yaml": ["kustomize:kustomize/overlays/gateway"],
      "kustomize/overlays/gateway/gateway.yaml": ["kustomize:kustomize/overlays/gateway"],
    });
    // the patch's own mesh-retry-all is dropped: the patched Mesh's stands
    assert.equal(view.files.find((f) => f.path === "kustomize/overlays/gateway/mesh.yaml")!.layers.length, 0);
    assert.equal(joinPath("a/b", "../../../c"), null);
    assert.equal(joinPath("a/b", "./../c/"), "a/c");
  });

  test("a patch that changes a retry count replaces the target's layer in its build only", async () => {
    const meshRetry = (n: number) => `apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: inventory-retry
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: inventory}
      default:
        http:
          numRetries: ${n}`;
    const result = await checkFixture(`${orders}
//- deploy/base/kustomization.yaml
resources: [orders.yaml, retry.yaml]
//- deploy/base/orders.yaml
${deployment}
//- deploy/base/retry.yaml
${meshRetry(1)}
# ^ layer ×2
//- deploy/prod/kustomization.yaml
resources: [../base]
patchesStrategicMerge:
  - retry.yaml
//- deploy/prod/retry.yaml
${meshRetry(4)}
# ^ layer ×5
//! rules none
//! path 6 inventory
//! path 15 inventory
//! paths 2
`);
    assert.deepEqual(chains(result), ["15: orders/app.py:7 → deploy/prod/retry.yaml:11", "6: orders/app.py:7 → deploy/base/retry.yaml:11"]);
  });

  test("a patch that adds skipCreatingInitialPolicies turns mesh-retry-all off in its build", async () => {
    const result = await checkFixture(`${orders}
//- deploy/base/kustomization.yaml
resources: [orders.yaml, mesh.yaml]
//- deploy/base/orders.yaml
${deployment}
//- deploy/base/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//- deploy/quiet/kustomization.yaml
resources: [../base]
patches:
  - path: mesh.yaml
    target: {kind: Mesh, name: def.*}
//- deploy/quiet/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
metadata:
  name: default
spec:
  skipCreatingInitialPolicies: ["*"]
//- deploy/other/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: other
//! rules none
`);
    // the base build still gets the default; the quiet build's Mesh has no layer left, so it is
    // no candidate (deploy/other is a manifest in no build: its own variant)
    assert.deepEqual(chains(result), ["18: orders/app.py:7 → deploy/base/mesh.yaml:2", "18: orders/app.py:7 → deploy/other/mesh.yaml:2"]);
  });

  test("§4.1 a component's patch labels a base Deployment for injection: the sidecar default is anchored on the patch's label", async () => {
    await checkFixture(`${orders}
//- k8s/base/kustomization.yaml
resources: [orders.yaml]
//- k8s/base/orders.yaml
${deployment}
//- k8s/components/istio/kustomization.yaml
apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
patches:
  - path: orders-istio.yaml
//- k8s/components/istio/orders-istio.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    metadata:
      labels:
        sidecar.istio.io/inject: "true"
        # ^ layer ×3
//- k8s/overlays/istio/kustomization.yaml
resources: [../../base]
components: [../../components/istio]
//! rules none
//! path 9 inventory
//! paths 1
`);
  });
  test("§4.1 a component's namespace transformer moves a base Deployment into an injected namespace in that overlay only", async () => {
    const result = await checkFixture(`${orders}
//- app/base/kustomization.yaml
resources: [orders.yaml]
//- app/base/orders.yaml
${deployment}
//- app/components/production/kustomization.yaml
apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
namespace: shop-production
//- app/overlays/production/kustomization.yaml
resources: [../../base]
components: [../../components/production]
//- app/overlays/development/kustomization.yaml
resources: [../../base]
//- infra/production/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop-production
  labels:
    istio-injection: enabled
    # ^ layer ×3
//! rules none
//! path 9 inventory
//! path 3 inventory
//! paths 2
`);
    assert.deepEqual(result.model.services.get("orders")!.injectionVariants!.map((c) => [c.injection?.file ?? null, c.variants]), [
      [null, ["kustomize:app/base", "kustomize:app/overlays/development"]],
      ["infra/production/namespace.yaml", ["kustomize:app/overlays/production"]],
    ]);
  });
  test("kustomizations that include each other, remote bases and missing files: no loop, the local files still build", async () => {
    const result = await checkFixture(`${orders}
//- a/kustomization.yaml
resources:
  - ../b
  - https://github.com/acme/platform//base?ref=v1
  - github.com/acme/other/base
  - missing.yaml
  - mesh.yaml
components: [../a]
patchesStrategicMerge:
  - |-
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: orders}
//- a/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//- b/kustomization.yaml
resources: [../a, orders.yaml]
//- b/orders.yaml
${deployment}
//! rules none
//! path 18 inventory
//! paths 1
`);
    // (kustomize itself refuses to build a cycle; which of the two builds holds the Mesh then is moot)
    assert.ok(result.model.layers.find((l) => l.file === "a/mesh.yaml")!.variants!.includes("kustomize:a"));
  });
  test("§4.1 a build applying a remote base beside its own injection-labelled Namespace: the base's unseen workloads get the sidecar default there; a second namespace, or no remote base, says nothing", async () => {
    const namespace = (name: string, mark: string) => `apiVersion: v1
kind: Namespace
metadata:
  name: ${name}
  labels:
    istio-injection: enabled
${mark}`;
    const result = await checkFixture(`
//- shop/kustomization.yaml
resources:
  - github.com/acme/boutique/kustomize/base?ref=main
  - namespace.yaml
//- shop/namespace.yaml
${namespace("boutique", "    # ^ layer ×3")}
//- two/kustomization.yaml
resources:
  - https://github.com/acme/boutique//kustomize/base?ref=main
  - a.yaml
  - b.yaml
//- two/a.yaml
${namespace("first", "")}
//- two/b.yaml
${namespace("second", "")}
//- local/kustomization.yaml
resources: [namespace.yaml]
//- local/namespace.yaml
${namespace("empty", "")}
//! rules none
//! paths 0
`);
    const layer = result.model.layers.find((l) => l.file === "shop/namespace.yaml")!;
    assert.match(layer.attemptsNote ?? "", /github\.com\/acme\/boutique\/kustomize\/base\?ref=main/);
  });
  test("two services with overlays of their own: each overlay is a variant of its own service, the chain across them stays one path", async () => {
    const service = (name: string) => `//- app/${name}/base/kustomization.yaml
resources: [${name}.yaml]
//- app/${name}/base/${name}.yaml
${deployment.replace("name: orders", `name: ${name}`).replace("{name: orders}", `{name: ${name}}`)}
//- app/${name}/overlays/production/kustomization.yaml
resources: [../../base]
components: [../../../components/production]
`;
    const result = await checkFixture(`${orders}
//- inventory/app.py
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt
app = Flask(__name__)

@app.route("/reservations", methods=["POST"])
@retry(stop=stop_after_attempt(2))
# ^ layer ×2
def reserve():
    return requests.post("http://payments:8080/charge").text
${service("orders")}${service("inventory")}
//- app/components/production/kustomization.yaml
kind: Component
namespace: shop-production
//- infra/namespace.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop-production
  labels:
    istio-injection: enabled
    # ^ layer ×3
//! rules none
//! path 54 payments
`);
    const longest = result.model.paths.find((p) => p.product === 54)!;
    assert.deepEqual(longest.services, ["orders", "inventory", "payments"]);
  });
});
