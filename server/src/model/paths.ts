/**
 * Workspace-relative paths (always `/`-separated, no leading `/`; '' is the workspace root): the
 * folder of a file, whether a file lies in a folder's subtree, and joining a relative reference
 * without leaving the workspace. One copy of each, for every detector and linker.
 */

/** `a/b/c.yaml` → `a/b`; a file at the root → '' */
export function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/** `path` is `dir` itself or lies below it (every path lies below the root '') */
export function isUnder(dir: string, path: string): boolean {
  return dir === "" || path === dir || path.startsWith(`${dir}/`);
}

/** `a/b` + `../c/` → `a/c` (`.` and empty segments dropped); null when the reference leaves the workspace */
export function joinPath(dir: string, ref: string): string | null {
  const parts = dir ? dir.split("/") : [];
  for (const seg of ref.replace(/\\/g, "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}
