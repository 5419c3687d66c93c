/**
 * The header names that carry an idempotency key on an outbound request (`Idempotency-Key`, the
 * IETF draft's name, and the `X-` and underscore spellings services use). One pattern for every
 * language's detectors, so a call counts as keyed the same way in Go, Java, C# and Python.
 */
export const IDEMPOTENCY_HEADER = /^(x-)?idempotency[-_]key$/i;
