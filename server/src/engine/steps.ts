/**
 * Long computations written as generators (`function*`) that `yield` between small steps, so one
 * algorithm serves both callers: the CLI and tests run it to the end at once (`runToEnd`), the
 * language server runs it in slices that give the event loop back (`runInSlices`), so hover and
 * code lens keep answering while a large workspace links. A `yield` carries no value: it only
 * marks a place where stopping for a moment is safe.
 */

export type Steps<T> = Generator<void, T, void>;

/**
 * How many files a per-file loop handles between pauses. A pause per file cost more than most
 * files' work in a 20,000-file workspace (resuming a generator through `yield*` levels); a few
 * files still take well under a millisecond.
 */
export const PAUSE_EVERY_FILES = 16;

/** Runs every step now and returns the result (synchronous callers). */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export interface SliceOptions {
  /** run steps for at most about this long before giving the event loop back */
  sliceMs: number;
  /** asked after each pause: true stops the run (the generator is closed, `null` returned) */
  cancelled?: () => boolean;
}

/**
 * Runs the steps in slices of about `sliceMs`, with a macrotask (`setImmediate`) between slices
 * so I/O and requests are served. Resolves to the result, or null when `cancelled` said so.
 * A step that throws rejects the promise (the generator is closed either way).
 */
export async function runInSlices<T>(steps: Steps<T>, options: SliceOptions): Promise<T | null> {
  let sliceStart = performance.now();
  try {
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      if (performance.now() - sliceStart < options.sliceMs) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (options.cancelled?.()) return null;
      sliceStart = performance.now();
    }
  } finally {
    steps.return(undefined as never);
  }
}
