import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

/** Encrypts and decrypts the secrets people give the plugins (inbox passwords, tokens). */
export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url); `context` (e.g. the user and plugin) must be given again to open it. */
  seal(plaintext: string, context: string): string;
  /** The plaintext, or throws when the box was sealed under another key or context, or was changed. */
  open(sealed: string, context: string): string;
}

/**
 * A secret box over a 32-byte key (AES-256-GCM, a random 96-bit IV per secret). `context` is
 * authenticated data: a secret copied into another person's row does not open there.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The plugin secret key must be ${KEY_BYTES} bytes.`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Where a generated key is kept when `PLUGIN_SECRET_KEY` is unset. */
export function secretKeyPath(dataDir: string): string {
  return join(dataDir, 'plugin-secret.key');
}

/**
 * The key from `PLUGIN_SECRET_KEY` (64 hex characters or 32 bytes of base64), or the one kept in
 * `path`, made once (mode 0600) when there is none. Several servers sharing one PostgreSQL must be
 * given the same `PLUGIN_SECRET_KEY`: a key file is one machine's.
 */
export function loadSecretKey(fromEnvironment: string | undefined, path: string): Buffer {
  if (fromEnvironment !== undefined && fromEnvironment !== '') return parseSecretKey(fromEnvironment);
  try {
    return parseSecretKey(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${key.toString('hex')}\n`, { mode: 0o600 });
  try {
    // a link never replaces a key another process made first: secrets sealed under it would not open
    linkSync(temp, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSecretKey(readFileSync(path, 'utf8').trim());
  } finally {
    unlinkSync(temp);
  }
}

/** A 32-byte key from 64 hex characters or base64; anything else throws, naming what is expected. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (decoded.length === KEY_BYTES) return decoded;
  throw new Error('PLUGIN_SECRET_KEY must be 32 random bytes, as 64 hex characters (openssl rand -hex 32) or base64.');
}
