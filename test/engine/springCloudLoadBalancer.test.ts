/**
 * Spring Cloud LoadBalancer retries (docs/reference/spring-cloud-loadbalancer.md): a
 * `@FeignClient` resolved by name is retried by `RetryableFeignBlockingLoadBalancerClient` when
 * spring-retry is on the classpath: (1 + same) × (1 + next) attempts, GET only unless
 * retry-on-all-operations; `url=` bypasses the balancer; settings per client, then global.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const CLIENT = "orders/src/main/java/shop/orders/InventoryClient.java";
const YML = "orders/src/main/resources/application.yml";

interface Case {
  name: string;
  /** the @FeignClient arguments */
  feign?: string;
  /** methods of the interface */
  methods?: "get+post" | "post";
  /** orders/build.gradle.kts dependencies (none: no build script) */
  deps?: string[];
  /** another build file of the module: pom.xml or a Groovy build.gradle */
  build?: { path: string; text: string };
  /** a code file importing spring-retry */
  retryImport?: boolean;
  yml?: string;
  /** expected: null = no layer; else attempts of the layer */
  attempts: number | null;
  /** expected: the methods of the calls the layer retries (on hops carrying it, active only) */
  retried?: string[];
  note?: RegExp;
}

function workspace(c: Case) {
  const methods = c.methods ?? "get+post";
  const files = [
    {
      path: CLIENT,
      text: `package shop.orders;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.*;

@FeignClient(${c.feign ?? 'name = "inventory"'})
public interface InventoryClient {
${methods === "get+post" ? '    @GetMapping("/stock")\n    String stock();\n' : ""}    @PostMapping("/reserve")
    String reserve();
}
`,
    },
    {
      path: "orders/src/main/java/shop/orders/OrderController.java",
      text: `package shop.orders;

import org.springframework.web.bind.annotation.*;

@RestController
public class OrderController {
    private final InventoryClient inventory;

    public OrderController(InventoryClient inventory) {
        this.inventory = inventory;
    }
${methods === "get+post" ? '\n    @GetMapping("/orders/stock")\n    public String stock() {\n        return inventory.stock();\n    }\n' : ""}
    @PostMapping("/orders")
    public String place() {
        return inventory.reserve();
    }
}
`,
    },
    { path: YML, text: `spring:\n  application:\n    name: orders\n${c.yml ?? ""}` },
  ];
  if (c.deps) files.push({ path: "orders/build.gradle.kts", text: `dependencies {\n${c.deps.map((d) => `    implementation("${d}")\n`).join("")}}\n` });
  if (c.build) files.push(c.build);
  if (c.retryImport) files.push({ path: "orders/src/main/java/shop/orders/RetryConfig.java", text: `package shop.orders;\n\nimport org.springframework.retry.annotation.EnableRetry;\n\n@EnableRetry\npublic class RetryConfig {}\n` });
  return files;
}

