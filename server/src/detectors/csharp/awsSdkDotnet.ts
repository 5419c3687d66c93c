/**
 * AWS SDK for .NET (AWSSDK.* packages) — docs/reference/aws-sdk-dotnet.md.
 *
 * Modelled on AWSSDK **v3** (3.7.x; the `.csproj` PackageReference is not read, so v3 is assumed and
 * the note says so). Read in the stored aws/aws-sdk-net sources (v3.7 sdk/src/Core/Amazon.Runtime/
 * ClientConfig.cs, IClientConfig.cs; sdk/src/Services/DynamoDBv2/Generated/AmazonDynamoDBConfig.cs
 * at 3.7.203.10):
 * - `ClientConfig.RetryMode` defaults to `RequestRetryMode.Legacy`; `MaxErrorRetry` counts
 *   **retries**: Legacy 4 → **5 attempts**, Standard / Adaptive 2 → **3 attempts** (v3
 *   IClientConfig.MaxErrorRetry doc: "return 4 when the RetryMode is set to Legacy which is the
 *   default … Standard or Adaptive … 2"); `AWS_MAX_ATTEMPTS` (attempts, minus one) and
 *   `AWS_RETRY_MODE` apply when the code sets neither.
 * - DynamoDB: the `AmazonDynamoDBConfig` constructor sets `MaxErrorRetry = 10` → **11 attempts**
 *   whatever the mode (an explicit value: the environment does not change it).
 * - v4 (AWSSDK 4.x ClientConfig.cs): RetryMode defaults to Standard, `MaxRetriesDefault = 2` → 3
 *   attempts (recorded in the note; the pin is not read).
 *
 * Recognised: `new Amazon<Svc>Client(…)` in a file using `Amazon` / `Amazon.<Svc>` (config objects
 * `new Amazon<Svc>Config { MaxErrorRetry = n, RetryMode = RequestRetryMode.X }` passed inline or
 * through a variable of the file, with `cfg.MaxErrorRetry = n` assignments); clients injected as
 * parameters typed `IAmazon<Svc>` / `Amazon<Svc>Client` (registered with `AddAWSService<IAmazonS3>()`,
 * AWSSDK.Extensions.NETCore.Setup: one default layer per service and file, the registration's
 * `GetAWSOptions()` / appsettings "AWS" section not read). Every method called on such a client
 * (local, field, parameter) is a request to `aws:<service>`.
 */
