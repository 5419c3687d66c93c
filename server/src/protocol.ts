/**
 * Custom requests and notifications between the Retry Lens language server and its clients,
 * imported by both sides (the extension and the server) so they cannot drift. Plain data only.
 *
 * - `retryLens/model` (request): the layer/path model for the tree view and status bar.
 * - `retryLens/modelChanged` (notification, server → client): sent after every analysis.
 * - `retryLens/rescan` (request): re-read every workspace folder from disk and analyse again.
 */
import { NotificationType, RequestType, RequestType0 } from "vscode-languageserver-protocol";

export interface RangeView {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface LayerView {
  id: string;
  /** file URI */
  uri: string;
  /** workspace-relative path */
  file: string;
  /** 1-based anchor line */
  line: number;
  range: RangeView;
  kind: string;
  library: string;
  category: "code" | "client" | "mesh" | "gateway";
  /** "reserve_stock", "envoy route /checkout" */
  name: string;
  maxAttempts: number | null;
  attemptsNote: string;
  service: string | null;
  targets: string[];
  disabled: boolean;
  implicit: boolean;
  /** why the layer is on no request path ("runs at startup from main()"), else null */
  offPath: string | null;
}

export interface PathView {
  /** stable within one model version */
  id: string;
  product: number | null;
  target: string;
  /** entry first */
  services: string[];
  /** layer ids, outermost first */
  layers: string[];
  /** "envoy route /checkout ×3 → reserve_stock ×3 → session ×3" */
  chain: string;
  budgeted: boolean;
}

export interface ServiceEdgeView {
  caller: string;
  callee: string;
  /** active layers on this hop, outermost first */
  layers: string[];
  /** product of this hop's layers */
  product: number | null;
}

export interface RetryModelView {
  version: number;
  threshold: number;
  /** the worst product of any path (null = unbounded); 1 when there are no paths */
  worstProduct: number | null;
  layers: LayerView[];
  /** worst first */
  paths: PathView[];
  edges: ServiceEdgeView[];
  findings: number;
  /** true while the first index of the workspace is still running */
  indexing: boolean;
}

export interface ModelChangedParams {
  version: number;
  worstProduct: number | null;
  threshold: number;
  paths: number;
  findings: number;
}

export const ModelRequest = new RequestType0<RetryModelView, void>("retryLens/model");
export const ModelChangedNotification = new NotificationType<ModelChangedParams>("retryLens/modelChanged");
export const RescanRequest = new RequestType0<ModelChangedParams, void>("retryLens/rescan");

/** Commands the server executes (workspace/executeCommand). */
export const SERVER_COMMANDS = {
  /** arguments: [url] — opens a rule's documentation (window/showDocument, external) */
  showRuleDocs: "retryLens.server.showRuleDocs",
} as const;

/** Commands the extension contributes; the server refers to them in code lenses. */
export const CLIENT_COMMANDS = {
  revealPath: "retryLens.revealPath",
  rescan: "retryLens.rescan",
  showWorstPaths: "retryLens.showWorstPaths",
  openRuleDocs: "retryLens.openRuleDocs",
  copyPath: "retryLens.copyPath",
} as const;

export const VIEW_IDS = {
  container: "retryLens",
  paths: "retryLens.paths",
  services: "retryLens.services",
} as const;

/** What the client passes in `initialize` (all optional: other editors send nothing). */
export interface InitializationOptions {
  /** a folder the server may keep its facts cache in (VS Code: the workspace storage), so a reopened workspace reuses facts */
  factsCacheDir?: string;
}

/** `retryLens.*` editor settings, as the client sends them (workspace/configuration). */
export interface EditorSettings {
  enable: boolean;
  threshold: number;
  rules: Record<string, "error" | "warning" | "info" | "hint" | "off">;
  exclude: string[];
  includeTests: boolean;
}
