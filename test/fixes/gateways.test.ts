// Fix operations on gateway/mesh layers beyond Envoy/Istio: each product's count key and trap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { meshLayerEdit } from "../../server/src/fixes/layers/mesh";
import type { LayerOp } from "../../server/src/fixes/layers/op";
import { applyEdits } from "../../server/src/fixes/types";

async function edit(file: string, text: string, op: LayerOp, attempts?: number): Promise<string | null> {
  const result = await analyzeWorkspace([{ path: file, text }], { ...DEFAULT_SETTINGS, rules: {}, services: {} });
  const layer = result.model.layers[0];
  assert.ok(layer, "a layer");
  const e = meshLayerEdit(op, layer, text, { callLibraries: [], exists: () => false, namespaceOf: () => null, attempts });
  return e ? applyEdits(text, e.edits) : null;
}

const traefik = "apiVersion: traefik.io/v1alpha1\nkind: Middleware\nmetadata: {name: r}\nspec:\n  retry:\n    attempts: 4\n";
const emissary = "apiVersion: getambassador.io/v3alpha1\nkind: Mapping\nmetadata: {name: m}\nspec:\n  prefix: /o/\n  service: orders\n  retry_policy:\n    retry_on: 5xx\n    num_retries: 3\n";
const gloo = "apiVersion: gateway.solo.io/v1\nkind: VirtualService\nmetadata: {name: v}\nspec:\n  virtualHost:\n    routes:\n      - matchers: [{prefix: /o}]\n        routeAction: {single: {kube: {ref: {name: orders}}}}\n        options:\n          retries:\n            retryOn: 5xx\n            numRetries: 3\n";

test("Traefik attempts counts total tries: off = attempts 1, cap 2 = attempts 2", async () => {
  assert.match((await edit("t.yaml", traefik, "disable"))!, /attempts: 1\n/);
  assert.match((await edit("t.yaml", traefik, "cap", 2))!, /attempts: 2\n/);
});

test("Emissary and Gloo retry at least once while the block exists: off removes it; cap sets retries", async () => {
  const off = (await edit("m.yaml", emissary, "disable"))!;
  assert.ok(!off.includes("retry_policy") && off.includes("service: orders"));
  assert.match((await edit("m.yaml", emissary, "cap", 2))!, /num_retries: 1\n/);
  assert.ok(!(await edit("g.yaml", gloo, "disable"))!.includes("retries:"));
  assert.match((await edit("g.yaml", gloo, "cap", 3))!, /numRetries: 2\n/);
});

test("Kuma numRetries, Kong retries, Linkerd limit count retries; ingress-nginx tries count totals", async () => {
  const kuma = "apiVersion: kuma.io/v1alpha1\nkind: MeshRetry\nmetadata: {name: r}\nspec:\n  to:\n    - targetRef: {kind: MeshService, name: orders}\n      default:\n        http:\n          numRetries: 5\n";
  assert.match((await edit("k.yaml", kuma, "disable"))!, /numRetries: 0\n/);
  const kong = '_format_version: "3.0"\nservices:\n  - name: orders\n    url: http://orders\n';
  assert.match((await edit("kong.yml", kong, "disable"))!, /url: http:\/\/orders\n    retries: 0\n/);
  const linkerd = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: orders\n  annotations:\n    retry.linkerd.io/http: 5xx\n';
  assert.match((await edit("s.yaml", linkerd, "cap", 3))!, /retry.linkerd.io\/limit: "2"\n/);
  const nginx = 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: i\n  annotations:\n    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "5"\nspec:\n  ingressClassName: nginx\n  defaultBackend: {service: {name: orders}}\n';
  assert.match((await edit("i.yaml", nginx, "disable"))!, /proxy-next-upstream-tries: "1"\n/);
  assert.match((await edit("i.yaml", nginx, "cap", 2))!, /proxy-next-upstream-tries: "2"\n/);
  // an Ingress retrying by default (no annotation) gets no edit here
  assert.equal(await edit("i.yaml", nginx.replace(/  annotations:\n.*\n/, ""), "disable"), null);
});
