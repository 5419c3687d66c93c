/**
 * Relinking an edit that changes only retry counts (issue #11, edit → diagnostics), without
 * linking the workspace again.
 *
 * The edit a user makes most after reading a finding is a count: `stop_after_attempt(5)` → 3,
 * `retries: 3` → 1, an Istio `attempts:`. Such an edit changes a layer fact's `maxAttempts` and
 * `attemptsNote`, in code also the number argument of the call that sets it (the CallFact of
 * `stop_after_attempt(5)`), and nothing else; and most of linking never looks at a count:
 * resolution, the reach walk and the hops are built from the other facts. So a full link
 * records, from the moment counts are worked out (engine/link.ts `layerValues`) to the model,
 * every read and write of each layer's value fields (accessors on the RetryLayer objects,
 * removed again at the end). When the next link's facts differ from the recorded ones only in
 * counts, `layerValues` runs again on the recorded workspace (its service index and resolver do
 * not read counts) and the layers whose values changed are checked: when nothing after
 * `layerValues` read or wrote those fields of those layers, the recorded model with the new
 * values is what a full link would make, and only the paths (whose products are counts) are
 * enumerated again. Anything else — a field read (the mesh
 * route choice compares counts, a helper's call-site copy is made from one), a file a pass before
 * `layerValues` rewrote, another layer whose values moved, a settings change — links in full.
 *
 * A call argument's number is read by linking in many places (a helper's count at its call site,
 * a port, a parameter bound to a URL). Reads of the arguments of the files edited in the last few
 * links (the files being worked on) are recorded the same way, for the whole link; an edited
 * argument of a call whose reads were not recorded links in full. So the first count edit of a
 * file whose count is a call argument links in full, and the next ones relink.
 *
 * Pure: no I/O, no LSP types. A WorkspaceSession keeps one per folder.
 */
import type { FileFacts } from "../model/facts";
import type { Model, RetryLayer, Settings } from "../model/model";
import type { KustomizeView } from "./kustomize";
import { layerValues, withPaths, type LayerValues } from "./link";
import type { Resolver } from "./resolve";
import { sameFacts } from "./sameFacts";
import type { ServiceIndex } from "./services";

/** the layer-fact fields a count edit changes: an edit that changes any other field links in full */
const COUNT_FIELDS: ReadonlySet<string> = new Set(["maxAttempts", "attemptsNote"]);

/** RetryLayer fields a count flows into, in layerValues and after it: the fields whose reads are recorded */
const VALUE_FIELDS = ["maxAttempts", "attemptsNote", "attemptsSource", "countUnknown", "disabled", "implicit", "timeBound"] as const;
const VALUE_FIELD_SET: ReadonlySet<string> = new Set(VALUE_FIELDS);

/** an editor's edit changes one file; more changed files at once link in full */
const MAX_CHANGED_FILES = 4;

/** CallArg fields a count edit changes (the literal and its value) */
const ARG_COUNT_FIELDS: ReadonlySet<string> = new Set(["number", "value"]);
const CALL_ARGS: ReadonlySet<string> = new Set(["args"]);

/** files whose call arguments' reads are recorded: the ones changed in the last links */
const MAX_HOT_FILES = 8;

/** what linkSteps hands over once counts are worked out */
export interface LinkInputs {
  written: FileFacts[];
  /** the facts after the passes before layerValues (Aspire, compose peers, kustomize, inherited routes, Kafka defaults) */
  files: FileFacts[];
  settings: Settings;
  index: ServiceIndex;
  resolver: Resolver;
  kustomize: KustomizeView;
  layers: Map<string, RetryLayer>;
  loadBalancerCalls: LayerValues["loadBalancerCalls"];
}

