/**
 * One classification of backend failures for every SDK, so the reliability layer decides retries
 * from `retryable` and `retryAfterMs` alone. Both official SDKs share error class names
 * (APIError with status/headers, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError),
 * which lets us classify without importing either.
 */
import { CancelledError, ProviderError } from '../errors.js';

/** A ProviderError that also carries the server's `retry-after` hint. */
export class ProviderCallError extends ProviderError {
  readonly retryAfterMs: number | undefined;
  /** Node's network error code when the connection itself failed (ECONNREFUSED, ENOTFOUND, ...). */
  readonly networkCode: string | undefined;

  constructor(
    message: string,
    options: {
      status?: number;
      retryable?: boolean;
      retryAfterMs?: number;
      fatal?: string;
      networkCode?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, options);
    this.name = 'ProviderCallError';
    this.retryAfterMs = options.retryAfterMs;
    this.networkCode = options.networkCode;
  }
}

/**
 * Failures no later call can recover from, in words for the user. 401/403: the key or login is refused;
 * 404: the model (or the API path) does not exist at that endpoint. Everything else (400 for one oversized
 * prompt, 5xx, 429, timeouts) concerns one call and leaves the rest of the run to try.
 */
export function fatalCauseOfStatus(status: number, detail: string): string | undefined {
  if (status === 401) return `authentication failed (HTTP 401: ${detail}); check the API key or login`;
  if (status === 403)
    return `permission denied (HTTP 403: ${detail}); the key or account may not use this model or endpoint`;
  if (status === 404)
    return `not found (HTTP 404: ${detail}); the model name is unknown there, or the base URL is wrong`;
  return undefined;
}

/** Nothing listening, or a host name that does not resolve: fatal once the (short) retries are spent. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND']);

export function isUnreachable(error: ProviderError): boolean {
  return (
    error instanceof ProviderCallError && error.networkCode !== undefined && UNREACHABLE_CODES.has(error.networkCode)
  );
}

/** 429, 408, 409 (Anthropic's lock conflicts), 5xx and Anthropic's 529 "overloaded" are transient. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds from `retry-after-ms`, `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  if (headers === undefined || typeof headers.get !== 'function') return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNABORTED',
]);

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    // Node's happy-eyeballs connect (IPv6 then IPv4) reports an AggregateError of one error per address.
    const errors = (current as { errors?: unknown }).errors;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** fetch refuses some URLs outright (a blocked port such as 9 or 6000, a malformed URL): no retry can help. */
function unusableUrl(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { message, code } = current as { message?: unknown; code?: unknown };
    if (message === 'bad port')
      return 'fetch refuses this port (a "bad port" browsers block); use another port in the base URL';
    if (code === 'ERR_INVALID_URL') return `the base URL is not a valid URL (${String(message)})`;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Map anything an SDK threw into CancelledError (our signal fired) or ProviderError. `label` names
 * the backend in messages ("anthropic: HTTP 429 ...").
 */
export function toProviderFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  label: string,
): CancelledError | ProviderError {
  if (signal?.aborted) return new CancelledError();
  if (error instanceof CancelledError || error instanceof ProviderError) return error;
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'APIUserAbortError' || (error instanceof Error && error.name === 'AbortError'))
    return new CancelledError();
  if (name === 'APIConnectionTimeoutError')
    return new ProviderCallError(`${label}: request timed out`, { retryable: true, cause: error });
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') {
    const headers = (error as { headers?: Headers }).headers;
    const fatal = fatalCauseOfStatus(status, message.replace(/^\d{3}\s+/, ''));
    return new ProviderCallError(`${label}: HTTP ${status}: ${message}`, {
      status,
      retryable: isRetryableStatus(status),
      retryAfterMs: retryAfterMs(headers),
      cause: error,
      ...(fatal ? { fatal } : {}),
    });
  }
  const code = networkCode(error);
  const badUrl = unusableUrl(error);
  if (badUrl !== undefined)
    return new ProviderCallError(`${label}: ${badUrl}`, { retryable: false, fatal: badUrl, cause: error });
  if (name === 'APIConnectionError' || code !== undefined) {
    const unreachable = code !== undefined && UNREACHABLE_CODES.has(code);
    return new ProviderCallError(`${label}: connection failed${code ? ` (${code})` : ''}: ${message}`, {
      retryable: true,
      cause: error,
      ...(code ? { networkCode: code } : {}),
      ...(unreachable
        ? {
            fatal:
              code === 'ENOTFOUND'
                ? `the host name does not resolve (${code})`
                : `connection refused (${code}): nothing is listening there`,
          }
        : {}),
    });
  }
  // A 200 whose body is not JSON, or a stream that ended early: the next attempt may well succeed.
  if (
    error instanceof SyntaxError ||
    /^(Anthropic|OpenAI)Error$/.test(name) ||
    /terminated|premature|ended|incomplete/i.test(message)
  ) {
    return malformedReply(label, message, error);
  }
  return new ProviderError(`${label}: ${message}`, { retryable: false, cause: error });
}

/**
 * A reply that is not one: a body that is not JSON, a stream that ended early, or JSON without the reply's parts (a
 * lying server or a gateway's page). The next attempt may well succeed, so it is retried; either way it is the
 * provider's failure, never the skill's.
 */
export function malformedReply(label: string, detail: string, cause?: unknown): ProviderCallError {
  return new ProviderCallError(`${label}: malformed or incomplete response: ${detail}`, {
    retryable: true,
    ...(cause === undefined ? {} : { cause }),
  });
}
