/**
 * Helm templates rendered statically (detectors/yaml/helm.ts, helmRender.ts): a literal count is
 * read as usual; a templated one is `maxAttempts: null`, `countUnknown`, with the note
 * "templated: {{ … }}" (and `helmValue` for the linker when it is a plain `.Values` reference);
 * template syntax never throws and never yields a number read from a placeholder.
 * Number traps as in §4.1 (Istio attempts = retries), §4.6 (Traefik attempts = total), §4.7
 * (Kong retries → +1).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractYaml } from "../../../server/src/detectors/yaml/index";
import { yaml } from "./helpers";

const T = "charts/shop/templates/routes.yaml";

const kongService = (retries: string) => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: {{ include "shop.fullname" . }}
    annotations:
      konghq.com/retries: ${retries}
  spec:
    selector: {app: {{ .Values.app }}}
  ---
  apiVersion: networking.k8s.io/v1
  kind: Ingress
  metadata:
    name: shop
    labels:
      {{- include "shop.labels" . | nindent 4 }}
  spec:
    ingressClassName: kong
    rules:
      - http:
          paths:
            - path: /
              pathType: Prefix
              backend: {service: {name: '{{ include "shop.fullname" . }}', port: {number: 80}}}
`;

const CASES: Array<{ name: string; text: string; expect: { line: number; maxAttempts: number | null; note?: string; helmValue?: unknown } }> = [
  { name: "§4.7 a literal count in a template is read as usual: retries 2 → 3", text: kongService('"2"'), expect: { line: 6, maxAttempts: 3, note: "retries: 2 → 3 attempts" } },
  {
    name: "§4.7 `konghq.com/retries: {{ .Values.kong.retries | quote }}` → unknown, offset +1 for the linker",
    text: kongService("{{ .Values.kong.retries | quote }}"),
    expect: { line: 6, maxAttempts: null, note: "templated: {{ .Values.kong.retries | quote }}", helmValue: { chartDir: "charts/shop", key: "kong.retries", offset: 1, fallback: null, expression: "{{ .Values.kong.retries | quote }}" } },
  },
  {
    name: "§4.6 Traefik `attempts: {{ .Values.retry.attempts | default 3 }}` → unknown, a total (offset 0), default 3",
    text: yaml`
      apiVersion: traefik.io/v1alpha1
      kind: Middleware
      metadata: {name: retry}
      spec:
        retry:
          attempts: {{ .Values.retry.attempts | default 3 }}
          initialInterval: {{ .Values.retry.interval }}
    `,
    expect: { line: 5, maxAttempts: null, helmValue: { chartDir: "charts/shop", key: "retry.attempts", offset: 0, fallback: 3, expression: "{{ .Values.retry.attempts | default 3 }}" } },
  },
  {
    name: "§4.1 Istio `retries:` filled by `toYaml` → unknown, says which action",
    text: yaml`
      apiVersion: networking.istio.io/v1
      kind: VirtualService
      metadata: {name: inventory}
      spec:
        hosts: [inventory]
        http:
          - route: [{destination: {host: inventory}}]
            retries:
              {{- toYaml .Values.retries | nindent 8 }}
    `,
    expect: { line: 8, maxAttempts: null, note: "templated: {{- toYaml .Values.retries | nindent 8 }}" },
  },
  {
    name: "§4.1 a literal count with a templated timeout keeps the count; the timeout is unknown, not a number",
    text: yaml`
      apiVersion: networking.istio.io/v1
      kind: VirtualService
      metadata: {name: inventory}
      spec:
        hosts: [inventory]
        http:
          - route: [{destination: {host: inventory}}]
            retries:
              attempts: 2
              perTryTimeout: {{ .Values.perTry }}
    `,
    expect: { line: 8, maxAttempts: 3 },
  },
  {
    name: "a count in an `if` branch with an `else` is unknown (either branch may be rendered)",
    text: yaml`
      apiVersion: traefik.io/v1alpha1
      kind: Middleware
      metadata: {name: retry}
      spec:
        retry:
          {{- if .Values.fast }}
          attempts: 2
          {{- else }}
          attempts: 5
          {{- end }}
    `,
    expect: { line: 5, maxAttempts: null, note: "templated: {{- if .Values.fast }} … {{- else }}" },
  },
  {
    name: "a layer inside `{{ if }}` says when it exists",
    text: yaml`
      {{- if .Values.retry.enabled }}
      apiVersion: traefik.io/v1alpha1
      kind: Middleware
      metadata: {name: retry}
      spec:
        retry:
          attempts: 4
      {{- end }}
    `,
    expect: { line: 6, maxAttempts: 4, note: "attempts: 4 → 4 tries in total (Traefik counts the first try) (only when {{- if .Values.retry.enabled }})" },
  },
];

for (const c of CASES) {
  test(c.name, () => {
    const facts = extractYaml(T, c.text);
    assert.deepEqual(facts.problems, []);
    const layer = facts.layers.find((l) => l.anchor.line === c.expect.line);
    assert.ok(layer, `no layer on line ${c.expect.line}: ${facts.layers.map((l) => l.anchor.line).join(", ")}`);
    assert.equal(layer.maxAttempts, c.expect.maxAttempts);
    assert.equal(layer.countUnknown ?? false, c.expect.maxAttempts === null);
    if (c.expect.note) assert.equal(layer.attemptsNote, c.expect.note);
    if (c.expect.helmValue !== undefined) assert.deepEqual(layer.helmValue, c.expect.helmValue);
    for (const l of facts.layers) {
      for (const x of [l.perTryTimeoutSeconds, l.overallTimeoutSeconds, l.wait.initialSeconds, l.wait.maxSeconds, ...l.condition.statuses]) assert.ok(x === null || x < 1e6, "no number read from a placeholder");
      assert.doesNotMatch(JSON.stringify(l), /helmtpl|7\d{9}/);
    }
  });
}

test("the Kong Ingress routes to the templated Service name, shown as written", () => {
  const facts = extractYaml(T, kongService('"2"'));
  assert.deepEqual(facts.routes.map((r) => r.destinations), [['{{ include "shop.fullname" . }}']]);
});

test("broken template syntax: never a throw, at most problems, no numbers", () => {
  for (const text of ["retries: {{ .Values.x\nkind: Service\n", "{{- if }}\n{{ end }}\n{{ end }}\napiVersion: v1\n", "a: {{ `}}` }}\n", "{{"]) {
    const facts = extractYaml(T, text);
    assert.equal(facts.layers.length, 0);
  }
});

test("values.yaml: scalar values by dotted key", () => {
  const facts = extractYaml("charts/shop/values.yaml", yaml`
    kong:
      retries: 2
    retry: {attempts: 4, statuses: [500]}
    name: shop
  `);
  assert.deepEqual(facts.helmValues, { chartDir: "charts/shop", entries: { "kong.retries": { value: "2", line: 2 }, "retry.attempts": { value: "4", line: 3 }, name: { value: "shop", line: 4 } } });
});

test("a file outside templates/ is not rendered (a literal `{{` stays YAML's business)", () => {
  const facts = extractYaml("deploy/x.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: {{ x }}}\n");
  assert.equal(facts.helmValues, undefined);
});
