/**
 * Gateway objects other files refer to (resolved by engine/gatewayLinks.ts): what each detector
 * records per file. ingress-nginx ConfigMap §4.8 (tries are totals, default 3), KongIngress §4.7
 * (retries N → N+1), Emissary Module §4.14 (num_retries unset → 1 retry), Traefik §4.6.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const configMap = (data: string, name = "ingress-nginx-controller") => yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata: {name: ${name}, namespace: ingress-nginx}
  data:
${data}
`;

const CASES: Array<{ name: string; text: string; expect: { line: number; maxAttempts: number; kind: string; note?: string } | null }> = [
  { name: "§4.8 ConfigMap tries \"4\" → 4 tries in total, anchored on the key", text: configMap('    proxy-next-upstream-timeout: "10"\n    proxy-next-upstream-tries: "4"'), expect: { line: 6, maxAttempts: 4, kind: "ingress-nginx-configmap", note: "proxy-next-upstream-tries: 4 (ConfigMap) → 4 tries in total (NGINX counts the first)" } },
  { name: "§4.8 ConfigMap `proxy-next-upstream: off` → no retries", text: configMap('    proxy-next-upstream: "off"'), expect: { line: 5, maxAttempts: 1, kind: "ingress-nginx-configmap" } },
  { name: "§4.8 a ConfigMap without the retry keys is not the controller's", text: configMap('    use-forwarded-headers: "true"\n    retries: "3"', "app-config"), expect: null },
  {
    name: "§4.7 KongIngress `proxy.retries: 0` → 1 attempt (off)",
    text: yaml`
      apiVersion: configuration.konghq.com/v1
      kind: KongIngress
      metadata: {name: no-retries}
      proxy:
        retries: 0
    `,
    expect: { line: 5, maxAttempts: 1, kind: "kong-ingress" },
  },
  {
    name: "§4.14 the ambassador Module: num_retries unset → Envoy default 1 retry → 2",
    text: yaml`
      apiVersion: getambassador.io/v3alpha1
      kind: Module
      metadata: {name: ambassador}
      spec:
        config:
          retry_policy: {retry_on: gateway-error}
    `,
    expect: { line: 6, maxAttempts: 2, kind: "emissary-module" },
  },
  {
    name: "§4.14 a Module with another name is not the global default",
    text: yaml`
      apiVersion: getambassador.io/v3alpha1
      kind: Module
      metadata: {name: tls}
      spec:
        config:
          retry_policy: {retry_on: gateway-error}
    `,
    expect: null,
  },
];

for (const c of CASES) {
  test(c.name, () => {
    const facts = extract(c.text);
    if (!c.expect) {
      assert.equal(facts.layers.length, 0);
      assert.equal(facts.gatewayObjects, undefined);
      return;
    }
    const l = onlyLayer(facts);
    assert.equal(l.anchor.line, c.expect.line);
    assert.equal(l.maxAttempts, c.expect.maxAttempts);
    if (c.expect.note) assert.equal(l.attemptsNote, c.expect.note);
    assert.deepEqual(facts.gatewayObjects?.map((o) => [o.kind, o.layerId]), [[c.expect.kind, l.localId]]);
  });
}

test("§4.8 an nginx Ingress refers to the controller ConfigMap; with annotations, to merge them over it", () => {
  const ingress = (annotations: string) => yaml`
    apiVersion: networking.k8s.io/v1
    kind: Ingress
    metadata:
      name: shop
      annotations: {${annotations}}
    spec:
      ingressClassName: nginx
      defaultBackend: {service: {name: orders, port: {number: 80}}}
  `;
  assert.deepEqual(extract(ingress("")).routes[0]!.configRefs, [{ kind: "ingress-nginx-configmap", name: "", namespace: null }]);
  assert.deepEqual(extract(ingress('nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "2"')).routes[0]!.configRefs, [
    { kind: "ingress-nginx-configmap", name: "", namespace: null, settings: { "proxy-next-upstream-tries": "2" } },
  ]);
});

test("§4.6 a Traefik Ingress annotation names middlewares `<ns>-<name>@provider`", () => {
  const facts = extract(yaml`
    apiVersion: networking.k8s.io/v1
    kind: Ingress
    metadata:
      name: shop
      annotations:
        traefik.ingress.kubernetes.io/router.middlewares: shop-retry@kubernetescrd, shop-auth@kubernetescrd
    spec:
      defaultBackend: {service: {name: orders, port: {number: 80}}}
  `);
  assert.equal(facts.layers.length, 0);
  assert.deepEqual(facts.routes.map((r) => [r.gateway, r.destinations, r.configRefs?.map((c) => c.name)]), [["traefik", ["orders"], ["shop-retry", "shop-auth"]]]);
});

test("§4.7 a Kong Service annotation is an object with its layer; `konghq.com/override` is a reference", () => {
  const facts = extract(yaml`
    apiVersion: v1
    kind: Service
    metadata:
      name: orders
      annotations:
        konghq.com/override: slow
    spec:
      selector: {app: orders}
  `);
  assert.equal(facts.layers.length, 0);
  assert.deepEqual(facts.gatewayObjects?.map((o) => [o.kind, o.name, o.layerId, o.refs]), [["kong-service", "orders", null, [{ kind: "kong-ingress", name: "slow", namespace: null }]]]);
});
