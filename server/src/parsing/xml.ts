/**
 * XML (MSBuild project files, `Directory.Packages.props`) through sax 1.6, a real streaming parser,
 * into a small element tree with 1-based lines. Never throws: a malformed document yields the
 * elements read before and after the error (sax resumes) and one problem on the error's line.
 */
import { parser } from "sax";
import type { ProblemFact } from "../model/facts";

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** 1-based line of the start tag */
  line: number;
  /** the element's own text (children's text excluded), trimmed */
  text: string;
  children: XmlElement[];
}

export interface XmlDocument {
  /** the top-level elements (a well-formed document has one) */
  roots: XmlElement[];
  problems: ProblemFact[];
}

export function parseXml(text: string): XmlDocument {
  const doc: XmlDocument = { roots: [], problems: [] };
  const stack: XmlElement[] = [];
  const p = parser(true, { position: true });
  p.onopentag = (tag) => {
    const el: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, line: p.line + 1, text: "", children: [] };
    (stack.length ? stack[stack.length - 1]!.children : doc.roots).push(el);
    stack.push(el);
  };
  p.onclosetag = () => {
    const el = stack.pop();
    if (el) el.text = el.text.trim();
  };
  p.ontext = p.oncdata = (t) => {
    if (stack.length) stack[stack.length - 1]!.text += t;
  };
  p.onerror = (err) => {
    if (doc.problems.length === 0) doc.problems.push({ line: p.line + 1, message: `XML could not be read: ${err.message.split("\n")[0]}` });
    p.error = null;
    p.resume();
  };
  try {
    p.write(text).close();
  } catch (err) {
    if (doc.problems.length === 0) doc.problems.push({ line: p.line + 1, message: `XML could not be read: ${(err as Error).message.split("\n")[0]}` });
  }
  return doc;
}

/** Every element under `roots` (depth first), for lookups by name. */
export function* xmlElements(roots: readonly XmlElement[]): Generator<XmlElement> {
  for (const r of roots) {
    yield r;
    yield* xmlElements(r.children);
  }
}
