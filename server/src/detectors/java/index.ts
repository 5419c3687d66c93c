/**
 * Java and Kotlin extraction (tree-sitter-java, tree-sitter-kotlin).
 * PLACEHOLDER: detectors arrive with the JVM part of the languages issue.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";

export function extractJava(path: string, _text: string): FileFacts {
  return emptyFacts(path, "java");
}

export function extractKotlin(path: string, _text: string): FileFacts {
  return emptyFacts(path, "kotlin");
}
