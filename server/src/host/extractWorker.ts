/**
 * The entry point of one extraction worker (server/src/host/extractPool.ts): loads the parsers,
 * says it is ready, then turns each `{ id, path, text }` it is sent into that file's facts
 * (engine `extractFile`, plain data) and posts them back as JSON. One file at a time, so the pool knows
 * which file a worker was on when it ran out of time or memory or died.
 *
 * Bundled as dist/extractWorker.js beside cli.js and server.js; run from source (tests, tsx) as
 * this .ts file, with the loader the parent thread was started with.
 */
import { parentPort, workerData } from "node:worker_threads";
import { extractFile } from "../engine/extract";
import { initTreeSitter } from "../parsing/treeSitter";

export interface ExtractJob {
  id: number;
  path: string;
  text: string;
}

export type WorkerMessage =
  | { kind: "ready" }
  /** the facts as JSON text: plain data, and posting a string is ~15× cheaper than structured-cloning the objects (measured: 600 files, 16 ms to stringify against 245 ms in postMessage) */
  | { kind: "facts"; id: number; json: string }
  | { kind: "failed"; id: number; message: string };

/**
 * Test-only misbehaviour (given by tests through the pool's `testHook`, never by the CLI): on
 * the files named, the worker dies the way a real fault would kill it.
 */
export interface WorkerTestHook {
  /** file path → what the worker does when it gets that file */
  faults: Record<string, "exit" | "hang" | "oom" | "stack">;
}

function misbehave(action: WorkerTestHook["faults"][string]): void {
  switch (action) {
    case "exit":
      process.exit(70); // ends this worker thread only
    // eslint-disable-next-line no-fallthrough
    case "hang":
      for (;;);
    case "oom": {
      // many small objects, as a parser building a huge tree would: V8 reaches the worker's
      // heap limit and Node ends the worker (ERR_WORKER_OUT_OF_MEMORY). One allocation larger
      // than the whole budget is different: V8 aborts the process (measured on Node 20.20).
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(100_000).fill(hoard.length));
    }
    case "stack": {
      // a stack overflow that escapes the extractor's own handling, as an uncaught RangeError
      const down = (n: number): number => down(n + 1) + 1;
      setImmediate(() => down(0));
      return;
    }
  }
}

const port = parentPort;
if (port) {
  const hook = (workerData as { testHook?: WorkerTestHook } | null)?.testHook;
  const ready = initTreeSitter();
  ready.then(
    () => port.postMessage({ kind: "ready" } satisfies WorkerMessage),
    (err: unknown) => {
      // without parsers this worker is no use; the pool sees the exit before any "ready"
      throw err;
    },
  );
  port.on("message", async (job: ExtractJob) => {
    await ready; // the pool sends work only after "ready"; this keeps a stray early job safe
    const fault = hook?.faults[job.path];
    if (fault) {
      misbehave(fault);
      if (fault === "stack") return;
    }
    let message: WorkerMessage;
    try {
      message = { kind: "facts", id: job.id, json: JSON.stringify(extractFile(job.path, job.text)) };
    } catch (err) {
      // extractFile does not throw; should it ever, the file still gets one problem
      message = { kind: "failed", id: job.id, message: (err as Error)?.message ?? String(err) };
    }
    port.postMessage(message);
  });
}
