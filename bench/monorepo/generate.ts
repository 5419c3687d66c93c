/**
 * Deterministic generator of a synthetic monorepo for the scale benchmark (issue #11), not a test.
 *   npx tsx bench/monorepo/generate.ts --services N --out DIR [--seed S]
 * N services in Python, TypeScript, Go, C# and Java (≈100 files each: N = 200 ≈ 20,000 files).
 * Services sit in five tiers; each calls two services of the next tier over HTTP with the
 * clients Retry Lens detects, so the scan links multi-hop paths across services. A few percent
 * of the files hold retry layers; Kubernetes Deployments/Services, an injected namespace and
 * Istio VirtualServices with retries describe the mesh. Noise the scan must skip: node_modules,
 * vendor/, a large JSON file, binary files, plain-data modules.
 * The same (services, seed) always writes the same bytes; nothing depends on time or the machine.
 */
import { mkdirSync, rmSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { Prng } from "../../test/fuzz/prng";

export type Language = "python" | "typescript" | "go" | "csharp" | "java";
export const LANGUAGES: Language[] = ["python", "typescript", "go", "csharp", "java"];

export interface GeneratedService {
  name: string;
  language: Language;
  tier: number;
  /** folder relative to the output root */
  dir: string;
  /** services this one calls */
  calls: string[];
}

export interface GeneratedMonorepo {
  root: string;
  services: GeneratedService[];
  files: number;
  bytes: number;
  /** files the LSP bench edits: a client with a retry count, and the mesh YAML */
  editTargets: { code: string; codePattern: string; yaml: string; yamlPattern: string };
}

/** the shared seeded generator (mulberry32): the same sequence on every machine */
function rng(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const NOUNS = [
  "orders", "billing", "catalog", "inventory", "shipping", "payments", "ledger", "pricing", "search", "reviews",
  "accounts", "profiles", "sessions", "carts", "checkout", "invoices", "refunds", "coupons", "loyalty", "notify",
  "email", "sms", "media", "thumbnails", "reports", "audit", "fraud", "risk", "tax", "currency",
  "warehouse", "returns", "tracking", "routing", "quotes", "contracts", "partners", "vendors", "stock", "ratings",
];
const QUALIFIERS = ["api", "core", "sync", "gateway", "worker", "store", "engine", "hub", "edge", "feed"];
const ENTITIES = ["Item", "Order", "Account", "Invoice", "Parcel", "Quote", "Batch", "Ticket", "Entry", "Record"];

const TIERS = 5;
/** Per service: source modules besides the entry point, handlers and clients. */
const MODELS = 35;
const UTILS = 35;
const DATA = 10;
const HANDLERS = 12;

function pascal(s: string): string {
  return s.split(/[-_]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}
function snake(s: string): string {
  return s.replace(/-/g, "_");
}
function camel(s: string): string {
  const p = pascal(s);
  return p[0]!.toLowerCase() + p.slice(1);
}
function envName(s: string): string {
  return `${snake(s).toUpperCase()}_URL`;
}

interface Ctx {
  r: () => number;
  out: string;
  files: number;
  bytes: number;
  /** languages whose first client has been given a retry layer */
  retried: Set<Language>;
}

function write(ctx: Ctx, rel: string, content: string | Uint8Array): void {
  const p = join(ctx.out, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, content);
  ctx.files++;
  ctx.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.length;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}
function int(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

function serviceNames(r: () => number, n: number): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  // Two names that differ only by a suffix the linker drops (`orders-api`, `orders-worker`) would
  // name one service; keep them distinct so the call graph stays the tiered one generated here.
  const identity = (name: string) => name.replace(/[-_.](service|svc|server|srv|api|app|backend|worker|deployment|deploy)$/, "");
  for (let i = 0; i < n; i++) {
    let name = `${pick(r, NOUNS)}-${pick(r, QUALIFIERS)}`;
    for (let tries = 0; seen.has(identity(name)) && tries < 20; tries++) name = `${pick(r, NOUNS)}-${pick(r, QUALIFIERS)}`;
    if (seen.has(identity(name))) name = `${name}-${i}`;
    seen.add(identity(name));
    names.push(name);
  }
  return names;
}

/** The URL a caller uses for a service: short DNS name or the cluster FQDN, both common. */
function hostOf(ctx: Ctx, callee: string): string {
  return ctx.r() < 0.5 ? `http://${callee}:8080` : `http://${callee}.platform.svc.cluster.local:8080`;
}

/** How a client retries: most do (the point of the bench), some use the bare client. */
type RetryStyle = 0 | 1 | 2 | 3;
function retryStyle(ctx: Ctx, language: Language): RetryStyle {
  const x = ctx.r();
  const style: RetryStyle = x < 0.3 ? 1 : x < 0.55 ? 2 : x < 0.75 ? 3 : 0;
  // the first client of each language always retries, so even a small tree has every family
  if (!ctx.retried.has(language)) {
    ctx.retried.add(language);
    return style === 0 ? 1 : style;
  }
  return style;
}

// ---------------------------------------------------------------- Python (flask, httpx/requests)

function python(ctx: Ctx, s: GeneratedService, edit: { set: (path: string, pattern: string) => void }): void {
  const pkg = snake(s.name);
  const base = s.dir;
  write(ctx, `${base}/requirements.txt`, "flask==3.0.3\nhttpx==0.27.2\nrequests==2.32.3\nurllib3==2.2.3\ntenacity==9.0.0\n");
  write(ctx, `${base}/${pkg}/__init__.py`, "");
  write(ctx, `${base}/${pkg}/clients/__init__.py`, "");
  write(ctx, `${base}/${pkg}/handlers/__init__.py`, "");
  write(ctx, `${base}/${pkg}/models/__init__.py`, "");
  write(ctx, `${base}/${pkg}/utils/__init__.py`, "");
  write(ctx, `${base}/${pkg}/data/__init__.py`, "");
  for (let k = 0; k < UTILS; k++) {
    const dep = k > 0 ? `from ${pkg}.utils.util_${k - 1} import normalise_${k - 1}\n` : "";
    write(ctx, `${base}/${pkg}/utils/util_${k}.py`, `"""Helpers for ${s.name} (${k})."""
import hashlib
import json
${dep}

def normalise_${k}(value: str) -> str:
    value = value.strip().lower()
${k > 0 ? `    value = normalise_${k - 1}(value)\n` : ""}    return value.replace(" ", "-")


def fingerprint_${k}(payload: dict) -> str:
    body = json.dumps(payload, sort_keys=True).encode()
    return hashlib.sha256(body).hexdigest()[:${8 + (k % 8)}]


def chunks_${k}(items: list, size: int = ${int(ctx.r, 10, 100)}) -> list:
    return [items[i:i + size] for i in range(0, len(items), size)]
`);
  }
  for (let k = 0; k < MODELS; k++) {
    const ent = `${pick(ctx.r, ENTITIES)}${k}`;
    write(ctx, `${base}/${pkg}/models/model_${k}.py`, `from dataclasses import dataclass, field
from typing import Optional

from ${pkg}.utils.util_${k % UTILS} import fingerprint_${k % UTILS}, normalise_${k % UTILS}


@dataclass
class ${ent}:
    id: str
    name: str
    quantity: int = 0
    tags: list = field(default_factory=list)
    parent: Optional[str] = None

    def key(self) -> str:
        return normalise_${k % UTILS}(self.name)

    def digest(self) -> str:
        return fingerprint_${k % UTILS}({"id": self.id, "name": self.name, "quantity": self.quantity})

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "quantity": self.quantity, "tags": list(self.tags)}
`);
  }
  for (let k = 0; k < DATA; k++) {
    const rows = Array.from({ length: 40 }, (_, i) => `    {"code": "${s.name}-${k}-${i}", "weight": ${int(ctx.r, 1, 999)}, "active": ${ctx.r() < 0.8 ? "True" : "False"}},`).join("\n");
    write(ctx, `${base}/${pkg}/data/table_${k}.py`, `# Generated reference data.\nROWS = [\n${rows}\n]\n`);
  }
  const clientFns: string[] = [];
  s.calls.forEach((callee, ci) => {
    const style = retryStyle(ctx, s.language);
    const fn = `fetch_${snake(callee)}`;
    clientFns.push(`from ${pkg}.clients.${snake(callee)}_client import ${fn}`);
    const url = hostOf(ctx, callee);
    const rel = `${base}/${pkg}/clients/${snake(callee)}_client.py`;
    let body: string;
    if (style === 1) {
      body = `import os

import httpx
from tenacity import retry, stop_after_attempt, wait_exponential

BASE_URL = os.environ.get("${envName(callee)}", "${url}")

_client = httpx.Client(base_url=BASE_URL, timeout=2.0)


@retry(stop=stop_after_attempt(${int(ctx.r, 3, 5)}), wait=wait_exponential(multiplier=0.2, max=2))
def ${fn}(item_id: str) -> dict:
    resp = _client.get(f"/api/items/{item_id}")
    resp.raise_for_status()
    return resp.json()
`;
      if (ci === 0) edit.set(rel, "stop_after_attempt(");
    } else if (style === 2) {
      body = `import os

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

BASE_URL = os.environ.get("${envName(callee)}", "${url}")

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=${int(ctx.r, 2, 5)}, backoff_factor=0.3, status_forcelist=(502, 503, 504))))


def ${fn}(item_id: str) -> dict:
    resp = session.get(f"{BASE_URL}/api/items/{item_id}", timeout=2)
    resp.raise_for_status()
    return resp.json()
`;
    } else if (style === 3) {
      body = `import os
import time

import requests

BASE_URL = os.environ.get("${envName(callee)}", "${url}")


def ${fn}(item_id: str) -> dict:
    for attempt in range(${int(ctx.r, 3, 5)}):
        try:
            resp = requests.get(f"{BASE_URL}/api/items/{item_id}", timeout=2)
            resp.raise_for_status()
            return resp.json()
        except requests.ConnectionError:
            time.sleep(0.2 * (attempt + 1))
    raise RuntimeError("${callee} unavailable")
`;
    } else {
      body = `import os

import httpx

BASE_URL = os.environ.get("${envName(callee)}", "${url}")


def ${fn}(item_id: str) -> dict:
    resp = httpx.get(f"{BASE_URL}/api/items/{item_id}", timeout=2.0)
    resp.raise_for_status()
    return resp.json()
`;
    }
    write(ctx, rel, body);
  });
  const handlerImports: string[] = [];
  const routes: string[] = [];
  for (let k = 0; k < HANDLERS; k++) {
    const callee = s.calls.length ? s.calls[k % s.calls.length]! : undefined;
    const fn = callee ? `fetch_${snake(callee)}` : undefined;
    write(ctx, `${base}/${pkg}/handlers/handler_${k}.py`, `${fn ? `from ${pkg}.clients.${snake(callee!)}_client import ${fn}\n` : ""}from ${pkg}.models.model_${k % MODELS} import *  # noqa: F401,F403
from ${pkg}.utils.util_${k % UTILS} import normalise_${k % UTILS}


def handle_${k}(item_id: str) -> dict:
    key = normalise_${k % UTILS}(item_id)
${fn ? `    upstream = ${fn}(key)\n    return {"id": key, "upstream": upstream}\n` : `    return {"id": key}\n`}`);
    handlerImports.push(`from ${pkg}.handlers.handler_${k} import handle_${k}`);
    routes.push(`
@app.get("/api/items/<item_id>/v${k}")
def route_${k}(item_id):
    return jsonify(handle_${k}(item_id))
`);
  }
  write(ctx, `${base}/${pkg}/app.py`, `from flask import Flask, jsonify

${handlerImports.join("\n")}

app = Flask(__name__)


@app.get("/api/items/<item_id>")
def item(item_id):
    return jsonify(handle_0(item_id))
${routes.join("")}`);
  void clientFns;
}

// ---------------------------------------------------------------- TypeScript (express, axios/fetch)

function typescript(ctx: Ctx, s: GeneratedService, edit: { set: (path: string, pattern: string) => void }): void {
  const base = s.dir;
  write(ctx, `${base}/package.json`, JSON.stringify({
    name: s.name, version: "1.0.0", private: true, type: "module",
    dependencies: { axios: "^1.7.9", "axios-retry": "^4.5.0", express: "^4.21.2" },
    devDependencies: { typescript: "^5.6.3" },
  }, null, 2) + "\n");
  write(ctx, `${base}/tsconfig.json`, JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, outDir: "dist" }, include: ["src"] }, null, 2) + "\n");
  for (let k = 0; k < UTILS; k++) {
    write(ctx, `${base}/src/utils/util${k}.ts`, `${k > 0 ? `import { normalise${k - 1} } from "./util${k - 1}.js";\n` : ""}
export function normalise${k}(value: string): string {
  const v = value.trim().toLowerCase();
  return ${k > 0 ? `normalise${k - 1}(v)` : "v"}.replace(/\\s+/g, "-");
}

export function chunk${k}<T>(items: T[], size = ${int(ctx.r, 10, 100)}): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
`);
  }
  for (let k = 0; k < MODELS; k++) {
    const ent = `${pick(ctx.r, ENTITIES)}${k}`;
    write(ctx, `${base}/src/models/model${k}.ts`, `import { normalise${k % UTILS} } from "../utils/util${k % UTILS}.js";

export interface ${ent} {
  id: string;
  name: string;
  quantity: number;
  tags: string[];
}

export function key${k}(x: ${ent}): string {
  return normalise${k % UTILS}(x.name);
}

export function make${k}(id: string, name: string): ${ent} {
  return { id, name, quantity: ${int(ctx.r, 0, 50)}, tags: [] };
}
`);
  }
  for (let k = 0; k < DATA; k++) {
    const rows = Array.from({ length: 40 }, (_, i) => `  { code: "${s.name}-${k}-${i}", weight: ${int(ctx.r, 1, 999)} },`).join("\n");
    write(ctx, `${base}/src/data/table${k}.ts`, `// Generated reference data.\nexport const ROWS = [\n${rows}\n];\n`);
  }
  s.calls.forEach((callee, ci) => {
    const style = retryStyle(ctx, s.language);
    const api = `${camel(callee)}Api`;
    const fn = `fetch${pascal(callee)}`;
    const url = hostOf(ctx, callee);
    const rel = `${base}/src/clients/${callee}.ts`;
    let body: string;
    if (style === 1 || style === 2) {
      body = `import axios from "axios";
import axiosRetry from "axios-retry";

export const ${api} = axios.create({
  baseURL: process.env.${envName(callee)} ?? "${url}",
  timeout: 2_000,
});

axiosRetry(${api}, { retries: ${int(ctx.r, 2, 4)}${style === 2 ? ", retryDelay: axiosRetry.exponentialDelay" : ""} });

export async function ${fn}(id: string): Promise<unknown> {
  const { data } = await ${api}.get(\`/api/items/\${id}\`);
  return data;
}
`;
      if (ci === 0) edit.set(rel, "retries: ");
    } else if (style === 3) {
      body = `const BASE_URL = process.env.${envName(callee)} ?? "${url}";

export async function ${fn}(id: string): Promise<unknown> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ${int(ctx.r, 3, 5)}; attempt++) {
    try {
      const res = await fetch(\`\${BASE_URL}/api/items/\${id}\`);
      if (res.ok) return await res.json();
      lastError = new Error(\`status \${res.status}\`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
  }
  throw lastError;
}
`;
    } else {
      body = `const BASE_URL = process.env.${envName(callee)} ?? "${url}";

export async function ${fn}(id: string): Promise<unknown> {
  const res = await fetch(\`\${BASE_URL}/api/items/\${id}\`);
  return res.json();
}
`;
    }
    write(ctx, rel, body);
  });
  const imports: string[] = [];
  const routes: string[] = [];
  for (let k = 0; k < HANDLERS; k++) {
    const callee = s.calls.length ? s.calls[k % s.calls.length]! : undefined;
    write(ctx, `${base}/src/handlers/handler${k}.ts`, `${callee ? `import { fetch${pascal(callee)} } from "../clients/${callee}.js";\n` : ""}import { normalise${k % UTILS} } from "../utils/util${k % UTILS}.js";

export async function handle${k}(id: string): Promise<unknown> {
  const key = normalise${k % UTILS}(id);
  return ${callee ? `{ id: key, upstream: await fetch${pascal(callee)}(key) }` : "{ id: key }"};
}
`);
    imports.push(`import { handle${k} } from "./handlers/handler${k}.js";`);
    routes.push(`app.get("/api/items/:id/v${k}", async (req, res) => {\n  res.json(await handle${k}(req.params.id));\n});\n`);
  }
  write(ctx, `${base}/src/server.ts`, `import express from "express";
${imports.join("\n")}

const app = express();
app.use(express.json());

app.get("/api/items/:id", async (req, res) => {
  res.json(await handle0(req.params.id));
});
${routes.join("")}
app.listen(Number(process.env.PORT ?? 8080));
`);
  // noise: installed packages the walk must skip
  for (const pkgName of ["axios", "axios-retry", "express", "lodash"]) {
    write(ctx, `${base}/node_modules/${pkgName}/package.json`, JSON.stringify({ name: pkgName, version: "1.0.0", main: "index.js" }) + "\n");
    write(ctx, `${base}/node_modules/${pkgName}/index.js`, `"use strict";\n// vendored copy\nmodule.exports = function ${camel(pkgName)}() { return require("http").get("http://example.com/"); };\n`);
  }
}

