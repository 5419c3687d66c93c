// Jinja templates (Ansible `roles/*/templates/*.yml.j2`, `*.toml.j2`) are read as the YAML/TOML
// they render to: `{{ … }}`, `{% … %}` and `{# … #}` are masked with lines kept
// (detectors/yaml/helmRender.ts, dialect "jinja"). A Swarm stack's routers (`deploy.labels`)
// naming `retry-middleware@file` take the file-provider middleware written nearest to them
// (engine/gatewayLinks.ts). Traefik §4.6: attempts N = N tries in total. Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";
import { renderHelmTemplate } from "../../server/src/detectors/yaml/helmRender";
import { sourceLanguage } from "../../server/src/model/languages";

const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

/** the production stack: Ansible templates of a Swarm stack and the file provider's middlewares */
const production = `
//- install/roles/shop/templates/common_middlewares.yml.j2
http:
  middlewares:
    retry-middleware:
      retry:
      # ^ layer ×3
        attempts: 3
{% if old_domain is defined %}
    redirect-from-old:
      redirectRegex:
        regex: "^http.*://{{ old_domain }}/(.*)"
        replacement: "https://{{ domain }}/${1}"
{% endif %}
{# the auth middleware is added by another role #}
//- install/roles/shop/templates/docker-compose-orders.yml.j2
version: '3.7'
services:
  orders:
    image: shop/orders:{{ tag }}
    deploy:
      replicas: 1
      labels:
        - "traefik.enable=true"
        - "traefik.http.services.orders-service.loadbalancer.server.port=8000"
        - "traefik.http.routers.orders-router.rule=PathPrefix(\`/orders\`) && Host(\`{{ domain }}\`)"
        - "traefik.http.routers.orders-router.middlewares=retry-middleware@file"
networks:
  backend:
    ipam:
      config:
        - subnet: {{ docker_subnet }}
`;

describe("Jinja templates of YAML and TOML files", () => {
  test("*.yml.j2, *.yaml.jinja2 and *.toml.j2 are read as YAML / TOML; other .j2 files are not", () => {
    assert.equal(sourceLanguage("install/roles/x/templates/docker-compose.yml.j2"), "yaml");
    assert.equal(sourceLanguage("templates/gateway.yaml.jinja2"), "yaml");
    assert.equal(sourceLanguage("templates/traefik.toml.j2"), "toml");
    assert.equal(sourceLanguage("templates/init.sh.j2"), null);
    assert.equal(sourceLanguage("templates/config.json.j2"), null);
  });

  test("statements, expressions and comments are masked line for line; the first branch of an if is kept", () => {
    const source = [
      "a: {{ x | default('}}') }}",
      "{% for h in hosts %}",
      "b: 1",
      "{% endfor %}",
      "{% if one %}",
      "c: 1",
      "{% elif two %}",
      "c: 2",
      "{% else %}",
      "c: 3",
      "{% endif %}",
      "{% set n = 3 %}",
      "{# note #}",
      "retries: {{ n }}",
      "{% macro m() %}",
      "d: 1",
      "{% endmacro %}",
    ].join("\n");
    const r = renderHelmTemplate(source, { dialect: "jinja" });
    const lines = r.text.split("\n");
    assert.equal(lines.length, 17);
    assert.match(lines[0]!, /^a: helmtpl\d+x$/);
    assert.deepEqual([lines[2], lines[5], lines[7], lines[9], lines[15]], ["b: 1", "c: 1", "", "", ""]);
    assert.equal(lines[11], "");
    assert.match(lines[13]!, /^retries: 7\d{9}$/, "a templated count gets a numeric placeholder");
    assert.equal(r.lines.get(14)?.kind, "count");
    assert.deepEqual(r.conditions.get(6), ["{% if one %}"]);
  });

  test("a Swarm router (deploy.labels) naming retry-middleware@file of the role's middlewares template: 3 × 2", async () => {
    const result = await checkFixture(`${orders}${production}
//! rules none
//! path 6 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "orders", "inventory"]);
    const l = layerAt(result, "install/roles/shop/templates/common_middlewares.yml.j2:4");
    assert.equal(l.countUnknown ?? false, false);
  });

  test("the same middleware name in the development file provider: each stack's routers take their own", async () => {
    // the development file comes first: a lookup by name alone would take its ×5 for both stacks
    await checkFixture(`${orders}
//- config/traefik/dynamic.yml
http:
  middlewares:
    retry-middleware:
      retry:
      # ^ layer ×5
        attempts: 5
  routers:
    orders:
      rule: "PathPrefix(\`/orders\`)"
      service: orders
      middlewares: [retry-middleware]
  services:
    orders:
      loadBalancer:
        servers:
          - url: http://orders:8000
${production}
//! rules none
//! path 10 inventory
//! path 6 inventory
`);
  });

  test("a TOML template: an {% if %} around the middleware, an unquoted templated value", async () => {
    await checkFixture(`${orders}
//- install/templates/dynamic.toml.j2
{% if retries_enabled %}
[http.middlewares.retry2.retry]
# ^ layer ×2
  attempts = 2
{% endif %}
[http.routers.orders]
  rule = "Host(\`{{ domain }}\`)"
  service = "orders"
  middlewares = ["retry2"]
  priority = {{ orders_priority }}
[http.services.orders.loadBalancer]
  [[http.services.orders.loadBalancer.servers]]
    url = "http://orders:8000"
//! rules none
//! path 4 inventory
`);
  });
});
