import { createECDH, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

/** The server's VAPID identity (RFC 8292): the key pair browsers subscribe with, and who to contact. */
export interface VapidKeys {
  /** Base64url, the uncompressed P-256 point (65 bytes): the `applicationServerKey` a browser subscribes with. */
  publicKey: string;
  /** Base64url, the 32-byte P-256 private scalar. */
  privateKey: string;
  /** `mailto:` or `https:`: the contact push services show when our pushes misbehave. */
  subject: string;
}

export interface VapidKeyOptions {
  /** `VAPID_PUBLIC_KEY`: given with `privateKey` or not at all. */
  publicKey?: string;
  /** `VAPID_PRIVATE_KEY`. */
  privateKey?: string;
  /** `VAPID_SUBJECT`. */
  subject?: string;
  /** `DATA_DIR`: where generated keys are kept; without it they live in memory only (tests). */
  dataDir?: string;
  /** An address for the default subject (`SUPPORT_EMAIL`, or `MAIL_FROM`'s address). */
  contactEmail?: string;
}

const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const DEFAULT_SUBJECT = 'mailto:no-reply@localhost';

/** Where generated keys are kept when `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` are unset. */
export function vapidKeysPath(dataDir: string): string {
  return join(dataDir, 'vapid-keys.json');
}

/**
 * The VAPID keys from the environment (both halves, checked to be one pair), or the ones kept in
 * `DATA_DIR/vapid-keys.json`, made once (mode 0600) when there are none. The keys must outlive
 * restarts: every browser subscription is bound to the public key, and a new key silently
 * orphans them all. Several servers sharing one PostgreSQL must be given the same keys in the
 * environment: a key file is one machine's.
 */
export function loadVapidKeys(options: VapidKeyOptions = {}): VapidKeys {
  const subject = resolveSubject(options.subject, options.contactEmail);
  const publicKey = blankToUndefined(options.publicKey);
  const privateKey = blankToUndefined(options.privateKey);
  if (publicKey !== undefined || privateKey !== undefined) {
    if (publicKey === undefined) throw new Error('VAPID_PRIVATE_KEY is set but VAPID_PUBLIC_KEY is not: set both (npx web-push generate-vapid-keys) or neither to have keys made in DATA_DIR.');
    if (privateKey === undefined) throw new Error('VAPID_PUBLIC_KEY is set but VAPID_PRIVATE_KEY is not: set both (npx web-push generate-vapid-keys) or neither to have keys made in DATA_DIR.');
    return { ...requireKeyPair(publicKey, privateKey, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'), subject };
  }
  if (options.dataDir === undefined || options.dataDir === '') return { ...webpush.generateVAPIDKeys(), subject };
  return { ...readOrMakeKeyFile(vapidKeysPath(options.dataDir)), subject };
}

function readOrMakeKeyFile(path: string): { publicKey: string; privateKey: string } {
  const existing = readKeyFile(path);
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(path), { recursive: true });
  // a random name and 'wx': a stale temp file left by a crash is never reused with its old mode
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // a link, not a rename: it never replaces keys another process made first, whose public key
    // browsers may already have subscribed with
    linkSync(temp, path);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readKeyFile(path);
    if (!theirs) throw error;
    return theirs;
  } finally {
    unlinkSync(temp);
  }
}

/** The pair in the file, undefined when there is no file; a damaged file throws rather than being replaced. */
function readKeyFile(path: string): { publicKey: string; privateKey: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const damaged = (why: string) =>
    new Error(`${path} does not hold a VAPID key pair (${why}). Restore it, or delete it to have new keys made: browsers subscribed with the old key must then subscribe again.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged('it is not JSON');
  }
  const { publicKey, privateKey } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') throw damaged('publicKey and privateKey must be strings');
  try {
    return requireKeyPair(publicKey, privateKey, 'the keys');
  } catch (error) {
    throw damaged((error as Error).message);
  }
}

/**
 * The two keys, checked to be base64url of the right lengths and to be one pair: a public key
 * copied from another deployment would have browsers subscribe with a key our signatures do not
 * match, and every push would be refused. Messages never include the keys.
 */
function requireKeyPair(publicKey: string, privateKey: string, names: string): { publicKey: string; privateKey: string } {
  const pub = decodeKey(publicKey.trim(), PUBLIC_KEY_BYTES, 'public', 'the uncompressed P-256 point');
  const priv = decodeKey(privateKey.trim(), PRIVATE_KEY_BYTES, 'private', 'the P-256 private key');
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    throw new Error(`The VAPID private key is not a valid P-256 private key (check ${names}).`);
  }
  if (!ecdh.getPublicKey().equals(pub)) throw new Error(`The VAPID public key is not the public half of the private key (check ${names}: they must come from one pair).`);
  return { publicKey: pub.toString('base64url'), privateKey: priv.toString('base64url') };
}

function decodeKey(text: string, bytes: number, which: string, what: string): Buffer {
  // web-push refuses '=' padding; dropping it here accepts keys copied from tools that pad
  const unpadded = text.replace(/=+$/, '');
  const decoded = BASE64URL.test(unpadded) ? Buffer.from(unpadded, 'base64url') : Buffer.alloc(0);
  if (decoded.length !== bytes) throw new Error(`The VAPID ${which} key must be ${what}: ${bytes} bytes as URL-safe base64 (npx web-push generate-vapid-keys makes a pair).`);
  return decoded;
}

/** `VAPID_SUBJECT`, or `mailto:` the contact address, or a placeholder push services accept. */
function resolveSubject(subject: string | undefined, contactEmail: string | undefined): string {
  const given = blankToUndefined(subject);
  if (given !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(given);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:')) {
      throw new Error('VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you, e.g. mailto:support@baitcheck.example.');
    }
    return given;
  }
  const contact = blankToUndefined(contactEmail);
  if (contact === undefined) return DEFAULT_SUBJECT;
  // MAIL_FROM may be 'Name <address>'
  const address = /<([^<>\s]+)>/.exec(contact)?.[1] ?? contact;
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? `mailto:${address}` : DEFAULT_SUBJECT;
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
