/**
 * NGINX run by compose services (detectors/config/nginx.ts): which service runs an NGINX file,
 * and how many peers its upstream hosts have.
 * - The compose service that bind-mounts the file runs it (`./nginx.conf:/etc/nginx/nginx.conf`),
 *   else the one whose build context holds it (a Dockerfile that COPYs it): its routes leave from
 *   that service (a hop `web → shipping`, so what calls the service continues through it), and
 *   `${VAR}` placeholders of a template are filled from its environment (engine/meshHops.ts).
 * - A host in an upstream's `server` line, or a `proxy_pass` host, that names a compose service with
 *   `deploy.replicas: N` resolves to N addresses (Docker's DNS returns every replica), and NGINX
 *   makes each address a server of the group — so with `proxy_next_upstream_tries` 0/unset a
 *   failed try goes on to the next of N peers (reference §4.9). The compose file that runs the
 *   NGINX file defines the service that counts; without one, a service all compose files define
 *   with one count.
 * - A compose service built from a folder whose Dockerfile sets `ENV` starts with that environment
 *   (the service's own `environment:` wins): what a template's placeholders are filled from.
 * Runs before services are built, on copies of the facts it changes.
 */
import type { FileFacts, LayerFact, WorkloadFact } from "../model/facts";
import { nginxLayerFact } from "../detectors/config/nginx";

export function withComposePeers(written: FileFacts[]): FileFacts[] {
  const files = withImageEnv(written);
  const compose: Array<{ file: string; w: WorkloadFact }> = [];
  for (const f of files) for (const w of f.workloads) if (w.kind === "compose-service") compose.push({ file: f.path, w });
  if (!compose.length) return files;
  return files.map((f) => {
    if (!f.routes.some((r) => r.nginx)) return f;
    const mounting = compose.filter((c) => c.w.mounts?.includes(f.path));
    const building = compose.filter((c) => !!c.w.codeDir && c.w.codeDir !== "." && f.path.startsWith(`${c.w.codeDir.replace(/\/+$/, "")}/`));
    const runners = mounting.length ? mounting : building;
    const names = new Set(runners.map((c) => c.w.name));
    const gateway = names.size === 1 ? [...names][0]! : null;
    const runnerFiles = new Set(runners.map((c) => c.file));
    const addresses = (host: string): number | null => {
      const defs = compose.filter((c) => c.w.name === host);
      const own = defs.filter((c) => runnerFiles.has(c.file));
      const counts = new Set((own.length ? own : defs).map((c) => c.w.replicas ?? 1));
      return counts.size === 1 ? [...counts][0]! : null;
    };
    const layers: LayerFact[] = [...f.layers];
    const ids = new Set(layers.map((l) => l.localId));
    let changed = false;
    const routes = f.routes.map((written) => {
      if (!written.nginx) return written;
      const r = gateway ? { ...written, gateway } : written;
      if (gateway) changed = true;
      if (!r.nginx!.hosts.some((h) => (addresses(h) ?? 1) > 1)) return r;
      const at = r.layerId ? layers.findIndex((l) => l.localId === r.layerId) : -1;
      let id = at >= 0 ? layers[at]!.localId : `L${r.nginx!.anchor.line}`;
      for (let n = 2; at < 0 && ids.has(id); n++) id = `L${r.nginx!.anchor.line}.${n}`;
      const fact = nginxLayerFact(id, r.nginx!, addresses);
      if (!fact || (at >= 0 && layers[at]!.maxAttempts === fact.maxAttempts)) return r;
      changed = true;
      if (at >= 0) {
        layers[at] = fact;
        return r;
      }
      ids.add(id);
      layers.push(fact);
      return { ...r, layerId: id };
    });
    return changed ? { ...f, layers, routes } : f;
  });
}

/** Compose services built from a folder with a Dockerfile: the image's ENV under their own environment. */
function withImageEnv(files: FileFacts[]): FileFacts[] {
  const images = new Map<string, Record<string, string>>();
  for (const f of files) if (f.imageEnv && /(^|\/)Dockerfile$/.test(f.path)) images.set(f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "", f.imageEnv);
  if (!images.size) return files;
  const imageOf = (w: WorkloadFact) => (w.kind === "compose-service" && w.codeDir ? images.get(w.codeDir === "." ? "" : w.codeDir.replace(/\/+$/, "")) : undefined);
  return files.map((f) => (f.workloads.some((w) => imageOf(w)) ? { ...f, workloads: f.workloads.map((w) => (imageOf(w) ? { ...w, env: { ...imageOf(w), ...w.env } } : w)) } : f));
}
