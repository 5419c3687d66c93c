/**
 * JSON files, routed by name: package.json (service manifest); every other .json the walker
 * lets through (see host/workspace.ts) goes to the detector for its kind.
 */
import type { FileFacts } from "../../model/facts";
import { emptyFacts } from "../../model/facts";
import { extractPackageJson } from "./packageJson";
import { APPSETTINGS_FILE, extractAppSettings } from "./appsettings";
import { extractTsConfig, TSCONFIG_FILE, withJsPackage } from "./tsconfig";
import { extractGrpcServiceConfigJson } from "./grpcServiceConfig";
import { extractLaunchSettings, LAUNCH_SETTINGS_FILE } from "./launchSettings";
import { extractPythonLock } from "./pythonPins";
export function extractJson(path: string, text: string): FileFacts {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "Pipfile.lock") return extractPythonLock(path, text);
  if (base === "package.json") return withJsPackage(extractPackageJson(path, text), path, text);
  if (APPSETTINGS_FILE.test(base)) return extractAppSettings(path, text);
  if (TSCONFIG_FILE.test(base)) return extractTsConfig(path, text);
  if (LAUNCH_SETTINGS_FILE.test(base)) return extractLaunchSettings(path, text);
  if (!/^(appsettings|[jt]sconfig)\b/i.test(base) && text.includes('"methodConfig"')) return extractGrpcServiceConfigJson(path, text);
  return emptyFacts(path, "json");
}
