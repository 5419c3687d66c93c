/** Global ids the linker gives per-file facts: a layer `path#localId`, a function `path::id`. */
import type { FileFacts } from "../model/facts";

export const layerKey = (file: FileFacts | string, localId: string) => `${typeof file === "string" ? file : file.path}#${localId}`;
export const fnKey = (file: FileFacts, id: string) => `${file.path}::${id}`;
