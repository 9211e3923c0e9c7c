import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './read-body.ts';

/** One text the peer took, as Twilio would queue it. */
export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/** One request the peer received, taken or not: what came in, and the status it answered. */
export interface TwilioRequest {
  path: string;
  /** The user and password of the Basic auth header, when there was one. */
  user: string | undefined;
  password: string | undefined;
  fields: Record<string, string>;
  status: number;
}

// Twilio's own wording for the errors the peer answers.
const ERROR_MESSAGES: Record<number, string> = {
  20003: 'Authenticate',
  20404: 'The requested resource was not found',
  20429: 'Too Many Requests',
  20500: 'An internal server error has occurred',
  21211: "Invalid 'To' Phone Number",
  21602: 'Message body is required.',
  21603: "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
  21604: "A 'To' phone number is required.",
  21610: 'Attempt to send to unsubscribed recipient',
  21612: "The 'To' phone number is not currently reachable using the 'From' phone number via SMS.",
  21614: "'To' number is not a valid mobile number",
  21617: 'The concatenated message body exceeds the 1600 character limit.',
};
const STATUS_OF: Record<number, number> = { 20003: 401, 20404: 404, 20429: 429, 20500: 500 };

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A local HTTP peer answering Twilio's Messages API (`POST /2010-04-01/Accounts/{Sid}/Messages.json`)
 * in Twilio's shapes: 201 with the queued message, errors as `{ code, message, more_info, status }`.
 * It checks what Twilio checks: Basic auth with the account SID and auth token, the path's account,
 * the form fields To (E.164), From and Body (at most 1600 characters). A test can make it refuse
 * a number with an error code, fail the next request with a 500 or a 429, or never answer.
 */
export async function startTwilioPeer(options: { accountSid: string; authToken: string }) {
  const messages: TwilioMessage[] = [];
  const requests: TwilioRequest[] = [];
  const refusals = new Map<string, number>();
  const nextFailures: number[] = [];
  let stalls = 0;

  const error = (res: ServerResponse, code: number) => {
    const status = STATUS_OF[code] ?? 400;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message: ERROR_MESSAGES[code] ?? 'Error', more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
    return status;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, fields: Record<string, string>, user: string | undefined, password: string | undefined): number => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec((req.url ?? '').split('?')[0]!);
    if (req.method !== 'POST' || !match) return error(res, 20404);
    if (user !== options.accountSid || password !== options.authToken) return error(res, 20003);
    // an account may only send as itself
    if (decodeURIComponent(match[1]!) !== options.accountSid) return error(res, 20404);
    const failure = nextFailures.shift();
    if (failure !== undefined) return error(res, failure === 429 ? 20429 : 20500);
    if (!fields.To) return error(res, 21604);
    if (!fields.From) return error(res, 21603);
    if (!fields.Body) return error(res, 21602);
    if (!E164.test(fields.To)) return error(res, 21211);
    const refusal = refusals.get(fields.To);
    if (refusal !== undefined) return error(res, refusal);
    if (fields.Body.length > 1600) return error(res, 21617);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to: fields.To, from: fields.From, body: fields.Body });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid,
        account_sid: options.accountSid,
        to: fields.To,
        from: fields.From,
        body: fields.Body,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        num_segments: String(Math.max(1, Math.ceil(fields.Body.length / 153))),
        num_media: '0',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        date_created: now,
        date_updated: now,
        date_sent: null,
        messaging_service_sid: null,
        uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}/Media.json` },
      }),
    );
    return 201;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readText(req);
      const auth = req.headers.authorization;
      let user: string | undefined;
      let password: string | undefined;
      if (auth?.startsWith('Basic ')) {
        const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon >= 0) [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
      }
      const fields: Record<string, string> = {};
      if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
      }
      if (stalls > 0) {
        // holds the request open with no answer, as a hung Twilio edge would
        stalls -= 1;
        requests.push({ path: req.url ?? '', user, password, fields, status: 0 });
        return;
      }
      const status = answer(req, res, fields, user, password);
      requests.push({ path: req.url ?? '', user, password, fields, status });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The REST API root, as the adapter's `apiUrl` takes it. */
    apiUrl: `http://127.0.0.1:${port}/`,
    /** The texts taken, oldest first. */
    messages,
    /** Every request, answered or not. */
    requests,
    /** From now on, texts to `to` are refused with Twilio's error `code` (21610: the person texted STOP). */
    refuse(to: string, code: number) {
      refusals.set(to, code);
    },
    /** The next request (after auth) answers 500 or 429, once. */
    failNext(status: 500 | 429) {
      nextFailures.push(status);
    },
    /** The next request gets no answer at all. */
    stallNext() {
      stalls += 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Twilio peer. */
export type TwilioPeer = Awaited<ReturnType<typeof startTwilioPeer>>;
