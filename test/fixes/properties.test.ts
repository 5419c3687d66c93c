// Every fix, on every finding of the scenario workspaces and the example: after the edit the
// files still parse, the finding is gone, and applying the same fix again changes nothing.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readWorkspace } from "../../server/src/host/workspace";
import { MemoryWorkspace, syntaxProblems } from "./fixHarness";

const ROOT = join(__dirname, "..", "..");
const SCENARIOS = join(ROOT, "test", "scenarios");
const workspaces = [
  ...readdirSync(SCENARIOS).filter((n) => existsSync(join(SCENARIOS, n, "workspace"))).map((n) => ({ name: n, dir: join(SCENARIOS, n, "workspace") })),
  { name: "examples/shop", dir: join(ROOT, "examples", "shop") },
  { name: "examples/queue-task", dir: join(ROOT, "examples", "queue-task") },
  { name: "examples/temporal-activity", dir: join(ROOT, "examples", "temporal-activity") },
  // the JVM and Go layer kinds no scenario holds (Resilience4j settings, Reactor, OkHttp, Spring Cloud Gateway, cenkalti, gRPC configs)
  { name: "test/fixes/workspaces/jvm-go", dir: join(__dirname, "workspaces", "jvm-go") },
  // Traefik Docker labels and TOML, Gateway API retry, App Mesh (docs/reference/traefik.md, gateway-api-retry.md, appmesh.md)
  { name: "test/fixes/workspaces/gateway-forms", dir: join(__dirname, "workspaces", "gateway-forms") },
  // Python job queues beyond Celery (docs/reference/job-queues-python.md)
  { name: "test/fixes/workspaces/py-queues", dir: join(__dirname, "workspaces", "py-queues") },
  // BullMQ, Bull and Agenda jobs, Temporal Python policies (docs/reference/bullmq.md, temporal.md)
  { name: "test/fixes/workspaces/js-queues", dir: join(__dirname, "workspaces", "js-queues") },
  // go-grpc-middleware, avast/retry-go, go-resty, gRPC for .NET, MongoDB C# driver (docs/reference/go-grpc-middleware.md, retry-go.md, resty.md, grpc-dotnet.md)
  { name: "test/fixes/workspaces/go-dotnet-clients", dir: join(__dirname, "workspaces", "go-dotnet-clients") },
  // Vercel AI SDK calls: default, written and constant maxRetries, spread options (docs/reference/vercel-ai-sdk.md)
  { name: "test/fixes/workspaces/js-ai-sdk", dir: join(__dirname, "workspaces", "js-ai-sdk") },
];

for (const ws of workspaces) {
  describe(`fixes on ${ws.name}`, async () => {
    const read = await readWorkspace(ws.dir, {});
    const base = new MemoryWorkspace(read.files);
    const result = await base.analyze();
    for (const finding of result.findings) {
      for (const fix of base.fixes(result, finding)) {
        test(`${finding.rule} ${finding.file}:${finding.span.line} — ${fix.title}`, async () => {
          const touched = [...new Set([...fix.edits.map((e) => e.file), ...fix.creates.map((c) => c.file)])];
          const after = base.apply(fix);
          const reanalysed = await after.analyze();
          assert.deepEqual(syntaxProblems(reanalysed, touched), [], "the edited files still parse");
          const before = result.findings.filter((f) => f.rule === finding.rule && f.file === finding.file).length;
          const now = reanalysed.findings.filter((f) => f.rule === finding.rule && f.file === finding.file).length;
          assert.ok(now < before, `${finding.rule} in ${finding.file}: ${before} before, ${now} after`);
          // applying it twice equals applying it once: offered again, the same fix must not change anything
          for (const again of reanalysed.findings.filter((f) => f.rule === finding.rule)) {
            for (const second of after.fixes(reanalysed, again).filter((f) => f.title === fix.title)) {
              const twice = after.apply(second);
              for (const file of touched) assert.equal(twice.texts.get(file), after.texts.get(file), `second application changed ${file}`);
            }
          }
        });
      }
    }
  });
}
