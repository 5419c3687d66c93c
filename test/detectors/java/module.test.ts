// Module facts for Java and Kotlin: ids, imports, entry points, injection, settings, HTTP
// clients and requests, suppressions, and partial facts from broken files.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { java, kotlin } from "./helpers";

describe("Java module facts", () => {
  const controller = `package com.shop.orders;

import com.shop.inventory.InventoryClient;
import org.springframework.web.bind.annotation.*;
import static java.util.Objects.requireNonNull;

@RestController
@RequestMapping("/orders")
public class OrderController {
    private final InventoryClient inventory;
    public OrderController(InventoryClient inventory) { this.inventory = inventory; }

    @PostMapping("/{id}/place")
    public String place(@PathVariable String id) {
        // retry-lens: ignore RL004 -- reviewed
        return inventory.reserve(id);
    }
    @RequestMapping(value = "/legacy", method = RequestMethod.PUT)
    public void legacy() { items.forEach(i -> inventory.release(i)); }
    @GetMapping
    public String list() { return ""; }
}
`;
  test("fully qualified ids for class, constructor, methods and lambdas", async () => {
    const f = await java(controller);
    assert.equal(f.module, "com.shop.orders");
    assert.deepEqual(
      f.functions.map((x) => x.id),
      [
        "com.shop.orders.OrderController",
        "com.shop.orders.OrderController.OrderController",
        "com.shop.orders.OrderController.place",
        "com.shop.orders.OrderController.legacy",
        "com.shop.orders.OrderController.legacy.lambda@19:41",
        "com.shop.orders.OrderController.list",
      ],
    );
  });

  test("imports: single-type, wildcard, static", async () => {
    const f = await java(controller);
    assert.deepEqual(f.imports, [
      { local: "InventoryClient", module: "com.shop.inventory", member: "InventoryClient" },
      { local: "*", module: "org.springframework.web.bind.annotation", member: null },
      { local: "requireNonNull", module: "java.util.Objects", member: "requireNonNull" },
    ]);
  });

  test("Spring handlers: method from the annotation, class-level @RequestMapping prefix", async () => {
    const f = await java(controller);
    const handler = (name: string) => f.functions.find((x) => x.name === name)?.handler;
    assert.deepEqual(handler("place"), { method: "POST", route: "/orders/{id}/place" });
    assert.deepEqual(handler("legacy"), { method: "PUT", route: "/orders/legacy" });
    assert.deepEqual(handler("list"), { method: "GET", route: "/orders" });
    assert.equal(handler("OrderController"), null);
  });

  test("calls on an injected field are named after its type; lambdas passed along are followed", async () => {
    const f = await java(controller);
    assert.ok(f.calls.some((c) => c.callee === "InventoryClient.reserve" && c.functionId === "com.shop.orders.OrderController.place"));
    const forEach = f.calls.find((c) => c.callee === "items.forEach")!;
    assert.equal(forEach.invokesArg, 0);
    assert.deepEqual(forEach.args, [{ keyword: null, name: "lambda@19:41" }]);
    assert.ok(f.referencedFunctions.includes("com.shop.orders.OrderController.legacy.lambda@19:41"));
  });

  test("suppression comments", async () => {
    const f = await java(controller);
    assert.deepEqual(f.suppressions, [{ line: 15, rules: ["RL004"], reason: "reviewed" }]);
  });

  test("JAX-RS @GET/@POST with class and method @Path", async () => {
    const f = await java(`package com.shop;
import jakarta.ws.rs.*;
@Path("/stock")
public class StockResource {
    @POST @Path("reserve") public String reserve() { return ""; }
    @GET public String all() { return ""; }
}
`);
    assert.deepEqual(f.functions.find((x) => x.name === "reserve")?.handler, { method: "POST", route: "/stock/reserve" });
    assert.deepEqual(f.functions.find((x) => x.name === "all")?.handler, { method: "GET", route: "/stock" });
  });

  test("@Value fields and constructor parameters become settings (with defaults)", async () => {
    const f = await java(`package com.shop;
public class Client {
    @Value("\${inventory.url:http://localhost:8080}") private String url;
    private final String payments;
    private static final String BASE = "http://pricing:8080";
    public Client(@Value("\${payments.url}") String payments) { this.payments = payments; }
}
`);
    const byName = Object.fromEntries(f.constants.map((c) => [c.name, c.value]));
    assert.deepEqual(byName["com.shop.Client.url"], { kind: "setting", key: "inventory.url", fallback: { kind: "string", value: "http://localhost:8080" } });
    assert.deepEqual(byName["com.shop.Client.Client.payments"], { kind: "setting", key: "payments.url" });
    assert.deepEqual(byName["com.shop.Client.payments"], { kind: "setting", key: "payments.url" }, "constructor injection copies the setting to the field");
    assert.deepEqual(byName["com.shop.Client.BASE"], { kind: "string", value: "http://pricing:8080" });
  });

  test("a constructor parameter whose @Value is a template around placeholders is copied to the field too", async () => {
    const f = await java(`package com.shop;
public class Writer {
    private String balancesApiUri;
    private String plain;
    public Writer(@Value("http://\${BALANCES_API_ADDR}/balances") String balancesApiUri, String plain) {
        this.balancesApiUri = balancesApiUri;
        this.plain = plain;
    }
}
`);
    const byName = Object.fromEntries(f.constants.map((c) => [c.name, c.value]));
    assert.deepEqual(byName["com.shop.Writer.balancesApiUri"], { kind: "concat", parts: [{ kind: "string", value: "http://" }, { kind: "setting", key: "BALANCES_API_ADDR" }, { kind: "string", value: "/balances" }] });
    assert.equal(byName["com.shop.Writer.plain"], undefined, "a parameter without @Value carries no value");
  });

  test("a broken file yields partial facts and one problem, never a throw", async () => {
    const f = await java(`package com.shop;
public class Ok { public void a() { rest.getForObject("http://x/a", String.class); } }
public class Broken { public void b( { ) }
`);
    assert.ok(f.functions.some((x) => x.id === "com.shop.Ok.a"));
    assert.equal(f.problems.length, 1);
    assert.match(f.problems[0]!.message, /syntax error/);
  });
});