// ---------------------------------------------------------------- Go (net/http)

function go(ctx: Ctx, s: GeneratedService, edit: { set: (path: string, pattern: string) => void }): void {
  const base = s.dir;
  const mod = `github.com/acme/platform/${s.dir}`;
  write(ctx, `${base}/go.mod`, `module ${mod}\n\ngo 1.22\n\nrequire github.com/hashicorp/go-retryablehttp v0.7.7\n`);
  for (let k = 0; k < UTILS; k++) {
    write(ctx, `${base}/internal/util/util${k}.go`, `package util

import "strings"

// Normalise${k} lower-cases and dashes a name.
func Normalise${k}(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
${k > 0 ? `\tv = Normalise${k - 1}(v)\n` : ""}	return strings.ReplaceAll(v, " ", "-")
}

// Chunk${k} splits ids into batches.
func Chunk${k}(ids []string) [][]string {
	var out [][]string
	for i := 0; i < len(ids); i += ${int(ctx.r, 10, 100)} {
		end := i + ${int(ctx.r, 10, 100)}
		if end > len(ids) {
			end = len(ids)
		}
		out = append(out, ids[i:end])
	}
	return out
}
`);
  }
  for (let k = 0; k < MODELS; k++) {
    const ent = `${pick(ctx.r, ENTITIES)}${k}`;
    write(ctx, `${base}/internal/models/model${k}.go`, `package models

import "${mod}/internal/util"

// ${ent} is a stored record.
type ${ent} struct {
	ID       string   \`json:"id"\`
	Name     string   \`json:"name"\`
	Quantity int      \`json:"quantity"\`
	Tags     []string \`json:"tags"\`
}

// Key returns the lookup key.
func (x ${ent}) Key() string { return util.Normalise${k % UTILS}(x.Name) }
`);
  }
  for (let k = 0; k < DATA; k++) {
    const rows = Array.from({ length: 40 }, (_, i) => `\t{Code: "${s.name}-${k}-${i}", Weight: ${int(ctx.r, 1, 999)}},`).join("\n");
    write(ctx, `${base}/internal/data/table${k}.go`, `package data\n\n// Row is generated reference data.\ntype Row${k} struct {\n\tCode   string\n\tWeight int\n}\n\n// Rows${k} is generated.\nvar Rows${k} = []Row${k}{\n${rows}\n}\n`);
  }
  s.calls.forEach((callee, ci) => {
    const style = retryStyle(ctx, s.language);
    const fn = `Fetch${pascal(callee)}`;
    const url = hostOf(ctx, callee);
    const rel = `${base}/internal/clients/${snake(callee)}.go`;
    let body: string;
    if (style === 1 || style === 3) {
      const n = int(ctx.r, 3, 5);
      body = `package clients

import (
	"context"
	"io"
	"net/http"
	"time"
)

const ${camel(callee)}URL = "${url}"

var ${camel(callee)}HTTP = &http.Client{Timeout: 2 * time.Second}

// ${fn} reads an item from ${callee}, retrying transient failures.
func ${fn}(ctx context.Context, id string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt < ${n}; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, ${camel(callee)}URL+"/api/items/"+id, nil)
		if err != nil {
			return nil, err
		}
		resp, err := ${camel(callee)}HTTP.Do(req)
		if err == nil && resp.StatusCode < 500 {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return nil, lastErr
}
`;
      if (ci === 0) edit.set(rel, "attempt < ");
    } else if (style === 2) {
      body = `package clients

import (
	"context"
	"io"

	"github.com/hashicorp/go-retryablehttp"
)

const ${camel(callee)}URL = "${url}"

var ${camel(callee)}Client = retryablehttp.NewClient()

// ${fn} reads an item from ${callee}.
func ${fn}(ctx context.Context, id string) ([]byte, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, "GET", ${camel(callee)}URL+"/api/items/"+id, nil)
	if err != nil {
		return nil, err
	}
	resp, err := ${camel(callee)}Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
`;
    } else {
      body = `package clients

import (
	"context"
	"io"
	"net/http"
)

const ${camel(callee)}URL = "${url}"

// ${fn} reads an item from ${callee}.
func ${fn}(ctx context.Context, id string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ${camel(callee)}URL+"/api/items/"+id, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
`;
    }
    write(ctx, rel, body);
  });
  const regs: string[] = [];
  for (let k = 0; k < HANDLERS; k++) {
    const callee = s.calls.length ? s.calls[k % s.calls.length]! : undefined;
    write(ctx, `${base}/internal/handlers/handler${k}.go`, `package handlers

import (
	"encoding/json"
	"net/http"

${callee ? `\t"${mod}/internal/clients"\n` : ""}	"${mod}/internal/util"
)

// Handle${k} serves /api/items/{id}/v${k}.
func Handle${k}(w http.ResponseWriter, r *http.Request) {
	key := util.Normalise${k % UTILS}(r.PathValue("id"))
${callee ? `\tbody, err := clients.Fetch${pascal(callee)}(r.Context(), key)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_, _ = w.Write(body)
` : `\t_ = json.NewEncoder(w).Encode(map[string]string{"id": key})
`}}
${callee ? "\nvar _ = json.Marshal\n" : ""}`);
    regs.push(`\thttp.HandleFunc("GET /api/items/{id}/v${k}", handlers.Handle${k})`);
  }
  write(ctx, `${base}/main.go`, `// ${s.name} serves items over HTTP.
package main

import (
	"log"
	"net/http"

	"${mod}/internal/handlers"
)

func main() {
	http.HandleFunc("GET /api/items/{id}", handlers.Handle0)
${regs.join("\n")}
	log.Fatal(http.ListenAndServe(":8080", nil))
}
`);
  // noise: vendored dependency the walk must skip
  for (let k = 0; k < 3; k++) {
    write(ctx, `${base}/vendor/github.com/hashicorp/go-retryablehttp/part${k}.go`, `package retryablehttp\n\nimport "net/http"\n\n// vendored copy\nfunc do${k}(c *http.Client, r *http.Request) (*http.Response, error) {\n\tfor i := 0; i < 5; i++ {\n\t\tresp, err := c.Do(r)\n\t\tif err == nil {\n\t\t\treturn resp, nil\n\t\t}\n\t}\n\treturn nil, nil\n}\n`);
  }
  write(ctx, `${base}/vendor/modules.txt`, "# github.com/hashicorp/go-retryablehttp v0.7.7\n");
}

