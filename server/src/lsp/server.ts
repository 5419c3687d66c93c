/**
 * The Retry Lens language server: `node dist/server.js --stdio` (or `--node-ipc` from VS Code).
 * Indexes every workspace folder on start, keeps each folder's engine session in step with
 * buffers and file events, and publishes diagnostics for every file whose findings changed (a
 * YAML edit can change a Python file's diagnostics). Every handler runs in a guard: an error is
 * logged and answered with an empty result, never a dead server.
 *
 * Never blocked: a folder is read and extracted in chunks that give the event loop back (the
 * parsing itself in a worker pool once a folder has enough files), so hover, code lens, code
 * actions and the model request answer meanwhile, from the folder's last analysis or with
 * "indexing…". Edits typed during indexing land in the session and are in its first analysis.
 */
import { createHash } from "node:crypto";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  createConnection,
  DidChangeConfigurationNotification,
  FileChangeType,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  CodeActionKind,
  CodeLensRefreshRequest,
  MessageType,
  ShowMessageNotification,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from "vscode-languageserver/node";
import { inProcessExtractor, type AnalysisResult, type Extractor } from "../engine/analyze";
import { ExtractPool, POOL_MIN_FILES } from "../host/extractPool";
import { extractorFingerprint, FactsStore } from "../host/factsStore";
import { toDiagnostic } from "./convert";
import { Folder } from "./folder";
import { codeActionsFor, FIX_ALL_KIND, fixAllAction, resolveFixAction, type ActionContext } from "./handlers/codeActions";
import { codeLenses } from "./handlers/codeLens";
import { hoverContent } from "./handlers/hover";
import { folderModelView } from "./modelView";
import {
  ModelChangedNotification,
  ModelRequest,
  RescanRequest,
  SERVER_COMMANDS,
  type EditorSettings,
  type InitializationOptions,
  type ModelChangedParams,
  type RetryModelView,
} from "../protocol";
import { sourceLanguage } from "../model/languages";