describe("Java HTTP clients and requests", () => {
  test("JAX-RS client: target(u).path(p).request().verb(), also through WebTarget / Invocation.Builder locals; not without the JAX-RS import", async () => {
    const f = await java(`package com.shop;
import javax.ws.rs.client.ClientBuilder;
import javax.ws.rs.client.Entity;
public class Reviews {
    private static final String RATINGS = "http://ratings:9080/ratings";
    public void go(String id) {
        Client client = ClientBuilder.newBuilder().build();
        WebTarget target = client.target(RATINGS + "/" + id);
        Invocation.Builder builder = target.request(MediaType.APPLICATION_JSON);
        builder.header("x-request-id", "1");
        Response r = builder.get();
        client.target("http://orders:8080").path("orders").request().post(Entity.json(body));
        client.target("http://orders:8080").request().method("PATCH");
        cache.get(id);
    }
}
`);
    const reqs = f.calls.filter((c) => c.request).map((c) => [c.callee, c.request!.method, c.request!.library, c.request!.url]);
    assert.deepEqual(reqs, [
      ["Invocation.Builder.get", "GET", "jaxrs-client", { kind: "concat", parts: [{ kind: "ref", name: "RATINGS" }, { kind: "string", value: "/" }, { kind: "ref", name: "id" }] }],
      ["Client.target().path().request().post", "POST", "jaxrs-client", { kind: "concat", parts: [{ kind: "string", value: "http://orders:8080" }, { kind: "string", value: "/" }, { kind: "string", value: "orders" }] }],
      ["Client.target().request().method", "PATCH", "jaxrs-client", { kind: "string", value: "http://orders:8080" }],
    ]);
    const plain = await java(`package com.shop;
public class NotJaxrs {
    public void go() { Invocation.Builder b = t.request(); b.get(); client.target("http://x").request().get(); }
}
`);
    assert.deepEqual(plain.calls.filter((c) => c.request), [], "no javax/jakarta.ws.rs.client import: not a JAX-RS client");
  });

  test("String.format URLs and System.getenv(X) == null ? d : System.getenv(X) defaults become values", async () => {
    const f = await java(`package com.shop;
public class Endpoint {
    private final static String host = System.getenv("RATINGS_HOSTNAME") == null ? "ratings" : System.getenv("RATINGS_HOSTNAME");
    private final static String domain = System.getenv("SERVICES_DOMAIN") != null ? ("." + System.getenv("SERVICES_DOMAIN")) : "";
    private final static String url = String.format("http://%s%s:%d/ratings", host, domain, 9080);
    private final static String odd = String.format("http://%1$s/x", host);
}
`);
    const byName = Object.fromEntries(f.constants.map((c) => [c.name, c.value]));
    assert.deepEqual(byName["com.shop.Endpoint.host"], { kind: "envChoice", name: "RATINGS_HOSTNAME", set: { kind: "env", name: "RATINGS_HOSTNAME" }, unset: { kind: "string", value: "ratings" } });
    assert.deepEqual(byName["com.shop.Endpoint.domain"], { kind: "envChoice", name: "SERVICES_DOMAIN", set: { kind: "concat", parts: [{ kind: "string", value: "." }, { kind: "env", name: "SERVICES_DOMAIN" }] }, unset: { kind: "string", value: "" } });
    assert.deepEqual(byName["com.shop.Endpoint.url"], { kind: "concat", parts: [{ kind: "string", value: "http://" }, { kind: "ref", name: "host" }, { kind: "ref", name: "domain" }, { kind: "string", value: ":" }, { kind: "number", value: 9080 }, { kind: "string", value: "/ratings" }] });
    assert.equal(byName["com.shop.Endpoint.odd"], undefined, "positional format specifiers are not guessed");
  });

  test("RestTemplate: verb methods, exchange(url, HttpMethod.X), clients from fields", async () => {
    const f = await java(`package com.shop;
public class C {
    private final RestTemplate rest = new RestTemplate();
    public void go(Map<String, String> map) {
        rest.getForObject("http://inventory:8080/a", String.class);
        rest.postForEntity("http://inventory:8080/b", body, String.class);
        rest.exchange("http://inventory:8080/c", HttpMethod.DELETE, null, String.class);
        rest.put("http://inventory:8080/d", body);
        map.put("http://not-a-request/", "x");
    }
}
`);
    const reqs = f.calls.filter((c) => c.request).map((c) => [c.callee, c.request!.method, c.request!.library]);
    assert.deepEqual(reqs, [
      ["rest.getForObject", "GET", "RestTemplate"],
      ["rest.postForEntity", "POST", "RestTemplate"],
      ["rest.exchange", "DELETE", "RestTemplate"],
      ["rest.put", "PUT", "RestTemplate"],
    ]);
    assert.deepEqual(f.clients.map((c) => [c.name, c.library]), [["com.shop.C.rest", "RestTemplate"]]);
  });

  test("RestClient chain: base URL from the builder in the constructor, method and path from the chain, Idempotency-Key", async () => {
    const f = await java(`package com.shop;
public class Pay {
    private final RestClient client;
    public Pay(RestClient.Builder builder, @Value("\${payments.url}") String url) {
        this.client = builder.baseUrl(url).build();
    }
    public void charge(String id) {
        client.post().uri("/charges").header("Idempotency-Key", id).retrieve().toBodilessEntity();
    }
}
`);
    const c = f.clients.find((x) => x.name === "com.shop.Pay.client")!;
    assert.equal(c.library, "RestClient");
    assert.deepEqual(c.baseUrl, { kind: "ref", name: "url" });
    assert.equal(c.functionId, "com.shop.Pay.Pay", "the base URL is read in the constructor's scope");
    const r = f.calls.find((x) => x.request)!;
    assert.equal(r.callee, "client.post");
    assert.deepEqual(r.request, { method: "POST", url: { kind: "string", value: "/charges" }, protocol: "http", idempotencyKey: true, timeoutSeconds: null, library: "RestClient" });
  });

  test("java.net.http.HttpClient.send with HttpRequest.newBuilder(URI.create(…)).POST(…)", async () => {
    const f = await java(`package com.shop;
import java.net.http.*;
public class J {
    private final HttpClient http = HttpClient.newHttpClient();
    public void go() throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://inventory:8080/reserve")).POST(BodyPublishers.noBody()).build();
        http.send(req, BodyHandlers.ofString());
        http.sendAsync(HttpRequest.newBuilder().uri(URI.create("http://inventory:8080/stock")).build(), BodyHandlers.ofString());
    }
}
`);
    const reqs = f.calls.filter((c) => c.request).map((c) => [c.callee, c.request!.method, c.request!.url]);
    assert.deepEqual(reqs, [
      ["http.send", "POST", { kind: "string", value: "http://inventory:8080/reserve" }],
      ["http.sendAsync", "GET", { kind: "string", value: "http://inventory:8080/stock" }],
    ]);
    assert.equal(f.clients[0]?.library, "java.net.http.HttpClient");
  });

  test("WebClient.create(url) base URL", async () => {
    const f = await java(`package com.shop;
public class W {
    private final WebClient web = WebClient.create("http://inventory:8080");
    public Mono<String> get() { return web.get().uri("/x").retrieve().bodyToMono(String.class); }
}
`);
    assert.deepEqual(f.clients[0]?.baseUrl, { kind: "string", value: "http://inventory:8080" });
    assert.equal(f.calls.find((c) => c.request)?.request?.idempotencyKey, false);
  });
});

