/**
 * Spring Cloud Stream consumer retries (docs/reference/spring-cloud-stream.md): the layer the
 * settings detector (detectors/spring/cloudStream.ts) reports for a binding re-runs the consumer
 * function the binding names, so it wraps everything that function calls, as a job queue's task
 * layer wraps its task body (engine/jobQueues.ts).
 *
 * The function: a functional binding `<fn>-in-<n>` names the bean `fn` (a `@Bean` method returning
 * `Consumer<…>`/`Function<…>`); the layer wraps the method and the lambdas written in it (the
 * consumer's body). The default consumer level ("") wraps every bean that
 * `spring.cloud.function.definition` names. Candidates: the JVM code of the settings file's project
 * (`<project>/src/main/resources/application.yml` → `<project>`), or, for a Spring Cloud Config
 * repository file (`config-repo/product.yml`), the project whose `spring.application.name` is the
 * file's name.
 */
import type { FileFacts, FunctionFact } from "../model/facts";
import { normalizeSettingKey, projectDirOf } from "../model/settingsKeys";

export interface StreamConsumerAttachment {
  /** the settings file and layer (LayerFact.localId) */
  layerFile: FileFacts;
  localId: string;
  /** the JVM file and function the layer wraps */
  file: FileFacts;
  functionId: string;
}

const JVM = new Set(["java", "kotlin"]);

/** `serviceOf`: the service that owns a code file (ServiceIndex.fileService), for config-repository files. */
export function streamConsumerAttachments(files: readonly FileFacts[], serviceOf: (path: string) => string | null = () => null): StreamConsumerAttachment[] {
  const out: StreamConsumerAttachment[] = [];
  const jvm = files.filter((f) => JVM.has(f.language));
  if (!jvm.length) return out;
  for (const f of files) {
    for (const l of f.layers) {
      if (l.streamBinding === undefined) continue;
      try {
        // a functional binding names its bean; a legacy channel (`input`, @StreamListener) is not followed
        const names = l.streamBinding === "" ? definitionNames(f) : /-in-\d+$/.test(l.streamBinding) ? [functionName(l.streamBinding)] : [];
        const dir = codeDirOf(f, files);
        const app = configRepoApplication(f);
        const served = (path: string) => {
          const svc = serviceOf(path);
          return app !== null && svc !== null && (svc === app || app.startsWith(`${svc}-`));
        };
        const inProject = jvm.filter((j) => (dir === null ? served(j.path) : dir === "" || j.path.startsWith(`${dir}/`)));
        for (const name of names) {
          if (!name) continue;
          for (const j of inProject) {
            for (const fn of consumerFunctions(j, name)) out.push({ layerFile: f, localId: l.localId, file: j, functionId: fn.id });
          }
        }
      } catch {
        // a binding that cannot be followed stays a layer of its own
      }
    }
  }
  return out;
}

/** `messageProcessor-in-0` → messageProcessor; a legacy channel name (`input`) stays as written. */
function functionName(binding: string): string {
  return binding.replace(/-in-\d+$/, "");
}

/** `spring.cloud.function.definition: a;b|c` → the beans it names (a composed `b|c` binds through its first function). */
function definitionNames(f: FileFacts): string[] {
  const key = normalizeSettingKey("spring.cloud.function.definition");
  const e = f.configEntries?.find((c) => normalizeSettingKey(c.key) === key && c.profile === null);
  return e ? e.value.split(/[;,]/).map((s) => s.split("|")[0]!.trim()).filter(Boolean) : [];
}

/**
 * The code folder the settings file configures: its Spring project, or for a config-repository
 * file the project named like it (`product.yml`, `product-docker.yml` → `spring.application.name: product`).
 */
function codeDirOf(f: FileFacts, files: readonly FileFacts[]): string | null {
  if (/(^|\/)src\/(main|test)\/resources\//.test(f.path) || /(^|\/)(application|bootstrap)[^/]*\.(ya?ml|properties)$/.test(f.path)) return projectDirOf(f.path);
  const base = configRepoApplication(f)!;
  for (const other of files) {
    for (const w of other.workloads) {
      if (w.kind !== "package" || w.codeDir === null) continue;
      if (w.name === base || base.startsWith(`${w.name}-`)) return w.codeDir === "src" ? "" : w.codeDir;
    }
  }
  return null; // the service named like the file (serviceOf), if any
}

/** `config-repo/product-docker.yml` → "product-docker" (the service named so, or a prefix of it, is the application). */
function configRepoApplication(f: FileFacts): string | null {
  if (/(^|\/)(application|bootstrap)[^/]*\.(ya?ml|properties)$/.test(f.path)) return null;
  return f.path.slice(f.path.lastIndexOf("/") + 1).replace(/\.(ya?ml|properties)$/, "");
}

/** The bean method named `name` and the lambdas written inside it (the consumer's body). */
function consumerFunctions(f: FileFacts, name: string): FunctionFact[] {
  // a bean method (its parameters are injected beans), not a lambda of the same name
  const methods = f.functions.filter((fn) => fn.name === name && !fn.id.includes(".lambda@"));
  if (!methods.length) return [];
  return f.functions.filter((fn) => methods.some((m) => fn.id === m.id || fn.id.startsWith(`${m.id}.lambda@`)));
}
