import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBytes } from './read-body.ts';

/** One push message the peer received, decrypted, with what it found wrong (if anything). */
export interface ReceivedPush {
  path: string;
  ttl: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  authorization: string | undefined;
  /** The VAPID public key (`k=`) the message was signed for. */
  vapidKey: string | undefined;
  /** The VAPID JWT's claims, when its signature held. */
  claims: { aud?: unknown; exp?: unknown; sub?: unknown } | undefined;
  /** The plaintext, when the subscription's keys decrypted it. */
  plaintext: string | undefined;
  /** Why the peer refused the message (a VAPID or decryption failure), or undefined when it was accepted. */
  problem: string | undefined;
  /** The status the peer answered. */
  status: number;
}

/** A subscription at the peer: what a browser gives the server, and the private half the browser keeps. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface SubscriptionSecrets {
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 key derivation) as the browser
 * holding the subscription would: its ECDH private key and auth secret, the sender's key from the
 * header's key id.
 */
export function decryptPushMessage(body: Buffer, secrets: SubscriptionSecrets): string {
  if (body.length < 21) throw new Error('the body is shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not the sender's 65-byte public key`);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(secrets.privateKey);
  const sharedSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), secrets.publicKey, senderKey]);
  const ikm = hkdf(secrets.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const ciphertext = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < ciphertext.length; offset += recordSize, seq++) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // the record sequence number is XORed into the nonce's low bytes
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // padding: the delimiter (2 for the last record, 1 before) then zeros
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0 || (plain[end] !== 1 && plain[end] !== 2)) throw new Error('a record has no padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Checks a `vapid t=<JWT>, k=<key>` header as a push service does (RFC 8292): an ES256 JWT signed
 * by `k`, for this push service's origin, not expired, naming a contact. Answers the claims.
 */
export function verifyVapidHeader(header: string | undefined, origin: string): { key: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid t=..., k=... authorization');
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`the JWT is ${header_.alg}, not ES256`);
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== origin) throw new Error(`aud is ${String(claims.aud)}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 60 * 60) throw new Error('exp is not within the next 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not a mailto: or https: contact');
  return { key, claims };
}

/**
 * A local HTTP peer acting as a browser push service (RFC 8030): it takes POSTs at subscription
 * paths, checks the VAPID header, decrypts the body with the subscription's private key (as the
 * browser would) and answers 201. A test can make a path answer another status (410 for an
 * expired subscription, 500 once) or not answer at all.
 */
export async function startPushServicePeer() {
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, SubscriptionSecrets>();
  const statuses = new Map<string, { status: number; times: number }>();
  const hanging = new Set<string>();
  let seq = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBytes(req);
      const path = (req.url ?? '').split('?')[0]!;
      if (hanging.has(path)) return;
      const entry: ReceivedPush = {
        path,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        contentEncoding: req.headers['content-encoding'],
        authorization: req.headers.authorization,
        vapidKey: undefined,
        claims: undefined,
        plaintext: undefined,
        problem: undefined,
        status: 201,
      };
      received.push(entry);
      const answer = (status: number) => {
        entry.status = status;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 201 ? '' : `status ${status}`);
      };
      if (req.method !== 'POST') return answer(405);
      try {
        // the audience is the origin the sender addressed (a name or this address)
        const { key, claims } = verifyVapidHeader(req.headers.authorization, `http://${req.headers.host ?? ''}`);
        entry.vapidKey = key;
        entry.claims = claims;
      } catch (error) {
        entry.problem = (error as Error).message;
        return answer(401);
      }
      const forced = statuses.get(path);
      if (forced) {
        if (--forced.times <= 0) statuses.delete(path);
        return answer(forced.status);
      }
      const secrets = subscriptions.get(path);
      if (!secrets) return answer(404);
      if (entry.contentEncoding !== 'aes128gcm') {
        entry.problem = `Content-Encoding is ${entry.contentEncoding}`;
        return answer(400);
      }
      try {
        entry.plaintext = decryptPushMessage(body, secrets);
      } catch (error) {
        entry.problem = `could not decrypt: ${(error as Error).message}`;
        return answer(400);
      }
      answer(201);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    /** `127.0.0.1:port`, as `allowedHosts` takes it. */
    host: `127.0.0.1:${port}`,
    origin,
    received,
    /** A new subscription at the peer, as a browser's `PushSubscription.toJSON()` gives it (without expirationTime). */
    subscribe(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/v1/${(++seq).toString()}-${randomBytes(12).toString('base64url')}`;
      subscriptions.set(path, { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    /** The next `times` messages to this subscription are answered `status` (410: it expired; 500: the service failed). */
    answer(endpoint: string, status: number, times = Number.POSITIVE_INFINITY) {
      statuses.set(new URL(endpoint).pathname, { status, times });
    },
    /** Messages to this subscription are read and never answered (a timeout). */
    hang(endpoint: string) {
      hanging.add(new URL(endpoint).pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The push service peer. */
export type PushServicePeer = Awaited<ReturnType<typeof startPushServicePeer>>;