interface Recorded extends Omit<LinkInputs, "layers"> {
  /** each layer as layerValues made it (deep copies: later passes change the objects) */
  values: Map<string, RetryLayer>;
  /** layer id → the value fields read or written after layerValues */
  touched: Map<string, Set<string>>;
  /** the model before its paths were enumerated */
  model: Model;
  /** position of each of `files` */
  position: Map<FileFacts, number>;
  /** paths whose calls' arguments were watched for the whole link */
  argsWatched: ReadonlySet<string>;
  /** `path\u0000callId` of the watched calls whose arguments' number or value was read */
  argsRead: ReadonlySet<string>;
}

export interface Recording {
  /** the model is built: stop recording and keep what relinking needs */
  finish(model: Model): void;
}

export class LinkMemo {
  private recorded: Recorded | null = null;
  /** the files edited lately, newest last */
  private hot: string[] = [];
  private args: ArgumentWatch | null = null;
  /** how many links were answered by relinking counts (tests and the server log read it) */
  countRelinks = 0;
  /** why the last link was not answered by relinking counts (tests and the server log read it) */
  lastRefusal = "";

  /**
   * A full link of `written` begins (the recorded one is forgotten): the files changed since are
   * noted as edited lately, and the arguments of those files' calls are watched.
   */
  beginLink(written: FileFacts[]): void {
    const before = this.recorded?.written;
    this.recorded = null;
    this.args?.stop();
    if (before && before.length === written.length) {
      for (let i = 0; i < written.length; i++) if (written[i] !== before[i]) this.edited(written[i]!.path);
    }
    const hot = new Set(this.hot);
    this.args = hot.size ? watchCallArguments(written.filter((f) => hot.has(f.path))) : null;
  }

  private edited(path: string): void {
    this.hot = [...this.hot.filter((p) => p !== path), path].slice(-MAX_HOT_FILES);
  }

  /** Starts recording what reads the layers' value fields, once layerValues has worked them out. */
  startRecording(inputs: LinkInputs): Recording {
    const values = new Map<string, RetryLayer>();
    // deep copies: later passes push into a layer's arrays (targets) as well as set its fields
    for (const [id, layer] of inputs.layers) values.set(id, structuredClone(layer));
    const touched = new Map<string, Set<string>>();
    const stop = watchValueFields(inputs.layers, touched);
    return {
      finish: (model) => {
        stop();
        const args = this.args;
        args?.stop();
        this.args = null;
        const { layers: _live, ...rest } = inputs;
        this.recorded = {
          ...rest,
          values,
          touched,
          model: { ...model },
          position: new Map(inputs.files.map((f, i) => [f, i])),
          argsWatched: args?.watched ?? new Set(),
          argsRead: args?.read ?? new Set(),
        };
      },
    };
  }

