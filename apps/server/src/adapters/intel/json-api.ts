/**
 * The HTTP call both keyed intel services make (Safe Browsing, VirusTotal): a JSON answer read
 * whatever the status, a failure said in one short sentence naming the service, and the API key
 * scrubbed from every message (an error body or a URL may echo it).
 */

import { LookupLimitError } from '../../modules/intel/lookup-limits.ts';

/** A function that replaces `apiKey` with `***` in a text. */
export function keyRedactor(apiKey: string): (text: string) => string {
  return (text) => (apiKey === '' ? text : text.split(apiKey).join('***'));
}

/** The response and its JSON (`undefined` when the body is not JSON; an empty body is `emptyAs`). */
export async function fetchJson(
  service: string,
  redact: (text: string) => string,
  fetchImpl: typeof fetch,
  input: string | URL,
  init: RequestInit & { signal: AbortSignal },
  emptyAs?: unknown,
): Promise<{ res: Response; payload: unknown }> {
  try {
    const res = await fetchImpl(input, init);
    const text = await res.text();
    let payload: unknown;
    try {
      payload = text === '' && emptyAs !== undefined ? emptyAs : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    return { res, payload };
  } catch (err) {
    // an aborted request, or one this server's allowance did not let out, is said as it is
    if (init.signal.aborted || err instanceof LookupLimitError) throw err;
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    throw new Error(redact(`${service} could not be reached${typeof code === 'string' ? ` (${code})` : ''}`));
  }
}

/** The error for a non-success answer: the status, and the service's own `error` fields named in `fields`. */
export function httpError(service: string, redact: (text: string) => string, res: Response, payload: unknown, fields: readonly string[]): Error {
  const error = (payload as { error?: Record<string, unknown> } | undefined)?.error;
  const why = fields
    .map((f) => error?.[f])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join(': ');
  return new Error(redact(`${service} answered HTTP ${res.status}${why ? ` (${why.slice(0, 120)})` : ''}`));
}
