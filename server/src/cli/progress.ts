/**
 * A single updating progress line on stderr: only on a terminal, and only once the scan has
 * taken longer than `delayMs`. `done()` clears it.
 */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  update(text: string): void;
  done(): void;
}

export function createProgress(stream: ProgressStream, enabled: boolean, delayMs = 1000, now: () => number = Date.now): Progress {
  if (!enabled || !stream.isTTY) return { update() {}, done() {} };
  const start = now();
  let shown = false;
  let last = 0;
  return {
    update(text: string) {
      const t = now();
      if (t - start < delayMs || t - last < 100) return;
      last = t;
      shown = true;
      const columns = (stream as { columns?: number }).columns ?? 80;
      stream.write(`\r\u001b[K${text.slice(0, Math.max(10, columns - 1))}`);
    },
    done() {
      if (shown) stream.write("\r\u001b[K");
      shown = false;
    },
  };
}
