import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PushPayload } from '@baitcheck/contracts';
import { JWT } from 'google-auth-library';
import type { DeliveryResult, NativePushSender } from '../../modules/alerts/channels.ts';

/** The fields of a Google service account key file (JSON) that FCM needs. */
export interface ServiceAccount {
  type: 'service_account';
  project_id: string;
  client_email: string;
  /** PEM. Never logged, never in an error message. */
  private_key: string;
  private_key_id?: string;
  /** Where access tokens are minted; Google's when absent. */
  token_uri?: string;
}

export interface FcmSenderOptions {
  serviceAccount: ServiceAccount;
  /** `FCM_API_URL`: the FCM API's base. Default `https://fcm.googleapis.com/`. */
  apiUrl?: string;
  /** Limit on one call (a token or a send), in ms. Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_API_URL = 'https://fcm.googleapis.com/';
const DEFAULT_TIMEOUT_MS = 10_000;
const URGENT_TYPES: ReadonlySet<PushPayload['type']> = new Set(['phishing_alert', 'security_update']);

/**
 * The service account from `FCM_SERVICE_ACCOUNT`: the key file's JSON itself, or the path to the
 * file. Throws a sentence naming what is wrong; never one holding the private key (so neither
 * the text nor JSON.parse's message, which quotes it, is echoed).
 */
export function parseServiceAccount(text: string): ServiceAccount {
  const trimmed = text.trim();
  let json = trimmed;
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) {
    try {
      json = readFileSync(trimmed, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a mangled key file pasted in (quoted, say) is not a path: it is not echoed, its key is in it
      const looksLikePath = trimmed.length <= 300 && !/["'{}\n]/.test(trimmed) && !trimmed.includes('KEY');
      const named = looksLikePath ? JSON.stringify(trimmed) : 'the value';
      throw new Error(`FCM_SERVICE_ACCOUNT must be a service account key (JSON, starting with {) or the path to its file; ${named} cannot be read as a file${code ? ` (${code})` : ''}.`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT is not valid JSON: give the service account key file from the Firebase console (Project settings, Service accounts), or its path.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('FCM_SERVICE_ACCOUNT must be a JSON object: the service account key file from the Firebase console.');
  const account = parsed as Record<string, unknown>;
  if (account.type !== 'service_account') {
    const type = typeof account.type === 'string' ? `"${account.type.slice(0, 40)}"` : 'missing';
    throw new Error(`FCM_SERVICE_ACCOUNT must be a service account key (type "service_account"); its type is ${type}.`);
  }
  const missing = ['project_id', 'client_email', 'private_key'].filter((field) => typeof account[field] !== 'string' || (account[field] as string).trim() === '');
  if (missing.length > 0) throw new Error(`FCM_SERVICE_ACCOUNT has no ${missing.join(', ')}: give the whole key file from the Firebase console.`);
  const email = account.client_email as string;
  if (!email.includes('@')) throw new Error('FCM_SERVICE_ACCOUNT client_email is not an email address.');
  try {
    createPrivateKey(account.private_key as string);
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT private_key is not a PEM private key: copy the key file whole, with its \\n line breaks.');
  }
  if (account.token_uri !== undefined && !isHttpUrl(account.token_uri)) throw new Error('FCM_SERVICE_ACCOUNT token_uri must be an http(s) URL.');
  if (account.private_key_id !== undefined && typeof account.private_key_id !== 'string') throw new Error('FCM_SERVICE_ACCOUNT private_key_id must be a string.');
  return {
    type: 'service_account',
    project_id: account.project_id as string,
    client_email: email,
    private_key: account.private_key as string,
    ...(account.private_key_id !== undefined ? { private_key_id: account.private_key_id as string } : {}),
    ...(account.token_uri !== undefined ? { token_uri: account.token_uri as string } : {}),
  };
}

/**
 * Native push through Firebase Cloud Messaging HTTP v1 (`projects/{id}/messages:send`), with an
 * OAuth2 access token google-auth-library mints from the service account and keeps until shortly
 * before it expires.
 *
 * google-auth-library 10 posts the JWT grant to Google's token URL whatever the key file's
 * `token_uri` says (its built-in gtoken has the URL fixed, for the request and the JWT's `aud`).
 * We honour `token_uri` through the library's own hooks: `additionalClaims.aud` (spread over its
 * default) and a request interceptor on its transporter that sends the grant there instead.
 */
export function createFcmSender(options: FcmSenderOptions): NativePushSender {
  const account = options.serviceAccount;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const sendUrl = new URL(`v1/projects/${encodeURIComponent(account.project_id)}/messages:send`, withSlash(options.apiUrl ?? DEFAULT_API_URL));
  const tokenUri = account.token_uri ?? GOOGLE_TOKEN_URL;

  const jwt = new JWT({
    email: account.client_email,
    key: account.private_key,
    ...(account.private_key_id !== undefined ? { keyId: account.private_key_id } : {}),
    scopes: [FCM_SCOPE],
    ...(tokenUri !== GOOGLE_TOKEN_URL ? { additionalClaims: { aud: tokenUri } } : {}),
    transporterOptions: {
      timeout: timeoutMs,
      // the alerts job retries a delivery later; backing off inside one attempt only holds the job up
      retryConfig: { retry: 0 },
      ...(options.fetch ? { fetchImplementation: options.fetch } : {}),
    },
  });
  if (tokenUri !== GOOGLE_TOKEN_URL) {
    jwt.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (request.url.toString() === GOOGLE_TOKEN_URL) request.url = new URL(tokenUri);
        return request;
      },
    });
  }

  return {
    async send(token, platform, payload) {
      const failed = (why: string, gone: boolean, retry: boolean): DeliveryResult => ({ ok: false, gone, retry, detail: `native push (${platform}): ${why}` });

      let accessToken: string;
      try {
        const minted = await jwt.getAccessToken();
        if (!minted.token) return failed('the token endpoint answered no access token', false, true);
        accessToken = minted.token;
      } catch (error) {
        return tokenFailure(error, failed);
      }

      const urgent = URGENT_TYPES.has(payload.type);
      const message = {
        token,
        notification: { title: payload.title, body: payload.body },
        // FCM data values must be strings
        data: { type: payload.type, messageId: payload.messageId ?? '', url: payload.url, notificationId: payload.notificationId },
        android: { priority: urgent ? 'high' : 'normal' },
        apns: { headers: { 'apns-priority': urgent ? '10' : '5' }, payload: { aps: { sound: 'default' } } },
      };
      let res: Response;
      let body: unknown;
      try {
        res = await doFetch(sendUrl, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ message }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      } catch (error) {
        return failed(`FCM ${describeNetworkError(error)}`, false, true);
      }
      if (res.ok) return { ok: true };
      return fcmFailure(res.status, body, token, failed);
    },
  };
}

type Fail = (why: string, gone: boolean, retry: boolean) => DeliveryResult;

interface FcmErrorBody {
  error?: { code?: number; status?: string; message?: string; details?: { '@type'?: string; errorCode?: string }[] };
}

/** FCM's answer as a result (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). */
function fcmFailure(status: number, body: unknown, token: string, failed: Fail): DeliveryResult {
  const error = (body as FcmErrorBody | undefined)?.error;
  const fcmCode = error?.details?.find((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'))?.errorCode;
  const grpcStatus = error?.status;
  // the message can quote the request; the token is a device's address and stays out of the log
  const message = typeof error?.message === 'string' ? error.message.split(token).join('***').slice(0, 160) : '';
  const said = [`HTTP ${status}`, fcmCode ?? grpcStatus, message].filter((part) => part !== undefined && part !== '').join(' ');

  if (fcmCode === 'UNREGISTERED' || status === 404) return failed(`${said}: the app was uninstalled or the token expired`, true, false);
  if (fcmCode === 'SENDER_ID_MISMATCH') return failed(`${said}: the token belongs to another Firebase project`, true, false);
  if (status === 400 && (fcmCode === 'INVALID_ARGUMENT' || grpcStatus === 'INVALID_ARGUMENT') && /token/i.test(message)) {
    return failed(`${said}: not a valid registration token`, true, false);
  }
  if (status === 429 || status >= 500 || ['UNAVAILABLE', 'INTERNAL', 'QUOTA_EXCEEDED'].includes(fcmCode ?? grpcStatus ?? '')) {
    return failed(`${said}: FCM is busy or failing`, false, true);
  }
  if (fcmCode === 'THIRD_PARTY_AUTH_ERROR') return failed(`${said}: FCM could not authenticate to APNs or web push; check the APNs key in the Firebase console`, false, false);
  if (status === 401 || status === 403) return failed(`${said}: FCM refused the service account (check FCM_SERVICE_ACCOUNT and its Firebase Cloud Messaging permission)`, false, false);
  return failed(`${said}: FCM refused the message`, false, false);
}

/** A failure to mint the access token: the endpoint's status and OAuth error code only (its body may echo the grant). */
function tokenFailure(error: unknown, failed: Fail): DeliveryResult {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  if (response?.status === undefined) return failed(`the token endpoint ${describeNetworkError(error)}`, false, true);
  const status = response.status;
  const oauthError = (response.data as { error?: unknown } | undefined)?.error;
  const code = typeof oauthError === 'string' ? ` ${oauthError.slice(0, 60)}` : '';
  if (status === 429 || status >= 500) return failed(`the token endpoint answered HTTP ${status}${code}`, false, true);
  return failed(`the token endpoint refused the service account (HTTP ${status}${code}): check FCM_SERVICE_ACCOUNT`, false, false);
}

/** Why a call got no answer, from the error or its causes (gaxios and fetch wrap the socket's error). */
function describeNetworkError(error: unknown): string {
  let code: string | undefined;
  for (let err = error as { name?: string; code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 4; err = err.cause as typeof err, depth++) {
    if (err.name === 'AbortError' || err.name === 'TimeoutError') return 'did not answer in time';
    if (code === undefined && typeof err.code === 'string' && /^E[A-Z_]+$/.test(err.code)) code = err.code;
  }
  return `could not be reached${code ? ` (${code})` : ''}`;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
