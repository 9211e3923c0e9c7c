import { createHmac, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { twilioSignature } from '../test/source-signatures.ts';
import { PLACEHOLDERS, type BodySpec, type FuzzRequest, type Placeholder, type RawSpec } from './arbitraries.ts';
import { makeIdentity, PUBLIC_ORIGIN, SECRETS, sessionCookieOf, type FuzzApp, type IdentityState } from './fuzz-apps.ts';
import type { Answer, Problem } from './oracle.ts';
import { exchange, type WireResponse } from './raw-http.ts';
import type { FuzzTarget } from './targets.ts';

/** What sending one request came to: the answers read, or what went wrong getting one. */
export interface SendOutcome {
  answers: Answer[];
  /** No answer, or not HTTP: a problem before any answer could be judged. */
  problem?: Problem;
  /** Which way it went (a request may go over the socket though generated for `inject`: the event stream never ends). */
  transport: 'inject' | 'socket' | 'raw';
  /** light-my-request refused to build the request (its own checks): nothing reached the app. */
  notSent?: string;
  ms: number;
}

/** How long an answer may take before the fuzzer calls it missing. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** Bytes of a body spec with `fill` applied to its text: splices at their offsets, in its encoding. */
export function materialize(spec: BodySpec | RawSpec, fill: (text: string) => string): Buffer {
  const encoding = ('encoding' in spec && spec.encoding) || 'utf8';
  const splices = spec.splices ?? [];
  const parts: Buffer[] = [];
  let last = 0;
  for (const { at, hex } of splices) {
    parts.push(Buffer.from(fill(spec.text.slice(last, at)), encoding));
    parts.push(Buffer.from(hex, 'hex'));
    last = at;
  }
  parts.push(Buffer.from(fill(spec.text.slice(last)), encoding));
  return Buffer.concat(parts);
}

/**
 * The identity a request is sent as, renewed first when a response ended it: an account whose
 * session ended gets a new session (the sessions service, as a sign-in would, without hashing a
 * password again); a deleted account, or a guest, is made again.
 */
async function identityOf(fuzz: FuzzApp, who: FuzzRequest['as']): Promise<IdentityState> {
  const current = fuzz.identities[who];
  if (!current.stale) return current;
  if (current.stale === 'session' && who === 'account' && current.values.userId) {
    const session = await fuzz.app.sessions.start(current.values.userId).catch(() => null);
    if (session) {
      current.token = session.setCookie.token;
      current.stale = false;
      return current;
    }
  }
  fuzz.identities[who] = await makeIdentity(fuzz, who);
  return fuzz.identities[who];
}

/** Fills `@@name@@` placeholders for `fuzz`'s identity `who`; ids come from the account's own things. */
function filler(fuzz: FuzzApp, identity: IdentityState, viaSocket: boolean): (text: string) => string {
  const account = fuzz.identities.account.values;
  const host = viaSocket ? `127.0.0.1:${fuzz.port}` : 'localhost:80';
  const value = (name: Placeholder): string => {
    switch (name) {
      case 'cookie':
        return identity.token ? `bc_session=${identity.token}` : '';
      case 'token':
        return identity.token ?? '';
      case 'origin':
        return fuzz.configured ? PUBLIC_ORIGIN : `http://${host}`;
      case 'host':
        return host;
      case 'phone':
        return '+15005550006';
      case 'email':
        return account.email ?? 'nobody@example.com';
      case 'password':
        return account.password ?? 'not a password';
      default:
        return account[name] ?? randomUUID();
    }
  };
  return (text) => (text.includes('@@') ? text.replace(/@@([A-Za-z]+)@@/g, (whole, name: string) => (name in PLACEHOLDER_SET ? value(name as Placeholder) : whole)) : text);
}

const PLACEHOLDER_SET: Record<string, true> = Object.fromEntries(PLACEHOLDERS.map((n) => [n, true]));

/** The path and query the app sees for `path?query` (light-my-request reads it with WHATWG URL rules). */
function injectedUrl(pathAndQuery: string): string {
  try {
    const url = new URL(pathAndQuery.startsWith('//') ? `http://localhost${pathAndQuery}` : pathAndQuery, 'http://localhost');
    return url.pathname + url.search;
  } catch {
    return pathAndQuery;
  }
}

/** Headers signing `body` as the target's source signs it, over the URL the app will see. */
function signatureHeaders(target: FuzzTarget, body: Buffer, seenUrl: string): [string, string][] {
  const now = Math.floor(Date.now() / 1000);
  if (target.kind === 'stripe-webhook') {
    const v1 = createHmac('sha256', SECRETS.stripeWebhook).update(`${now}.`).update(body).digest('hex');
    return [['stripe-signature', `t=${now},v1=${v1}`]];
  }
  if (target.kind === 'slack-events') {
    const v0 = createHmac('sha256', SECRETS.slackSigning).update(`v0:${now}:`).update(body).digest('hex');
    return [
      ['x-slack-request-timestamp', String(now)],
      ['x-slack-signature', `v0=${v0}`],
    ];
  }
  if (target.kind === 'twilio-webhook') {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) fields[name] = value;
    return [['x-twilio-signature', twilioSignature(SECRETS.twilioToken, `${PUBLIC_ORIGIN}${seenUrl}`, fields)]];
  }
  return [];
}