import type { ClientFact, LayerFact } from "../../model/facts";
import { callParts, descendants, dottedName, initializerValues, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { awsEnvConfig, awsLayerLabel, awsRetryCondition, awsRetryLayer, awsSdkTarget, awsServiceOf, DOTNET_DYNAMODB_ATTEMPTS, DOTNET_V3_MODES, isDynamoDb, SERVER_5XX, standardModeWait } from "../shared/awsSdk";
import type { CsContext } from "./context";
import { bindingOf, callsOnClients, declarationOf } from "./dataClients";

export const AWS_DOTNET_LIBRARY = "AWSSDK";
/** MaxErrorRetry counts retries: the attempts of DOTNET_V3_MODES less the first try */
const V3_LEGACY_RETRIES = DOTNET_V3_MODES.legacy - 1;
const STANDARD_RETRIES = DOTNET_V3_MODES.standard - 1;
const DYNAMODB_RETRIES = DOTNET_DYNAMODB_ATTEMPTS - 1;
const NOT_SENDING = ["Config", "Dispose", "Paginators", "DetermineServiceOperationEndpoint", "GetPreSignedURL", "GetPreSignedURLAsync"];
const CLIENT_TYPE = /^I?Amazon(\w+?)Client$|^IAmazon(\w+)$/;
/** the part of the type name → the service name used by the other AWS families */
const SERVICE_NAMES: Record<string, string> = {
  SimpleNotificationService: "sns",
  SimpleEmailService: "ses",
  SimpleEmailServiceV2: "sesv2",
  SimpleSystemsManagement: "ssm",
  DynamoDBStreams: "dynamodbstreams",
  KinesisFirehose: "firehose",
  StepFunctions: "sfn",
};

function serviceOf(type: string | null): string | null {
  if (!type) return null;
  const last = type.slice(type.lastIndexOf(".") + 1).replace(/<.*$/, "");
  const m = CLIENT_TYPE.exec(last);
  const part = m ? (m[1] ?? m[2]) : undefined;
  // Amazon.Runtime's own types (`AmazonServiceClient`, `IAmazonService`) are no service
  if (!part || /Config$/.test(part) || part === "Service" || part === "WebService") return null;
  return SERVICE_NAMES[part] ?? part.toLowerCase();
}

interface Read {
  retries: number | null;
  retriesNode: SyntaxNode | null;
  mode: string | null;
  /** a config object was found (inline or a variable of the file) */
  configKnown: boolean;
}

export function detectAwsSdkDotnet(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const usesAws = descendants(root, "using_directive").some((u) => /^using\s+(static\s+)?(global::)?Amazon(\.|\s*;)/.test(u.text));
  if (!usesAws && !/\bAmazon\.\w+\.(I?Amazon)\w+/.test(root.text)) return;
  const clients: ClientFact[] = [];
  for (const creation of descendants(root, "object_creation_expression")) {
    const typeNode = creation.childForFieldName("type");
    const service = serviceOf(dottedName(typeNode));
    if (!service || !typeNode || /^I/.test((dottedName(typeNode) ?? "").split(".").pop() ?? "")) continue;
    const read = readConfig(ctx, callParts(creation).positional);
    const name = bindingOf(creation);
    const localId = ctx.nextId("L", typeNode);
    ctx.facts.layers.push(layer(service, read, `${name?.replace(/^this\./, "") ?? `new ${typeNode.text}(…)`}`, localId, typeNode, false));
    // a field's initializer is a function of its own (`Ns.Class._s3`): the client takes the field's qualified name, which the resolver tries first
    const field = fieldOf(creation);
    if (name) clients.push(addClient(ctx, field && !name.includes(".") ? `${ctx.scopeId(field)}.${name}` : name, creation, [localId], service));
  }
  // injected clients: `public Svc(IAmazonS3 s3)`, `app.MapGet("/x", async (IAmazonS3 s3) => …)`
  const injectedLayer = new Map<string, string>();
  for (const p of descendants(root, "parameter")) {
    const typeNode = p.childForFieldName("type");
    const service = serviceOf(dottedName(typeNode));
    const name = p.childForFieldName("name")?.text;
    if (!service || !typeNode || !name || clients.some((c) => c.name === name && c.functionId === ctx.scopeId(p))) continue;
    let localId = injectedLayer.get(service);
    if (!localId) {
      localId = ctx.nextId("L", typeNode);
      injectedLayer.set(service, localId);
      ctx.facts.layers.push(layer(service, { retries: null, retriesNode: null, mode: null, configKnown: false }, `${typeNode.text} ${name} (injected)`, localId, typeNode, true));
    }
    clients.push(addClient(ctx, name, p, [localId], service));
  }
  // `_s3 = s3;` in a constructor: the field holds the injected client
  for (const a of descendants(root, "assignment_expression")) {
    const right = a.childForFieldName("right");
    const left = dottedName(a.childForFieldName("left"));
    if (right?.type !== "identifier" || !left) continue;
    const from = clients.find((c) => c.name === right.text && ctx.scopeId(a).startsWith(c.functionId));
    if (from && !clients.some((c) => c.name === left)) clients.push(addClient(ctx, left, a, [...from.layerIds], awsServiceOf(from.sdk!.target)));
  }
  callsOnClients(ctx, clients.map((c) => ({ ...c, name: c.name.slice(c.name.lastIndexOf(".") + 1) })));
}

/** `new AmazonS3Config { MaxErrorRetry = 2, RetryMode = RequestRetryMode.Standard }` among the constructor's arguments */
function readConfig(ctx: CsContext, args: SyntaxNode[]): Read {
  const read: Read = { retries: null, retriesNode: null, mode: null, configKnown: false };
  for (const arg of args) {
    let creation: SyntaxNode | null = arg.type === "object_creation_expression" ? arg : null;
    const varName = arg.type === "identifier" ? arg.text : null;
    if (varName) creation = declarationOf(ctx, varName);
    if (!creation || creation.type !== "object_creation_expression" || !/^Amazon\w+Config$/.test((dottedName(creation.childForFieldName("type")) ?? "").split(".").pop() ?? "")) continue;
    read.configKnown = true;
    const values = initializerValues(creation);
    const take = (key: string, v: SyntaxNode) => {
      if (key === "MaxErrorRetry") {
        read.retriesNode = v;
        read.retries = numberValue(v);
      } else if (key === "RetryMode") read.mode = (dottedName(v) ?? v.text).split(".").pop()!.toLowerCase();
    };
    for (const [k, v] of values) take(k, v);
    if (varName) {
      for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
        const left = dottedName(a.childForFieldName("left")) ?? "";
        const right = a.childForFieldName("right");
        if (right && left.startsWith(`${varName}.`)) take(left.slice(varName.length + 1), right);
      }
    }
  }
  return read;
}

