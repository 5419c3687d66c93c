/**
 * The part of the SARIF 2.1.0 JSON schema (sarif-schema-2.1.0.json, OASIS) that covers every
 * object Retry Lens writes, transcribed with its property names, required fields, enums,
 * minimums and `additionalProperties: false`, plus a small validator for it. The full schema
 * cannot be downloaded here; the types in @types/sarif check the same shapes at compile time.
 */

export type SchemaNode = {
  $ref?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  required?: string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  enum?: unknown[];
  minimum?: number;
  minItems?: number;
  uniqueItems?: boolean;
  format?: "uri" | "uri-reference";
  anyOf?: SchemaNode[];
};

const any: SchemaNode = {};
const str: SchemaNode = { type: "string" };
const int: SchemaNode = { type: "integer" };
const bool: SchemaNode = { type: "boolean" };
const uri: SchemaNode = { type: "string", format: "uri" };
const uriRef: SchemaNode = { type: "string", format: "uri-reference" };
const ref = (name: string): SchemaNode => ({ $ref: name });
const arrayOf = (items: SchemaNode, extra: Partial<SchemaNode> = {}): SchemaNode => ({ type: "array", items, ...extra });
const props = ref("propertyBag");

export const SARIF_DEFINITIONS: Record<string, SchemaNode> = {
  sarifLog: {
    type: "object",
    required: ["version", "runs"],
    additionalProperties: false,
    properties: {
      $schema: uri,
      version: { enum: ["2.1.0"] },
      runs: arrayOf(ref("run")),
      inlineExternalProperties: arrayOf(any),
      properties: props,
    },
  },
  propertyBag: {
    type: "object",
    additionalProperties: true,
    properties: { tags: arrayOf(str, { uniqueItems: true }) },
  },
  run: {
    type: "object",
    required: ["tool"],
    additionalProperties: false,
    properties: {
      tool: ref("tool"),
      invocations: arrayOf(ref("invocation")),
      conversion: any,
      language: str,
      versionControlProvenance: arrayOf(any),
      originalUriBaseIds: { type: "object", additionalProperties: ref("artifactLocation") },
      artifacts: arrayOf(any),
      logicalLocations: arrayOf(any),
      graphs: arrayOf(any),
      results: arrayOf(ref("result")),
      automationDetails: any,
      runAggregates: arrayOf(any),
      baselineGuid: str,
      redactionTokens: arrayOf(str),
      defaultEncoding: str,
      defaultSourceLanguage: str,
      newlineSequences: arrayOf(str),
      columnKind: { enum: ["utf16CodeUnits", "unicodeCodePoints"] },
      externalPropertyFileReferences: any,
      threadFlowLocations: arrayOf(any),
      taxonomies: arrayOf(any),
      addresses: arrayOf(any),
      translations: arrayOf(any),
      policies: arrayOf(any),
      webRequests: arrayOf(any),
      webResponses: arrayOf(any),
      specialLocations: any,
      properties: props,
    },
  },
  tool: {
    type: "object",
    required: ["driver"],
    additionalProperties: false,
    properties: { driver: ref("toolComponent"), extensions: arrayOf(ref("toolComponent")), properties: props },
  },
  toolComponent: {
    type: "object",
    required: ["name"],
    additionalProperties: false,
    properties: {
      guid: str,
      name: str,
      organization: str,
      product: str,
      productSuite: str,
      shortDescription: ref("multiformatMessageString"),
      fullDescription: ref("multiformatMessageString"),
      fullName: str,
      version: str,
      semanticVersion: str,
      dottedQuadFileVersion: str,
      releaseDateUtc: str,
      downloadUri: uri,
      informationUri: uri,
      globalMessageStrings: { type: "object", additionalProperties: ref("multiformatMessageString") },
      notifications: arrayOf(ref("reportingDescriptor")),
      rules: arrayOf(ref("reportingDescriptor")),
      taxa: arrayOf(ref("reportingDescriptor")),
      locations: arrayOf(ref("artifactLocation")),
      language: str,
      contents: arrayOf({ enum: ["localizedData", "nonLocalizedData"] }),
      isComprehensive: bool,
      localizedDataSemanticVersion: str,
      minimumRequiredLocalizedDataSemanticVersion: str,
      associatedComponent: any,
      translationMetadata: any,
      supportedTaxonomies: arrayOf(any),
      properties: props,
    },
  },
  reportingDescriptor: {
    type: "object",
    required: ["id"],
    additionalProperties: false,
    properties: {
      id: str,
      deprecatedIds: arrayOf(str),
      guid: str,
      deprecatedGuids: arrayOf(str),
      name: str,
      deprecatedNames: arrayOf(str),
      shortDescription: ref("multiformatMessageString"),
      fullDescription: ref("multiformatMessageString"),
      messageStrings: { type: "object", additionalProperties: ref("multiformatMessageString") },
      defaultConfiguration: ref("reportingConfiguration"),
      helpUri: uri,
      help: ref("multiformatMessageString"),
      relationships: arrayOf(any),
      properties: props,
    },
  },
  reportingConfiguration: {
    type: "object",
    additionalProperties: false,
    properties: {
      enabled: bool,
      level: { enum: ["none", "note", "warning", "error"] },
      rank: { type: "number", minimum: -1 },
      parameters: props,
      properties: props,
    },
  },
  multiformatMessageString: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: { text: str, markdown: str, properties: props },
  },
  message: {
    type: "object",
    additionalProperties: false,
    anyOf: [{ required: ["text"] }, { required: ["id"] }],
    properties: { text: str, markdown: str, id: str, arguments: arrayOf(str), properties: props },
  },
  invocation: {
    type: "object",
    required: ["executionSuccessful"],
    additionalProperties: false,
    properties: {
      commandLine: str,
      arguments: arrayOf(str),
      responseFiles: arrayOf(ref("artifactLocation")),
      startTimeUtc: str,
      endTimeUtc: str,
      exitCode: int,
      ruleConfigurationOverrides: arrayOf(any),
      notificationConfigurationOverrides: arrayOf(any),
      toolExecutionNotifications: arrayOf(ref("notification")),
      toolConfigurationNotifications: arrayOf(ref("notification")),
      exitCodeDescription: str,
      exitSignalName: str,
      exitSignalNumber: int,
      processStartFailureMessage: str,
      executionSuccessful: bool,
      machine: str,
      account: str,
      processId: int,
      executableLocation: ref("artifactLocation"),
      workingDirectory: ref("artifactLocation"),
      environmentVariables: { type: "object", additionalProperties: str },
      stdin: ref("artifactLocation"),
      stdout: ref("artifactLocation"),
      stderr: ref("artifactLocation"),
      stdoutStderr: ref("artifactLocation"),
      properties: props,
    },
  },
  notification: {
    type: "object",
    required: ["message"],
    additionalProperties: false,
    properties: {
      locations: arrayOf(ref("location")),
      message: ref("message"),
      level: { enum: ["none", "note", "warning", "error"] },
      threadId: int,
      timeUtc: str,
      exception: any,
      descriptor: any,
      associatedRule: any,
      properties: props,
    },
  },
  result: {
    type: "object",
    required: ["message"],
    additionalProperties: false,
    properties: {
      ruleId: str,
      ruleIndex: { type: "integer", minimum: -1 },
      rule: any,
      kind: { enum: ["notApplicable", "pass", "fail", "review", "open", "informational"] },
      level: { enum: ["none", "note", "warning", "error"] },
      message: ref("message"),
      analysisTarget: ref("artifactLocation"),
      locations: arrayOf(ref("location")),
      guid: str,
      correlationGuid: str,
      occurrenceCount: { type: "integer", minimum: 1 },
      partialFingerprints: { type: "object", additionalProperties: str },
      fingerprints: { type: "object", additionalProperties: str },
      stacks: arrayOf(any),
      codeFlows: arrayOf(any),
      graphs: arrayOf(any),
      graphTraversals: arrayOf(any),
      relatedLocations: arrayOf(ref("location")),
      suppressions: arrayOf(any),
      baselineState: { enum: ["new", "unchanged", "updated", "absent"] },
      rank: { type: "number", minimum: -1 },
      attachments: arrayOf(any),
      hostedViewerUri: uri,
      workItemUris: arrayOf(uri),
      provenance: any,
      fixes: arrayOf(any),
      taxa: arrayOf(any),
      webRequest: any,
      webResponse: any,
      properties: props,
    },
  },
  location: {
    type: "object",
    additionalProperties: false,
    properties: {
      id: { type: "integer", minimum: -1 },
      physicalLocation: ref("physicalLocation"),
      logicalLocations: arrayOf(any),
      message: ref("message"),
      annotations: arrayOf(ref("region")),
      relationships: arrayOf(any),
      properties: props,
    },
  },
  physicalLocation: {
    type: "object",
    additionalProperties: false,
    anyOf: [{ required: ["address"] }, { required: ["artifactLocation"] }],
    properties: {
      address: any,
      artifactLocation: ref("artifactLocation"),
      region: ref("region"),
      contextRegion: ref("region"),
      properties: props,
    },
  },
  artifactLocation: {
    type: "object",
    additionalProperties: false,
    properties: { uri: uriRef, uriBaseId: str, index: { type: "integer", minimum: -1 }, description: ref("message"), properties: props },
  },
  region: {
    type: "object",
    additionalProperties: false,
    properties: {
      startLine: { type: "integer", minimum: 1 },
      startColumn: { type: "integer", minimum: 1 },
      endLine: { type: "integer", minimum: 1 },
      endColumn: { type: "integer", minimum: 1 },
      charOffset: { type: "integer", minimum: -1 },
      charLength: { type: "integer", minimum: 0 },
      byteOffset: { type: "integer", minimum: -1 },
      byteLength: { type: "integer", minimum: 0 },
      snippet: any,
      message: ref("message"),
      sourceLanguage: str,
      properties: props,
    },
  },
};

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Validates `value` against `node`; returns "path: problem" strings (empty = valid). */
export function validate(value: unknown, node: SchemaNode = { $ref: "sarifLog" }, at = "$"): string[] {
  if (node.$ref) {
    const def = SARIF_DEFINITIONS[node.$ref];
    if (!def) return [`${at}: unknown definition ${node.$ref}`];
    return validate(value, def, at);
  }
  const errors: string[] = [];
  const t = typeOf(value);
  if (node.type) {
    const ok = node.type === "number" ? t === "number" || t === "integer" : t === node.type;
    if (!ok) return [`${at}: expected ${node.type}, got ${t}`];
  }
  if (node.enum && !node.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(node.enum)}`);
  if (node.minimum !== undefined && typeof value === "number" && value < node.minimum) errors.push(`${at}: ${value} < ${node.minimum}`);
  if (node.format && typeof value === "string") {
    if (node.format === "uri" && !/^[a-z][a-z0-9+.-]*:/i.test(value)) errors.push(`${at}: not an absolute URI: ${value}`);
    if (/[\s\\]/.test(value)) errors.push(`${at}: URI with spaces or backslashes: ${value}`);
  }
  if (t === "array" && Array.isArray(value)) {
    if (node.minItems !== undefined && value.length < node.minItems) errors.push(`${at}: fewer than ${node.minItems} items`);
    if (node.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) errors.push(`${at}: items not unique`);
    if (node.items) value.forEach((item, i) => errors.push(...validate(item, node.items, `${at}[${i}]`)));
  }
  if (t === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of node.required ?? []) if (!(key in obj)) errors.push(`${at}: missing required ${key}`);
    if (node.anyOf && !node.anyOf.some((alt) => (alt.required ?? []).every((k) => k in obj))) {
      errors.push(`${at}: needs one of ${node.anyOf.map((a) => (a.required ?? []).join("+")).join(" | ")}`);
    }
    for (const [key, v] of Object.entries(obj)) {
      const p = node.properties?.[key];
      if (p) errors.push(...validate(v, p, `${at}.${key}`));
      else if (node.additionalProperties === false) errors.push(`${at}: property ${key} not allowed`);
      else if (typeof node.additionalProperties === "object") errors.push(...validate(v, node.additionalProperties, `${at}.${key}`));
    }
  }
  return errors;
}