  /**
   * The model for `written` when it differs from the recorded link's facts only in counts nothing
   * after layerValues looked at; null when it must be linked in full.
   */
  relinkCounts(written: FileFacts[], settings: Settings): Model | null {
    const r = this.recorded;
    const refuse = (why: string): null => ((this.lastRefusal = why), null);
    if (!r) return refuse("no link recorded");
    if (r.settings !== settings) return refuse("settings changed");
    if (written.length !== r.written.length) return refuse("files added or removed");
    const changed: number[] = [];
    for (let i = 0; i < written.length; i++) {
      if (written[i] === r.written[i]) continue;
      if (changed.push(i) > MAX_CHANGED_FILES) return refuse("many files changed");
    }
    if (!changed.length) return refuse("nothing changed");
    const files = [...r.files];
    const position = new Map(r.position);
    const editedPaths = new Set<string>();
    for (const i of changed) {
      const before = r.written[i]!;
      const after = written[i]!;
      // a pass before layerValues rewrote the file (the recorded one is not the written one), or
      // read its counts (compose peers compare an NGINX route's count with the replicas')
      const at = r.position.get(before);
      if (at === undefined) return refuse(`${after.path}: rewritten before its counts were worked out`);
      if (before.routes.some((route) => route.nginx)) return refuse(`${after.path}: NGINX routes (compose peers read their counts)`);
      const calls = countsOnly(before, after);
      if (calls === null) return refuse(`${after.path}: more than counts changed`);
      for (const id of calls) {
        if (!r.argsWatched.has(after.path)) return refuse(`${after.path}: a call's argument changed in a file not edited lately`);
        if (r.argsRead.has(`${after.path}\u0000${id}`)) return refuse(`${after.path}: linking read the arguments of call ${id}`);
      }
      files[at] = after;
      position.delete(before);
      position.set(after, at);
      editedPaths.add(after.path);
    }
    let next: LayerValues;
    try {
      next = layerValues(files, r.index, r.resolver, r.kustomize);
    } catch {
      return refuse("working out the counts failed");
    }
    if (next.layers.size !== r.values.size) return refuse("layers added or removed");
    if (!sameFacts([...next.loadBalancerCalls], [...r.loadBalancerCalls])) return refuse("load-balancer calls changed");
    const newValues = new Map<string, Partial<RetryLayer>>();
    for (const [id, layer] of next.layers) {
      const was = r.values.get(id);
      if (!was) return refuse(`${id}: a new layer`);
      const moved = differingFields(was, layer);
      if (moved === null) return refuse(`${id}: its fields changed`);
      if (!moved.length) continue;
      // only the edited files' layers may move: anything else means the recorded state is not what a fresh link would start from
      if (!editedPaths.has(layer.file)) return refuse(`${id}: a layer of a file not edited changed`);
      const read = r.touched.get(id);
      const blocking = moved.find((k) => !VALUE_FIELD_SET.has(k) || read?.has(k));
      if (blocking) return refuse(`${id}: ${blocking} ${VALUE_FIELD_SET.has(blocking) ? "was read after its count was worked out" : "changed"}`);
      newValues.set(id, Object.fromEntries(moved.map((k) => [k, layer[k as keyof RetryLayer]])));
    }
    const layerById = new Map<string, RetryLayer>();
    for (const [id, layer] of r.model.layerById) {
      const values = newValues.get(id);
      layerById.set(id, values ? { ...layer, ...values } : layer);
    }
    const model: Model = { ...r.model, layers: r.model.layers.map((l) => layerById.get(l.id) ?? l), layerById, paths: [] };
    delete model.problems;
    const recordedModel = { ...model };
    withPaths(model);
    // (layerValues' fresh objects: nothing else holds or changes them)
    this.recorded = { ...r, written, files, position, values: next.layers, model: recordedModel };
    for (const path of editedPaths) this.edited(path);
    this.countRelinks++;
    this.lastRefusal = "";
    return model;
  }
}

/**
 * When `after` differs from `before` only in counts, the ids of its calls whose arguments changed
 * (often none); null when anything else differs. Every other field must hold the same value (the
 * session keeps unchanged fields' values when it adopts new facts, so identity answers); layers
 * and calls the same in number and order, layers differing only in COUNT_FIELDS, calls only in
 * their arguments' ARG_COUNT_FIELDS.
 */
function countsOnly(before: FileFacts, after: FileFacts): string[] | null {
  if (before.path !== after.path) return null;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    if (k === "layers" || k === "calls") continue;
    if ((before as unknown as Record<string, unknown>)[k] !== (after as unknown as Record<string, unknown>)[k]) return null;
  }
  if (before.layers.length !== after.layers.length || before.calls.length !== after.calls.length) return null;
  if (!before.layers.every((l, i) => l === after.layers[i] || sameExcept(l, after.layers[i]!, COUNT_FIELDS))) return null;
  const changedCalls: string[] = [];
  for (let i = 0; i < before.calls.length; i++) {
    const a = before.calls[i]!;
    const b = after.calls[i]!;
    if (a === b) continue;
    if (!sameExcept(a, b, CALL_ARGS) || a.args.length !== b.args.length) return null;
    if (!a.args.every((x, j) => sameExcept(x, b.args[j]!, ARG_COUNT_FIELDS))) return null;
    changedCalls.push(b.id);
  }
  return changedCalls;
}

