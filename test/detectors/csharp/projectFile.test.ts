// MSBuild project files (detectors/csharp/projectFile.ts): the project's name and folder, and the NuGet
// versions it pins (FileFacts.packageVersions, for engine/sdkVersions.ts ecosystem "nuget").
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractCsproj } from "../../../server/src/detectors/csharp/projectFile";
import { sourceLanguage } from "../../../server/src/model/languages";

describe("MSBuild project files", () => {
  test("PackageReference Version attribute, <Version> child and VersionOverride; AWSSDK.Core follows a service package", () => {
    const f = extractCsproj("src/Api/Api.csproj", `<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="AWSSDK.S3" Version="3.7.400.1" />
    <PackageReference Include="Polly">
      <Version>8.4.1</Version>
    </PackageReference>
    <PackageReference Include="Stripe.net" VersionOverride="45.0.0" />
    <PackageReference Include="Serilog" />
  </ItemGroup>
</Project>`);
    assert.deepEqual(f.dotnet?.project, { name: "Api", dir: "src/Api" });
    assert.deepEqual(f.packageVersions, { "AWSSDK.S3": "3.7.400.1", Polly: "8.4.1", "Stripe.net": "45.0.0", "AWSSDK.Core": "3.7.400.1" });
    assert.deepEqual(f.problems, []);
  });

  test("Directory.Packages.props: PackageVersion entries, no project of its own", () => {
    assert.equal(sourceLanguage("Directory.Packages.props"), "msbuild");
    const f = extractCsproj("Directory.Packages.props", `<Project><ItemGroup><PackageVersion Include="AWSSDK.SQS" Version="4.0.1" /></ItemGroup></Project>`);
    assert.equal(f.dotnet, undefined);
    assert.deepEqual(f.packageVersions, { "AWSSDK.SQS": "4.0.1", "AWSSDK.Core": "4.0.1" });
  });

  test("an explicit AWSSDK.Core pin wins; extensions packages stand for nothing", () => {
    const f = extractCsproj("a/A.csproj", `<Project><ItemGroup><PackageReference Include="AWSSDK.Extensions.NETCore.Setup" Version="3.7.301" /><PackageReference Include="AWSSDK.Core" Version="4.0.0.1" /></ItemGroup></Project>`);
    assert.equal(f.packageVersions?.["AWSSDK.Core"], "4.0.0.1");
    const g = extractCsproj("b/B.csproj", `<Project><ItemGroup><PackageReference Include="AWSSDK.Extensions.NETCore.Setup" Version="3.7.301" /></ItemGroup></Project>`);
    assert.equal(g.packageVersions?.["AWSSDK.Core"], undefined);
  });

  test("malformed XML: the references read before the error, one problem on its line, never a throw", () => {
    const f = extractCsproj("src/Bad/Bad.csproj", `<Project>
  <ItemGroup>
    <PackageReference Include="AWSSDK.S3" Version="4.0.6.2" />
    <PackageReference Include="Polly" Version="8.4.1"
  </ItemGroup>
</Project>`);
    assert.equal(f.packageVersions?.["AWSSDK.S3"], "4.0.6.2");
    assert.equal(f.problems.length, 1);
    assert.match(f.problems[0]!.message, /XML could not be read/);
    assert.ok(f.problems[0]!.line >= 4, `line ${f.problems[0]!.line}`);
  });
});
