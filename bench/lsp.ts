/**
 * Language-server latency benchmark (not a test): server start → first diagnostics on a
 * workspace, and one edit → republished diagnostics, p50/p95 over N edits.
 *   npm run bench:lsp [-- <workspace> <file-to-edit> <edits>]
 * Defaults: examples/shop, orders/payments_client.py, 60 edits.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LspClient } from "../test/lsp/lspClient";

async function main(): Promise<void> {
  const root = join(__dirname, "..", process.argv[2] ?? "examples/shop");
  const file = process.argv[3] ?? "orders/payments_client.py";
  const edits = Number(process.argv[4] ?? 60);
  const t0 = performance.now();
  const client = await LspClient.start(root);
  const initialized = performance.now();
  await client.until("first diagnostics", () => client.diagnostics.size > 0, 60_000);
  const firstDiagnostics = performance.now();

  const text = readFileSync(join(root, file), "utf8");
  client.open(file, text);
  await client.nextModel(0);
  const latencies: number[] = [];
  for (let i = 0; i < edits; i++) {
    // alternate a retry count so every edit changes the analysis (and the published diagnostics)
    const edited = text.replace(/stop_after_attempt\((\d+)\)/, (_m, n) => `stop_after_attempt(${Number(n) + (i % 2) + 1})`);
    const before = client.modelCount();
    const sent = performance.now();
    client.change(file, edited, i + 2);
    await client.nextModel(before);
    latencies.push(performance.now() - sent);
  }
  await client.stop();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const r = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`workspace: ${root}`);
  console.log(`initialize round trip: ${r(initialized - t0)}`);
  console.log(`server start → first diagnostics: ${r(firstDiagnostics - t0)}`);
  console.log(`edit → republished diagnostics over ${edits} edits: p50 ${r(pct(50))}, p95 ${r(pct(95))}, max ${r(latencies[latencies.length - 1]!)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
