/**
 * MSBuild files: `.csproj` projects and `Directory.Packages.props` (NuGet central package management).
 * - A project's name and folder: an Aspire AppHost refers to a project as
 *   `Projects.AspireShop_CatalogService`, a class generated from the project file's name
 *   (`AspireShop.CatalogService.csproj`); engine/aspireHost.ts gives the files under that folder the
 *   AppHost's resource name.
 * - The NuGet versions it pins, for SDK defaults that changed across versions (FileFacts.packageVersions,
 *   engine/sdkVersions.ts, ecosystem "nuget"): `<PackageReference Include="AWSSDK.S3" Version="3.7.100" />`
 *   (or a `<Version>` child, or `VersionOverride`), and the props file's `<PackageVersion Include Version>`
 *   that projects below it take when their reference has no version.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseXml, xmlElements } from "../../parsing/xml";

export function extractCsproj(path: string, text = ""): FileFacts {
  const facts = emptyFacts(path, "json");
  const slash = path.lastIndexOf("/");
  const base = path.slice(slash + 1);
  if (/\.csproj$/i.test(base)) {
    const name = base.replace(/\.csproj$/i, "");
    if (name) facts.dotnet = { project: { name, dir: slash < 0 ? "" : path.slice(0, slash) } };
  }
  if (!/PackageReference|PackageVersion/.test(text)) return facts;
  const doc = parseXml(text);
  facts.problems.push(...doc.problems);
  const versions: Record<string, string> = {};
  for (const el of xmlElements(doc.roots)) {
    if (el.name !== "PackageReference" && el.name !== "PackageVersion") continue;
    const id = el.attributes.Include ?? el.attributes.Update;
    const version = el.attributes.VersionOverride ?? el.attributes.Version ?? el.children.find((c) => c.name === "Version" || c.name === "VersionOverride")?.text;
    if (id && version && versions[id] === undefined) versions[id] = version;
  }
  // every AWSSDK.<Service> package of a major depends on AWSSDK.Core of that major (the SDK's
  // versioning: AWSSDK.S3 3.7.x → AWSSDK.Core ≥ 3.7 < 4.0): a service package's pin stands for Core's
  const aws = Object.entries(versions).find(([id]) => /^AWSSDK\.(?!Core$|Extensions\.)/.test(id));
  if (aws && versions["AWSSDK.Core"] === undefined) versions["AWSSDK.Core"] = aws[1];
  if (Object.keys(versions).length) facts.packageVersions = versions;
  return facts;
}
