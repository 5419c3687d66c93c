/**
 * Hand-built analysis results for the reporter tests (the engine is tested elsewhere):
 * the seed checkout story — envoy route /checkout ×3 → reserve_stock ×3 → session ×3 = 27.
 */
import type { AnalysisResult } from "../../server/src/engine/analyze";
import type { SourceSpan } from "../../server/src/model/facts";
import type { CallPath, Finding, Model, RetryLayer, Settings } from "../../server/src/model/model";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import type { ReportInput } from "../../server/src/cli/report/common";

export function span(line: number, column = 0, endLine = line, endColumn = column + 5): SourceSpan {
  return { line, column, endLine, endColumn };
}

export function layer(over: Partial<RetryLayer> & Pick<RetryLayer, "id" | "file" | "label">): RetryLayer {
  return {
    localId: over.id.split("#")[1] ?? "L1",
    kind: "tenacity",
    category: "code",
    library: "tenacity",
    anchor: span(1),
    maxAttempts: 3,
    attemptsSource: "config",
    attemptsNote: "stop_after_attempt(3)",
    timeBound: null,
    wait: { kind: "fixed", jitter: false, initialSeconds: 0.5, maxSeconds: 0.5, source: "config", description: "fixed 0.5 s" },
    condition: {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: "every exception",
      honoursRetryAfter: null,
      description: "every exception",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "function", functionId: "f" },
    service: null,
    targets: [],
    disabled: false,
    implicit: false,
    ...over,
  };
}

export const GATEWAY = layer({
  id: "deploy/gateway/envoy.yaml#route0",
  file: "deploy/gateway/envoy.yaml",
  label: "route /checkout",
  kind: "envoy-route",
  category: "gateway",
  library: "envoy",
  anchor: span(23, 14, 27, 30),
  attemptsNote: "num_retries: 2 → 3 attempts",
  attach: { kind: "route" },
  targets: ["checkout"],
});

export const DECORATOR = layer({
  id: "checkout/inventory_client.py#L1",
  file: "checkout/inventory_client.py",
  label: "reserve_stock",
  anchor: span(10, 0, 10, 40),
  service: "checkout",
  targets: ["inventory"],
});

export const SESSION = layer({
  id: "platform/http.py#L1",
  file: "platform/http.py",
  label: "session",
  kind: "urllib3-retry",
  category: "client",
  library: "urllib3",
  anchor: span(6, 8, 11, 1),
  attemptsNote: "Retry(total=2) → 3 attempts",
  attach: { kind: "client" },
  service: "checkout",
  targets: ["inventory"],
});

export const UNBOUNDED = layer({
  id: "reports/worker.py#L1",
  file: "reports/worker.py",
  label: "poll",
  anchor: span(4),
  maxAttempts: null,
  attemptsSource: "default",
  attemptsNote: "bare @retry: no stop",
  service: "reports",
  targets: ["db"],
});

export const DISABLED = layer({
  id: "platform/http.py#L2",
  file: "platform/http.py",
  label: "admin_session",
  kind: "urllib3-retry",
  category: "client",
  library: "urllib3",
  anchor: span(20),
  maxAttempts: 1,
  disabled: true,
  service: "checkout",
});

export function path(layers: RetryLayer[], product: number | null, target: string, services: string[], budgeted = false): CallPath {
  return { layers: layers.map((l) => l.id), layerHops: layers.map((_, i) => i), product, target, services, hops: [], budgeted };
}

export function finding(over: Partial<Finding> & Pick<Finding, "rule" | "file" | "message">): Finding {
  return { severity: "warning", span: span(1), related: [], layerId: null, ...over };
}

export function checkoutResult(settings: Partial<Settings> = {}): AnalysisResult {
  const layers = [GATEWAY, DECORATOR, SESSION, UNBOUNDED, DISABLED];
  const paths = [
    path([DECORATOR, SESSION], 9, "inventory", ["checkout", "inventory"]),
    path([GATEWAY, DECORATOR, SESSION], 27, "inventory", ["envoy:deploy/gateway/envoy.yaml", "checkout", "inventory"]),
    path([UNBOUNDED], null, "db", ["reports", "db"]),
  ];
  const model: Model = {
    layers,
    clients: [],
    layerById: new Map(layers.map((l) => [l.id, l])),
    hops: [],
    paths,
    services: new Map(),
    fileService: new Map(),
    settings: { ...DEFAULT_SETTINGS, ...settings },
  };
  const findings: Finding[] = [
    finding({
      rule: "RL004",
      file: "platform/http.py",
      span: SESSION.anchor,
      message: "Retry(total=2) backs off without jitter.",
      layerId: SESSION.id,
    }),
    finding({
      rule: "RL009",
      file: "checkout/inventory_client.py",
      span: DECORATOR.anchor,
      message: "reserve_stock retries a session that already retries.",
      layerId: DECORATOR.id,
    }),
    finding({
      rule: "RL001",
      severity: "error",
      file: "checkout/inventory_client.py",
      span: DECORATOR.anchor,
      message: "27 calls reach inventory per checkout: envoy route /checkout ×3 → reserve_stock ×3 → session ×3",
      related: [
        { file: GATEWAY.file, span: GATEWAY.anchor, message: "envoy route /checkout ×3" },
        { file: SESSION.file, span: SESSION.anchor, message: "session ×3" },
      ],
      layerId: DECORATOR.id,
      product: 27,
    }),
    finding({
      rule: "RL002",
      severity: "info",
      file: "reports/worker.py",
      span: UNBOUNDED.anchor,
      message: "poll retries without a bound.",
      layerId: UNBOUNDED.id,
    }),
  ];
  return { model, findings, facts: [], problems: [{ file: "broken.py", line: 3, message: "syntax error; partial facts" }] };
}

export function checkoutInput(over: Partial<ReportInput> = {}): ReportInput {
  return {
    result: checkoutResult(),
    version: "9.9.9",
    files: 7,
    skipped: [{ path: "big.py", reason: "too-large", detail: "2097152 bytes" }],
    problems: [{ file: ".retrylens.yaml", line: 2, message: "threshold must be a number ≥ 1" }],
    ...over,
  };
}

// eslint-disable-next-line no-control-regex
export const ANSI_RE = /\u001b\[[0-9;]*[A-Za-z]/;
