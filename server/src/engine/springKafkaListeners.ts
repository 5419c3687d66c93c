/**
 * spring-kafka listener containers (docs/reference/kafka.md §"spring-kafka listener containers"): the
 * error handler of a container factory (detectors/java/springKafka.ts) redelivers a failed record
 * to the `@KafkaListener` method, so its layer wraps every listener that names the factory —
 * `containerFactory = "…"`, else the bean `kafkaListenerContainerFactory` — in the same service
 * (the same JVM project when no service owns the files), as a decorator wraps its function.
 *
 * The factory Spring Boot auto-configures under the default name exists only when the service
 * declares no bean of that name; it uses the service's `CommonErrorHandler` bean when there is one.
 * So the detector's per-listener "auto" layers are dropped when the service has its own default
 * factory or a handler bean, and a handler bean's layer is dropped when a default factory of the
 * service's own makes it moot (a factory that injects it says so in its own layer).
 */
import type { FileFacts } from "../model/facts";

export interface KafkaListenerAttachment {
  layerFile: FileFacts;
  localId: string;
  /** the JVM file and the listener method the layer wraps */
  file: FileFacts;
  functionId: string;
}

const DEFAULT_FACTORY = "kafkaListenerContainerFactory";

/** `orders/src/main/java/…` → `orders`: the JVM project a file belongs to. */
function projectOf(path: string): string {
  const m = /^(.*?)(?:^|\/)src\/(?:main|test)\//.exec(path);
  return m ? m[1]! : "";
}

function groupKey(path: string, serviceOf: (path: string) => string | null): string {
  return serviceOf(path) ?? `project:${projectOf(path)}`;
}

interface Group {
  factories: Map<string, Array<{ file: FileFacts; localId: string }>>;
  handlerBeans: Array<{ file: FileFacts; localId: string }>;
  listeners: Array<{ file: FileFacts; functionId: string; factory: string }>;
}

function groups(files: readonly FileFacts[], serviceOf: (path: string) => string | null): Map<string, Group> {
  const out = new Map<string, Group>();
  const group = (path: string) => {
    const k = groupKey(path, serviceOf);
    let g = out.get(k);
    if (!g) out.set(k, (g = { factories: new Map(), handlerBeans: [], listeners: [] }));
    return g;
  };
  for (const f of files) {
    if (f.language !== "java" && f.language !== "kotlin") continue;
    for (const l of f.layers) {
      const ref = l.kafkaContainerFactory;
      if (!ref || ref.autoFor) continue;
      const g = group(f.path);
      if (ref.handlerBean) g.handlerBeans.push({ file: f, localId: l.localId });
      else g.factories.set(ref.bean, [...(g.factories.get(ref.bean) ?? []), { file: f, localId: l.localId }]);
    }
    for (const li of f.kafkaListeners ?? []) group(f.path).listeners.push({ file: f, functionId: li.functionId, factory: li.containerFactory ?? DEFAULT_FACTORY });
  }
  return out;
}

/** The files with the layers no container uses taken out (auto-configured factory superseded, handler bean moot). */
export function withKafkaContainerDefaults(files: FileFacts[], serviceOf: (path: string) => string | null): FileFacts[] {
  if (!files.some((f) => f.layers.some((l) => l.kafkaContainerFactory))) return files;
  const byGroup = groups(files, serviceOf);
  return files.map((f) => {
    const drop = f.layers.filter((l) => {
      const ref = l.kafkaContainerFactory;
      if (!ref || (!ref.autoFor && !ref.handlerBean)) return false;
      const g = byGroup.get(groupKey(f.path, serviceOf));
      const ownDefault = (g?.factories.get(DEFAULT_FACTORY)?.length ?? 0) > 0;
      return ref.autoFor ? ownDefault || (g?.handlerBeans.length ?? 0) > 0 : ownDefault;
    });
    return drop.length ? { ...f, layers: f.layers.filter((l) => !drop.includes(l)) } : f;
  });
}

/** Each listener method with the factory layer (or, on Boot's auto-configured factory, the handler bean's layer) that redelivers to it. */
export function kafkaListenerAttachments(files: readonly FileFacts[], serviceOf: (path: string) => string | null): KafkaListenerAttachment[] {
  const out: KafkaListenerAttachment[] = [];
  for (const g of groups(files, serviceOf).values()) {
    for (const li of g.listeners) {
      const layers = g.factories.get(li.factory) ?? (li.factory === DEFAULT_FACTORY ? g.handlerBeans.slice(0, 1) : []);
      for (const l of layers) out.push({ layerFile: l.file, localId: l.localId, file: li.file, functionId: li.functionId });
    }
  }
  return out;
}
