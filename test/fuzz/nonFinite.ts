/** Where a plain-data value holds a number that is not finite (Infinity, NaN): "paths[3].product = Infinity". */
export function nonFiniteNumbers(value: unknown, where = "", out: string[] = [], seen = new Set<unknown>()): string[] {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push(`${where || "value"} = ${value}`);
    return out;
  }
  if (!value || typeof value !== "object" || seen.has(value) || out.length >= 20) return out;
  seen.add(value);
  if (value instanceof Map) {
    for (const [k, v] of value) nonFiniteNumbers(v, `${where}[${String(k)}]`, out, seen);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nonFiniteNumbers(v, `${where}[${i}]`, out, seen));
  } else {
    for (const [k, v] of Object.entries(value)) nonFiniteNumbers(v, where ? `${where}.${k}` : k, out, seen);
  }
  return out;
}
