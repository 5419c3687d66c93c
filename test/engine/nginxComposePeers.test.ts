// NGINX peers from compose replicas (engine/composePeers.ts): an upstream `server orders:8080`
// naming a compose service with `deploy.replicas: 4` is four servers to NGINX (a domain name that
// resolves to several addresses defines several servers; Docker's DNS returns each replica), so
// the default `proxy_next_upstream error timeout` with tries unset tries up to 4. The compose file
// that mounts the NGINX file is the one whose services count. The service that mounts or builds
// the file runs it: its routes leave from that service, and a template's `${VAR}` placeholders
// come from its environment (compose `environment:` over the Dockerfile's last-stage ENV).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("NGINX run by compose services: peers from replicas, templates, the service that runs it", () => {
  test("replicas of the compose file that mounts the config make peers; tries caps them; one replica adds no layer", async () => {
    const result = await checkFixture(`
//- nginx-cold.conf
events { worker_connections 1024; }
http {
    upstream orders_backend {
        server orders:3002;
        keepalive 32;
    }
    upstream stock_backend {
        server stock:3005;
    }
    upstream users_backend {
        server users:3001;
    }
    server {
        listen 3002;
        location / {
            proxy_pass http://orders_backend;
            # ^ layer ×4 RL001
        }
    }
    server {
        listen 3005;
        location / {
            proxy_next_upstream_tries 2;
            # ^ layer ×2
            proxy_pass http://stock_backend;
        }
    }
    server {
        listen 3001;
        location / {
            proxy_pass http://users_backend;
        }
    }
}
//- docker-compose.cold.yml
services:
  nginx-cold:
    image: nginx:alpine
    volumes:
      - ./nginx-cold.conf:/etc/nginx/nginx.conf:ro
  orders:
    build: ./orders
    deploy:
      replicas: 4
  stock:
    build: ./stock
    deploy:
      replicas: 3
  users:
    build: ./users
//- docker-compose.yml
services:
  orders:
    build: ./orders
  stock:
    build: ./stock
//! rules RL001
`);
    assert.match(layerAt(result, "nginx-cold.conf:16").attemptsNote, /4 servers in upstream orders_backend, orders → 4 addresses \(compose replicas\)/);
    assert.deepEqual(result.model.paths.map((p) => `${p.product} ${p.target}`).sort(), ["2 stock", "4 orders"]);
  });

  test("a template the web image fills from its Dockerfile ENV: the routes leave from the service that builds it", async () => {
    const result = await checkFixture(`
//- web/default.conf.template
server {
    listen 8080;
    location /api/shipping/ {
        proxy_pass http://\${SHIPPING_HOST}:8080/;
    }
    location /api/other/ {
        proxy_pass http://\${OTHER_HOST}:8080/;
    }
}
//- web/Dockerfile
FROM node:20 AS build
ENV SHIPPING_HOST=wrong-stage
FROM nginx:1.27
ENV CATALOGUE_HOST=catalogue \\
    SHIPPING_HOST=shipping
COPY default.conf.template /etc/nginx/templates/default.conf.template
//- docker-compose.yaml
services:
  web:
    build:
      context: web
    ports:
      - "8080:8080"
  shipping:
    build:
      context: shipping
//- shipping/app.py
import requests
from flask import Flask
from tenacity import retry, stop_after_attempt, wait_random_exponential

app = Flask(__name__)


@app.get("/quote")
@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=1, max=4))
# ^ layer ×3
def quote():
    return requests.get("http://rates:8080/v1/rates").json()
//! rules RL001
//! path 3 rates
`);
    const path = result.model.paths.find((p) => p.target === "rates")!;
    // the web service (the NGINX) calls shipping: what routes to web continues through it
    assert.deepEqual(path.services, ["web", "shipping", "rates"]);
  });
});