function layer(service: string, read: Read, label: string, localId: string, anchor: SyntaxNode, injected: boolean): LayerFact {
  const dynamo = isDynamoDb(service);
  const written = read.retriesNode !== null;
  const standard = read.mode === "standard" || read.mode === "adaptive";
  const defRetries = dynamo ? DYNAMODB_RETRIES : standard ? STANDARD_RETRIES : V3_LEGACY_RETRIES;
  const retries = written ? read.retries : defRetries;
  const attempts = retries === null ? null : Math.max(1, retries + 1);
  const v3 = "AWSSDK v3's value (v4's DynamoDB default was not verified)";
  const where = injected ? "injected (AddAWSService: its GetAWSOptions()/appsettings \"AWS\" options are not read)" : read.configKnown ? "" : "no config object";
  const note = written
    ? retries === null
      ? `MaxErrorRetry = ${read.retriesNode!.text} (not a literal; counts retries)`
      : `MaxErrorRetry = ${retries} counts retries → ${attempts} attempt${attempts === 1 ? "" : "s"}`
    : dynamo
      ? `default MaxErrorRetry 10 for DynamoDB → 11 attempts (AmazonDynamoDBConfig constructor); ${v3}`
      : standard
        ? `RetryMode ${read.mode}: default MaxErrorRetry ${STANDARD_RETRIES} → 3 attempts (ClientConfig MaxRetriesDefault, v3 and v4)`
        : `default RetryMode Legacy, MaxErrorRetry ${V3_LEGACY_RETRIES} → 5 attempts (AWSSDK v3 ClientConfig)`;
  const envApplies = !written && !dynamo;
  // the whole default (no mode, no count) changed in v4: Standard mode, MaxRetriesDefault 2 → 3
  // attempts (v4 ClientConfig). The project's pin decides (engine/sdkVersions.ts, ecosystem nuget);
  // every AWSSDK.<Service> package of a major depends on AWSSDK.Core of that major, so the
  // service package's pin stands for Core's (detectors/csharp/projectFile.ts)
  const versioned = !written && !dynamo && read.mode === null && !injected;
  return awsRetryLayer({
    localId,
    kind: "aws-sdk-dotnet",
    library: AWS_DOTNET_LIBRARY,
    anchor: nodeSpan(anchor),
    label: awsLayerLabel(label, service),
    maxAttempts: attempts,
    source: written || read.mode !== null ? "config" : "default",
    note: where ? `${note}; ${where}` : note,
    // AWS_MAX_ATTEMPTS counts attempts; AWS_RETRY_MODE picks the mode's default (v3 ClientConfig.MaxErrorRetry)
    ...(envApplies ? { envConfig: awsEnvConfig(read.mode === null ? DOTNET_V3_MODES : undefined) } : {}),
    ...(versioned
      ? {
          versionDefaults: {
            package: "AWSSDK.Core",
            ecosystem: "nuget" as const,
            assumedMajor: 3,
            byMajor: [
              { fromMajor: 3, maxAttempts: DOTNET_V3_MODES.legacy, note: where ? `${note}; ${where}` : note },
              {
                fromMajor: 4,
                maxAttempts: DOTNET_V3_MODES.standard,
                note: `default RetryMode Standard, MaxErrorRetry ${STANDARD_RETRIES} → 3 attempts (AWSSDK v4 ClientConfig MaxRetriesDefault)${where ? `; ${where}` : ""}`,
                wait: standardModeWait(),
              },
            ],
          },
        }
      : {}),
    wait: standard
      ? standardModeWait()
      // Amazon.Runtime.Internal DefaultRetryPolicy.WaitBeforeRetry: 4^retries × 100 ms, max 30 s (_maxBackoffInMilliseconds)
      : { kind: "exponential", jitter: false, initialSeconds: 0.1, maxSeconds: 30, source: "default", description: "4^retry × 100 ms, max 30 s (legacy DefaultRetryPolicy)" },
    condition: awsRetryCondition({
      exceptionTypes: ["connection errors", "timeouts"],
      statuses: SERVER_5XX,
      honoursRetryAfter: false,
      description: "connection errors, timeouts, 500/502/503/504 and throttling codes, every operation",
    }),
    // DefaultRetryPolicy CapacityManager(THROTTLED_RETRIES 100, THROTTLE_RETRY_REQUEST_COST 5, THROTTLE_REQUEST_COST 1)
    budget: standard ? "retry quota per endpoint (standard mode)" : "retry capacity per endpoint (ThrottleRetries, on by default): 100 tokens, 5 per retry",
  });
}

function addClient(ctx: CsContext, name: string, at: SyntaxNode, layerIds: string[], service: string): ClientFact {
  const client: ClientFact = {
    id: ctx.nextId("K", at),
    name,
    functionId: scopeOf(ctx, at),
    span: nodeSpan(at),
    library: AWS_DOTNET_LIBRARY,
    baseUrl: null,
    layerIds,
    fromCall: null,
    perCall: false,
    hasRetryQuota: true,
    timeoutSeconds: null,
    timeoutSet: false,
    sdk: awsSdkTarget(service, NOT_SENDING),
  };
  ctx.facts.clients.push(client);
  return client;
}

/** a field's initializer (`private readonly IAmazonS3 _s3 = new AmazonS3Client();`) is seen from the whole class */
function scopeOf(ctx: CsContext, at: SyntaxNode): string {
  const field = fieldOf(at);
  return field ? ctx.scopeId(field) : ctx.scopeId(at);
}
function fieldOf(at: SyntaxNode): SyntaxNode | null {
  for (let p = at.parent; p; p = p.parent) {
    if (p.type === "field_declaration" || p.type === "property_declaration") return p;
    if (p.type === "method_declaration" || p.type === "constructor_declaration" || p.type === "class_declaration" || p.type === "local_function_statement") break;
  }
  return null;
}

