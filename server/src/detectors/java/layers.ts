/**
 * Shared pieces of the JVM layer detectors: annotation layers on a method (function attachment)
 * or on a class (every call of the class's methods, except calls to its own methods, which the
 * proxy does not intercept), waits and retry conditions described the same way everywhere.
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { fmtSeconds } from "../python/waits";
import type { JvmContext } from "./context";
import type { Annotation, Decl } from "./syntax";

export type LayerBase = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

/**
 * A retry annotation on a method or a class; anchored on the annotation's `@` line. A class-level
 * annotation skips the methods in `annotatedMethods` (their own annotation of the family wins).
 */
export function pushAnnotationLayer(ctx: JvmContext, target: Decl, ann: Annotation, base: LayerBase, annotatedMethods: ReadonlySet<string> = new Set()): void {
  const localId = ctx.nextId("L", ann.span);
  if (target.kind === "method") {
    ctx.facts.layers.push({ ...base, localId, anchor: ann.span, attach: { kind: "function", functionId: target.id }, label: target.name });
    return;
  }
  // class level: the methods' calls, skipping calls to the class's own methods (no proxy there)
  const own = new Set(ctx.file.decls.filter((d) => d.ownerId === target.id && d.kind === "method").map((d) => d.name));
  const callIds: string[] = [];
  for (const call of ctx.file.calls) {
    const id = ctx.callIds.get(call.node.id);
    if (!id || !(call.scopeId === target.id || call.scopeId.startsWith(`${target.id}.`))) continue;
    // the member of the class the call sits in (`Cls.method` for `Cls.method.lambda@…`)
    const member = `${target.id}.${call.scopeId.slice(target.id.length + 1).split(".")[0]}`;
    if (annotatedMethods.has(member)) continue;
    const selfCall = (call.receiver === null || (call.receiver.k === "name" && call.receiver.path === "this")) && own.has(call.name);
    if (!selfCall) callIds.push(id);
  }
  ctx.facts.layers.push({ ...base, localId, anchor: ann.span, attach: { kind: "block", functionId: target.id, callIds }, label: target.name });
}

/** Methods and classes (types) carrying an annotation accepted by `accept`; `methods`: ids of the annotated methods. */
export function annotated(ctx: JvmContext, accept: (a: Annotation) => boolean): Array<{ decl: Decl; ann: Annotation; methods: ReadonlySet<string> }> {
  const out: Array<{ decl: Decl; ann: Annotation; methods: Set<string> }> = [];
  const methods = new Set<string>();
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" && d.kind !== "class" && d.kind !== "object") continue;
    for (const a of d.annotations) {
      if (!accept(a)) continue;
      out.push({ decl: d, ann: a, methods });
      if (d.kind === "method") methods.add(d.id);
    }
  }
  return out;
}

export function fixedWait(ms: number, source: "config" | "default", suffix = ""): WaitSpec {
  if (ms === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: `no wait between attempts${suffix}` };
  return { kind: "fixed", jitter: false, initialSeconds: ms / 1000, maxSeconds: ms / 1000, source, description: `fixed ${fmtSeconds(ms / 1000)}${suffix}` };
}

export function exponentialWait(initialMs: number, multiplier: number, maxMs: number | null, jitter: boolean, source: "config" | "default", jitterText: string): WaitSpec {
  return {
    kind: "exponential",
    jitter,
    initialSeconds: initialMs / 1000,
    maxSeconds: maxMs === null ? null : maxMs / 1000,
    source,
    description: `exponential from ${fmtSeconds(initialMs / 1000)} (×${multiplier})${maxMs !== null ? `, max ${fmtSeconds(maxMs / 1000)}` : ", uncapped"}${jitter ? `, ${jitterText}` : ", no jitter"}`,
  };
}

/** A condition from the exception types an annotation or config names (none named = every exception). */
export function exceptionCondition(included: string[], excluded: string[], what: string): RetryCondition {
  const all = included.length === 0 || included.some((t) => t === "Exception" || t === "Throwable" || t === "java.lang.Exception" || t === "RuntimeException");
  return {
    allErrors: all,
    exceptionTypes: included,
    statuses: [],
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: all ? `every exception${excluded.length ? ` except ${excluded.join(", ")}` : ""} (${what})` : null,
    honoursRetryAfter: null,
    description: included.length ? `${what}: ${included.join(", ")}${excluded.length ? `; not ${excluded.join(", ")}` : ""}` : `${what}: every exception${excluded.length ? ` except ${excluded.join(", ")}` : ""}`,
  };
}

/** Callee of the call an annotated abstract method makes into its implementations (engine/resolveJvm.ts). */
export const IMPLEMENTATION_PREFIX = "@impl:";

/**
 * A retry annotation on an interface (or abstract) method applies to the implementing bean's
 * method (spring-retry finds annotations on interfaces): the abstract method gets one call to
 * `@impl:<name>`, which the resolver sends to the implementing class's method, so the layer
 * wraps what the implementation does.
 */
export function detectAbstractAnnotated(ctx: JvmContext): void {
  for (const l of ctx.facts.layers) {
    if (l.attach.kind !== "function") continue;
    const d = ctx.decl(l.attach.functionId);
    if (d?.kind !== "method" || !isAbstract(d) || ctx.facts.calls.some((c) => c.functionId === d.id)) continue;
    ctx.facts.calls.push({ id: ctx.nextId("C", d.span), span: d.span, functionId: d.id, callee: `${IMPLEMENTATION_PREFIX}${d.name}`, args: [] });
  }
}

function isAbstract(d: Decl): boolean {
  return !d.node.namedChildren.some((c) => c?.type === "block" || c?.type === "function_body") && !d.node.childForFieldName("body");
}
