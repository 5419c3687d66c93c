/**
 * `.csproj` files: only their name and folder are used. An Aspire AppHost refers to a project as
 * `Projects.AspireShop_CatalogService`, a class generated from the project file's name
 * (`AspireShop.CatalogService.csproj`); engine/aspireHost.ts gives the files under that folder the
 * AppHost's resource name. The file's content is not read.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";

export function extractCsproj(path: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1).replace(/\.csproj$/i, "");
  if (name) facts.dotnet = { project: { name, dir: slash < 0 ? "" : path.slice(0, slash) } };
  return facts;
}
