/** Runs a terminal editor to completion for the editor tests (killed after a timeout); never rejects. */
import { spawn } from "node:child_process";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..");
export const EDITOR_TIMEOUT_MS = 60_000;

export interface EditorRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runEditor(program: string, args: string[], env: Record<string, string>): Promise<EditorRun> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: EDITOR_TIMEOUT_MS,
      killSignal: "SIGKILL",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (err) => resolve({ code: null, signal: null, stdout, stderr: `${stderr}\n${err.message}` }));
    child.on("close", (code, signal) =>
      resolve({ code, signal, stdout, stderr: signal === "SIGKILL" ? `${stderr}\n(killed after ${EDITOR_TIMEOUT_MS} ms)` : stderr }),
    );
  });
}
