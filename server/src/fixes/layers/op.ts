/** The operations a fix can ask of a retry layer, and what one yields. */
import type { FileCreate, FixEdit } from "../types";

export type LayerOp =
  /** randomise the delay (RL004) */
  | "jitter"
  /** exponential backoff with full jitter where there is no delay (RL003) */
  | "backoff"
  /** add a count bound (RL002) */
  | "stop"
  /** turn the layer off (one retry owner: RL001, RL009, RL010) */
  | "disable"
  /** retry only failures where the request was never sent (RL005 without a stable id) */
  | "preSendOnly"
  /** an edge route retries only pre-send failures (RL013) */
  | "narrowGateway"
  /** a retry budget on the upstream (RL011) */
  | "budget"
  /** lower the attempts to LayerOpContext.attempts (keeping one owner within the threshold) */
  | "cap";

export interface LayerEdit {
  title: string;
  edits: FixEdit[];
  creates?: FileCreate[];
  /**
   * the edit changes what callers see even where the rule's fix is otherwise safe (no longer
   * retrying writes at all, rather than only retrying failures before sending)
   */
  unsafe?: boolean;
}

/** What a layer operation may need beyond the layer: the libraries of the calls it retries. */
export interface LayerOpContext {
  callLibraries: string[];
  /** does a workspace file exist (so a new file does not overwrite one) */
  exists(file: string): boolean;
  /** namespace of a service, when a manifest says */
  namespaceOf(service: string): string | null;
  /** the total attempts "cap" lowers a layer to */
  attempts?: number;
  /** another workspace file's current text (settings written apart from the code: Resilience4j) */
  text?(file: string): string | undefined;
  /** every workspace file's path */
  files?: readonly string[];
}
