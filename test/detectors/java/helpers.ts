import { extractJava, extractKotlin } from "../../../server/src/detectors/java/index";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";

export type Lang = "java" | "kotlin";
export const LANGS: Lang[] = ["java", "kotlin"];

export async function java(text: string, path = "svc/src/main/java/com/shop/File.java"): Promise<FileFacts> {
  await initTreeSitter();
  return extractJava(path, text.replace(/^\n/, ""));
}

export async function kotlin(text: string, path = "svc/src/main/kotlin/com/shop/File.kt"): Promise<FileFacts> {
  await initTreeSitter();
  return extractKotlin(path, text.replace(/^\n/, ""));
}

export function extract(lang: Lang, text: string): Promise<FileFacts> {
  return lang === "java" ? java(text) : kotlin(text);
}

/** The only layer of some facts (fails loudly when there is not exactly one). */
export function only(facts: FileFacts): LayerFact {
  if (facts.layers.length !== 1) {
    throw new Error(`expected one layer, got ${facts.layers.length}: ${facts.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(", ")}; problems: ${facts.problems.map((p) => p.message).join("; ")}`);
  }
  return facts.layers[0]!;
}

/**
 * Java annotation arguments written the Kotlin way: nested `@Backoff(` → `Backoff(`,
 * `X.class` → `X::class`, `{a, b}` → `[a, b]`. Test-only convenience so each case is written once.
 */
export function kotlinArgs(javaArgs: string): string {
  return javaArgs.replace(/@(\w+)\(/g, "$1(").replace(/(\w+)\.class\b/g, "$1::class").replace(/\{/g, "[").replace(/\}/g, "]");
}

/**
 * A service class with one annotated method in the given language; the annotation sits on line 5
 * (imports on lines 2–3), the method on line 6.
 */
export function annotatedMethod(lang: Lang, imports: string[], annotation: string): string {
  const [imp1 = "", imp2 = ""] = imports;
  if (lang === "java") {
    return `package com.shop.orders;
${imp1 ? `import ${imp1};` : ""}
${imp2 ? `import ${imp2};` : ""}
public class InventoryClient {
    ${annotation}
    public String reserve(String sku) { return sku; }
}
`;
  }
  const kt = annotation.replace(/^(@[\w.]+)\((.*)\)$/s, (_, name: string, args: string) => `${name}(${kotlinArgs(args)})`);
  return `package com.shop.orders
${imp1 ? `import ${imp1}` : ""}
${imp2 ? `import ${imp2}` : ""}
class InventoryClient {
    ${kt}
    fun reserve(sku: String): String = sku
}
`;
}
