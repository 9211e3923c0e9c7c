import type { DeliveryResult, SmsSender } from '../../modules/alerts/channels.ts';
import { cutText } from '../../modules/alerts/alert-text.ts';

/** Twilio's REST API, where the Messages resource lives. */
export const TWILIO_API_URL = 'https://api.twilio.com/';

/** The longest body Twilio takes (its error 21617 past it). */
export const TWILIO_BODY_MAX = 1600;

/** How long one send may wait on Twilio: the alerts job waits on it. */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Twilio error codes that say this number will never take our texts: 21211 invalid 'To', 21610
 * the person texted STOP, 21614 not a mobile number, 21612 not reachable from our number. Sending
 * again only costs money and annoys a carrier, so the number is dropped.
 */
const GONE_CODES = new Set([21211, 21610, 21612, 21614]);
/** Twilio's "Authenticate" error: the SID or token is wrong, or the account is suspended. */
const AUTH_CODE = 20003;
/** Twilio's "Too Many Requests". */
const RATE_CODE = 20429;

/** Twilio's error body. */
interface TwilioError {
  code?: unknown;
  message?: unknown;
}

/**
 * The SMS adapter: Twilio's Messages API called with fetch (the `twilio` package's REST client is
 * not loaded, to keep the server's memory low). One POST a text, Basic auth with the account SID
 * and auth token, a form body of To, From and Body. Answers, never throws; `detail` never holds
 * the token.
 */
export function createTwilioMessages(options: {
  accountSid: string;
  authToken: string;
  /** Our number (E.164). */
  from: string;
  /** Twilio's REST API root; a local peer's in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SmsSender {
  const root = options.apiUrl ?? TWILIO_API_URL;
  const base = root.endsWith('/') ? root : `${root}/`;
  const endpoint = new URL(`2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`, base).href;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  // an error text may quote what was sent; the token is never in it, and never logged if it were
  const redact = (text: string) => (options.authToken === '' ? text : text.split(options.authToken).join('***'));
  const failed = (gone: boolean, retry: boolean, detail: string): DeliveryResult => ({ ok: false, gone, retry, detail: redact(detail) });

  return {
    from: options.from,
    async send(to, body) {
      const limit = AbortSignal.timeout(timeoutMs);
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: options.from, Body: cutText(body, TWILIO_BODY_MAX) }).toString(),
          signal: limit,
        });
        // the time limit covers reading the answer too: a peer that sends headers and stalls is as down as one that never answers
        text = await res.text();
      } catch (err) {
        if (limit.aborted) return failed(false, true, `Twilio did not answer within ${timeoutMs} ms`);
        const code = (err as { cause?: { code?: unknown } }).cause?.code;
        return failed(false, true, `Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
      }
      if (res.ok) return { ok: true };

      let error: TwilioError = {};
      try {
        error = (JSON.parse(text) as TwilioError | null) ?? {};
      } catch {
        // a proxy's HTML page: the status says enough
      }
      const code = typeof error.code === 'number' ? error.code : undefined;
      const said = `HTTP ${res.status}${code !== undefined ? `, code ${code}` : ''}${typeof error.message === 'string' ? `: ${error.message.slice(0, 200)}` : ''}`;
      if (res.status === 401 || res.status === 403 || code === AUTH_CODE) {
        // retrying cannot fix credentials: the log must say which setting to look at
        return failed(false, false, `Twilio refused the account credentials (${said}): check the account SID and auth token`);
      }
      if (code !== undefined && GONE_CODES.has(code)) return failed(true, false, `Twilio says the number cannot receive texts (${said})`);
      if (res.status === 429 || res.status >= 500 || code === RATE_CODE) return failed(false, true, `Twilio could not take the message now (${said})`);
      return failed(false, false, `Twilio refused the message (${said})`);
    },
  };
}
