import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './read-body.ts';

/** A service account key file as the Firebase console gives it (the fields that matter). */
export interface TestServiceAccount {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

/** One token grant the peer received: the assertion's claims, and what it answered. */
export interface TokenGrant {
  claims: Record<string, unknown>;
  status: number;
  problem: string | undefined;
}

/** One `messages:send` call: the project in the path, the bearer token, the message, the answer. */
export interface SentMessage {
  project: string;
  bearer: string | undefined;
  message: Record<string, unknown> | undefined;
  status: number;
  problem: string | undefined;
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

/** A new service account with its own RSA key, minting tokens at `tokenUri`; `publicKey` is what Google would keep. */
export function makeTestServiceAccount(tokenUri: string, projectId = 'baitcheck-test'): { account: TestServiceAccount; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const id = randomBytes(8).toString('hex');
  return {
    account: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: id,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `firebase-adminsdk-${id.slice(0, 5)}@${projectId}.iam.gserviceaccount.com`,
      client_id: BigInt(`0x${id}`).toString(),
      token_uri: tokenUri,
    },
    publicKey,
  };
}

const fcmError = (code: number, status: string, message: string, errorCode?: string) => ({
  error: { code, message, status, ...(errorCode ? { details: [{ '@type': FCM_ERROR_TYPE, errorCode }] } : {}) },
});

const isStringRecord = (value: unknown, keys: string[]) =>
  typeof value === 'object' && value !== null && Object.keys(value).sort().join() === [...keys].sort().join() && Object.values(value).every((v) => typeof v === 'string');

/** What is wrong with a message's shape, or undefined: the fields the FCM sender must send, data values all strings. */
function checkMessage(message: unknown): string | undefined {
  const m = message as Record<string, Record<string, unknown> | undefined> | undefined;
  if (!m || typeof m.token !== 'string' || m.token === '') return 'message.token must be a non-empty string';
  if (!isStringRecord(m.notification, ['title', 'body'])) return 'message.notification must be { title, body } strings';
  if (!isStringRecord(m.data, ['type', 'messageId', 'url', 'notificationId'])) return 'message.data must be { type, messageId, url, notificationId }, all strings';
  if (!['high', 'normal'].includes(m.android?.priority as string)) return 'message.android.priority must be high or normal';
  const apns = m.apns as { headers?: Record<string, unknown>; payload?: { aps?: Record<string, unknown> } } | undefined;
  if (!['10', '5'].includes(apns?.headers?.['apns-priority'] as string)) return "message.apns.headers['apns-priority'] must be '10' or '5'";
  if (typeof apns?.payload?.aps !== 'object') return 'message.apns.payload.aps must be an object';
  return undefined;
}

/**
 * A local HTTP peer acting as Google's OAuth token endpoint and Firebase Cloud Messaging HTTP v1,
 * in their shapes. The token endpoint takes the JWT-bearer grant and checks what Google checks:
 * the RS256 signature by a service account it knows, `iss`, the FCM scope, `aud` (its own URL),
 * the times. `messages:send` checks the bearer token and the project, the message's shape, and
 * answers `{ name }` or FCM's error shape for tokens a test says are stale, foreign or invalid.
 */
export async function startFcmPeer() {
  const trusted = new Map<string, { publicKey: KeyObject; project: string }>();
  const accessTokens = new Map<string, string>(); // token → project
  const grants: TokenGrant[] = [];
  const sent: SentMessage[] = [];
  const deviceStates = new Map<string, 'unregistered' | 'sender-id-mismatch' | 'invalid'>();
  let tokenFailures: number[] = [];
  let sendFailures: number[] = [];
  let seq = 0;

  const grant = (form: URLSearchParams): { status: number; body: unknown; entry: TokenGrant } => {
    const entry: TokenGrant = { claims: {}, status: 200, problem: undefined };
    const refuse = (problem: string, status = 400, error = 'invalid_grant') => {
      entry.status = status;
      entry.problem = problem;
      return { status, body: { error, error_description: problem }, entry };
    };
    const forced = tokenFailures.shift();
    if (forced !== undefined) return refuse('forced failure', forced, 'internal_failure');
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('Invalid grant_type', 400, 'unsupported_grant_type');
    const [head, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!head || !payload || !signature) return refuse('Invalid JWT: not a JWS');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    entry.claims = claims;
    if (header.alg !== 'RS256') return refuse('Invalid JWT: alg must be RS256');
    const account = trusted.get(String(claims.iss));
    if (!account) return refuse('Invalid JWT Signature.', 400);
    if (!verify('sha256', Buffer.from(`${head}.${payload}`), account.publicKey, Buffer.from(signature, 'base64url'))) return refuse('Invalid JWT Signature.');
    if (!String(claims.scope ?? '').split(' ').includes('https://www.googleapis.com/auth/firebase.messaging')) return refuse('Invalid JWT: scope lacks firebase.messaging', 400, 'invalid_scope');
    if (claims.aud !== tokenUri) return refuse(`Invalid JWT: aud is ${String(claims.aud)}, not ${tokenUri}`);
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.iat > now + 60 || claims.exp <= now || claims.exp - claims.iat > 3600) {
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    }
    const accessToken = `ya29.test-${(++seq).toString()}-${randomBytes(16).toString('base64url')}`;
    accessTokens.set(accessToken, account.project);
    return { status: 200, body: { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' }, entry };
  };

  const deliver = (project: string, bearer: string | undefined, body: string): { status: number; body: unknown; entry: SentMessage } => {
    let message: Record<string, unknown> | undefined;
    try {
      message = (JSON.parse(body) as { message?: Record<string, unknown> }).message;
    } catch {
      message = undefined;
    }
    const entry: SentMessage = { project, bearer, message, status: 200, problem: undefined };
    const answer = (status: number, answerBody: unknown, problem?: string) => {
      entry.status = status;
      entry.problem = problem;
      return { status, body: answerBody, entry };
    };
    const tokenProject = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (tokenProject === undefined) return answer(401, fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.'), 'bad bearer');
    if (tokenProject !== project) return answer(403, fcmError(403, 'PERMISSION_DENIED', `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${project}'`), 'other project');
    const forced = sendFailures.shift();
    if (forced !== undefined) {
      const status = forced === 429 ? 'RESOURCE_EXHAUSTED' : forced === 500 ? 'INTERNAL' : forced === 503 ? 'UNAVAILABLE' : 'UNKNOWN';
      const errorCode = forced === 429 ? 'QUOTA_EXCEEDED' : forced === 500 ? 'INTERNAL' : forced === 503 ? 'UNAVAILABLE' : undefined;
      return answer(forced, fcmError(forced, status, 'forced failure', errorCode), 'forced');
    }
    const shape = checkMessage(message);
    if (shape) return answer(400, fcmError(400, 'INVALID_ARGUMENT', shape, 'INVALID_ARGUMENT'), shape);
    switch (deviceStates.get(message!.token as string)) {
      case 'unregistered':
        return answer(404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'), 'unregistered');
      case 'sender-id-mismatch':
        return answer(403, fcmError(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH'), 'sender id mismatch');
      case 'invalid':
        return answer(400, fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'), 'invalid token');
      default:
        return answer(200, { name: `projects/${project}/messages/${(++seq).toString()}` });
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readText(req);
      const path = (req.url ?? '').split('?')[0]!;
      let result: { status: number; body: unknown };
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/token') {
        const r = grant(new URLSearchParams(body));
        grants.push(r.entry);
        result = r;
      } else if (req.method === 'POST' && (m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path))) {
        const auth = req.headers.authorization;
        const r = deliver(decodeURIComponent(m[1]!), auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, body);
        sent.push(r.entry);
        result = r;
      } else {
        result = { status: 404, body: fcmError(404, 'NOT_FOUND', 'not found') };
      }
      res.writeHead(result.status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(result.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const tokenUri = `${origin}/token`;

  return {
    /** The FCM API's base, as `FCM_API_URL` takes it. */
    apiUrl: `${origin}/`,
    tokenUri,
    grants,
    sent,
    /** A new service account the peer trusts, minting at the peer. */
    serviceAccount(projectId?: string): TestServiceAccount {
      const { account, publicKey } = makeTestServiceAccount(tokenUri, projectId);
      trusted.set(account.client_email, { publicKey, project: account.project_id });
      return account;
    },
    /** What FCM says about a device token: uninstalled, registered to another sender, or not a token. */
    setDevice(token: string, state: 'unregistered' | 'sender-id-mismatch' | 'invalid') {
      deviceStates.set(token, state);
    },
    /** The next token grants answer these statuses. */
    failTokens(...statuses: number[]) {
      tokenFailures = statuses;
    },
    /** The next sends (with a good token) answer these statuses, in FCM's error shape. */
    failSends(...statuses: number[]) {
      sendFailures = statuses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The FCM peer. */
export type FcmPeer = Awaited<ReturnType<typeof startFcmPeer>>;
