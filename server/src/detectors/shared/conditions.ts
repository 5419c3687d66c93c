/**
 * A retry condition known only by its description: no exception types, statuses or retry-on tokens
 * the rules could read, every method retried after it was sent (the worst case for writes), no
 * permanent-error list and nothing known about Retry-After. The SDK, broker and driver layers whose
 * documented condition is a prose list (kombu's connection errors, go-redis's retryable errors, …)
 * and the Python predicates a detector cannot read all use it.
 */
import type { RetryCondition } from "../../model/facts";

export function describedCondition(description: string): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses: [],
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: null,
    description,
  };
}
