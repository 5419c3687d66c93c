// MicroProfile REST Client interfaces (detectors/java/restClient.ts): each JAX-RS method is a
// request to `<configKey>/mp-rest/url` + @Path; under RESTEasy classic (javax.ws.rs) the Apache
// HttpClient 4 engine's DefaultHttpRequestRetryHandler retries 3 times → 4 attempts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

const iface = (ns: "javax" | "jakarta") => `package com.shop;

import ${ns}.ws.rs.GET;
import ${ns}.ws.rs.POST;
import ${ns}.ws.rs.Path;
import ${ns}.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

@RegisterRestClient(configKey = "people-api")
@Path("/api")
public interface PeopleClient {
    @GET
    @Path("/people/{id}")
    Person get(@PathParam("id") String id);

    @POST
    @Path("/people")
    Person create(Person p);

    default String describe() { return "people"; }
}
`;

describe("MicroProfile REST client", () => {
  test("javax.ws.rs (RESTEasy classic): ×4 on @RegisterRestClient, a request per JAX-RS method", async () => {
    const f = await java(iface("javax"));
    const layers = f.layers.filter((l) => l.kind === "apache-httpclient-retry");
    assert.equal(layers.length, 1);
    const l = layers[0]!;
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.anchor.line, 9);
    assert.equal(l.attemptsSource, "default");
    assert.match(l.attemptsNote, /RESTEasy classic assumed/);
    assert.equal(l.attach.kind, "block");
    const reqs = f.calls.filter((c) => c.request?.library === "microprofile-rest-client");
    assert.deepEqual(reqs.map((c) => [c.callee, c.request!.method]), [["PeopleClient.get", "GET"], ["PeopleClient.create", "POST"]]);
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : [], reqs.map((c) => c.id));
    const url = reqs[0]!.request!.url;
    assert.equal(url?.kind, "concat");
    assert.deepEqual(url?.kind === "concat" ? url.parts[0] : null, { kind: "setting", key: "people-api/mp-rest/url", fallback: { kind: "setting", key: "quarkus.rest-client.people-api.url", fallback: { kind: "unknown", text: "people-api/mp-rest/url" } } });
    assert.deepEqual(url?.kind === "concat" ? url.parts[1] : null, { kind: "string", value: "/api/people/{id}" });
  });

  test("jakarta.ws.rs (Quarkus 3 REST Client on Vert.x and others): requests, no layer", async () => {
    const f = await java(iface("jakarta"));
    assert.equal(f.layers.length, 0);
    assert.equal(f.calls.filter((c) => c.request?.library === "microprofile-rest-client").length, 2);
  });

  test("Kotlin interface, baseUri as the fallback", async () => {
    const f = await kotlin(`package com.shop

import javax.ws.rs.GET
import javax.ws.rs.Path
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient

@RegisterRestClient(baseUri = "http://stock:8080")
interface StockClient {
    @GET
    @Path("/stock")
    fun all(): List<String>
}
`);
    assert.equal(f.layers.length, 1);
    assert.equal(f.layers[0]!.maxAttempts, 4);
    const url = f.calls.find((c) => c.request)?.request?.url;
    assert.match(JSON.stringify(url), /"fallback":\{"kind":"string","value":"http:\/\/stock:8080"\}/);
  });

  test("a JAX-RS interface without @RegisterRestClient is no client", async () => {
    const f = await java(iface("javax").replace(/@RegisterRestClient\(configKey = "people-api"\)\n/, ""));
    assert.equal(f.layers.length, 0);
    assert.equal(f.calls.filter((c) => c.request).length, 0);
  });
});
