/**
 * Facts from a proxy configuration file: NGINX (`nginx.conf`, `*.conf` that proxy) or HAProxy
 * (`haproxy.cfg`, `*.cfg` with backends). Never throws: a syntax error becomes a problem.
 * Files that are neither (other `.conf`/`.cfg` files) give empty facts and no problem.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { configContext, hashSuppressions } from "./common";
import { detectHaproxy, looksLikeHaproxy, parseHaproxy } from "./haproxy";
import { detectNginx, looksLikeNginx, NginxSyntaxError, parseNginx } from "./nginx";

export function extractProxyConfig(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "proxy-config");
  const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const haproxy = base.includes("haproxy") || (base.endsWith(".cfg") && looksLikeHaproxy(text));
  const nginx = !haproxy && looksLikeNginx(text);
  if (!haproxy && !nginx) return facts;
  try {
    hashSuppressions(facts, text);
  } catch (err) {
    facts.problems.push({ line: 1, message: `suppression comments could not be read: ${(err as Error).message}` });
  }
  const ctx = configContext(path, facts);
  try {
    if (haproxy) detectHaproxy(ctx, parseHaproxy(text));
    else detectNginx(ctx, parseNginx(text));
  } catch (err) {
    const line = err instanceof NginxSyntaxError ? err.line : 1;
    facts.problems.push({ line, message: `${haproxy ? "HAProxy" : "NGINX"} configuration could not be read: ${(err as Error).message}` });
  }
  return facts;
}