describe("OpenFeign clients", () => {
  test("mapped interface methods send requests to the url setting; they are not handlers", async () => {
    const f = await java(`package com.shop;
@FeignClient(name = "inventory", url = "\${inventory.url}")
@RequestMapping("/api")
public interface InventoryApi {
    @PostMapping("/reserve")
    String reserve(@RequestHeader("Idempotency-Key") String key);
}
`);
    const m = f.functions.find((x) => x.id === "com.shop.InventoryApi.reserve")!;
    assert.equal(m.handler, null);
    const call = f.calls.find((c) => c.functionId === m.id)!;
    assert.deepEqual(call.request, {
      method: "POST",
      url: { kind: "concat", parts: [{ kind: "setting", key: "inventory.url" }, { kind: "string", value: "/api/reserve" }] },
      protocol: "http",
      idempotencyKey: true,
      timeoutSeconds: null,
      library: "feign",
    });
  });
});

describe("Kotlin module facts", () => {
  test("annotated class the grammar mis-parses: recovered class, ids and handler prefix", async () => {
    const f = await kotlin(`package com.shop.orders

import com.shop.inventory.InventoryClient as Inventory

@RestController
@RequestMapping("/orders")
class OrderController(private val inventory: Inventory) {
    @PostMapping("/place")
    fun place(id: String): String = inventory.reserve(id)
}

class Other
`);
    assert.deepEqual(f.problems, []);
    assert.deepEqual(f.functions.find((x) => x.id === "com.shop.orders.OrderController.place")?.handler, { method: "POST", route: "/orders/place" });
    assert.ok(f.calls.some((c) => c.callee === "Inventory.reserve"), "typed by the constructor property");
    assert.deepEqual(f.imports, [{ local: "Inventory", module: "com.shop.inventory", member: "InventoryClient" }]);
    assert.ok(f.functions.some((x) => x.id === "com.shop.orders.Other"));
  });

  test("class body mis-parsed as a lambda (annotation with arguments, no primary constructor) is recovered", async () => {
    const f = await kotlin(`package a

@Component
@RequestMapping("/o")
class C {
  @GetMapping("/x")
  fun g(): Int = 1
}

class D
`);
    assert.deepEqual(f.functions.find((x) => x.id === "a.C.g")?.handler, { method: "GET", route: "/o/x" });
  });

  test("top-level functions and objects, string templates, @Value constructor properties", async () => {
    const f = await kotlin(`package com.shop
class Client(@Value("\\\${inventory.url:http://localhost}") private val base: String, private val rest: RestTemplate) {
    fun stock(sku: String) = rest.getForObject("$base/stock/\${sku}", String::class.java)
}
fun main() {}
object Registry { fun find() {} }
`);
    const ids = f.functions.map((x) => x.id);
    assert.ok(ids.includes("com.shop.main") && ids.includes("com.shop.Registry.find") && ids.includes("com.shop.Client.stock"));
    assert.deepEqual(f.constants.find((c) => c.name === "com.shop.Client.base")?.value, { kind: "setting", key: "inventory.url", fallback: { kind: "string", value: "http://localhost" } });
    const r = f.calls.find((c) => c.request)!;
    assert.deepEqual(r.request?.url, { kind: "concat", parts: [{ kind: "ref", name: "base" }, { kind: "string", value: "/stock/" }, { kind: "ref", name: "sku" }] });
    assert.equal(r.request?.method, "GET");
  });

  test("text ending right after an annotation (typing `@P(x`) does not hang the Kotlin scanner", () => {
    // run in a child process: a hang inside the WebAssembly parser cannot be interrupted in-process
    const script = `
      const { initTreeSitter } = require("./server/src/parsing/treeSitter");
      const { extractKotlin } = require("./server/src/detectors/java/index");
      initTreeSitter().then(() => {
        for (const t of ["class A {\\n  val x = 1\\n  @P", "val x = 1\\n@P(x", "val x = 1\\n@P.Q"]) extractKotlin("A.kt", t);
        console.log("parsed");
      });`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "-e", script], { cwd: process.cwd(), timeout: 20_000, encoding: "utf8" });
    assert.equal(run.stdout.trim(), "parsed", run.stderr);
  });
});
