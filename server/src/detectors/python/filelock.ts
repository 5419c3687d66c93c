/**
 * py-filelock (tox-dev/filelock) — docs/reference/filelock.md.
 *
 * `filelock.FileLock(path)` (also SoftFileLock, UnixFileLock, WindowsFileLock, their Async
 * variants and the ReadWriteLock family) is a lock on a file other processes share: `acquire()`
 * (and `with lock.acquire(…):`) polls it until `timeout` and raises `filelock.Timeout`. It has no
 * retry count of its own, so there is no layer; the lock is a dependency a retry loop around
 * `acquire()` repeats, like a request: a ClientFact whose acquiring methods reach
 * `sdk://filelock` (engine/link.ts targetOf → "filelock").
 */
import { descendants } from "../../parsing/python";
import type { PyContext } from "./context";
import { recordSdkClient } from "./sdkClients";

const LOCK_CLASSES = ["FileLock", "SoftFileLock", "UnixFileLock", "WindowsFileLock", "AsyncFileLock", "AsyncSoftFileLock", "AsyncUnixFileLock", "AsyncWindowsFileLock", "ReadWriteLock", "SoftReadWriteLock"];
const LOCKS = new Set(LOCK_CLASSES.map((c) => `filelock.${c}`));
/** members that read or release the lock; every other one (`acquire`, `read_lock`, `write_lock`) waits for it */
const NOT_ACQUIRING = ["release", "is_locked", "lock_file", "timeout", "blocking", "mode", "poll_interval", "lock_counter", "is_thread_local", "is_singleton", "close", "__exit__", "__aexit__", "__del__"];

export function detectFileLocks(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module === "filelock" || i.module.startsWith("filelock."))) return;
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    if (!LOCKS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    recordSdkClient(ctx, call, { library: "filelock", target: "sdk://filelock", notSending: NOT_ACQUIRING, layerIds: [] });
  }
}
