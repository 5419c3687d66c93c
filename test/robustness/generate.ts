/**
 * Hostile inputs too big to commit, generated the same way every time (issue #11 "Acceptance"):
 * an Istio VirtualService whose routes share one `retries` anchor a thousand times, flow and
 * block nesting thousands deep, a 300,000-character line.
 */

/** An Istio VirtualService with `routes` HTTP routes sharing `retries: &r`: odd routes alias it, even ones merge it and override the timeout. */
export function anchorReferences(routes = 1000, host = "inventory"): string {
  const lines = [
    "apiVersion: networking.istio.io/v1beta1",
    "kind: VirtualService",
    "metadata:",
    `  name: ${host}`,
    "spec:",
    `  hosts: [${host}]`,
    "  http:",
    "  - name: route-0",
    "    match: [{uri: {prefix: /r0}}]",
    "    retries: &r {attempts: 3, perTryTimeout: 2s, retryOn: 5xx}",
    `    route: [{destination: {host: ${host}}}]`,
  ];
  for (let i = 1; i < routes; i++) {
    lines.push(`  - name: route-${i}`, `    match: [{uri: {prefix: /r${i}}}]`);
    if (i % 2) lines.push("    retries: *r");
    else lines.push("    retries:", "      <<: *r", `      perTryTimeout: ${(i % 7) + 1}s`);
    lines.push(`    route: [{destination: {host: ${host}}}]`);
  }
  return lines.join("\n") + "\n";
}

/** `retries: {a: {a: … 1 …}}` nested `depth` deep (a flow map) */
export function deepFlowMap(depth = 2000): string {
  return `apiVersion: v1\nkind: ConfigMap\nretries: ${"{a: ".repeat(depth)}1${"}".repeat(depth)}\n`;
}

/** block maps and sequences nested `depth` deep, a retry block at the bottom */
export function deepBlockNesting(depth = 1000): string {
  const lines = ["apiVersion: v1", "kind: ConfigMap"];
  for (let i = 0; i < depth; i++) lines.push(`${"  ".repeat(i)}${i % 3 === 2 ? "- " : ""}level${i}:`);
  lines.push(`${"  ".repeat(depth)}retries: {attempts: 3}`);
  return lines.join("\n") + "\n";
}

/** a Python module whose retry layer follows a 300,000-character line */
export function longLinePython(chars = 300_000): string {
  const filler = `BLOB = "${"x".repeat(chars - 10)}"`;
  return [
    "import requests",
    "from tenacity import retry, stop_after_attempt",
    filler,
    "",
    "@retry(stop=stop_after_attempt(4))",
    "def fetch_after_long_line():",
    '    return requests.get("http://long-line-upstream/items")',
    "",
  ].join("\n");
}
