// The .NET Aspire AppHost's resource graph (reference §3.14): names, project types, folders, references.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";
import { cs } from "./helpers";

describe("Aspire AppHost resources", () => {
  test("projects, apps, databases and the references between them", async () => {
    const facts = await cs(`using Projects;
var builder = DistributedApplication.CreateBuilder(args);
var pg = builder.AddPostgres("pg").WithDataVolume();
var db = pg.AddDatabase("catalogdb");
var ml = builder.AddPythonUvicornApp("ml", Path.Combine("..", "Ml"), port: 8000);
var node = builder.AddNodeApp("web-node", "../Node/app.js");
var api = builder.AddProject<Projects.Shop_Catalog>("catalog")
    .WithReference(db)
    .WithReference(ml);
builder.AddProject<Frontend>("frontend")
    .WithReference(api.GetEndpoint("https"));
builder.AddProject("admin", "../Admin/Admin.csproj");
builder.Build().Run();
`);
    const byName = new Map(facts.dotnet?.appHost?.map((r) => [r.name, r]));
    assert.deepEqual(byName.get("catalogdb"), { name: "catalogdb", kind: "database", parent: "pg", references: [], line: 4 });
    assert.equal(byName.get("ml")?.path, "../Ml");
    assert.equal(byName.get("web-node")?.path, "../Node", "AddNodeApp(name, script): the script's folder");
    assert.deepEqual(byName.get("catalog")?.references, ["catalogdb", "ml"]);
    assert.equal(byName.get("catalog")?.projectType, "Shop_Catalog");
    assert.equal(byName.get("frontend")?.projectType, "Frontend", "`using Projects;` then AddProject<Frontend>");
    assert.deepEqual(byName.get("frontend")?.references, ["catalog"]);
    assert.equal(byName.get("admin")?.path, "../Admin", "AddProject(name, path to .csproj): the project's folder");
    assert.equal(byName.get("pg")?.kind, "other");
  });

  test("a file without DistributedApplication.CreateBuilder has no resources", async () => {
    const facts = await cs(`var builder = WebApplication.CreateBuilder(args);\nbuilder.AddProject<Projects.X>("x");\n`);
    assert.equal(facts.dotnet?.appHost, undefined);
  });

  test(".csproj files give the project's name and folder, without reading the file", () => {
    const facts = extractFile("src/Shop.Catalog/Shop.Catalog.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>");
    assert.deepEqual(facts.dotnet?.project, { name: "Shop.Catalog", dir: "src/Shop.Catalog" });
    assert.equal(facts.layers.length, 0);
  });
});
