/** ingress-nginx proxy-next-upstream (reference §4.8): tries N = N total, default 3. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const ingress = (annotations: string, cls = "    ingressClassName: nginx") => yaml`
  apiVersion: networking.k8s.io/v1
  kind: Ingress
  metadata:
    name: shop
    annotations:
      example.com/owner: web
${annotations}
  spec:
${cls}
    rules:
      - http:
          paths:
            - path: /orders
              pathType: Prefix
              backend: {service: {name: orders, port: {number: 80}}}
            - path: /pay
              pathType: Prefix
              backend: {service: {name: payments, port: {number: 80}}}
`;

test("§4.8 an nginx Ingress with no annotation retries anyway: 3 tries in total (default), no back-off", () => {
  const text = ingress("");
  const f = extract(text);
  const l = onlyLayer(f);
  assert.equal(l.kind, "ingress-nginx");
  assert.equal(l.maxAttempts, 3, "proxy-next-upstream-tries 3 is the total, not 3 retries");
  assert.equal(l.attemptsSource, "default");
  const classLine = text.split("\n").findIndex((line) => line.includes("ingressClassName: nginx")) + 1;
  assert.equal(l.anchor.line, classLine, "implicit layer anchored on the line that puts the Ingress behind NGINX");
  assert.equal(l.wait.kind, "none");
  assert.deepEqual(l.condition.retryOn, ["error", "timeout"]);
  assert.ok(Array.isArray(l.condition.afterSendMethods) && !l.condition.afterSendMethods.includes("POST"), "POST is not passed on once sent");
  assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.edge, r.gateway, r.match]), [
    ["orders", true, "ingress-nginx", "/orders"],
    ["payments", true, "ingress-nginx", "/pay"],
  ]);
});

test("§4.8 proxy-next-upstream-tries: \"2\" → 2 tries (1 retry), anchored on the annotation", () => {
  const l = onlyLayer(extract(ingress(`      nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "2"`)));
  assert.equal(l.maxAttempts, 2);
  assert.equal(l.attemptsSource, "config");
  assert.equal(l.anchor.line, 7);
});

test("§4.9 non_idempotent in proxy-next-upstream → POST retried after sending; http_502 a status", () => {
  const l = onlyLayer(extract(ingress(`      nginx.ingress.kubernetes.io/proxy-next-upstream: "error timeout http_502 non_idempotent"`)));
  assert.equal(l.condition.afterSendMethods, "all");
  assert.deepEqual(l.condition.statuses, [502]);
});

test("§4.8 proxy-next-upstream: off → retries off (disabled layer)", () => {
  const l = onlyLayer(extract(ingress(`      nginx.ingress.kubernetes.io/proxy-next-upstream: "off"`)));
  assert.equal(l.maxAttempts, 1);
});

test("an Ingress of another class is not an nginx route", () => {
  const f = extract(ingress("", "    ingressClassName: traefik"));
  assert.equal(f.layers.length, 0);
  assert.equal(f.routes.length, 0);
});

test("the legacy class annotation and nginx annotations without a class both count", () => {
  assert.equal(extract(ingress(`      kubernetes.io/ingress.class: nginx`, "")).layers.length, 1);
  // the implicit layer sits on the class annotation; with no class at all (nginx annotations only), on kind: Ingress
  const byAnnotation = ingress(`      kubernetes.io/ingress.class: nginx`, "");
  assert.equal(onlyLayer(extract(byAnnotation)).anchor.line, byAnnotation.split("\n").findIndex((line) => line.includes("ingress.class")) + 1);
  assert.equal(onlyLayer(extract(ingress(`      nginx.ingress.kubernetes.io/proxy-body-size: 8m`, ""))).anchor.line, 2);
  assert.equal(extract(ingress(`      nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "4"`, "")).layers[0]!.maxAttempts, 4);
});
