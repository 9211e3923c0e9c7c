import { ERROR_CATALOGUE, ErrorBodySchema } from '@baitcheck/contracts';

/** A response as the oracle reads it, whichever way it came. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  /** The request's method was HEAD: the body is empty by definition. */
  headOnly: boolean;
}

/** What went wrong with one answer; `signature` groups the same defect across requests. */
export interface Problem {
  signature: string;
  detail: string;
}

function header(answer: Answer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
}

/**
 * The property every answer must have: no 5xx; an error (4xx) is JSON in the catalogue's shape,
 * `{ error: { code, message, details?, requestId? } }`, with a code from the catalogue and that
 * code's status. An answer to HEAD has no body: its content type must still be JSON.
 */
export function judgeAnswer(answer: Answer): Problem | undefined {
  const { status } = answer;
  const type = header(answer, 'content-type');
  let code: string | undefined;
  if (status >= 400 && !answer.headOnly) {
    try {
      const parsed = ErrorBodySchema.safeParse(JSON.parse(answer.body.toString('utf8')));
      if (parsed.success) code = parsed.data.error.code;
    } catch {
      // not JSON: reported below
    }
  }
  if (status >= 500) return { signature: `${status} ${code ?? type}`, detail: `answered ${status}: ${preview(answer.body)}` };
  if (status < 100 || status > 599) return { signature: `status ${status}`, detail: `not an HTTP status: ${status}` };
  if (status < 400) return undefined;
  if (!/^application\/json\b/i.test(type)) return { signature: `${status} not JSON (${type.split(';')[0] || 'no content type'})`, detail: `content-type ${JSON.stringify(type)}, body ${preview(answer.body)}` };
  if (answer.headOnly) return undefined;
  if (!code) return { signature: `${status} not the catalogue's shape`, detail: `body ${preview(answer.body)}` };
  const expected = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status;
  if (expected !== status) return { signature: `${status} ${code} (catalogue: ${expected})`, detail: `the catalogue gives ${code} status ${expected}; answered ${status}` };
  return undefined;
}

/** The start of a body, for a report line. */
export function preview(body: Buffer, max = 300): string {
  const text = body.toString('utf8');
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${body.length} bytes)` : text);
}
