/**
 * Runs the bundled CLI on a folder as a child process with a wall-clock budget: the shape every
 * robustness check needs (a scan that crashes, hangs or aborts is seen from outside, as a user
 * would see it; an abort inside V8 cannot be caught from within).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "./corpus";

export const CLI = join(process.env.RETRYLENS_DIST ? join(process.env.RETRYLENS_DIST) : join(REPO_ROOT, "dist"), "cli.js");

export interface ScanRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** `retrylens scan <dir> --format json --fail-on none` (plus `extra`), killed after `budgetMs`. */
export function scanFolder(dir: string, budgetMs: number, extra: string[] = []): Promise<ScanRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, "scan", dir, "--format", "json", "--fail-on", "none", "--no-color", ...extra], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, budgetMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), ms: Date.now() - started, timedOut });
    });
  });
}

/** Why a finished run is not a normal exit (exit 0/1 per `--help`; 2 is a usage or internal error), or null. */
export function exitProblem(run: ScanRun, budgetMs: number): string | null {
  if (run.timedOut) return `no answer within ${budgetMs / 1000} s (killed)`;
  if (run.signal) return `killed by ${run.signal}`;
  if (run.code !== 0 && run.code !== 1) return `exit code ${run.code}`;
  return null;
}
