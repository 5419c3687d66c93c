// Go module facts: imports, functions/methods/closures, handlers, requests, constants, clients,
// suppressions, and bad files (partial facts, one problem, never a throw).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

describe("Go module facts", () => {
  test("package, imports (alias, blank, dot, versioned), functions, methods and closures", async () => {
    const f = await go(`package orders

import (
	"net/http"
	rh "github.com/hashicorp/go-retryablehttp"
	_ "embed"
	. "github.com/shop/orders/internal/util"
	"github.com/cenkalti/backoff/v4"
)

type Service struct{}

func (s *Service) Create(w http.ResponseWriter, r *http.Request) {
	send := func() error { return nil }
	go func() { _ = send() }()
}

func helper(a, b string) {}
`);
    assert.equal(f.module, "orders");
    assert.deepEqual(f.imports.map((i) => [i.local, i.module]), [
      ["http", "net/http"],
      ["rh", "github.com/hashicorp/go-retryablehttp"],
      ["_", "embed"],
      [".", "github.com/shop/orders/internal/util"],
      ["backoff", "github.com/cenkalti/backoff/v4"],
    ]);
    assert.deepEqual(f.functions.map((x) => x.id), ["Service.Create", "Service.Create.send", "Service.Create.func@15:4", "helper"]);
    assert.deepEqual(f.functions.find((x) => x.id === "helper")?.params, ["a", "b"]);
    assert.deepEqual(f.exports, ["Service.Create"]);
    const goCall = f.calls.find((c) => c.callee === "Service.Create.func@15:4");
    assert.ok(goCall, "an immediately called closure is a call to it");
    assert.ok(f.calls.some((c) => c.callee === "send" && c.functionId === "Service.Create.func@15:4"), "the closure variable is called by its name");
  });

  const handlers: Array<[string, string, string | null, string]> = [
    ['"net/http"', 'http.HandleFunc("POST /orders", create)', "POST", "/orders"],
    ['"net/http"', 'mux.HandleFunc("/orders", create)', null, "/orders"],
    ['"net/http"', 'mux.Handle("GET /orders/{id}", http.HandlerFunc(create))', "GET", "/orders/{id}"],
    ['"github.com/gin-gonic/gin"', 'r.POST("/orders", auth, create)', "POST", "/orders"],
    ['"github.com/labstack/echo/v4"', 'e.PUT("/orders", create)', "PUT", "/orders"],
    ['"github.com/go-chi/chi/v5"', 'r.Post("/orders", create)', "POST", "/orders"],
    ['"github.com/go-chi/chi/v5"', 'r.Method("DELETE", "/orders", create)', "DELETE", "/orders"],
    ['"github.com/gorilla/mux"', 'r.HandleFunc("/orders", create).Methods("PATCH")', "PATCH", "/orders"],
    ['"github.com/gin-gonic/gin"', 'r.Group("/api").POST("/orders", create)', "POST", "/orders"],
  ];
  for (const [imp, registration, method, route] of handlers) {
    test(`handler: ${registration} → ${method ?? "any"} ${route}`, async () => {
      const f = await go(`package main\n\nimport ${imp}\n\nfunc main() {\n\t${registration}\n}\n\nfunc create(w http.ResponseWriter, r *http.Request) {}\n`);
      assert.deepEqual(f.functions.find((x) => x.id === "create")?.handler, { method, route });
      assert.ok(f.referencedFunctions.includes("create"), "a registered handler is referenced, not called from main");
      assert.equal(f.calls.find((c) => c.functionId === "main")?.invokesArg, undefined, "registration does not run the handler");
    });
  }

  test("a method value handler through a typed variable: s := &Server{}; mux.HandleFunc(…, s.create)", async () => {
    const f = await go(`package main\n\nimport "net/http"\n\ntype Server struct{}\n\nfunc main() {\n\ts := &Server{}\n\thttp.HandleFunc("POST /x", s.create)\n}\n\nfunc (s *Server) create(w http.ResponseWriter, r *http.Request) {}\n`);
    assert.deepEqual(f.functions.find((x) => x.id === "Server.create")?.handler, { method: "POST", route: "/x" });
  });

  const requests: Array<[string, string | null, string, string | null]> = [
    ['http.Get("http://inventory:8080/stock")', "GET", "http://inventory:8080/stock", "net/http"],
    ['http.Post(inventoryURL+"/reserve", "application/json", nil)', "POST", "http://inventory:8080/reserve", "net/http"],
    ['http.PostForm(inventoryURL, nil)', "POST", "http://inventory:8080", "net/http"],
    ['http.Head(os.Getenv("INVENTORY_URL"))', "HEAD", "$INVENTORY_URL", "net/http"],
    ['client.Get(fmt.Sprintf("%s/stock/%d", inventoryURL, 3))', "GET", "http://inventory:8080/stock/?", null],
  ];
  for (const [expr, method, url, library] of requests) {
    test(`request: ${expr}`, async () => {
      const f = await go(`package main\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"os"\n)\n\nconst inventoryURL = "http://inventory:8080"\n\nfunc send(client *http.Client) {\n\t${expr}\n}\n`);
      const r = f.calls.find((c) => c.request)?.request;
      assert.equal(r?.method, method);
      assert.equal(r?.library, library);
      assert.equal(show(r?.url ?? null, f.constants), url);
    });
  }

  test("client.Do(req) with req from http.NewRequestWithContext(ctx, http.MethodPost, url, body)", async () => {
    const f = await go(`package main\n\nimport (\n\t"context"\n\t"net/http"\n\t"time"\n)\n\nfunc send(ctx context.Context) error {\n\tctx, cancel := context.WithTimeout(ctx, 2*time.Second)\n\tdefer cancel()\n\tc := &http.Client{Timeout: 5 * time.Second}\n\treq, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://payments:8080/charge", nil)\n\treq.Header.Set("Idempotency-Key", "k")\n\t_, err := c.Do(req)\n\treturn err\n}\n`);
    const r = f.calls.find((c) => c.callee === "c.Do")?.request;
    assert.deepEqual([r?.method, r?.url, r?.idempotencyKey, r?.timeoutSeconds], ["POST", { kind: "string", value: "http://payments:8080/charge" }, true, 2]);
    assert.deepEqual(f.clients.map((c) => [c.name, c.library, c.timeoutSeconds]), [["send.c", "net/http", 5]]);
  });

  test("near misses: a chi route r.Get(path, h) is not a request; cache.Get(ctx, k) is no HTTP request", async () => {
    const f = await go(`package main\n\nimport "github.com/go-chi/chi/v5"\n\nfunc main() {\n\tr.Get("/x", h)\n\tcache.Get(ctx, "k")\n}\n\nfunc h() {}\n`);
    assert.equal(f.calls.find((c) => c.callee === "r.Get")?.request, undefined);
    // ctx-first calls may be RPCs on a generated stub: a gRPC request without URL or library,
    // which the linker keeps only when the receiver is a stub (see test/engine/goLinking.test.ts)
    const maybeRpc = f.calls.find((c) => c.callee === "cache.Get")?.request;
    assert.deepEqual([maybeRpc?.protocol, maybeRpc?.url, maybeRpc?.library], ["grpc", null, null]);
  });

  test("constants: package const, local URL built with + and cmp.Or(os.Getenv, default), struct fields from literals", async () => {
    const f = await go(`package main\n\nimport (\n\t"cmp"\n\t"os"\n)\n\nconst base = "http://inventory:8080"\n\ntype Client struct{ url string }\n\nfunc New() *Client {\n\taddr := cmp.Or(os.Getenv("INVENTORY_URL"), base)\n\treturn &Client{url: addr + "/v1"}\n}\n`);
    const byName = Object.fromEntries(f.constants.map((c) => [c.name, c.value]));
    assert.deepEqual(byName.base, { kind: "string", value: "http://inventory:8080" });
    assert.deepEqual(byName["New.addr"], { kind: "env", name: "INVENTORY_URL", fallback: { kind: "ref", name: "base" } });
    assert.deepEqual(byName["Client.url"], { kind: "concat", parts: [{ kind: "ref", name: "New.addr" }, { kind: "string", value: "/v1" }] });
  });

  test("struct field types for methods through fields (library client types are clients, not types)", async () => {
    const f = await go(`package main

import (
	"net/http"
	"github.com/shop/orders/internal/inventory"
)

type Server struct {
	inv  *inventory.Client
	http *http.Client
	name string
}
`);
    assert.deepEqual(f.fieldTypes, { "Server.inv": "inventory.Client" });
    assert.deepEqual(f.clients.map((c) => [c.name, c.library]), [["Server.http", "net/http"]]);
  });

  test("two func init() in one file get distinct ids", async () => {
    const f = await go(`package main

func init() {}

func init() {}
`);
    assert.deepEqual(f.functions.map((x) => x.id), ["init", "init@5"]);
  });

  test("suppression comments", async () => {
    const f = await go(`package main\n\n// retry-lens: ignore RL004 -- reviewed\nfunc main() {}\n`);
    assert.deepEqual(f.suppressions, [{ line: 3, rules: ["RL004"], reason: "reviewed" }]);
  });

  test("a bad file gives partial facts and one problem, never a throw", async () => {
    const f = await go(`package main\n\nimport "net/http"\n\nfunc ok() {\n\thttp.Get("http://a:1/x")\n}\n\nfunc broken( {\n\tif x := ; {\n`);
    assert.ok(f.functions.some((x) => x.id === "ok"));
    assert.ok(f.calls.some((c) => c.request?.method === "GET"));
    assert.equal(f.problems.length, 1);
    assert.match(f.problems[0]!.message, /syntax error/);
    for (const text of ["", "package", "func", "}}}{{{", "\u0000\u0001", "package x\nvar = = =\n"]) await go(text);
  });
});

