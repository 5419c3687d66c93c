// The token pass that decides which code files are parsed (host/relevance.ts, issue #11).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { relevantFiles } from "../../server/src/host/relevance";

const files = (spec: Record<string, string>) => Object.entries(spec).map(([path, text]) => ({ path, text }));
const kept = (spec: Record<string, string>) => relevantFiles(files(spec)).kept.map((f) => f.path).sort();
const leftOut = (spec: Record<string, string>) => relevantFiles(files(spec)).leftOut.sort();

describe("code relevance", () => {
  test("Python: a client is a seed, its caller's caller a member, a constant module it reads is kept, a string helper nobody on a path reads is left out", () => {
    const out = leftOut({
      "svc/clients/orders.py": "import requests\nfrom svc.settings import ORDERS\n\ndef get_order(i):\n    return requests.get(ORDERS + i)\n",
      "svc/settings.py": "ORDERS = '/orders/'\n",
      "svc/logic.py": "from svc.clients.orders import get_order\n\ndef total(i):\n    return get_order(i)\n",
      "svc/entry.py": "from svc.logic import total\n\ndef run(i):\n    return total(i)\n",
      "svc/strings.py": "import re\n\ndef slug(v):\n    return re.sub(' ', '-', v.lower())\n",
      "svc/more_strings.py": "from svc.strings import slug\n\ndef slug2(v):\n    return slug(slug(v))\n",
    });
    assert.deepEqual(out, ["svc/more_strings.py", "svc/strings.py"]);
  });

  test("a third-party import makes a seed even without a known word; a pure standard-library import does not", () => {
    assert.deepEqual(leftOut({ "a.py": "import tinyqueue_lib\n\ndef f():\n    return tinyqueue_lib.go()\n", "b.py": "import math\n\ndef sq(x):\n    return math.sqrt(x)\n" }), ["b.py"]);
    assert.deepEqual(leftOut({ "a.ts": "import { x } from 'left-pad';\nexport function f() { return x(); }\n", "b.ts": "import { y } from './c';\nexport function g() { return y; }\n", "c.ts": "export const y = 1;\n" }), ["b.ts", "c.ts"]);
  });

  test("TypeScript: import specifiers with dashes name files; a barrel is named by its folder", () => {
    const spec = {
      "src/clients/risk-edge.ts": "export async function fetchRisk(id: string) { return fetch(`http://risk/${id}`); }\n",
      "src/clients/index.ts": "export { fetchRisk } from './risk-edge.js';\n",
      "src/handlers/h1.ts": "import { fetchRisk } from '../clients';\nexport const h1 = (id: string) => fetchRisk(id);\n",
      "src/utils/u1.ts": "export function norm(v: string) { return v.trim(); }\n",
    };
    assert.deepEqual(leftOut(spec), ["src/utils/u1.ts"]);
  });

  test("Go: a workspace package import is local; a package is named by its folder; package main is named by nothing", () => {
    const spec = {
      "go.mod": "module github.com/acme/shop\n",
      "internal/clients/orders.go": 'package clients\n\nimport "net/http"\n\nfunc Get() { http.Get("http://orders") }\n',
      "internal/logic/logic.go": 'package logic\n\nimport "github.com/acme/shop/internal/clients"\n\nfunc Do() { clients.Get() }\n',
      "internal/util/util.go": 'package util\n\nimport "strings"\n\nfunc Norm(v string) string { return strings.ToLower(v) }\n',
      "internal/models/m.go": 'package models\n\nimport "github.com/acme/shop/internal/util"\n\ntype M struct{ Name string }\n\nfunc (m M) Key() string { return util.Norm(m.Name) }\n',
    };
    assert.deepEqual(leftOut(spec), ["internal/models/m.go", "internal/util/util.go"]);
    assert.ok(kept(spec).includes("go.mod"), "non-code files are not decided here");
  });

  test("Java: an interface a member implements is kept (dispatch needs it); a model nobody on a path names is left out", () => {
    const spec = {
      "src/main/java/a/OrdersPort.java": "package a;\n\npublic interface OrdersPort { String find(String id); }\n",
      "src/main/java/a/OrdersAdapter.java": "package a;\n\nimport org.springframework.web.client.RestTemplate;\n\npublic class OrdersAdapter implements OrdersPort {\n  private final RestTemplate rest = new RestTemplate();\n  public String find(String id) { return rest.getForObject(\"http://orders/\" + id, String.class); }\n}\n",
      "src/main/java/a/Money.java": "package a;\n\nimport java.math.BigDecimal;\n\npublic final class Money { BigDecimal v; }\n",
    };
    assert.deepEqual(leftOut(spec), ["src/main/java/a/Money.java"]);
  });

  test("C#: a static extension method names its file (callers write only the method)", () => {
    const spec = {
      "Ext/OrdersExtensions.cs": "namespace Shop.Ext;\n\npublic static class OrdersExtensions\n{\n    public static Task<string> GetOrderAsync(this HttpClient c, string id) => c.GetStringAsync($\"/orders/{id}\");\n}\n",
      "Logic/Totals.cs": "using Shop.Ext;\n\nnamespace Shop.Logic;\n\npublic class Totals\n{\n    public async Task<int> Sum(HttpClient c) => (await c.GetOrderAsync(\"1\")).Length;\n}\n",
      "Logic/Strings.cs": "using System.Linq;\n\nnamespace Shop.Logic;\n\npublic static class Strings\n{\n    public static string Norm(string v) => new string(v.Where(char.IsLetter).ToArray());\n}\n",
    };
    assert.deepEqual(leftOut(spec), ["Logic/Strings.cs"]);
  });

  test("names do not cross languages: a Python import of a module named like a Go client does not make it a member", () => {
    const spec = {
      "svc-a/internal/clients/email_store.go": 'package clients\n\nimport "net/http"\n\nfunc Send() { http.Get("http://email") }\n',
      "email_store/utils/u.py": "from email_store.utils.v import norm\n\ndef norm2(v):\n    return norm(v)\n",
      "email_store/utils/v.py": "def norm(v):\n    return v.strip()\n",
    };
    assert.deepEqual(leftOut(spec), ["email_store/utils/u.py", "email_store/utils/v.py"]);
  });

  test("service names in strings and module lines are not words: `audit-api` in a docstring, `namespace AuditApi`", () => {
    assert.deepEqual(leftOut({ "audit_api/u.py": '"""Helpers for audit-api."""\nimport json\n\ndef dump(x):\n    return json.dumps(x)\n' }), ["audit_api/u.py"]);
    assert.deepEqual(leftOut({ "U.cs": "namespace AuditApi.Utils;\n\npublic static class U\n{\n    public static string N(string v) => v.Trim();\n}\n" }), ["U.cs"]);
    // a word of an identifier still counts: MAX_RETRIES; and the longest words of the list (middleware, controller)
    assert.deepEqual(leftOut({ "c.py": "MAX_RETRIES = 3\n" }), []);
    assert.deepEqual(leftOut({ "m.ts": "export function wrap(middleware: unknown) { return middleware; }\n", "c.cs": "public class OrdersController { }\n" }), []);
  });

  test("a pathological text is decided quickly (no regex backtracking on long lines)", () => {
    const long = `public static ${"x ".repeat(150_000)}\n`;
    const started = Date.now();
    relevantFiles(files({ "A.cs": long, "b.py": `${"(".repeat(50_000)}\n`, "c.ts": `import x from '${"a/".repeat(20_000)}';\n` }));
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  });

  describe("left-out files let in by edits (the editor's incremental pass)", () => {
    const before = {
      "svc/clients.py": "import requests\n\ndef get(u):\n    return requests.get(u)\n",
      "svc/text.py": "import re\n\ndef slug(v):\n    return re.sub(' ', '-', v)\n",
      "svc/caller.py": "from svc.text import slug\n\ndef page(v):\n    return slug(v)\n",
      "svc/limits.py": "LIMIT = 3\n",
    };
    const admitted = (edit: Record<string, string>) => {
      const { index } = relevantFiles(files(before));
      return Object.entries(edit).flatMap(([path, text]) => index.admit({ path, text }).map((f) => f.path)).sort();
    };
    const freshKept = (edit: Record<string, string>) => kept({ ...before, ...edit });

    test("a helper that gains a request lets its callers in (and a fresh pass agrees)", () => {
      const edit = { "svc/text.py": "import re\nimport requests\n\ndef slug(v):\n    return requests.get(v)\n" };
      assert.deepEqual(leftOut(before), ["svc/caller.py", "svc/limits.py", "svc/text.py"]);
      assert.deepEqual(admitted(edit), ["svc/caller.py"]);
      assert.ok(freshKept(edit).includes("svc/caller.py") && freshKept(edit).includes("svc/text.py"));
    });

    test("a member that starts reading a constants module lets it in", () => {
      const edit = { "svc/clients.py": "import requests\nfrom svc.limits import LIMIT\n\ndef get(u):\n    return requests.get(u, timeout=LIMIT)\n" };
      assert.deepEqual(admitted(edit), ["svc/limits.py"]);
      assert.ok(freshKept(edit).includes("svc/limits.py"));
    });

    test("an edit that changes nothing relevant lets nothing in; a file let in leaves the index", () => {
      const { index } = relevantFiles(files(before));
      assert.deepEqual(index.admit({ path: "svc/clients.py", text: before["svc/clients.py"] + "# note\n" }), []);
      assert.equal(index.size, 3);
      index.admit({ path: "svc/text.py", text: before["svc/text.py"] });
      assert.equal(index.has("svc/text.py"), false, "an edited file is analysed as a buffer");
    });
  });
});
