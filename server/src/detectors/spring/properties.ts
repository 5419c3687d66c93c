/**
 * Spring Boot application*.properties.
 * PLACEHOLDER: Resilience4j instances arrive with the JVM part of the languages issue.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";

export function extractSpringProperties(path: string, _text: string): FileFacts {
  return emptyFacts(path, "properties");
}