/** edits arriving within this many ms are analysed together */
const DEBOUNCE_MS = 15;
/** files per extraction chunk: on this thread a chunk blocks requests, so few; in the pool many */
const CHUNK_IN_PROCESS = 8;
const CHUNK_IN_POOL = 256;
/** what hover says while a folder's first index runs */
export const INDEXING_HOVER = "Retry Lens: indexing…";

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const folders: Folder[] = [];
  let clientCapabilities: InitializeParams["capabilities"] = {};
  let modelVersion = 0;
  const published = new Map<string, string>();
  const timers = new Map<Folder, NodeJS.Timeout>();
  /** the latest publish begun per folder: an older one still converting stops rather than send stale diagnostics */
  const publishing = new Map<Folder, number>();
  let indexing: Promise<void> = Promise.resolve();
  let indexingNow = false;
  let factsCacheDir: string | null = null;
  const stores = new Map<Folder, FactsStore>();
  let pool: ExtractPool | null = null;
  const local = inProcessExtractor();

  const log = (message: string) => connection.console.log(`[retry-lens] ${message}`);
  const logError = (where: string, err: unknown) =>
    connection.console.error(`[retry-lens] ${where} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);

  function guard<A extends unknown[], R>(where: string, fallback: R, fn: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A) => {
      try {
        return await fn(...args);
      } catch (err) {
        logError(where, err);
        return fallback;
      }
    };
  }

  const folderOf = (uri: string): { folder: Folder; file: string } | null => {
    if (!uri.startsWith("file:")) return null;
    const abs = fileURLToPath(uri);
    // innermost folder first (nested workspace folders)
    for (const folder of [...folders].sort((a, b) => b.root.length - a.root.length)) {
      const file = folder.relative(abs);
      if (file !== null) return { folder, file };
    }
    return null;
  };

  const openBuffersOf = (folder: Folder): Map<string, string> => {
    const out = new Map<string, string>();
    for (const doc of documents.all()) {
      const hit = folderOf(doc.uri);
      if (hit?.folder === folder && !folder.isConfigFile(hit.file)) out.set(hit.file, doc.getText());
    }
    return out;
  };

  async function editorSettings(folder: Folder): Promise<Partial<EditorSettings>> {
    if (!clientCapabilities.workspace?.configuration) return {};
    try {
      const value = (await connection.workspace.getConfiguration({ scopeUri: folder.uri, section: "retryLens" })) as Partial<EditorSettings> | null;
      return value ?? {};
    } catch {
      return {};
    }
  }

  // ---------------------------------------------------------------- analysis and publishing

  /** The facts cache of a folder, when the client gave a place for it (one subfolder per workspace folder). */
  async function storeOf(folder: Folder): Promise<FactsStore | null> {
    if (!factsCacheDir) return null;
    let store = stores.get(folder);
    if (!store) {
      const dir = path.join(factsCacheDir, `facts-${createHash("sha1").update(folder.root).digest("hex").slice(0, 12)}`);
      store = new FactsStore({ dir, fingerprint: extractorFingerprint() });
      await store.open(); // missing or corrupt: empty, never throws
      stores.set(folder, store);
    }
    return store;
  }

  /** many files go to the worker pool in large chunks; few stay on this thread in small ones */
  function extractionFor(pending: number): { extractor: Extractor; chunkFiles: number } {
    if (pending >= POOL_MIN_FILES) {
      pool ??= new ExtractPool({ keepAlive: true, minFiles: 0 });
      if (pool.usesWorkers(CHUNK_IN_POOL)) return { extractor: pool, chunkFiles: CHUNK_IN_POOL };
    }
    return { extractor: local, chunkFiles: CHUNK_IN_PROCESS };
  }

  /**
   * The analysis a request answers from, without linking on the request loop: the last one made
   * (null before the folder's first, which a hover shows as "indexing…"). A change's relink is
   * already coming (debounced, then in slices: engine/session.ts analyzeInSlices), so a request
   * never runs it a second time, and never waits for it.
   */
  function resultFor(folder: Folder): AnalysisResult | null {
    return folder.session.snapshot();
  }

  function schedule(folder: Folder): void {
    const pending = timers.get(folder);
    if (pending) clearTimeout(pending);
    timers.set(
      folder,
      setTimeout(() => {
        timers.delete(folder);
        void guard("analysis", undefined, () => analyzeAndPublish(folder))();
      }, DEBOUNCE_MS),
    );
  }

  async function analyzeAndPublish(folder: Folder): Promise<void> {
    if (!folder.indexed) return;
    // linked in slices: requests keep being answered (from the last analysis) meanwhile
    const result = folder.enabled ? await folder.session.analyzeInSlices() : null;
    // a rescan began meanwhile (it publishes when done), or the folder was removed
    if (!folder.indexed || !folders.includes(folder)) return;
    const generation = (publishing.get(folder) ?? 0) + 1;
    publishing.set(folder, generation);
    const byUri = new Map<string, Diagnostic[]>();
    if (result) {
      for (const f of result.findings) {
        const uri = pathToFileURL(path.join(folder.root, f.file)).toString();
        const list = byUri.get(uri) ?? [];
        list.push(toDiagnostic(folder, f, { relatedInformation: relatedSupported() }));
        byUri.set(uri, list);
      }
      for (const p of result.problems.slice(0, 50)) log(`${p.file || "workspace"}${p.line ? `:${p.line}` : ""}: ${p.message}`);
      for (const [file, why] of folder.oversizedBuffers) {
        const uri = pathToFileURL(path.join(folder.root, file)).toString();
        byUri.set(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 3, source: "retry-lens", code: "too-large", message: why }]);
      }
    }
    for (const p of folder.settingsProblems) log(p);
    for (const p of folder.configProblems) {
      const uri = pathToFileURL(path.join(folder.root, p.file)).toString();
      const list = byUri.get(uri) ?? [];
      const line = Math.max(0, p.line - 1);
      list.push({
        range: { start: { line, character: 0 }, end: { line, character: (folder.text(p.file)?.split("\n")[line] ?? "").length } },
        severity: 1,
        source: "retry-lens",
        code: "config",
        message: `${p.message} (the default applies)`,
      });
      byUri.set(uri, list);
    }
    // converting thousands of findings takes a while: the event loop gets a turn before sending
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (publishing.get(folder) !== generation || !folders.includes(folder)) return;
    const folderUris = [...published.keys()].filter((uri) => folderOf(uri)?.folder === folder);
    for (const uri of new Set([...folderUris, ...byUri.keys()])) {
      const diagnostics = byUri.get(uri) ?? [];
      const key = JSON.stringify(diagnostics);
      if (published.get(uri) === key) continue;
      if (diagnostics.length) published.set(uri, key);
      else published.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics });
    }
    modelVersion++;
    void connection.sendNotification(ModelChangedNotification, summary());
    // lenses in editors that are open but not focused show products from another file's edit
    if (clientCapabilities.workspace?.codeLens?.refreshSupport) void connection.sendRequest(CodeLensRefreshRequest.type).then(undefined, () => undefined);
  }

  /**
   * What modelView() would say in numbers, without building the view (its layers, paths and
   * chains): sent after every relink, where building the whole view for a large workspace took
   * longer than the relink itself.
   */
  function summary(): ModelChangedParams {
    const out: ModelChangedParams = { version: modelVersion, worstProduct: 1, threshold: 3, paths: 0, findings: 0 };
    let worst: number | null | undefined;
    for (const folder of folders) {
      if (!folder.enabled) continue;
      const result = resultFor(folder);
      if (!result) continue;
      out.threshold = result.model.settings.threshold;
      out.paths += result.model.paths.length;
      out.findings += result.findings.length;
      // modelView sorts paths by product, unbounded (null) first: the worst is the first of them
      for (const p of result.model.paths) if (worst === undefined || (worst !== null && (p.product === null || p.product > worst))) worst = p.product;
    }
    if (worst !== undefined) out.worstProduct = worst;
    return out;
  }

  function modelView(): RetryModelView {
    const merged: RetryModelView = { version: modelVersion, threshold: 3, worstProduct: 1, layers: [], paths: [], edges: [], findings: 0, indexing: indexingNow };
    for (const folder of folders) {
      if (!folder.enabled) continue;
      const result = resultFor(folder);
      if (!result) continue;
      const view = folderModelView(folder, result);
      merged.threshold = view.threshold;
      merged.layers.push(...view.layers);
      merged.paths.push(...view.paths.map((p) => ({ ...p, id: folders.length > 1 ? `${path.basename(folder.root)}/${p.id}` : p.id })));
      merged.edges.push(...view.edges);
      merged.findings += view.findings;
    }
    merged.paths.sort((a, b) => (b.product ?? Infinity) - (a.product ?? Infinity));
    merged.worstProduct = merged.paths.length ? merged.paths[0]!.product : 1;
    return merged;
  }

  async function indexAll(reason: string, only?: readonly Folder[]): Promise<void> {
    indexingNow = true;
    const progress = clientCapabilities.window?.workDoneProgress ? await connection.window.createWorkDoneProgress().catch(() => null) : null;
    progress?.begin("Retry Lens", 0, `indexing (${reason})…`, false);
    try {
      for (const folder of only ?? [...folders]) {
        if (!folders.includes(folder)) continue; // removed meanwhile
        const started = Date.now();
        try {
          folder.setEditorSettings(await editorSettings(folder));
          // a rescan answers from the previous analysis until this one is in
          folder.indexed = false;
          const store = await storeOf(folder);
          const name = path.basename(folder.root);
          const { skipped, read, extract } = await folder.index(
            () => openBuffersOf(folder),
            (pending) => ({ ...extractionFor(pending), ...(store ? { lookup: store } : {}) }),
            (phase, n, total) => {
              if (phase === "read" && n % 200 === 0) progress?.report(`${name}: ${n} files read…`);
              if (phase === "extract" && total) progress?.report(Math.floor((100 * n) / total), `${name}: ${n}/${total} files parsed…`);
            },
          );
          log(
            `indexed ${folder.root}: ${folder.session.paths().length} files (${read} read, ${skipped} skipped; facts: ${extract.reused} reused from the cache, ${extract.extracted} extracted) in ${Date.now() - started} ms`,
          );
          progress?.report(`${name}: linking…`);
          await analyzeAndPublish(folder); // each folder publishes as soon as it is done
          if (store) {
            store.retain(new Set(folder.session.paths()));
            void store.flush();
          }
        } catch (err) {
          // one folder failing to index leaves the others (and this one's open buffers) working
          folder.indexed = true;
          logError(`indexing ${folder.root}`, err);
        }
      }
    } finally {
      indexingNow = false;
      progress?.done();
    }
  }

  /** Indexing runs one at a time, in the order asked; a failure never stops the queue. */
  function queueIndex(reason: string, only?: readonly Folder[]): Promise<void> {
    indexing = indexing.then(() => indexAll(reason, only)).catch((err) => logError("indexing", err));
    return indexing;
  }

  /** Settings changed: a changed exclude/includeTests reads the folder again, anything else relinks. */
  function afterSettingsChange(folder: Folder, fileSetBefore: string): void {
    if (folder.fileSetKey() !== fileSetBefore) {
      log(`${folder.root}: exclude/includeTests changed, reading the folder again`);
      queueIndex("settings changed", [folder]);
    } else schedule(folder);
  }

  const ready = () => indexing;
  const relatedSupported = () => clientCapabilities.textDocument?.publishDiagnostics?.relatedInformation === true;

  // ---------------------------------------------------------------- lifecycle

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    clientCapabilities = params.capabilities;
    const roots =
      params.workspaceFolders?.map((f) => ({ uri: f.uri, root: fileURLToPath(f.uri) })) ??
      (params.rootUri ? [{ uri: params.rootUri, root: fileURLToPath(params.rootUri) }] : params.rootPath ? [{ uri: pathToFileURL(params.rootPath).toString(), root: params.rootPath }] : []);
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    if (typeof init.factsCacheDir === "string" && path.isAbsolute(init.factsCacheDir)) factsCacheDir = init.factsCacheDir;
    for (const r of roots) folders.push(await Folder.create(r.root, r.uri));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
        executeCommandProvider: { commands: [SERVER_COMMANDS.showRuleDocs] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "retry-lens", version: typeof __RETRYLENS_VERSION__ === "string" ? __RETRYLENS_VERSION__ : "dev" },
    };
  });

  connection.onInitialized(() => {
    if (clientCapabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: "retryLens" });
    }
    if (clientCapabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(
        guard("workspace folders", undefined, async (e) => {
          for (const removed of e.removed) {
            const i = folders.findIndex((f) => f.uri === removed.uri);
            if (i >= 0) folders.splice(i, 1);
          }
          const added: Folder[] = [];
          for (const a of e.added) added.push(await Folder.create(fileURLToPath(a.uri), a.uri));
          folders.push(...added);
          queueIndex("workspace folders changed", added);
        }),
      );
    }
    queueIndex("start");
  });

  connection.onShutdown(async () => {
    for (const store of stores.values()) await store.flush();
    await pool?.close();
  });

  connection.onDidChangeConfiguration(
    guard("configuration", undefined, async () => {
      await ready();
      for (const folder of folders) {
        const before = folder.fileSetKey();
        folder.setEditorSettings(await editorSettings(folder));
        afterSettingsChange(folder, before);
      }
    }),
  );

  // ---------------------------------------------------------------- documents and files

  const onBuffer = guard("document change", undefined, async (doc: TextDocument) => {
    const hit = folderOf(doc.uri);
    if (!hit) return;
    // no waiting for the index: the session takes the text now and the index keeps it
    const { folder, file } = hit;
    if (folder.isConfigFile(file)) {
      const before = folder.fileSetKey();
      folder.setConfigBuffer(file, doc.getText());
      afterSettingsChange(folder, before);
    } else if (folder.wants(file) && folder.setBuffer(file, doc.getText())) {
      schedule(folder);
    }
  });
  documents.onDidOpen((e) => void onBuffer(e.document));
  documents.onDidChangeContent((e) => void onBuffer(e.document));
  documents.onDidClose(
    guard("document close", undefined, async (e: { document: TextDocument }) => {
      const hit = folderOf(e.document.uri);
      if (!hit) return;
      // the unsaved text no longer wins: back to what is on disk
      if (hit.folder.isConfigFile(hit.file)) {
        const before = hit.folder.fileSetKey();
        hit.folder.setConfigBuffer(hit.file, null);
        afterSettingsChange(hit.folder, before);
      } else {
        hit.folder.closeBuffer(hit.file);
        schedule(hit.folder);
      }
    }),
  );

  connection.onDidChangeWatchedFiles(
    guard("watched files", undefined, async (params) => {
      const touched = new Set<Folder>();
      for (const change of params.changes) {
        const hit = folderOf(change.uri);
        if (!hit) continue;
        const { folder, file } = hit;
        if (folder.isConfigFile(file)) {
          const before = folder.fileSetKey();
          folder.applySettings();
          if (folder.fileSetKey() !== before) afterSettingsChange(folder, before);
          else touched.add(folder);
          continue;
        }
        if (documents.get(change.uri) && change.type !== FileChangeType.Deleted) continue; // the buffer wins
        if (!sourceLanguage(file)) continue;
        const changed = change.type === FileChangeType.Deleted ? folder.session.remove(file) : folder.refreshFromDisk(file);
        if (changed) touched.add(folder);
      }
      for (const f of touched) schedule(f);
    }),
  );

  // ---------------------------------------------------------------- features

  connection.onHover(
    guard("hover", null, async (params) => {
      const hit = folderOf(params.textDocument.uri);
      if (!hit || !hit.folder.enabled) return null;
      // markdown only for clients that take it (the spec's default is plain text)
      const kind = clientCapabilities.textDocument?.hover?.contentFormat?.includes("markdown") ? "markdown" : "plaintext";
      const result = resultFor(hit.folder);
      if (!result) return { contents: { kind, value: INDEXING_HOVER } };
      const value = hoverContent(result, hit.file, params.position.line + 1, kind);
      return value ? { contents: { kind, value } } : null;
    }),
  );

  connection.onCodeLens(
    guard("code lens", [], async (params) => {
      const hit = folderOf(params.textDocument.uri);
      if (!hit || !hit.folder.enabled) return [];
      const result = resultFor(hit.folder);
      return result ? codeLenses(hit.folder, result, hit.file) : [];
    }),
  );

  /**
   * Fixes are computed from the current texts: from the current analysis once indexed (awaited:
   * linked in slices while other requests are answered), else from the last one.
   */
  const actionContext = async (folder: Folder): Promise<ActionContext | null> => {
    const result = folder.indexed ? await folder.session.analyzeInSlices() : folder.session.snapshot();
    if (!result) return null;
    return {
      folder,
      fixes: { model: result.model, text: (file) => folder.text(file) },
      findings: result.findings,
      version: (uri) => documents.get(uri)?.version ?? null,
      documentChanges:
        clientCapabilities.workspace?.workspaceEdit?.documentChanges === true &&
        (clientCapabilities.workspace.workspaceEdit.resourceOperations ?? []).includes("create"),
      lazy: clientCapabilities.textDocument?.codeAction?.resolveSupport?.properties.includes("edit") === true,
    };
  };

  connection.onCodeActionResolve(async (action: CodeAction) => {
    // a failure leaves the action as it was (without an edit), never a dead request
    try {
      const data = action.data as { uri?: string } | undefined;
      const hit = data?.uri ? folderOf(data.uri) : null;
      const ctx = hit ? await actionContext(hit.folder) : null;
      return ctx ? resolveFixAction(action, ctx) : action;
    } catch (err) {
      logError("code action resolve", err);
      return action;
    }
  });

  connection.onCodeAction(
    guard("code action", [], async (params) => {
      const hit = folderOf(params.textDocument.uri);
      if (!hit || !hit.folder.enabled) return [];
      const ctx = await actionContext(hit.folder);
      if (!ctx) return [];
      const only = params.context.only;
      if (only && only.some((k) => FIX_ALL_KIND.startsWith(k) && k.startsWith("source"))) {
        const all = fixAllAction(ctx, hit.file);
        return all ? [all] : [];
      }
      if (only && !only.some((k) => k === "quickfix" || k.startsWith("quickfix"))) return [];
      const text = documents.get(params.textDocument.uri)?.getText() ?? hit.folder.text(hit.file) ?? "";
      return codeActionsFor(params.textDocument.uri, hit.file, text, params.context.diagnostics, ctx);
    }),
  );

  connection.onExecuteCommand(
    guard("command", null, async (params) => {
      if (params.command === SERVER_COMMANDS.showRuleDocs && typeof params.arguments?.[0] === "string") {
        const url = params.arguments[0];
        // clients without window/showDocument (Neovim 0.7, eglot 1.9) get the address to open
        if (clientCapabilities.window?.showDocument?.support) await connection.window.showDocument({ uri: url, external: true });
        else void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `Retry Lens rule documentation: ${url}` });
      }
      return null;
    }),
  );

  connection.onRequest(
    ModelRequest,
    guard("model request", { version: 0, threshold: 3, worstProduct: 1, layers: [], paths: [], edges: [], findings: 0, indexing: true } as RetryModelView, async () => {
      // while indexing: the last analyses, with `indexing` set
      return modelView();
    }),
  );

  connection.onRequest(
    RescanRequest,
    guard("rescan", { version: 0, worstProduct: 1, threshold: 3, paths: 0, findings: 0 } as ModelChangedParams, async () => {
      await queueIndex("rescan");
      return summary();
    }),
  );

  documents.listen(connection);
  connection.listen();
}

declare const __RETRYLENS_VERSION__: string | undefined;

if (require.main === module) {
  const connection = createConnection(ProposedFeatures.all);
  // a bug in one feature must not take the server down: log it and keep serving
  process.on("uncaughtException", (err) => connection.console.error(`[retry-lens] uncaught: ${err.stack ?? err.message}`));
  process.on("unhandledRejection", (err) => connection.console.error(`[retry-lens] unhandled rejection: ${String(err)}`));
  startServer(connection);
}
