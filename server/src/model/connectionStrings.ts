/** `Host=postgres;Port=5432;Database=shop` / `Server=sql,1433;…` / `Data Source=db` → the host. */
export function hostOfConnectionString(cs: string): string | null {
  for (const part of cs.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    if (key === "host" || key === "server" || key === "data source" || key === "address" || key === "addr") {
      const host = part.slice(eq + 1).trim().replace(/^tcp:/i, "").split(/[,:]/)[0]!.trim();
      return host || null;
    }
  }
  return null;
}
