import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { PushPayload } from '@baitcheck/contracts';
import webpush from 'web-push';
import { AddressRefusal, resolveAllowedAddresses } from '../imap/address-guard.ts';
import type { DeliveryResult, WebPushSender, WebPushTarget } from '../../modules/alerts/channels.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** A pino-like logger; given hosts and statuses only, never an endpoint's path or a key. */
export interface PushLogger {
  warn(obj: object, msg?: string): void;
}

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /**
   * `PUSH_SERVICE_HOSTS`: more push services to send to, as `host` (default port) or `host:port`,
   * over https or http (a self-hosted push service, the test peer). They add to the browsers'
   * services, which stay accepted.
   */
  allowedHosts?: readonly string[];
  /** Send to hosts that resolve to loopback or private addresses (tests, a push service on the LAN). Default false. */
  allowPrivateAddresses?: boolean;
  /** Limit on one delivery, connect to answer, in ms. Default 10 s. */
  timeoutMs?: number;
  log?: PushLogger;
}

/** A day: an alert older than that is news, not a warning, and the push service may drop it. */
const TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Alerts wake the device now; the rest may wait for the device's convenience. */
const URGENT_TYPES: ReadonlySet<PushPayload['type']> = new Set(['phishing_alert', 'security_update']);

/**
 * The push services browsers subscribe at (Chrome and Edge's FCM, Firefox's autopush, Windows'
 * WNS, Safari's APNs web push), exact names or `.suffix`. Only these, by default: an endpoint is
 * a URL the person gives us, and without this list anyone could make the server POST to an
 * internal address (SSRF).
 */
const BROWSER_PUSH_HOSTS = ['fcm.googleapis.com', '.push.services.mozilla.com', '.notify.windows.com', 'web.push.apple.com', '.push.apple.com'];

/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption (RFC 8291),
 * through the `web-push` package. `web-push` builds the request (encryption, the signed
 * `Authorization` header); the request itself is ours, so that it connects to the address the
 * SSRF check approved (not to a second lookup of the name) and can use http for a configured host.
 */
export function createWebPushSender(options: WebPushSenderOptions): WebPushSender {
  const { keys } = options;
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowed = new Set((options.allowedHosts ?? []).map(normalizeHostEntry).filter((h) => h !== ''));
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  // bad keys fail here, at start, and not as one failed delivery per subscription later
  webpush.getVapidHeaders('https://push.example', vapidDetails.subject, vapidDetails.publicKey, vapidDetails.privateKey, 'aes128gcm');
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  function acceptsEndpoint(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username !== '' || url.password !== '') return false;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    const host = url.hostname.toLowerCase();
    if (allowed.has(url.host.toLowerCase()) || (url.port === '' && allowed.has(host))) return true;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    return BROWSER_PUSH_HOSTS.some((known) => (known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known));
  }

  async function send(target: WebPushTarget, payload: PushPayload): Promise<DeliveryResult> {
    const host = hostOf(target.endpoint);
    const failed = (why: string, gone: boolean, retry: boolean): DeliveryResult => ({ ok: false, gone, retry, detail: `web push to ${host}: ${why}` });
    if (!acceptsEndpoint(target.endpoint)) return failed('not a push service this server sends to', false, false);
    const url = new URL(target.endpoint);

    let addresses: string[];
    try {
      addresses = await resolveAllowedAddresses(url.hostname, allowPrivate);
    } catch (error) {
      if (error instanceof AddressRefusal && error.reason === 'private') {
        options.log?.warn({ host }, 'a push endpoint leads to a private or local address; not sent');
        return failed('the host leads to a private or local address', false, false);
      }
      return failed('the host name has no address now', false, true);
    }

    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: target.keys }, JSON.stringify(payload), {
        vapidDetails,
        TTL: TTL_SECONDS,
        urgency: URGENT_TYPES.has(payload.type) ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // the VAPID keys were checked at start, so this is the subscription's p256dh or auth: it never will encrypt
      return failed(`the subscription's keys cannot be used (${(error as Error).message.slice(0, 120)})`, true, false);
    }

    let status: number;
    try {
      status = await post(url, details.headers, details.body, addresses, url.protocol === 'https:' ? agents.https : agents.http, timeoutMs);
    } catch (error) {
      return failed(describeNetworkError(error), false, true);
    }
    if (status >= 200 && status < 300) return { ok: true };
    if (status === 404 || status === 410) return failed(`HTTP ${status}: the subscription has expired or was removed`, true, false);
    if (status === 429 || status >= 500) return failed(`HTTP ${status}: the push service is busy or failing`, false, true);
    if (status === 401 || status === 403) return failed(`HTTP ${status}: the push service refused our VAPID signature`, false, false);
    if (status === 413) return failed('HTTP 413: the payload is too large', false, false);
    return failed(`HTTP ${status}: the push service refused the message`, false, false);
  }

  return { publicKey: keys.publicKey, acceptsEndpoint, send };
}

/** `Host` or `host:port`, lower-cased; a URL someone wrote instead is read for its host. */
function normalizeHostEntry(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  if (trimmed.includes('://')) {
    try {
      return new URL(trimmed).host;
    } catch {
      return '';
    }
  }
  return trimmed;
}

/** The endpoint's host, for the log: the path is the subscription's capability and never logged. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host || 'an endpoint without a host';
  } catch {
    return 'an endpoint that is not a URL';
  }
}

/** A lookup that answers the addresses already approved, so the connection cannot go elsewhere. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as LookupFunction;
}

/** POSTs the encrypted message; answers the status once the answer has been read (so the socket can be reused). */
function post(url: URL, headers: Record<string, string | number>, body: Buffer | null, addresses: string[], agent: HttpAgent, timeoutMs: number): Promise<number> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent, lookup: pinnedLookup(addresses), signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      const status = res.statusCode ?? 0;
      res.on('error', reject);
      res.on('end', () => resolve(status));
      // the body is the push service's explanation; nothing in it changes what we do
      res.resume();
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

function describeNetworkError(error: unknown): string {
  const err = error as { name?: string; code?: unknown };
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return 'no answer in time';
  return `could not be reached${typeof err.code === 'string' ? ` (${err.code})` : ''}`;
}
