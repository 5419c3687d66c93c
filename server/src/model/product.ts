/**
 * Path products: attempt counts multiplied along a path. They saturate: past SATURATED_PRODUCT a
 * product is that number, written "≥ 10⁶", so a count like 1e308 on two layers is a number in the
 * model and the report (JSON has no Infinity: it would be written as null, which means unbounded).
 * null stays "unbounded" (a layer that retries forever, or a count only known at run time).
 */
export const SATURATED_PRODUCT = 1_000_000;

/** a × b for attempt counts: null (unbounded) wins; past the cap, or not a number, the cap */
export function multiplyAttempts(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  const p = a * b;
  return p < SATURATED_PRODUCT ? p : SATURATED_PRODUCT;
}

/** the product of some layers' counts (1 for none) */
export function productOf(counts: Iterable<number | null>): number | null {
  let p: number | null = 1;
  for (const n of counts) p = multiplyAttempts(p, n);
  return p;
}

export function isSaturated(product: number | null): boolean {
  return product !== null && product >= SATURATED_PRODUCT;
}

/** "27×", "≥ 10⁶×", "∞" */
export function productText(product: number | null): string {
  if (product === null) return "∞";
  return isSaturated(product) ? "≥ 10⁶×" : `${product}×`;
}