const DEP = (g: string, a: string, v?: string, scope?: string) => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${v ? `<version>${v}</version>` : ""}${scope ? `<scope>${scope}</scope>` : ""}</dependency>`;
const POM = (deps: string) => `<project>\n  <dependencies>${deps}</dependencies>\n</project>\n`;
const KAFKA = ["org.springframework.cloud:spring-cloud-starter-openfeign", "org.springframework.kafka:spring-kafka"];

describe("Spring Cloud LoadBalancer retries", () => {
  const cases: Case[] = [
    { name: "defaults with spring-retry (through spring-kafka): GET 2 attempts, POST not retried", deps: KAFKA, attempts: 2, retried: ["GET"], note: /\(1 \+ maxRetriesOnSameServiceInstance 0\) × \(1 \+ maxRetriesOnNextServiceInstance 1\) = 2.*spring-kafka/ },
    { name: "spring-retry declared directly", deps: ["org.springframework.retry:spring-retry"], attempts: 2, retried: ["GET"] },
    { name: "spring-retry imported by a code file of the module", retryImport: true, attempts: 2, retried: ["GET"] },
    { name: "spring-retry declared in the module's pom.xml (no version: the parent manages it)", build: { path: "orders/pom.xml", text: POM(DEP("org.springframework.retry", "spring-retry")) }, attempts: 2, retried: ["GET"], note: /spring-retry in orders\/pom\.xml/ },
    { name: "spring-kafka declared in a Groovy build.gradle brings spring-retry", build: { path: "orders/build.gradle", text: "dependencies {\n  implementation 'org.springframework.kafka:spring-kafka'\n}\n" }, attempts: 2, retried: ["GET"] },
    { name: "trap: spring-retry only on the test classpath (testImplementation) → no retry", build: { path: "orders/build.gradle", text: "dependencies {\n  testImplementation 'org.springframework.retry:spring-retry'\n}\n" }, attempts: 1, retried: [] },
    { name: "trap: spring-retry only managed (dependencyManagement), never declared → no retry", build: { path: "orders/pom.xml", text: `<project><dependencyManagement>${DEP("org.springframework.retry", "spring-retry", "2.0.5")}</dependencyManagement></project>` }, attempts: 1, retried: [] },
    { name: "trap: a test-scoped spring-retry in the pom → no retry", build: { path: "orders/pom.xml", text: POM(DEP("org.springframework.retry", "spring-retry", undefined, "test")) }, attempts: 1, retried: [] },
    { name: "trap: no spring-retry on the classpath → FeignBlockingLoadBalancerClient, no retry", deps: ["org.springframework.cloud:spring-cloud-starter-openfeign"], attempts: 1, retried: [], note: /spring-retry is not on the classpath/ },
    { name: "trap: url= bypasses the balancer (no layer)", feign: 'name = "inventory", url = "http://inventory:8080"', deps: KAFKA, attempts: null },
    { name: "trap: a url of lb://… is no load-balanced name either (getTarget prefixes http://)", feign: 'name = "inventory", url = "lb://inventory"', deps: KAFKA, attempts: null },
    { name: "trap: a url in the client's OpenFeign settings bypasses the balancer too", deps: KAFKA, yml: "  cloud.openfeign.client.config.inventory.url: http://inventory:8080\n", attempts: 1, retried: [], note: /not load-balanced/ },
    { name: "trap: only POST methods → 1 attempt (retryOnAllOperations false)", methods: "post", deps: KAFKA, attempts: 1, note: /only GET is retried/ },
    { name: "enabled: false turns it off", deps: KAFKA, yml: "  cloud:\n    loadbalancer:\n      retry:\n        enabled: false\n", attempts: 1, retried: [] },
    { name: "global counts: (1 + 1) × (1 + 2) = 6", deps: KAFKA, yml: "  cloud.loadbalancer.retry:\n    max-retries-on-same-service-instance: 1\n    max-retries-on-next-service-instance: 2\n", attempts: 6, retried: ["GET"] },
    { name: "per-client counts win over the global ones (relaxed camelCase keys)", deps: KAFKA, yml: "  cloud.loadbalancer:\n    retry.maxRetriesOnNextServiceInstance: 3\n    clients.inventory.retry.maxRetriesOnNextServiceInstance: 0\n", attempts: 1, retried: [] },
    { name: "another client's settings do not apply", deps: KAFKA, yml: "  cloud.loadbalancer.clients.billing.retry.max-retries-on-next-service-instance: 4\n", attempts: 2 },
    { name: "retry-on-all-operations: the POST is retried too", deps: KAFKA, yml: "  cloud.loadbalancer.retry.retry-on-all-operations: true\n", attempts: 2, retried: ["GET", "POST"] },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const result = await analyzeWorkspace(workspace(c), DEFAULT_SETTINGS);
      const lb = result.model.layers.filter((l) => l.kind === "spring-cloud-loadbalancer-retry");
      if (c.attempts === null) {
        assert.equal(lb.length, 0, "no load-balancer layer");
        return;
      }
      assert.equal(lb.length, 1);
      const layer = lb[0]!;
      assert.equal(layer.file, CLIENT);
      assert.equal(layer.anchor.line, 6, "anchored on the @FeignClient line");
      assert.equal(layer.maxAttempts, c.attempts, layer.attemptsNote);
      assert.equal(layer.disabled, c.attempts === 1);
      if (c.note) assert.match(layer.attemptsNote, c.note);
      if (c.retried) {
        const methods = result.model.hops.filter((h) => h.layerIds.includes(layer.id)).flatMap((h) => h.calls.map((call) => call.method ?? "?"));
        const onPaths = result.model.paths.filter((p) => p.layers.includes(layer.id));
        assert.deepEqual([...new Set(layer.disabled ? [] : methods)].sort(), c.retried, "methods retried");
        assert.equal(onPaths.length > 0, c.retried.length > 0, "the layer is on a path when it retries");
        for (const p of onPaths) assert.equal(p.product, c.attempts);
      }
    });
  }
});

test("Kotlin: a @FeignClient interface by name gets the same layer, on its GET calls", async () => {
  const result = await analyzeWorkspace(
    [
      { path: "cart/build.gradle.kts", text: `dependencies {\n    implementation("org.springframework.kafka:spring-kafka")\n}\n` },
      { path: "cart/src/main/resources/application.yml", text: "spring:\n  application:\n    name: cart\n" },
      { path: "cart/src/main/kotlin/shop/cart/ProductClient.kt", text: `package shop.cart\n\nimport org.springframework.cloud.openfeign.FeignClient\nimport org.springframework.web.bind.annotation.GetMapping\nimport org.springframework.web.bind.annotation.PathVariable\n\n@FeignClient(name = "product-service")\ninterface ProductClient {\n    @GetMapping("/products/{id}")\n    fun find(@PathVariable("id") id: Long): String\n}\n` },
      { path: "cart/src/main/kotlin/shop/cart/CartController.kt", text: `package shop.cart\n\nimport org.springframework.web.bind.annotation.*\n\n@RestController\nclass CartController(private val products: ProductClient) {\n    @GetMapping("/cart/{id}")\n    fun add(@PathVariable id: Long): String = products.find(id)\n}\n` },
    ],
    DEFAULT_SETTINGS,
  );
  const layer = result.model.layers.find((l) => l.kind === "spring-cloud-loadbalancer-retry");
  assert.ok(layer);
  assert.equal(layer.anchor.line, 7);
  assert.equal(layer.maxAttempts, 2);
  assert.ok(layer.implicit);
  assert.ok(result.model.paths.some((p) => p.layers.includes(layer.id) && p.product === 2));
});

describe("@LoadBalanced RestTemplate beans", () => {
  const files = (deps: string[], yml = "") => [
    { path: "orders/build.gradle.kts", text: `dependencies {\n${deps.map((d) => `    implementation("${d}")\n`).join("")}}\n` },
    { path: "orders/src/main/resources/application.yml", text: `spring:\n  application:\n    name: orders\n${yml}` },
    { path: "orders/src/main/java/shop/orders/Clients.java", text: `package shop.orders;\n\nimport org.springframework.cloud.client.loadbalancer.LoadBalanced;\nimport org.springframework.context.annotation.Bean;\nimport org.springframework.context.annotation.Configuration;\nimport org.springframework.web.client.RestTemplate;\n\n@Configuration\npublic class Clients {\n    @Bean\n    @LoadBalanced\n    public RestTemplate restTemplate() {\n        return new RestTemplate();\n    }\n}\n` },
    { path: "orders/src/main/java/shop/orders/OrderController.java", text: `package shop.orders;\n\nimport org.springframework.web.bind.annotation.*;\nimport org.springframework.web.client.RestTemplate;\n\n@RestController\npublic class OrderController {\n    private final RestTemplate rest;\n\n    public OrderController(RestTemplate rest) {\n        this.rest = rest;\n    }\n\n    @GetMapping("/orders/stock")\n    public String stock() {\n        return rest.getForObject("http://inventory/stock", String.class);\n    }\n\n    @PostMapping("/orders")\n    public String place() {\n        return rest.postForObject("http://inventory/reserve", "x", String.class);\n    }\n}\n` },
  ];
  const cases: Array<{ name: string; deps: string[]; yml?: string; attempts: number; retried: string[] }> = [
    { name: "spring-retry present: the GET is retried twice, the POST passes through", deps: ["org.springframework.retry:spring-retry"], attempts: 2, retried: ["GET"] },
    { name: "no spring-retry: LoadBalancerInterceptor, no retry", deps: ["org.springframework.cloud:spring-cloud-starter-loadbalancer"], attempts: 1, retried: [] },
    { name: "retry-on-all-operations with 2 next instances: both methods, 3 attempts", deps: ["org.springframework.retry:spring-retry"], yml: "  cloud.loadbalancer.retry:\n    retry-on-all-operations: true\n    max-retries-on-next-service-instance: 2\n", attempts: 3, retried: ["GET", "POST"] },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const result = await analyzeWorkspace(files(c.deps, c.yml), DEFAULT_SETTINGS);
      const layer = result.model.layers.find((l) => l.kind === "spring-cloud-loadbalancer-retry");
      assert.ok(layer, "a layer on the @LoadBalanced bean");
      assert.equal(layer.anchor.line, 11, "anchored on @LoadBalanced");
      assert.equal(layer.maxAttempts, c.attempts, layer.attemptsNote);
      const methods = result.model.hops.filter((h) => h.layerIds.includes(layer.id)).flatMap((h) => h.calls.map((call) => call.method ?? "?"));
      assert.deepEqual([...new Set(layer.disabled ? [] : methods)].sort(), c.retried);
    });
  }
});

// the shape of lvotech/microservice-skeleton answer-service: a Retryer bean and a load-balanced @FeignClient
test("Feign's Retryer bean wraps the load-balancer retry: Feign ×5 outermost, then the balancer ×2, product 10", async () => {
  const result = await analyzeWorkspace(
    [
      { path: "answers/pom.xml", text: `<project><dependencies><dependency><groupId>org.springframework.retry</groupId><artifactId>spring-retry</artifactId></dependency></dependencies></project>\n` },
      { path: "answers/src/main/resources/application.properties", text: "spring.application.name=answer-service\n" },
      { path: "answers/src/main/java/shop/answers/RetryConfig.java", text: `package shop.answers;\n\nimport feign.Retryer;\nimport org.springframework.context.annotation.*;\n\n@Configuration\npublic class RetryConfig {\n    @Bean\n    public Retryer retryer() {\n        return new Retryer.Default(1000, 5000, 5);\n    }\n}\n` },
      { path: "answers/src/main/java/shop/answers/QuestionClient.java", text: `package shop.answers;\n\nimport org.springframework.cloud.openfeign.FeignClient;\nimport org.springframework.web.bind.annotation.*;\n\n@FeignClient(name = "question-service")\npublic interface QuestionClient {\n    @GetMapping("/question")\n    String question();\n}\n` },
      { path: "answers/src/main/java/shop/answers/AnswerController.java", text: `package shop.answers;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class AnswerController {\n    private final QuestionClient questions;\n    public AnswerController(QuestionClient questions) { this.questions = questions; }\n    @GetMapping("/answer")\n    public String answer() { return questions.question(); }\n}\n` },
    ],
    DEFAULT_SETTINGS,
  );
  const kinds = (ids: readonly string[]) => ids.map((id) => result.model.layers.find((l) => l.id === id)?.kind);
  const path = result.model.paths.find((p) => p.product === 10);
  assert.ok(path, `a 10× path; got ${result.model.paths.map((p) => `${kinds(p.layers).join(">")}=${p.product}`).join(", ")}`);
  assert.deepEqual(kinds(path.layers), ["feign-retryer", "spring-cloud-loadbalancer-retry"]);
});