/** A URL value as text: constants inlined, env as $NAME, unknown parts as ?. */
function show(v: import("../../../server/src/model/facts").ValueExpr | null, constants: Array<{ name: string; value: import("../../../server/src/model/facts").ValueExpr }>): string | null {
  if (!v) return null;
  switch (v.kind) {
    case "string":
      return v.value;
    case "number":
      return "?";
    case "env":
      return `$${v.name}`;
    case "ref": {
      const c = constants.find((k) => k.name === v.name);
      return c ? show(c.value, constants) : "?";
    }
    case "concat":
      return v.parts.map((p) => show(p, constants) ?? "?").join("");
    default:
      return "?";
  }
}

describe("Go values for the linker: returns, calls, env helpers, interfaces", () => {
  test("an env helper returns the variable named by its parameter, with the other return as fallback", async () => {
    const f = await go(`package config

import (
	"fmt"
	"os"
	"strings"
)

func EnvDefault(key, value string) string {
	e := os.Getenv(key)
	if e == "" {
		return value
	}
	return e
}

func lookup(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

func Addr() string {
	return strings.ReplaceAll(EnvDefault("ADDR", "orders:8080"), "<NS>", "shop")
}

func url(c *Client, id int) string {
	return fmt.Sprintf("http://"+c.host+"/items?id=%d", id)
}

func pick(fast bool) string {
	if fast {
		return "http://fast:80"
	}
	return "http://slow:80"
}

func failing() (string, error) {
	if true {
		return "", fmt.Errorf("no")
	}
	return "http://ok:80", nil
}
`);
    const ret = (id: string) => f.functions.find((fn) => fn.id === id)?.returnValue;
    assert.deepEqual(ret("EnvDefault"), { kind: "env", name: "key", nameExpr: { kind: "ref", name: "EnvDefault.key" }, fallback: { kind: "ref", name: "EnvDefault.value" } });
    assert.deepEqual(ret("lookup"), { kind: "env", name: "key", nameExpr: { kind: "ref", name: "lookup.key" }, fallback: { kind: "ref", name: "lookup.def" } });
    assert.deepEqual(ret("Addr"), {
      kind: "call",
      callee: "strings.ReplaceAll",
      args: [{ kind: "call", callee: "EnvDefault", args: [{ kind: "string", value: "ADDR" }, { kind: "string", value: "orders:8080" }] }, { kind: "string", value: "<NS>" }, { kind: "string", value: "shop" }],
    });
    // verbs in the literal parts of a concatenated format take the arguments in order; a field of a
    // parameter of a workspace type (`c *Client`) is the type's field
    assert.deepEqual(ret("url"), { kind: "concat", parts: [{ kind: "string", value: "http://" }, { kind: "ref", name: "Client.host" }, { kind: "string", value: "/items?id=" }, { kind: "ref", name: "url.id" }] });
    assert.equal(ret("pick"), undefined, "two different returns: no one value");
    assert.deepEqual(ret("failing"), { kind: "string", value: "http://ok:80" }, "the empty-string error return is not a value");
  });

  test("interfaces: methods with one type per parameter, qualifiers dropped; methods record theirs", async () => {
    const f = await go(`package location

import "context"

type Interface interface {
	Get(ctx context.Context, id int) (*Location, error)
	Find(ctx context.Context, from, to string, opts ...Option) error
	List(context.Context) error
}

type Client struct{}

func (c *Client) Get(ctx context.Context, id int) (*Location, error) { return nil, nil }
`);
    assert.deepEqual(f.goInterfaces, {
      Interface: [
        { name: "Get", paramTypes: ["Context", "int"] },
        { name: "Find", paramTypes: ["Context", "string", "string", "...Option"] },
        { name: "List", paramTypes: ["Context"] },
      ],
    });
    assert.deepEqual(f.functions.find((fn) => fn.id === "Client.Get")?.paramTypes, ["Context", "int"]);
  });
});
