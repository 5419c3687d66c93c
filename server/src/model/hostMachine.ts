/**
 * Names of the machine a program runs on, as seen from itself or from a container on it:
 * `localhost`, loopback addresses, Docker Desktop's `host.docker.internal` (also Linux with
 * `extra_hosts: host.docker.internal:host-gateway`), `gateway.docker.internal`, Podman's
 * `host.containers.internal`. A URL to one of them names a port, not a service: the service is
 * whatever listens on (or publishes) that port there (engine/hostPorts.ts). Shared by the
 * detectors that keep such a port and the linker that resolves it.
 */
export const HOST_MACHINE = /^(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|gateway\.docker\.internal|host\.containers\.internal)$/i;

/** `host.docker.internal:1236` → 1236 when the host names the machine itself; else null */
export function hostMachinePort(hostPort: string): number | null {
  const m = /^(.*):(\d{1,5})$/.exec(hostPort.trim());
  return m && HOST_MACHINE.test(m[1]!) ? Number(m[2]) : null;
}
