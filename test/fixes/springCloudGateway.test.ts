/**
 * Fixes on Spring Cloud Gateway `Retry` filters in application.yml (reference §3.3): `retries`
 * counts retries and must be > 0 (off removes the filter); jitter only with a backoff; RL013 narrows
 * to `methods: GET` (unsafe: no write is retried at all); a shortcut filter becomes name/args when
 * an argument is added.
 */
import { fixCases } from "./fixCases";

const orders = (retrying: boolean) => `
//- orders/app.py
import requests
${retrying ? "from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type\n\n@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))" : ""}
def reserve():
    return requests.put("http://inventory:8080/reservations")
`;

const YML = "gateway/src/main/resources/application.yml";
const gateway = (filters: string) => `
//- ${YML}
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
${filters.replace(/^\n/, "").replace(/\n$/, "")}
`;

fixCases("Spring Cloud Gateway", [
  {
    name: "backoff without jitter: jitter: randomFactor 0.5 added to the args",
    workspace: `${orders(false)}${gateway(`
            - name: Retry
              args:
                retries: 2
                backoff:
                  firstBackoff: 10ms
                  maxBackoff: 100ms`)}`,
    finding: `RL004 ${YML}:12`,
    fix: "preferred",
    safety: "safe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - name: Retry
              args:
                retries: 2
                backoff:
                  firstBackoff: 10ms
                  maxBackoff: 100ms
                jitter:
                  randomFactor: 0.5
`,
  },
  {
    name: "shortcut with backoff fields: rewritten as name/args with jitter",
    workspace: `${orders(false)}${gateway(`
            - StripPrefix=1
            - Retry=2,BAD_GATEWAY,GET,10ms,50ms,2,false`)}`,
    finding: `RL004 ${YML}:13`,
    fix: "preferred",
    safety: "safe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - StripPrefix=1
            - name: Retry
              args:
                retries: 2
                statuses: BAD_GATEWAY
                methods: GET
                backoff:
                  firstBackoff: 10ms
                  maxBackoff: 50ms
                  factor: 2
                  basedOnPreviousValue: false
                jitter:
                  randomFactor: 0.5
`,
  },
  {
    name: "RL013 every method: methods: GET (unsafe)",
    workspace: `${orders(false)}${gateway(`
            - name: Retry
              args:
                retries: 1
                methods: GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS,TRACE`)}`,
    finding: `RL013 ${YML}:12`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - name: Retry
              args:
                retries: 1
                methods: GET
`,
  },
  {
    name: "RL013 every method as a block list: the list becomes GET",
    workspace: `${orders(false)}${gateway(`
            - name: Retry
              args:
                methods:
                  - GET
                  - HEAD
                  - POST
                  - PUT
                  - PATCH
                  - DELETE
                  - OPTIONS
                  - TRACE
                retries: 1`)}`,
    finding: `RL013 ${YML}:12`,
    fix: "preferred",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - name: Retry
              args:
                methods: GET
                retries: 1
`,
  },
  {
    name: "RL001: off removes the Retry item, other filters stay",
    workspace: `${orders(true)}${gateway(`
            - StripPrefix=1
            - name: Retry
              args:
                retries: 3
            - AddRequestHeader=X-Edge, 1`)}`,
    finding: `RL001 ${YML}:13`,
    fix: "Remove the Retry filter",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - StripPrefix=1
            - AddRequestHeader=X-Edge, 1
`,
  },
  {
    name: "RL001: off removes `filters` when Retry was its only filter",
    workspace: `${orders(true)}${gateway(`
            - Retry`)}
//! threshold 1
`,
    finding: `RL001 ${YML}:12`,
    fix: "Remove the Retry filter",
    safety: "unsafe",
    remaining: ["RL001 orders/app.py:4"],
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
`,
  },
  {
    name: "RL001 (threshold 2), shortcut: Retry=3 → Retry=1",
    workspace: `${orders(false)}${gateway(`
            - Retry=3`)}
//! threshold 2
`,
    finding: `RL001 ${YML}:12`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - Retry=1
`,
  },
  {
    name: "RL001 (threshold 2), name without args: args: retries: 1 added",
    workspace: `${orders(false)}${gateway(`
            - name: Retry`)}
//! threshold 2
`,
    finding: `RL001 ${YML}:12`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.yml
spring:
  application:
    name: edge
  cloud:
    gateway:
      routes:
        - id: orders
          uri: lb://orders
          predicates:
            - Path=/orders/**
          filters:
            - name: Retry
              args:
                retries: 1
`,
  },
  {
    name: "properties: jitter.randomFactor added after the filter's last key",
    workspace: `${orders(false)}
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0].name=Retry
spring.cloud.gateway.routes[0].filters[0].args.retries=2
spring.cloud.gateway.routes[0].filters[0].args.backoff.firstBackoff=10ms
management.endpoints.web.exposure.include=health
`,
    finding: "RL004 gateway/src/main/resources/application.properties:4",
    fix: "preferred",
    safety: "safe",
    after: `
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0].name=Retry
spring.cloud.gateway.routes[0].filters[0].args.retries=2
spring.cloud.gateway.routes[0].filters[0].args.backoff.firstBackoff=10ms
spring.cloud.gateway.routes[0].filters[0].args.jitter.randomFactor=0.5
management.endpoints.web.exposure.include=health
`,
  },
  {
    name: "properties: RL013 methods narrowed to GET",
    workspace: `${orders(false)}
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0].name=Retry
spring.cloud.gateway.routes[0].filters[0].args.methods=GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS,TRACE
`,
    finding: "RL013 gateway/src/main/resources/application.properties:4",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0].name=Retry
spring.cloud.gateway.routes[0].filters[0].args.methods=GET
`,
  },
  {
    name: "properties: off removes the last filter's keys",
    workspace: `${orders(true)}
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0]=StripPrefix=1
spring.cloud.gateway.routes[0].filters[1].name=Retry
spring.cloud.gateway.routes[0].filters[1].args.retries=3
`,
    finding: "RL001 gateway/src/main/resources/application.properties:5",
    fix: "Remove the Retry filter",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0]=StripPrefix=1
`,
  },
  {
    name: "properties, shortcut (threshold 2): Retry=3 → Retry=1",
    workspace: `${orders(false)}
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0]=Retry=3,BAD_GATEWAY
//! threshold 2
`,
    finding: "RL001 gateway/src/main/resources/application.properties:4",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- gateway/src/main/resources/application.properties
spring.application.name=edge
spring.cloud.gateway.routes[0].id=orders
spring.cloud.gateway.routes[0].uri=lb://orders
spring.cloud.gateway.routes[0].filters[0]=Retry=1,BAD_GATEWAY
`,
  },
]);