// ---------------------------------------------------------------- C# (ASP.NET, HttpClient + Polly)

function csharp(ctx: Ctx, s: GeneratedService, edit: { set: (path: string, pattern: string) => void }): void {
  const base = s.dir;
  const ns = pascal(s.name);
  write(ctx, `${base}/${ns}.csproj`, `<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <Nullable>enable</Nullable>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.Extensions.Http.Resilience" Version="8.10.0" />
    <PackageReference Include="Polly" Version="8.4.2" />
  </ItemGroup>
</Project>
`);
  for (let k = 0; k < UTILS; k++) {
    write(ctx, `${base}/Utils/Util${k}.cs`, `namespace ${ns}.Utils;

public static class Util${k}
{
    public static string Normalise(string value)
    {
        var v = value.Trim().ToLowerInvariant();
        return ${k > 0 ? `Util${k - 1}.Normalise(v)` : "v"}.Replace(' ', '-');
    }

    public static IEnumerable<string[]> Chunk(string[] ids) => ids.Chunk(${int(ctx.r, 10, 100)});
}
`);
  }
  for (let k = 0; k < MODELS; k++) {
    const ent = `${pick(ctx.r, ENTITIES)}${k}`;
    write(ctx, `${base}/Models/${ent}.cs`, `using ${ns}.Utils;

namespace ${ns}.Models;

public sealed record ${ent}(string Id, string Name, int Quantity)
{
    public string Key => Util${k % UTILS}.Normalise(Name);
}
`);
  }
  for (let k = 0; k < DATA; k++) {
    const rows = Array.from({ length: 40 }, (_, i) => `        new("${s.name}-${k}-${i}", ${int(ctx.r, 1, 999)}),`).join("\n");
    write(ctx, `${base}/Data/Table${k}.cs`, `namespace ${ns}.Data;\n\npublic static class Table${k}\n{\n    public sealed record Row(string Code, int Weight);\n\n    public static readonly Row[] Rows =\n    [\n${rows}\n    ];\n}\n`);
  }
  const registrations: string[] = [];
  s.calls.forEach((callee, ci) => {
    const style = retryStyle(ctx, s.language);
    const cls = `${pascal(callee)}Client`;
    const url = hostOf(ctx, callee);
    const rel = `${base}/Clients/${cls}.cs`;
    if (style === 2) {
      const n = int(ctx.r, 2, 4);
      write(ctx, rel, `namespace ${ns}.Clients;

public sealed class ${cls}
{
    private readonly HttpClient _http;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = ${n}, UseJitter = true, BackoffType = DelayBackoffType.Exponential })
        .Build();

    public ${cls}(HttpClient http) { _http = http; }

    public async Task<string> FetchAsync(string id, CancellationToken ct) =>
        await _pipeline.ExecuteAsync(async token => await _http.GetStringAsync($"${url}/api/items/{id}", token), ct);
}
`);
      if (ci === 0) edit.set(rel, "MaxRetryAttempts = ");
      registrations.push(`builder.Services.AddHttpClient<${cls}>();`);
    } else {
      write(ctx, rel, `namespace ${ns}.Clients;

public sealed class ${cls}(HttpClient http)
{
    public Task<string> FetchAsync(string id, CancellationToken ct) => http.GetStringAsync($"/api/items/{id}", ct);
}
`);
      const reg = `builder.Services.AddHttpClient<${cls}>(c => c.BaseAddress = new Uri("${url}"))`;
      registrations.push(style === 1 ? `${reg}\n    .AddStandardResilienceHandler();` : style === 3 ? `${reg}\n    .AddTransientHttpErrorPolicy(p => p.RetryAsync(${int(ctx.r, 2, 4)}));` : `${reg};`);
    }
  });
  const maps: string[] = [];
  for (let k = 0; k < HANDLERS; k++) {
    const callee = s.calls.length ? s.calls[k % s.calls.length]! : undefined;
    const cls = callee ? `${pascal(callee)}Client` : undefined;
    write(ctx, `${base}/Controllers/Items${k}Controller.cs`, `using Microsoft.AspNetCore.Mvc;
${cls ? `using ${ns}.Clients;\n` : ""}using ${ns}.Utils;

namespace ${ns}.Controllers;

[ApiController]
[Route("api/items")]
public class Items${k}Controller : ControllerBase
{
${cls ? `    private readonly ${cls} _upstream;

    public Items${k}Controller(${cls} upstream) { _upstream = upstream; }

    [HttpGet("{id}/v${k}")]
    public async Task<string> Get(string id, CancellationToken ct) => await _upstream.FetchAsync(Util${k % UTILS}.Normalise(id), ct);
` : `    [HttpGet("{id}/v${k}")]
    public string Get(string id) => Util${k % UTILS}.Normalise(id);
`}}
`);
    maps.push(`// Items${k}Controller`);
  }
  write(ctx, `${base}/Program.cs`, `using ${ns}.Clients;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
${registrations.join("\n")}

var app = builder.Build();
app.MapControllers();
app.Run();
`);
  write(ctx, `${base}/appsettings.json`, JSON.stringify({ Logging: { LogLevel: { Default: "Information" } }, AllowedHosts: "*" }, null, 2) + "\n");
}

