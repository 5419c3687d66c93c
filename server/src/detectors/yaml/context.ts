/**
 * What every YAML detector is handed: the parsed file, the facts being filled in, and the id
 * allocator that keeps local layer ids unique across detectors and documents of one file.
 */
import type { FileFacts } from "../../model/facts";
import { get, str, type YamlDocument, type YamlFile } from "../../parsing/yaml";

export interface YamlDetectorContext {
  /** workspace-relative path with '/' separators */
  path: string;
  file: YamlFile;
  facts: FileFacts;
  /**
   * a Helm partial (`templates/_*.yaml`) whose named templates are rendered in place: an object
   * named by a template action there is instantiated elsewhere under another name
   */
  partial?: boolean;
  /** a layer id unique in this file: "L<anchor line>", then "L<line>.2", "L<line>.3", … */
  layerId(anchorLine: number): string;
}

/** A detector reads one document and appends to `ctx.facts`. It may throw; the caller guards it. */
export type YamlDetector = (ctx: YamlDetectorContext, doc: YamlDocument) => void;

/** apiVersion + kind: a Kubernetes-style object (k8s built-ins and CRDs such as Istio's). */
export function kubernetesKind(doc: YamlDocument): { apiVersion: string; kind: string } | null {
  const apiVersion = str(doc, get(doc, doc.root, "apiVersion"));
  const kind = str(doc, get(doc, doc.root, "kind"));
  return apiVersion && kind ? { apiVersion, kind } : null;
}
