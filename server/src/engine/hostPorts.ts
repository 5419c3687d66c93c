/**
 * Programs of the workspace that serve on a port of their machine: a Go program's
 * `http.ListenAndServe(":8080", h)`, echo's `e.Start(addr)`, gin's `r.Run(addr)`, fiber's
 * `app.Listen(addr)`, `net.Listen("tcp", addr)` (an `http.Server{Addr: …}` is not read yet),
 * with the address evaluated like any value (a literal, an env variable of the service's manifest,
 * a viper setting: `e.Start(viper.GetString("server.address"))` with `server.address: ":1236"`).
 * `localhost:P` / `host.docker.internal:P` is then the service owning that code — a gateway in a
 * container routing to `http://host.docker.internal:1236` reaches the storage program run on the
 * host (ServiceIndex.localUrls; compose published ports and launchSettings.json come first).
 */
import type { FileFacts } from "../model/facts";
import { evaluate, type Resolver } from "./resolve";
import type { ServiceIndex } from "./services";

/**
 * Go serving calls → the index of the address argument. A receiver is written as its type when
 * the detector knows it (`echo.Echo.Start`), else as the local (`e.Start` with `e := echo.New()`):
 * then the file must import the framework, and the argument must evaluate to `host:port` anyway.
 */
const GO_SERVES: ReadonlyArray<{ callee: RegExp; arg: number; imports?: RegExp }> = [
  { callee: /^http\.(ListenAndServe|ListenAndServeTLS)$/, arg: 0 },
  { callee: /^net\.Listen$/, arg: 1 },
  { callee: /\.(Start|StartTLS|StartAutoTLS|StartH2CServer)$/, arg: 0, imports: /^github\.com\/labstack\/echo(\/v\d+)?$/ },
  { callee: /\.(Run|RunTLS)$/, arg: 0, imports: /^github\.com\/gin-gonic\/gin$/ },
  { callee: /\.(Listen|ListenTLS)$/, arg: 0, imports: /^github\.com\/gofiber\/fiber(\/v\d+)?$/ },
];

export function addServedPorts(files: readonly FileFacts[], index: ServiceIndex, resolver: Resolver): void {
  const found = new Map<string, string>();
  for (const f of files) {
    if (f.language !== "go") continue;
    const service = index.fileService.get(f.path);
    if (!service) continue;
    const serves = GO_SERVES.filter((s) => !s.imports || f.imports.some((i) => s.imports!.test(i.module)));
    for (const call of f.calls) {
      const serve = serves.find((s) => s.callee.test(call.callee));
      if (!serve) continue;
      const arg = call.args.filter((a) => a.keyword === null)[serve.arg];
      const text = arg?.value ? evaluate(arg.value, f, call.functionId, resolver, index.services.get(service)?.env ?? {}) : null;
      const port = text === null ? null : /^(?:[\w.-]*|\[[0-9a-f:]*\]):(\d{1,5})$/i.exec(text.trim())?.[1];
      if (port && !found.has(`localhost:${port}`)) found.set(`localhost:${port}`, service);
    }
  }
  if (!found.size) return;
  index.localUrls ??= new Map();
  for (const [key, service] of found) if (!index.localUrls.has(key)) index.localUrls.set(key, service);
}
