/**
 * openai-go and anthropic-sdk-go clients — docs/reference/openai-sdk.md (§ Go; openai-go 1.0–3.52,
 * anthropic-sdk-go `internal/requestconfig`).
 *
 * - `openai.NewClient(opts...)` (github.com/openai/openai-go, /v2, /v3) and `anthropic.NewClient(opts...)`
 *   (github.com/anthropics/anthropic-sdk-go) → a client layer anchored on the call; every request
 *   config starts from `MaxRetries: 2` → 3 attempts, so an unconfigured client is the implicit default.
 * - `option.WithMaxRetries(N)` among the arguments counts RETRIES → N+1; 0 → 1 (off).
 *   Per-request options (`client.Chat.Completions.New(ctx, p, option.WithMaxRetries(0))`) are not
 *   modelled: the client's count is reported.
 * - Wait: `min(0.5 s × 2^n, 8 s)` minus up to 25 % jitter; Retry-After-Ms / Retry-After under 1 min.
 * - Condition: connection errors, 408, 409, 429, ≥ 500 (x-should-retry overrides); not when the
 *   body cannot be rewound.
 * - Every method on the client (`client.Chat.Completions.New(…)`, `client.Messages.New(…)`) is a
 *   request to "openai" / "anthropic".
 */
import type { LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { llmCondition, llmWait } from "../shared/llmSdk";
import { defaultImportName, type GoContext } from "./context";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, nodeSpan, numberValue } from "./syntax";
import { boundName, linkServiceCalls } from "./values";

const PACKAGES: Array<[RegExp, "openai" | "anthropic"]> = [
  [/^github\.com\/openai\/openai-go(\/v\d+)?$/, "openai"],
  [/^github\.com\/anthropics\/anthropic-sdk-go$/, "anthropic"],
];
const OPTION_PACKAGE = /^github\.com\/(openai\/openai-go(\/v\d+)?|anthropics\/anthropic-sdk-go)\/option$/;
/** internal/requestconfig NewRequestConfig `MaxRetries: 2` */
export const GO_LLM_DEFAULT_RETRIES = 2;

export function detectLlmSdksGo(ctx: GoContext): void {
  const pkgs = new Map<string, "openai" | "anthropic">();
  for (const [re, vendor] of PACKAGES) {
    const imp = ctx.imports.find((i) => re.test(i.path));
    if (!imp) continue;
    // the packages are named `openai` / `anthropic`, not after the repository (`anthropic-sdk-go`);
    // an import written with a name keeps that name
    pkgs.set(imp.local === defaultImportName(imp.path) ? vendor : imp.local, vendor);
  }
  if (!pkgs.size) return;
  const option = ctx.importLocal(OPTION_PACKAGE) ?? "option";
  const clients = new Set<string>();
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const vendor = dot > 0 && callee.slice(dot + 1) === "NewClient" ? pkgs.get(callee.slice(0, dot)) : undefined;
    if (!vendor) continue;
    const localId = ctx.nextId("L", call);
    const name = boundName(ctx, call);
    ctx.facts.layers.push(layerFor(call, vendor, option, localId, name));
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: vendor === "openai" ? "openai-go" : "anthropic-sdk-go", timeoutSeconds: null, timeoutSet: false, layerIds: [localId] });
    client.sdk = { target: `sdk://${vendor}`, notSending: [] };
    clients.add(name);
  }
  if (clients.size) linkServiceCalls(ctx, clients);
}

function layerFor(call: SyntaxNode, vendor: "openai" | "anthropic", option: string, localId: string, name: string | null): LayerFact {
  const opt = callArgs(call).find((a) => a.type === "call_expression" && dottedName(calleeNode(a)) === `${option}.WithMaxRetries`);
  const arg = opt ? callArgs(opt)[0] : undefined;
  const n = arg ? numberValue(arg) : null;
  let maxAttempts: number | null;
  let note: string;
  if (!opt) {
    maxAttempts = GO_LLM_DEFAULT_RETRIES + 1;
    note = `default MaxRetries ${GO_LLM_DEFAULT_RETRIES} → ${maxAttempts} attempts (${vendor === "openai" ? "openai-go" : "anthropic-sdk-go"})`;
  } else if (n === null) {
    maxAttempts = null;
    note = `${option}.WithMaxRetries(${arg?.text ?? ""}) is not known statically`;
  } else {
    const retries = Math.max(0, Math.floor(n));
    maxAttempts = retries + 1;
    note = retries === 0 ? `${option}.WithMaxRetries(0) turns the SDK's retries off → 1 attempt` : `${option}.WithMaxRetries(${retries}) counts retries → ${maxAttempts} attempts`;
  }
  const wait = llmWait();
  return {
    localId,
    kind: vendor === "openai" ? "openai-sdk" : "anthropic-sdk",
    category: "client",
    library: vendor,
    anchor: nodeSpan(call),
    maxAttempts,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    attemptsSource: opt ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    wait: { ...wait, description: "min(0.5 s × 2^n, 8 s) minus up to 25 % jitter; Retry-After-Ms / Retry-After under 1 min honoured" },
    condition: llmCondition(),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: name ?? `${vendor} client`,
  };
}
