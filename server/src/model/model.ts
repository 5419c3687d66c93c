/**
 * The linked model: an immutable snapshot built from every file's facts.
 * Rules are pure functions of it; the CLI and the LSP server only convert it.
 */
import type { LayerFact, SourceSpan } from "./facts";

export type Severity = "error" | "warning" | "info" | "hint";

export interface Location {
  file: string;
  span: SourceSpan;
}

/** A retry layer with workspace-wide identity. */
export interface RetryLayer extends LayerFact {
  /** global id: `${file}#${localId}` */
  id: string;
  file: string;
  /** service that owns the file the layer is written in (null for a gateway) */
  service: string | null;
  /** targets of the calls it retries (sorted, unique) */
  targets: string[];
  /** one attempt = disabled: reported, never multiplies, never in a path */
  disabled: boolean;
  /** implicit default nobody configured (Istio sidecar default) */
  implicit: boolean;
  /**
   * the deployment variants the layer is applied in (engine/kustomize.ts): the kustomize builds
   * that apply its manifest; unset for a file in no build (its own variant, `file:<path>`)
   */
  variants?: string[];
}

/** A request site linked to its target. */
export interface LinkedCall {
  file: string;
  span: SourceSpan;
  method: string | null;
  protocol: "http" | "grpc" | "db" | "queue";
  idempotencyKey: boolean | null;
  /** per-attempt timeout: the call's, else its client's, else the library default; null = none or not a literal */
  timeoutSeconds: number | null;
  /** some timeout bounds each attempt (possibly one whose value is not a literal) */
  hasTimeout: boolean;
  /** "session.post" */
  callee: string;
  /** the library that sends it: "requests", "requests.Session", "httpx.Client", "axios", "psycopg" */
  library: string | null;
  /**
   * the URL path as far as it is known (`/api/products/`); `pathComplete` is false when a later
   * part is not known statically (`"/api/products/" + sku`). null: no URL path known.
   */
  path?: string | null;
  pathComplete?: boolean;
}

/**
 * caller → callee with the ordered layers wrapping it: caller's code layers (outermost first),
 * client layers, caller-side mesh. One hop per distinct layer chain.
 */
export interface Hop {
  caller: string;
  callee: string;
  /** every layer on the hop, disabled ones included, outermost first */
  layerIds: string[];
  calls: LinkedCall[];
  /** the caller is a gateway (edge proxy), not a service */
  fromGateway: boolean;
  /**
   * The caller's request handlers whose work sends this hop's calls (method + route as
   * written), so a path only continues through a service from the endpoint that was called
   * (engine/endpoints.ts). null: some entry that is not a routed handler (module code, a job,
   * a handler without a known route) sends them too — any request into the caller may lead here.
   */
  entryRoutes?: Array<{ method: string | null; route: string }> | null;
  /**
   * Every call of the hop is sent from a loop that runs for as long as the program does (a message
   * consumer's fetch loop, a poller), reached from no request handler: it is sent per message, so no
   * request into the caller continues into it; its paths start at the caller (engine/paths.ts).
   */
  perItemOnly?: true;
  /**
   * A hop with no known calls (a gateway route) that carries only the requests a mesh route's
   * condition matches (a Linkerd ServiceProfile route on a meshed ingress): the path goes on only
   * through the callee's handlers that condition can reach (engine/endpoints.ts).
   */
  requestCondition?: { method: string | null; pathRegex: string | null };
  /**
   * Mesh layers this hop took from one of several alternative manifests (engine/meshHops.ts): the
   * deployment variants whose manifests give it those layers (`chosen`) and every candidate
   * variant (`among`) — a kustomize build (`kustomize:<dir>`) or a manifest in no build
   * (`file:<path>`). A path that also holds a layer applied only in other candidate variants
   * belongs to those variants, not to a chosen one: it is not a path (engine/paths.ts).
   */
  alternatives?: Array<{ chosen: string[]; among: string[] }>;
  protocol: "http" | "grpc" | "db" | "queue";
}

export interface CallPath {
  /** active layer ids, outermost first */
  layers: string[];
  /** for each layer, the index (into `hops`) of the hop it wraps */
  layerHops: number[];
  /** product of maxAttempts; null when some layer is unbounded */
  product: number | null;
  /** innermost dependency */
  target: string;
  /** the entry (gateway or service nobody calls) and every service after it */
  services: string[];
  /** indexes into Model.hops, in order */
  hops: number[];
  /** some layer on the path is capped by a retry budget */
  budgeted: boolean;
  /** set only when path enumeration was capped (Model.problems says so): this is the worst chain from its entry to its target, and this many other chains between them are not listed (saturates at 10⁶) */
  others?: number;
}

export interface ServiceInfo {
  name: string;
  /** gateway pseudo-service (edge proxy config) */
  gateway: boolean;
  namespace: string | null;
  /** Istio sidecar injected, with the location that turns it on */
  injection: Location | null;
  /**
   * known to run without an Istio sidecar: the workload opts out, or its namespace is in the
   * workspace without injection turned on. Neither this nor `injection`: not known either way.
   */
  injectionOff?: boolean;
  /**
   * Kustomize builds that place the workload in other namespaces (a `namespace:` transformer,
   * engine/kustomize.ts), where injection differs: each candidate's injection (null: none) and
   * the builds (variant keys) it holds in. Unset when every build agrees with `injection`.
   */
  injectionVariants?: Array<{ injection: Location | null; variants: string[] }>;
  /**
   * the workload runs Istio's proxy as its own container (an ingress/egress gateway Deployment:
   * `image: auto` with the `gateway` injection template, or `proxyv2`): its retries are its
   * routes' (meshHops.ts), not a sidecar default of its own
   */
  istioProxy?: boolean;
  env: Record<string, string>;
  /**
   * Variables the service's manifests set to different values (alternative manifests of one
   * workload: a base deployment and a training variant, compose and Kubernetes): every value
   * seen, `env`'s first. The linker follows a call once per value its URL depends on.
   */
  envAlternatives?: Record<string, string[]>;
}

export interface RelatedLocation extends Location {
  message: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  file: string;
  span: SourceSpan;
  message: string;
  related: RelatedLocation[];
  /** layer the finding is about, when it is about a layer */
  layerId: string | null;
  /** path product the finding is about, when it is about a path */
  product?: number | null;
}

export interface Settings {
  /** RL001 fires when a path's product exceeds this */
  threshold: number;
  /** per-rule severity override or "off" */
  rules: Record<string, Severity | "off">;
  includeTests: boolean;
  /** service name → globs (paths) or host names */
  services: Record<string, string[]>;
  exclude: string[];
  /** dotted names of custom retry helpers declared in .retrylens.yaml */
  helpers: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  threshold: 3,
  rules: {},
  includeTests: false,
  services: {},
  exclude: [],
  helpers: [],
};

/** A client object (session, SDK client) with where it was built. */
export interface LinkedClient {
  file: string;
  span: SourceSpan;
  name: string;
  library: string;
  functionId: string;
  perCall: boolean;
  hasRetryQuota: boolean;
}

export interface Model {
  layers: RetryLayer[];
  clients: LinkedClient[];
  layerById: Map<string, RetryLayer>;
  hops: Hop[];
  paths: CallPath[];
  services: Map<string, ServiceInfo>;
  /** file → owning service */
  fileService: Map<string, string | null>;
  settings: Settings;
  /** problems found while linking (a capped path enumeration, engine/paths.ts) */
  problems?: Problem[];
}

export interface Problem {
  file: string;
  line: number | null;
  message: string;
}
