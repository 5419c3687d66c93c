/**
 * Which exception types a Python retry layer retries, and what that implies:
 * - every exception → retries permanent errors (RL006) and may re-send after the server saw
 *   the request (RL005);
 * - HTTP error base classes (requests.RequestException, httpx.HTTPError, …) include the error
 *   that raise_for_status() raises for 4xx → permanent errors when the wrapped code raises on status;
 * - connect-only errors mean the request never left: safe for any method.
 */
import type { RetryCondition } from "../../model/facts";
import { describedCondition } from "../shared/conditions";

const EVERY_EXCEPTION = new Set(["Exception", "BaseException", "builtins.Exception", "builtins.BaseException"]);

/** exception classes raised only before the request is sent */
const CONNECT_ONLY = new Set([
  "httpx.ConnectError",
  "httpx.ConnectTimeout",
  "requests.ConnectTimeout",
  "requests.exceptions.ConnectTimeout",
  "urllib3.exceptions.NewConnectionError",
  "urllib3.exceptions.ConnectTimeoutError",
  "urllib3.exceptions.NameResolutionError",
  "ConnectionRefusedError",
  "aiohttp.ClientConnectorError",
]);

/** base classes that include the HTTPError raised for 4xx by raise_for_status() */
const HTTP_STATUS_BASES = new Set([
  "requests.RequestException",
  "requests.exceptions.RequestException",
  "requests.HTTPError",
  "requests.exceptions.HTTPError",
  "httpx.HTTPError",
  "httpx.HTTPStatusError",
  "aiohttp.ClientError",
  "aiohttp.ClientResponseError",
  "urllib.error.HTTPError",
  "urllib.error.URLError",
  "OSError",
  "IOError",
]);

export function conditionForExceptions(types: string[] | "all", raisesOnStatus: boolean, note?: string): RetryCondition {
  const all = types === "all" || types.some((t) => EVERY_EXCEPTION.has(t));
  const list = types === "all" ? [] : types;
  const connectOnly = !all && list.length > 0 && list.every((t) => CONNECT_ONLY.has(t));
  let permanentErrors: string | null = null;
  if (all) permanentErrors = "it retries every exception, including errors that will fail the same way again (bad requests, bugs)";
  else {
    const statusBase = list.find((t) => HTTP_STATUS_BASES.has(t));
    if (statusBase && raisesOnStatus) {
      permanentErrors = `it retries ${statusBase}, which includes the HTTPError raise_for_status() raises for 4xx responses`;
    }
  }
  return {
    allErrors: all,
    exceptionTypes: list,
    statuses: [],
    retryOn: [],
    afterSendMethods: connectOnly ? [] : "all",
    permanentErrors,
    honoursRetryAfter: null,
    description: note ?? (all ? "every exception" : list.length ? list.join(", ") : "custom condition"),
  };
}

/** A condition the detector could not read (a predicate function): assume the worst for writes, not for 4xx. */
export function customCondition(description: string): RetryCondition {
  return describedCondition(description);
}
