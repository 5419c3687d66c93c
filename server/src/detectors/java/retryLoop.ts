/**
 * Hand-rolled retry loops and retry helpers in Java and Kotlin: tree-sitter-java and
 * tree-sitter-kotlin lowered into the shared loop form (detectors/shared/loops/ir.ts), whose
 * analysis decides, counts and describes them for every language. This file only knows the JVM:
 * which calls sleep (`Thread.sleep`, `TimeUnit.X.sleep`, Kotlin `delay(ms)`, `Duration.ofX(…)`
 * arguments), which are bookkeeping (logging, `Math`, clocks, string and collection helpers), the
 * status of a response (`r.statusCode()`, `getStatusCode()`, OkHttp `code()`, `HttpStatus.X`),
 * 2xx checks (`isSuccessful()`, `is2xxSuccessful()`), catch types (`catch (IOException |
 * TimeoutException e)`, Kotlin `catch (e: IOException)`), and how each grammar spells loops
 * (`for (int i = 0; i < N; i++)`, `for (x : DELAYS)`, do-while, Kotlin `1..N`, `until`, `downTo`,
 * `repeat(N) { … }` with `return@repeat` going round again). Lambdas are other scopes in Java;
 * a Kotlin trailing lambda of a call statement runs in place (`runCatching { … }`).
 * Reactive `Mono.delay` is the Reactor detector's business.
 */
import { descendants } from "../../parsing/python";
import { detectLoops } from "../shared/loops/analyze";
import type { JvmContext } from "./context";
import type { Decl } from "./syntax";
import { JavaLowering } from "./retryLoopJava";
import { repeatCalls } from "./retryLoopJvm";
import { KotlinLowering } from "./retryLoopKotlin";

export function detectRetryLoops(ctx: JvmContext): void {
  const kotlin = ctx.file.language === "kotlin";
  const root = ctx.file.root;
  const loops = kotlin ? [...descendants(root, ["for_statement", "while_statement", "do_while_statement"]), ...repeatCalls(ctx)] : descendants(root, ["for_statement", "enhanced_for_statement", "while_statement", "do_statement"]);
  const lower = kotlin ? new KotlinLowering(ctx) : new JavaLowering(ctx, false);
  const fns = new Map<string, Decl>();
  for (const loop of loops) {
    const fn = lower.enclosing(loop)[0];
    if (fn) fns.set(fn.id, fn);
  }
  for (const d of ctx.file.decls) if ((d.kind === "method" || d.kind === "constructor") && ctx.file.calls.some((c) => c.scopeId === d.id && c.name === d.name && (c.receiver === null || (c.receiver.k === "name" && c.receiver.path === "this")))) fns.set(d.id, d);
  if (!fns.size) return;
  const functions = [...fns.values()].sort((a, b) => a.node.startIndex - b.node.startIndex).map((d) => lower.fn(d));
  detectLoops({
    language: lower.language(),
    functions,
    nextId: (_key, anchor) => ctx.nextId("L", anchor),
    layers: ctx.facts.layers,
    problems: ctx.facts.problems,
    facts: ctx.facts,
  });
}
