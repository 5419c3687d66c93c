/**
 * Spring Boot application*.properties (java.util.Properties syntax as Spring Boot loads it):
 * settings for Resilience4j instances (reference §3.1) and Spring Cloud Gateway routes (§3.3).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractSpringProperties, parseProperties } from "../../../server/src/detectors/spring/properties";
import { extractFile } from "../../../server/src/engine/extract";

const entries = (text: string) => parseProperties(text).documents.flat().map((e) => [e.key, e.value, e.span.line] as const);

describe("properties syntax", () => {
  const cases: Array<{ name: string; text: string; want: Array<readonly [string, string, number]> }> = [
    { name: "key=value, key: value and key value", text: "a=1\nb: 2\nc 3\nd\t=\t4\n", want: [["a", "1", 1], ["b", "2", 2], ["c", "3", 3], ["d", "4", 4]] },
    { name: "blanks around the key and the separator; only the first separator counts", text: "   url = http://x:8080/a=b\n", want: [["url", "http://x:8080/a=b", 1]] },
    { name: "a key alone has the empty value; `key=` too", text: "alone\nempty=\nnext=1\n", want: [["alone", "", 1], ["empty", "", 2], ["next", "1", 3]] },
    { name: "# and ! comments, blank lines", text: "# one\n! two\n\n  # indented\nk=v # not a comment\n", want: [["k", "v # not a comment", 5]] },
    { name: "a comment line ending in \\ does not continue", text: "# comment \\\nk=v\n", want: [["k", "v", 2]] },
    { name: "\\ continues the line; the next line's leading blanks are dropped", text: "list=a,\\\n    b,\\\n\tc\nafter=1\n", want: [["list", "a,b,c", 1], ["after", "1", 4]] },
    { name: "a continuation line starting with # is not a comment", text: "k=a\\\n  #b\n", want: [["k", "a#b", 1]] },
    { name: "a doubled backslash is a backslash, not a continuation", text: "path=c:\\\\dir\\\\\nnext=1\n", want: [["path", "c:\\dir\\", 1], ["next", "1", 2]] },
    { name: "escaped separators and blanks belong to the key", text: "a\\:b\\=c\\ d=v\n", want: [["a:b=c d", "v", 1]] },
    { name: "\\uXXXX, \\t and unknown escapes", text: "u=\\u0041\\u00e9\\tx\\q\n", want: [["u", "Aé\tx" + "q", 1]] },
    { name: "CRLF and CR line ends", text: "a=1\r\nb=2\rc=3", want: [["a", "1", 1], ["b", "2", 2], ["c", "3", 3]] },
    { name: "values are trimmed, as Spring Boot trims them", text: "k =  v  \t\n", want: [["k", "v", 1]] },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(entries(c.text), c.want));

  test("a malformed \\u escape drops that property with one problem; the rest is read", () => {
    const parsed = parseProperties("a=1\nbad=\\u00zz\nc=3\n");
    assert.deepEqual(parsed.documents.flat().map((e) => e.key), ["a", "c"]);
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0]!.line, 2);
  });

  test("the key span covers the key as written", () => {
    const [e] = parseProperties("  my.key = v\n").documents.flat();
    assert.deepEqual(e!.span, { line: 1, column: 2, endLine: 1, endColumn: 8 });
  });

  test("#--- and !--- split documents (Spring Boot 2.4+); an indented #--- or a plain --- does not", () => {
    const docs = parseProperties("a=1\n#---\nb=2\n!---\nc=3\n  #---\nd=4\n---\n").documents;
    assert.deepEqual(docs.map((d) => d.map((e) => e.key)), [["a"], ["b"], ["c", "d", "---"]]);
  });
});

describe("application*.properties facts", () => {
  const path = "orders/src/main/resources/application.properties";

  test("entries carry the project folder, line and profile; a later duplicate wins", () => {
    const f = extractSpringProperties(path, "inventory.url=http://a\ninventory.url=http://b\n#---\nspring.config.activate.on-profile=prod\ninventory.url=http://prod\n");
    assert.deepEqual(
      f.configEntries!.map((e) => [e.key, e.value, e.line, e.profile, e.projectDir]),
      [
        ["inventory.url", "http://b", 2, null, "orders"],
        ["spring.config.activate.on-profile", "prod", 4, "prod", "orders"],
        ["inventory.url", "http://prod", 5, "prod", "orders"],
      ],
    );
  });

  test("a profile file (application-prod.properties) and the legacy spring.profiles", () => {
    const prod = extractSpringProperties("orders/src/main/resources/application-prod.properties", "k=v\n");
    assert.equal(prod.configEntries![0]!.profile, "prod");
    const legacy = extractSpringProperties(path, "k=base\n#---\nspring.profiles=dev\nk=dev\n");
    assert.deepEqual(legacy.configEntries!.map((e) => e.profile), [null, "dev", "dev"]);
  });

  test("spring.application.name makes the project a service owning its code", () => {
    const f = extractSpringProperties(path, "spring.application.name=${APP:orders-service}\n");
    assert.equal(f.workloads.length, 1);
    assert.deepEqual([f.workloads[0]!.kind, f.workloads[0]!.name, f.workloads[0]!.codeDir], ["package", "orders-service", "orders"]);
    const root = extractSpringProperties("src/main/resources/application.properties", "spring.application.name=orders\n");
    assert.equal(root.workloads[0]!.codeDir, "src", "a root project claims src/, not the whole workspace");
    const profileOnly = extractSpringProperties(path, "#---\nspring.config.activate.on-profile=prod\nspring.application.name=x\n");
    assert.equal(profileOnly.workloads.length, 0, "a name only a profile sets is not the service's name");
  });

  test("routed by name: application*.properties and bootstrap*.properties are read as Spring settings", () => {
    assert.equal(extractFile("svc/src/main/resources/bootstrap.properties", "spring.application.name=svc\n").workloads.length, 1);
    assert.equal(extractFile("svc/src/main/resources/application-dev.properties", "a=1\n").configEntries![0]!.profile, "dev");
  });

  test("a huge file is one problem, no facts", () => {
    const f = extractSpringProperties(path, "a=1\n".repeat(600_000));
    assert.equal(f.problems.length, 1);
    assert.equal(f.configEntries, undefined);
  });
});
