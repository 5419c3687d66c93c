/**
 * Endpoint matching: a path continues through a service only from the endpoint the previous hop
 * called. A call `GET http://catalog/api/products/42` reaches catalog's `GET /api/products/<sku>`
 * handler, not its `POST /api/products/<sku>/holds`, so hops sent only by the holds handler do not
 * follow it. Matching is deliberately forgiving — a false link only adds a path, a missed link
 * hides a storm:
 * - unknown method on either side, an unknown or partly known URL path, a non-HTTP call, or a hop
 *   sent from an entry without a route all match;
 * - routes compare by their last segments, so a router mount prefix the detector did not see
 *   (`app.use("/api", router)`, a blueprint `url_prefix`, a gateway rewrite) does not break the link;
 * - route parameters in any framework's spelling (`<sku>`, `<int:id>`, `{sku}`, `:sku`, `*`) match
 *   any one segment; a trailing `**`/`{*rest}`/`<path:p>` matches the rest.
 * A hop sent only from a consumer's message loop (Hop.perItemOnly) is no continuation of any request.
 */
import type { Hop, LinkedCall } from "../model/model";

type Segment = { kind: "literal"; text: string } | { kind: "param" } | { kind: "rest" };

function segmentsOfRoute(route: string): Segment[] {
  return pathSegments(route).map((seg): Segment => {
    if (seg === "**" || /^\{\*.*\}$/.test(seg) || /^<path:[^>]+>$/.test(seg) || /^\*\w+$/.test(seg)) return { kind: "rest" };
    if (seg === "*" || /^<[^>]+>$/.test(seg) || /^\{[^}]+\}$/.test(seg) || /^:\w+\??$/.test(seg) || /^\[[^\]]+\]$/.test(seg)) return { kind: "param" };
    return { kind: "literal", text: seg.toLowerCase() };
  });
}

/** `/api/products/42?x=1` → ["api", "products", "42"]; a full URL loses its scheme and host. */
function pathSegments(path: string): string[] {
  let p = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  p = p.replace(/[?#].*$/, "");
  // Go 1.22 patterns and some routers write the method first: "POST /orders"
  p = p.replace(/^[A-Z]+\s+/, "");
  return p.split("/").filter((s) => s.length > 0);
}

/** Does a request path (fully known) reach a handler route? Compared from the end. */
export function routeMatchesPath(route: string, path: string): boolean {
  const want = segmentsOfRoute(route);
  const have = pathSegments(path).map((s) => s.toLowerCase());
  const restAt = want.findIndex((s) => s.kind === "rest");
  if (restAt >= 0) {
    // a catch-all: the segments before it must appear, in order, somewhere in the path
    const head = want.slice(0, restAt);
    for (let start = 0; start + head.length <= have.length; start++) {
      if (head.every((seg, i) => seg.kind !== "literal" || seg.text === have[start + i])) return true;
    }
    return head.length === 0;
  }
  if (want.length > have.length) return false;
  const offset = have.length - want.length;
  return want.every((seg, i) => seg.kind !== "literal" || seg.text === have[offset + i]);
}

function methodsMatch(a: string | null, b: string | null): boolean {
  if (!a || !b) return true;
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  // a route registered for every method (Flask @route without methods, `ANY`, `*`)
  return x === y || x === "ANY" || y === "ANY" || x === "*" || y === "*" || (x === "HEAD" && y === "GET");
}

function callReaches(call: LinkedCall, entry: { method: string | null; route: string }): boolean {
  // a job-queue task sent to a worker reaches that task only (engine/jobQueues.ts)
  if (call.protocol === "queue") return entry.method === "TASK" && (!call.path || routeMatchesPath(entry.route, call.path));
  if (call.protocol !== "http") return true;
  if (!methodsMatch(call.method, entry.method)) return false;
  if (!call.path || call.pathComplete === false) return true;
  return routeMatchesPath(entry.route, call.path);
}

/** Can a path go on from `into` (a hop into some service) to `next` (a hop out of it)? */
export function hopsConnect(into: Hop, next: Hop): boolean {
  // sent per message from a consumer loop: no request into the service leads there
  if (next.perItemOnly) return false;
  const entries = next.entryRoutes;
  if (!entries || entries.length === 0) return true;
  // a gateway route for the requests a mesh route's condition matches: the handlers it can reach
  if (into.calls.length === 0 && into.requestCondition) return entries.some((e) => conditionReaches(into.requestCondition!, e));
  // a gateway route, or a hop whose calls are not known, may reach any endpoint
  if (into.calls.length === 0) return true;
  return into.calls.some((c) => entries.some((e) => callReaches(c, e)));
}

/**
 * Can requests a route condition matches (method, a regex over the whole path) reach a handler
 * route? A literal path is compared as a request path (routeMatchesPath: parameters, an unseen
 * mount prefix); a pattern is tried on the route written as a path (each parameter one segment);
 * a regex that does not compile matches.
 */
function conditionReaches(condition: NonNullable<Hop["requestCondition"]>, entry: { method: string | null; route: string }): boolean {
  if (!methodsMatch(condition.method, entry.method)) return false;
  if (!condition.pathRegex) return true;
  const text = condition.pathRegex.replace(/^\^/, "").replace(/\$$/, "");
  const literal = text.replace(/\\([^A-Za-z0-9])/g, "$1");
  if (!/[.*+?()[\]{}|\\]/.test(text.replace(/\\[^A-Za-z0-9]/g, ""))) return routeMatchesPath(entry.route, literal);
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${text})$`, "i");
  } catch {
    return true;
  }
  const segments = segmentsOfRoute(entry.route);
  if (segments.some((s) => s.kind === "rest")) return true;
  return regex.test("/" + segments.map((s) => (s.kind === "literal" ? s.text : "x")).join("/")) || regex.test(entry.route);
}

/** Merges what one more entry contributes to a hop's entry routes (null = any entry). */
export function mergeEntryRoutes(
  a: Hop["entryRoutes"],
  b: Hop["entryRoutes"],
): Hop["entryRoutes"] {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const out = [...a];
  for (const e of b) if (!out.some((x) => x.method === e.method && x.route === e.route)) out.push(e);
  return out;
}