// ---------------------------------------------------------------- Java (Spring, RestClient/RestTemplate/WebClient)

function java(ctx: Ctx, s: GeneratedService, edit: { set: (path: string, pattern: string) => void }): void {
  const base = s.dir;
  const pkg = `com.acme.${snake(s.name)}`;
  const src = `${base}/src/main/java/com/acme/${snake(s.name)}`;
  write(ctx, `${base}/pom.xml`, `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>${s.name}</artifactId>
  <version>1.0.0</version>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId><version>3.3.5</version></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-webflux</artifactId><version>3.3.5</version></dependency>
    <dependency><groupId>io.github.resilience4j</groupId><artifactId>resilience4j-spring-boot3</artifactId><version>2.2.0</version></dependency>
  </dependencies>
</project>
`);
  for (let k = 0; k < UTILS; k++) {
    write(ctx, `${src}/util/Util${k}.java`, `package ${pkg}.util;

import java.util.ArrayList;
import java.util.List;

public final class Util${k} {
    private Util${k}() {}

    public static String normalise(String value) {
        String v = value.trim().toLowerCase();
        return ${k > 0 ? `Util${k - 1}.normalise(v)` : "v"}.replace(' ', '-');
    }

    public static <T> List<List<T>> chunk(List<T> items) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i += ${int(ctx.r, 10, 100)}) {
            out.add(items.subList(i, Math.min(items.size(), i + ${int(ctx.r, 10, 100)})));
        }
        return out;
    }
}
`);
  }
  for (let k = 0; k < MODELS; k++) {
    const ent = `${pick(ctx.r, ENTITIES)}${k}`;
    write(ctx, `${src}/model/${ent}.java`, `package ${pkg}.model;

import ${pkg}.util.Util${k % UTILS};

public record ${ent}(String id, String name, int quantity) {
    public String key() {
        return Util${k % UTILS}.normalise(name);
    }
}
`);
  }
  for (let k = 0; k < DATA; k++) {
    const rows = Array.from({ length: 40 }, (_, i) => `        new Row("${s.name}-${k}-${i}", ${int(ctx.r, 1, 999)}),`).join("\n");
    write(ctx, `${src}/data/Table${k}.java`, `package ${pkg}.data;\n\nimport java.util.List;\n\npublic final class Table${k} {\n    public record Row(String code, int weight) {}\n\n    public static final List<Row> ROWS = List.of(\n${rows.replace(/,$/, "")}\n    );\n}\n`);
  }
  const yamlInstances: string[] = [];
  const urls: string[] = [];
  s.calls.forEach((callee, ci) => {
    const style = retryStyle(ctx, s.language);
    const cls = `${pascal(callee)}Client`;
    const url = hostOf(ctx, callee);
    const prop = `clients.${callee}.url`;
    urls.push(`  ${callee}:\n    url: ${url}`);
    const rel = `${src}/client/${cls}.java`;
    if (style === 1) {
      write(ctx, rel, `package ${pkg}.client;

import io.github.resilience4j.retry.annotation.Retry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

@Component
public class ${cls} {
    private final RestClient http;

    public ${cls}(@Value("\${${prop}}") String baseUrl) {
        this.http = RestClient.builder().baseUrl(baseUrl).build();
    }

    @Retry(name = "${callee}")
    public String fetch(String id) {
        return http.get().uri("/api/items/{id}", id).retrieve().body(String.class);
    }
}
`);
      yamlInstances.push(`      ${callee}:\n        max-attempts: ${int(ctx.r, 3, 5)}\n        wait-duration: 200ms`);
    } else if (style === 2) {
      write(ctx, rel, `package ${pkg}.client;

import java.time.Duration;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

@Component
public class ${cls} {
    private final WebClient http = WebClient.builder().baseUrl("${url}").build();

    public Mono<String> fetch(String id) {
        return http.get().uri("/api/items/{id}", id).retrieve().bodyToMono(String.class)
            .retryWhen(Retry.backoff(${int(ctx.r, 2, 4)}, Duration.ofMillis(100)));
    }
}
`);
      if (ci === 0) edit.set(rel, "Retry.backoff(");
    } else {
      write(ctx, rel, `package ${pkg}.client;

import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class ${cls} {
    private static final String BASE_URL = "${url}";
    private final RestTemplate http = new RestTemplate();

    public String fetch(String id) {
        return http.getForObject(BASE_URL + "/api/items/" + id, String.class);
    }
}
`);
    }
  });
  for (let k = 0; k < HANDLERS; k++) {
    const callee = s.calls.length ? s.calls[k % s.calls.length]! : undefined;
    const cls = callee ? `${pascal(callee)}Client` : undefined;
    write(ctx, `${src}/web/Items${k}Controller.java`, `package ${pkg}.web;

${cls ? `import ${pkg}.client.${cls};\n` : ""}import ${pkg}.util.Util${k % UTILS};
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Items${k}Controller {
${cls ? `    private final ${cls} upstream;

    public Items${k}Controller(${cls} upstream) {
        this.upstream = upstream;
    }

` : ""}    @GetMapping("/api/items/{id}/v${k}")
    public Object get(@PathVariable String id) {
        String key = Util${k % UTILS}.normalise(id);
        return ${cls ? "upstream.fetch(key)" : "key"};
    }
}
`);
  }
  write(ctx, `${src}/Application.java`, `package ${pkg};

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class Application {
    public static void main(String[] args) {
        SpringApplication.run(Application.class, args);
    }
}
`);
  write(ctx, `${base}/src/main/resources/application.yml`, `spring:
  application:
    name: ${s.name}
${urls.length ? `clients:\n${urls.join("\n")}\n` : ""}${yamlInstances.length ? `resilience4j:\n  retry:\n    instances:\n${yamlInstances.join("\n")}\n` : ""}`);
}

