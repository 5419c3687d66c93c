/**
 * Fixes on NGINX and HAProxy config files (reference §4.9, §4.10): NGINX
 * `proxy_next_upstream_tries` counts every try and is set in the route's location; HAProxy
 * `retries` counts retries and is set in the route's backend (not in the shared defaults);
 * RL013 narrows each to failures where the request was not sent.
 */
import { fixCases } from "./fixCases";

const PENDING = "";

const nginx = `
//- edge/nginx.conf
upstream inventory {
    server inventory-1:8080;
    server inventory-2:8080;
    server inventory-3:8080;
}
server {
    listen 80;
    proxy_next_upstream error timeout non_idempotent;  # writes too
    location /stock/ {
        proxy_pass http://inventory;
    }
}
`;

const haproxy = `
//- lb/haproxy.cfg
defaults
  mode http
  timeout connect 200ms
  retries 2
backend orders
  server o1 orders-1:8080 check
  server o2 orders-2:8080 check   # second replica
backend ledger
  retries 3   # ledger is slow
  retry-on conn-failure empty-response 503
  server l1 "ledger:8080"
`;

fixCases("NGINX, HAProxy", [
  {
    name: "NGINX: proxy_next_upstream_tries set in the location, before proxy_pass",
    workspace: `${nginx}//! threshold 2
`,
    finding: "RL001 edge/nginx.conf:8",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- edge/nginx.conf
upstream inventory {
    server inventory-1:8080;
    server inventory-2:8080;
    server inventory-3:8080;
}
server {
    listen 80;
    proxy_next_upstream error timeout non_idempotent;  # writes too
    location /stock/ {
        proxy_next_upstream_tries 2;
        proxy_pass http://inventory;
    }
}
`,
  },
  {
    name: "NGINX RL013: the inherited proxy_next_upstream overridden in the location without non_idempotent",
    workspace: nginx,
    finding: "RL013 edge/nginx.conf:8",
    fix: "preferred",
    safety: "safe",
    after: `
//- edge/nginx.conf
upstream inventory {
    server inventory-1:8080;
    server inventory-2:8080;
    server inventory-3:8080;
}
server {
    listen 80;
    proxy_next_upstream error timeout non_idempotent;  # writes too
    location /stock/ {
        proxy_next_upstream error timeout;
        proxy_pass http://inventory;
    }
}
`,
  },
  {
    name: "NGINX: an existing tries directive in the location replaced; CRLF kept",
    crlf: true,
    workspace: `
//- edge/nginx.conf
upstream inventory {
    server inventory-1:8080;
    server inventory-2:8080;
}
server {
    location /stock/ {
        proxy_next_upstream_tries 0;
        proxy_pass http://inventory;
    }
}
//! threshold 1
`,
    finding: "RL001 edge/nginx.conf:7",
    fix: "Turn off nginx retries",
    after: `
//- edge/nginx.conf
upstream inventory {
    server inventory-1:8080;
    server inventory-2:8080;
}
server {
    location /stock/ {
        proxy_next_upstream_tries 1;
        proxy_pass http://inventory;
    }
}
`,
  },
  {
    name: "HAProxy: retries from defaults overridden in the backend",
    workspace: `${haproxy}//! threshold 2
`,
    finding: "RL001 lb/haproxy.cfg:4",
    fix: "Lower to 2 attempts",
    remaining: ["RL001 lb/haproxy.cfg:10"],
    after: `
//- lb/haproxy.cfg
defaults
  mode http
  timeout connect 200ms
  retries 2
backend orders
  retries 1
  server o1 orders-1:8080 check
  server o2 orders-2:8080 check   # second replica
backend ledger
  retries 3   # ledger is slow
  retry-on conn-failure empty-response 503
  server l1 "ledger:8080"
`,
  },
  {
    name: "HAProxy: the backend's own retries replaced, its comment kept",
    workspace: `${haproxy}//! threshold 2
`,
    finding: "RL001 lb/haproxy.cfg:9",
    fix: "Turn off haproxy retries",
    remaining: ["RL001 lb/haproxy.cfg:4"],
    after: `
//- lb/haproxy.cfg
defaults
  mode http
  timeout connect 200ms
  retries 2
backend orders
  server o1 orders-1:8080 check
  server o2 orders-2:8080 check   # second replica
backend ledger
  retries 0   # ledger is slow
  retry-on conn-failure empty-response 503
  server l1 "ledger:8080"
`,
  },
  {
    name: "HAProxy RL013: retry-on conn-failure",
    workspace: haproxy,
    finding: "RL013 lb/haproxy.cfg:9",
    fix: "preferred",
    safety: "safe",
    after: `
//- lb/haproxy.cfg
defaults
  mode http
  timeout connect 200ms
  retries 2
backend orders
  server o1 orders-1:8080 check
  server o2 orders-2:8080 check   # second replica
backend ledger
  retries 3   # ledger is slow
  retry-on conn-failure
  server l1 "ledger:8080"
`,
  },
]);
