/**
 * Which model endpoint a worker may call for a job. A job names the judge's provider kind and base URL, but the
 * worker calls with its own credentials: a job that could name any URL would have the worker send its key there.
 * So the worker's own endpoint (from its own settings and environment) is used, and a job's other endpoint only
 * when the worker's operator listed it (--allow-endpoint). Endpoints are compared exactly, after URL
 * normalisation.
 */
import { shownUrl } from './connection.js';

export interface JudgeEndpoint {
  /** Provider kind: anthropic, openai-compatible, claude-code. */
  kind: string;
  /** null: the backend's own default (the Claude Code login). */
  baseURL: string | null;
}

export type EndpointChoice =
  | { use: 'own' }
  | { use: 'allowed'; kind: string; baseURL: string }
  | { use: 'refused'; reason: string };

/** The URL as compared: normalised by the URL parser, without a trailing slash. */
export function endpointKey(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  return new URL(url).href.replace(/\/+$/, '');
}

function sameEndpoint(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const key = endpointKey(a);
  return key !== undefined && key === endpointKey(b);
}

/**
 * `planned` is what the job names; `own` what the worker's own settings make. The job's endpoint is used only when
 * it is the worker's own (same kind; a job that names no URL means the backend's default, which is the worker's
 * own) or listed in `allowed`. The refusal names the job's endpoint, never the worker's (it may be private).
 */
export function chooseJudgeEndpoint(
  planned: JudgeEndpoint,
  own: JudgeEndpoint,
  allowed: readonly string[],
): EndpointChoice {
  if (planned.kind === own.kind && (planned.baseURL === null || sameEndpoint(planned.baseURL, own.baseURL)))
    return { use: 'own' };
  const url = planned.baseURL;
  if (
    url !== null &&
    /^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '') &&
    allowed.some((entry) => sameEndpoint(entry, url))
  ) {
    return { use: 'allowed', kind: planned.kind, baseURL: url };
  }
  const where = url === null ? `${planned.kind}'s default endpoint` : `${shownUrl(url)} (${planned.kind})`;
  return {
    use: 'refused',
    reason:
      `the job asks for the judge at ${where}, which is not this worker's own endpoint and not on its allowlist ` +
      `(worker --allow-endpoint URL); a worker calls only endpoints its operator chose, with its own credentials`,
  };
}
