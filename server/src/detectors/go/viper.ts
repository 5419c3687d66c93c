/**
 * Which configuration files a Go program loads into viper (github.com/spf13/viper), so the
 * linker can read `viper.GetInt("redis.maxRetries")` from them (engine/viperConfig.ts):
 * - `//go:embed config-dev` (a folder or files, relative to the Go file) in a file importing
 *   viper: the embedded files are what `viper.ReadConfig(bytes.NewBuffer(fs.ReadFile(…)))` reads;
 * - `viper.SetConfigFile("config/app.yaml")`: that file;
 * - `viper.AddConfigPath("./config")` with `viper.SetConfigName("config")`: `config.<ext>` there
 *   (viper v1 searches each config path for the name with each supported extension).
 * An embedded path is relative to the Go file; a SetConfigFile/AddConfigPath one to the working
 * folder, which is not known statically: the linker tries the Go file's folder and its module
 * root, and keeps what names workspace files.
 */
import type { GoContext } from "./context";
import { callArgs, calleeNode, descendants, dottedName, stringValue } from "./syntax";
import { VIPER } from "./values";
import { joinPath } from "../../model/paths";

export function detectViperConfig(ctx: GoContext): void {
  const pkg = ctx.importLocal(VIPER);
  if (!pkg) return;
  const dir = ctx.facts.path.includes("/") ? ctx.facts.path.slice(0, ctx.facts.path.lastIndexOf("/")) : "";
  const out: Array<{ path: string; name: string | null; workingDir?: true }> = [];
  // an absolute path (`/etc/app`) is no workspace file; a relative one of SetConfigFile/AddConfigPath
  // is relative to the working folder: the linker tries the module root too (workingDir)
  const add = (p: string, name: string | null, workingDir: boolean) => {
    if (/^[a-z]+:\/\//i.test(p) || p.startsWith("$") || p.startsWith("/")) return;
    const path = workingDir ? p : joinPath(dir, p);
    // a config folder outside the workspace holds nothing the workspace can show
    if (path !== null) out.push({ path, name, ...(workingDir ? { workingDir: true as const } : {}) });
  };
  for (const c of descendants(ctx.tree.rootNode, "comment")) {
    const m = /^\/\/go:embed\s+(.+)$/.exec(c.text.trim());
    if (!m) continue;
    for (const pattern of m[1]!.split(/\s+/)) {
      const p = pattern.replace(/^["`]|["`]$/g, "").replace(/^all:/, "");
      if (p && !/[*?[]/.test(p)) add(p, null, false);
    }
  }
  let names: string[] = [];
  const paths: string[] = [];
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    if (!callee.startsWith(`${pkg}.`)) continue;
    const arg = stringValue(callArgs(call)[0] ?? null);
    if (arg === null) continue;
    const member = callee.slice(pkg.length + 1);
    if (member === "SetConfigFile") add(arg, null, true);
    else if (member === "SetConfigName") names.push(arg);
    else if (member === "AddConfigPath") paths.push(arg);
  }
  names = [...new Set(names)];
  for (const p of paths) for (const name of names.length ? names : ["config"]) add(p, name, true);
  if (out.length) ctx.facts.viperConfig = out;
}
