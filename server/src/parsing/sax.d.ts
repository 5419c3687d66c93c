// The part of sax 1.6 (isaacs/sax-js) that parsing/xml.ts uses; the package ships no types.
declare module "sax" {
  export interface Tag {
    name: string;
    attributes: Record<string, string>;
  }
  export interface SAXParser {
    line: number;
    error: Error | null;
    onopentag: (tag: Tag) => void;
    onclosetag: (name: string) => void;
    ontext: (text: string) => void;
    oncdata: (text: string) => void;
    onerror: (err: Error) => void;
    write(text: string): SAXParser;
    close(): SAXParser;
    resume(): SAXParser;
  }
  export function parser(strict: boolean, options?: { position?: boolean; trim?: boolean }): SAXParser;
}