/** The session token a wire response set ('' when cleared), like {@link sessionCookieOf}. */
function wireSessionCookie(response: WireResponse): string | undefined {
  for (const line of response.setCookies) {
    const match = /^(?:__Host-)?bc_session=([^;]*)/.exec(line);
    if (!match) continue;
    const expired = /max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
    return expired ? '' : match[1];
  }
  return undefined;
}

function answerOf(res: LightMyRequestResponse, headOnly: boolean): Answer {
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, headOnly };
}

function wireAnswer(res: WireResponse, headOnly: boolean): Answer {
  return { status: res.status, headers: res.headers, body: res.body, headOnly };
}

/** The new password of a change-password body that was accepted. */
function newPasswordOf(body: Buffer | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body?.toString('utf8') ?? '') as { newPassword?: unknown };
    return typeof parsed.newPassword === 'string' ? parsed.newPassword : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one generated request to its app, as its identity, by its transport; keeps the
 * identity's session as a browser would (a new cookie replaces it, a cleared one ends it).
 */
export async function sendRequest(fuzz: FuzzApp, target: FuzzTarget, req: FuzzRequest): Promise<SendOutcome> {
  const started = performance.now();
  const identity = await identityOf(fuzz, req.as);
  const method = req.method.toUpperCase();
  // the event stream never ends for someone with a session: only a socket can stop reading it
  const viaSocket = req.transport === 'socket' || (target.kind === 'stream' && (method === 'GET' || method === 'HEAD'));
  const fill = filler(fuzz, identity, viaSocket);
  let setToken: string | undefined;
  let outcome: SendOutcome;

  if (req.raw) {
    const bytes = materialize(req.raw, fill);
    const headOnly = req.raw.text.startsWith('HEAD ');
    const wire = await exchange(fuzz.port, bytes, { headOnly, halfClose: req.raw.mayGoUnanswered === true });
    outcome = { answers: wire.responses.map((r) => wireAnswer(r, headOnly)), transport: 'raw', ms: 0 };
    if (wire.responses.length === 0 && !req.raw.mayGoUnanswered) {
      outcome.problem = wire.timedOut
        ? { signature: 'no answer (raw)', detail: `nothing came back in ${ANSWER_TIMEOUT_MS / 2} ms` }
        : { signature: wire.error ? `connection ${wire.error} (raw)` : wire.leftover > 0 ? 'not HTTP (raw)' : 'closed without an answer (raw)', detail: `${wire.leftover} bytes that are not a whole response` };
    }
  } else {
    const body = req.body ? materialize(req.body, fill) : undefined;
    const pathAndQuery = fill(req.path) + (req.query ? `?${fill(req.query)}` : '');
    const headers: [string, string][] = req.headers.map(([n, v]) => [n, fill(v)]);
    if (req.sign && fuzz.configured) {
      const signed = signatureHeaders(target, body ?? Buffer.alloc(0), viaSocket ? pathAndQuery : injectedUrl(pathAndQuery));
      const names = new Set(signed.map(([n]) => n));
      headers.splice(0, headers.length, ...headers.filter(([n]) => !names.has(n.toLowerCase())), ...signed);
    }
    const cookie = req.cookie === null ? undefined : fill(req.cookie).replace(/^[;\s]+|[;\s]+$/g, '');
    if (cookie) headers.push(['cookie', cookie]);
    const headOnly = method === 'HEAD';
    if (viaSocket) {
      const lower = new Set(headers.map(([n]) => n.toLowerCase()));
      const lines = [...headers.map(([n, v]) => `${n}: ${v}`)];
      if (!lower.has('host')) lines.unshift(`Host: 127.0.0.1:${fuzz.port}`);
      if (body && !lower.has('content-length') && !lower.has('transfer-encoding')) lines.push(`Content-Length: ${body.length}`);
      else if (!body && (method === 'POST' || method === 'PUT' || method === 'PATCH') && !lower.has('content-length')) lines.push('Content-Length: 0');
      if (!lower.has('connection')) lines.push('Connection: close');
      const bytes = Buffer.concat([Buffer.from(`${method} ${pathAndQuery} HTTP/1.1\r\n`, 'utf8'), Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
      const wire = await exchange(fuzz.port, bytes, { headOnly, timeoutMs: ANSWER_TIMEOUT_MS });
      outcome = { answers: wire.responses.map((r) => wireAnswer(r, headOnly)), transport: 'socket', ms: 0 };
      if (wire.responses.length === 0) {
        outcome.problem = wire.timedOut
          ? { signature: 'no answer (socket)', detail: `nothing came back in ${ANSWER_TIMEOUT_MS} ms` }
          : { signature: wire.error ? `connection ${wire.error} (socket)` : wire.leftover > 0 ? 'not HTTP (socket)' : 'closed without an answer (socket)', detail: `${wire.leftover} bytes that are not a whole response` };
      }
      const first = wire.responses[0];
      if (first) setToken = wireSessionCookie(first);
    } else {
      const injected: Record<string, string | string[]> = {};
      for (const [name, value] of headers) {
        const key = name.toLowerCase();
        const had = injected[key];
        injected[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        const inject = () => fuzz.app.inject({ method: method as 'GET', url: pathAndQuery, headers: injected, ...(body && body.length > 0 ? { payload: body } : {}) });
        const res = await Promise.race([
          Promise.all(Array.from({ length: req.copies ?? 1 }, inject)),
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
          }),
        ]);
        if (res === 'timeout') {
          outcome = { answers: [], transport: 'inject', ms: 0, problem: { signature: 'no answer (inject)', detail: `nothing came back in ${ANSWER_TIMEOUT_MS} ms` } };
        } else {
          outcome = { answers: res.map((r) => answerOf(r, headOnly)), transport: 'inject', ms: 0 };
          setToken = res.map(sessionCookieOf).find((t) => t !== undefined);
        }
      } catch (error) {
        outcome = { answers: [], transport: 'inject', ms: 0, notSent: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    }
  }

  // a browser keeps the cookie it is given; only the identity's own session is followed
  if (req.as !== 'newcomer' && req.cookie === '@@cookie@@' && !req.raw) {
    const status = outcome.answers[0]?.status ?? 0;
    const succeeded = status >= 200 && status < 300;
    if (setToken === '') identity.stale = 'session';
    else if (setToken) identity.token = setToken;
    if (succeeded && target.name === 'deleteAccount') identity.stale = 'gone';
    // a guest that signed up or in is an account now: the guest is made again
    if (succeeded && req.as === 'guest' && (target.name === 'signUp' || target.name === 'signIn')) identity.stale = 'gone';
    if (succeeded && req.as === 'account' && target.name === 'changePassword') {
      const password = newPasswordOf(req.body ? materialize(req.body, fill) : undefined);
      if (password) identity.values.password = password;
      else identity.stale = 'gone';
    }
  }
  outcome.ms = performance.now() - started;
  return outcome;
}
