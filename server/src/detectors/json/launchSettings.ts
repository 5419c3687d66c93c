/**
 * ASP.NET Core `Properties/launchSettings.json`: the URLs a project listens on when it is run
 * locally (`profiles.<name>.applicationUrl`, `;`-separated, and IIS Express's
 * `iisSettings.iisExpress.applicationUrl`). Another project's settings that call
 * `https://localhost:7242` call this one (engine/services.ts `localUrls`).
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { ts } from "../../parsing/typescript";
import { entries, member, parseJsonc, scalarText } from "./jsonc";

export const LAUNCH_SETTINGS_FILE = /^launchSettings\.json$/i;

export function extractLaunchSettings(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const file = parseJsonc(path, text, "launchSettings.json");
  if (file.problem || !file.root || !ts.isObjectLiteralExpression(file.root)) return facts;
  const urls: string[] = [];
  const add = (node: ts.Expression | undefined) => {
    const value = node ? scalarText(node) : null;
    for (const u of (value ?? "").split(";")) if (/^https?:\/\/[^/\s]+/i.test(u.trim())) urls.push(u.trim());
  };
  for (const [, profile] of entries(member(file.root, "profiles"))) add(member(profile, "applicationUrl"));
  add(member(member(member(file.root, "iisSettings"), "iisExpress"), "applicationUrl"));
  if (urls.length) facts.listenUrls = [...new Set(urls)];
  return facts;
}