/** the same fields, equal except (possibly) those in `except` */
function sameExcept(a: object, b: object, except: ReadonlySet<string>): boolean {
  return differingFields(a, b)?.every((k) => except.has(k)) ?? false;
}

/** The fields whose values differ, or null when the two do not have the same fields. */
function differingFields(a: object, b: object): string[] | null {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return null;
  const out: string[] = [];
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return null;
    if (!sameFacts((a as unknown as Record<string, unknown>)[k], (b as unknown as Record<string, unknown>)[k])) out.push(k);
  }
  return out;
}

/**
 * Replaces each layer's value fields with accessors that note every read and write in `touched`;
 * the returned function puts plain properties back (same order, same values) and notes layers
 * whose fields were deleted or added meanwhile. A layer object replaced in the map by a copy was
 * read to be copied, so it is noted already.
 */
function watchValueFields(layers: Map<string, RetryLayer>, touched: Map<string, Set<string>>): () => void {
  const watched: Array<{ id: string; layer: RetryLayer; fields: string[] }> = [];
  let recording = true;
  const note = (id: string, field: string) => {
    if (!recording) return;
    let set = touched.get(id);
    if (!set) touched.set(id, (set = new Set()));
    set.add(field);
  };
  for (const [id, layer] of layers) {
    const fields = VALUE_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(layer, f));
    for (const field of fields) {
      let value = (layer as unknown as Record<string, unknown>)[field];
      Object.defineProperty(layer, field, {
        get: () => (note(id, field), value),
        set: (v: unknown) => {
          note(id, field);
          value = v;
        },
        enumerable: true,
        configurable: true,
      });
    }
    watched.push({ id, layer, fields });
  }
  return () => {
    const changedShape: Array<{ id: string; field: string }> = [];
    recording = false;
    for (const { id, layer, fields } of watched) {
      for (const field of VALUE_FIELDS) {
        const d = Object.getOwnPropertyDescriptor(layer, field);
        if (!fields.includes(field)) {
          if (d) changedShape.push({ id, field }); // added after layerValues
          continue;
        }
        if (!d || !d.get) {
          changedShape.push({ id, field }); // deleted (or redefined) after layerValues
          continue;
        }
        Object.defineProperty(layer, field, { value: d.get(), writable: true, enumerable: true, configurable: true });
      }
    }
    recording = true;
    for (const { id, field } of changedShape) note(id, field);
    recording = false;
  };
}

interface ArgumentWatch {
  /** the paths whose calls are watched */
  watched: Set<string>;
  /** `path\u0000callId` of the calls whose arguments' number or value was read */
  read: Set<string>;
  stop(): void;
}

/**
 * Watches reads of the `number` and `value` of every argument of the files' calls (accessors,
 * as watchValueFields does). The facts are the session's: `stop` puts the plain properties back,
 * and until then the accessors answer the same values.
 */
function watchCallArguments(files: FileFacts[]): ArgumentWatch {
  const watched = new Set(files.map((f) => f.path));
  const read = new Set<string>();
  const restore: Array<() => void> = [];
  let recording = true;
  for (const f of files) {
    for (const call of f.calls) {
      const key = `${f.path}\u0000${call.id}`;
      for (const arg of call.args) {
        for (const field of ARG_COUNT_FIELDS) {
          if (!Object.prototype.hasOwnProperty.call(arg, field)) continue;
          const value = (arg as unknown as Record<string, unknown>)[field];
          Object.defineProperty(arg, field, {
            get: () => {
              if (recording) read.add(key);
              return value;
            },
            enumerable: true,
            configurable: true,
          });
          restore.push(() => Object.defineProperty(arg, field, { value, writable: true, enumerable: true, configurable: true }));
        }
      }
    }
  }
  return {
    watched,
    read,
    stop: () => {
      if (!recording) return;
      recording = false;
      for (const r of restore) r();
    },
  };
}