// ---------------------------------------------------------------- deploy YAML, noise

function k8s(ctx: Ctx, s: GeneratedService): void {
  const env = s.calls.map((c) => `            - name: ${envName(c)}\n              value: http://${c}.platform.svc.cluster.local:8080`).join("\n");
  write(ctx, `${s.dir}/deploy/k8s.yaml`, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${s.name}
  namespace: platform
spec:
  replicas: ${int(ctx.r, 2, 6)}
  selector:
    matchLabels: { app: ${s.name} }
  template:
    metadata:
      labels: { app: ${s.name} }
    spec:
      containers:
        - name: ${s.name}
          image: registry.acme.example/platform/${s.name}:1.${int(ctx.r, 0, 40)}.0
          ports:
            - containerPort: 8080
${env ? `          env:\n${env}\n` : ""}---
apiVersion: v1
kind: Service
metadata:
  name: ${s.name}
  namespace: platform
spec:
  selector: { app: ${s.name} }
  ports:
    - name: http
      port: 8080
`);
}

function mesh(ctx: Ctx, services: GeneratedService[], edit: { set: (path: string, pattern: string) => void }): void {
  write(ctx, "deploy/namespaces.yaml", `apiVersion: v1
kind: Namespace
metadata:
  name: platform
  labels:
    istio-injection: enabled
`);
  const docs: string[] = [];
  services.forEach((s, i) => {
    if (i % 4 !== 1) return;
    const host = `${s.name}.platform.svc.cluster.local`;
    docs.push(`apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: ${s.name}
  namespace: platform
spec:
  hosts:
    - ${host}
  http:
    - route:
        - destination:
            host: ${host}
            port: { number: 8080 }
      retries:
        attempts: ${(i % 3) + 1}
        perTryTimeout: 2s
        retryOn: 5xx,reset,connect-failure
`);
  });
  write(ctx, "deploy/mesh/virtual-services.yaml", docs.join("---\n"));
  edit.set("deploy/mesh/virtual-services.yaml", "attempts: ");
}

function noise(ctx: Ctx, services: number): void {
  // a large JSON export (≈ 40 KB per service, 8 MB at N = 200)
  const rows: string[] = [];
  for (let i = 0; i < services * 200; i++) rows.push(`{"id":${i},"sku":"sku-${i}","price":${int(ctx.r, 100, 99999)},"tags":["a","b"],"note":"${"x".repeat(int(ctx.r, 20, 120))}"}`);
  write(ctx, "data/exports/catalog-dump.json", `[\n${rows.join(",\n")}\n]\n`);
  // binary files
  for (let i = 0; i < Math.max(4, Math.floor(services / 4)); i++) {
    const bytes = new Uint8Array(int(ctx.r, 2_000, 20_000));
    for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(ctx.r() * 256);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    write(ctx, `assets/images/banner-${i}.png`, bytes);
    const blob = new Uint8Array(int(ctx.r, 1_000, 8_000));
    for (let j = 0; j < blob.length; j++) blob[j] = Math.floor(ctx.r() * 256);
    write(ctx, `assets/models/weights-${i}.bin`, blob);
  }
  write(ctx, "README.md", `# Synthetic platform monorepo\n\nGenerated by bench/monorepo/generate.ts (${services} services). Do not edit.\n`);
}

export interface GenerateOptions {
  services: number;
  out: string;
  seed?: number;
}

/** Writes the monorepo into `out` (emptied first) and describes what it wrote. */
export function generate(opts: GenerateOptions): GeneratedMonorepo {
  const n = Math.max(1, Math.floor(opts.services));
  const ctx: Ctx = { r: rng(opts.seed ?? 1), out: opts.out, files: 0, bytes: 0, retried: new Set() };
  if (existsSync(opts.out) && readdirSync(opts.out).length) rmSync(opts.out, { recursive: true, force: true });
  mkdirSync(opts.out, { recursive: true });
  const names = serviceNames(ctx.r, n);
  const services: GeneratedService[] = names.map((name, i) => ({
    name,
    language: LANGUAGES[i % LANGUAGES.length]!,
    tier: Math.min(TIERS - 1, Math.floor((i * TIERS) / n)),
    dir: `services/${name}`,
    calls: [],
  }));
  const byTier: GeneratedService[][] = Array.from({ length: TIERS }, () => []);
  for (const s of services) byTier[s.tier]!.push(s);
  for (const s of services) {
    const next = byTier[s.tier + 1];
    if (!next?.length) continue;
    const a = next[Math.floor(ctx.r() * next.length)]!;
    let b = next[Math.floor(ctx.r() * next.length)]!;
    if (b === a && next.length > 1) b = next[(next.indexOf(a) + 1) % next.length]!;
    s.calls = b === a ? [a.name] : [a.name, b.name];
  }
  const edits: Partial<Record<"code" | "yaml", { path: string; pattern: string }>> = {};
  const codeEdit = { set: (path: string, pattern: string) => { edits.code ??= { path, pattern }; } };
  const yamlEdit = { set: (path: string, pattern: string) => { edits.yaml ??= { path, pattern }; } };
  const emit = { python, typescript, go, csharp, java };
  for (const s of services) {
    emit[s.language](ctx, s, codeEdit);
    k8s(ctx, s);
  }
  mesh(ctx, services, yamlEdit);
  noise(ctx, n);
  return {
    root: opts.out,
    services,
    files: ctx.files,
    bytes: ctx.bytes,
    editTargets: {
      code: edits.code?.path ?? "",
      codePattern: edits.code?.pattern ?? "",
      yaml: edits.yaml?.path ?? "",
      yamlPattern: edits.yaml?.pattern ?? "",
    },
  };
}

function parseArgs(argv: string[]): GenerateOptions {
  let services = 20;
  let out = "";
  let seed = 1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === "--services" && v) { services = Number(v); i++; }
    else if (a === "--out" && v) { out = v; i++; }
    else if (a === "--seed" && v) { seed = Number(v); i++; }
    else throw new Error(`unknown argument ${a} (usage: --services N --out DIR [--seed S])`);
  }
  if (!out) throw new Error("--out DIR is required");
  if (!Number.isFinite(services) || services < 1) throw new Error("--services must be a positive number");
  if (!Number.isFinite(seed)) throw new Error("--seed must be a number");
  return { services, out, seed };
}

if (require.main === module) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const t0 = performance.now();
    const m = generate(opts);
    const langs = LANGUAGES.map((l) => `${l} ${m.services.filter((s) => s.language === l).length}`).join(", ");
    console.log(`${m.files} files (${(m.bytes / 1e6).toFixed(1)} MB), ${m.services.length} services (${langs}) in ${m.root} — ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(2);
  }
}
