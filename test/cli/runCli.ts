// The CLI run in this process, for tests that check its output and exit code.
import { main, type CliIO } from "../../server/src/cli/main";

/** The CLI run in this process with captured output (no TTY, no environment, this cwd). */
export async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: process.cwd() };
  const code = await main(args, io);
  return { code, stdout, stderr };
}
