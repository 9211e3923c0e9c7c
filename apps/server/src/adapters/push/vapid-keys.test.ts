import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys, vapidKeysPath } from './vapid-keys.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Whether the public key is the private key's own: the browser's subscription and our signature must agree. */
const isPair = (publicKey: string, privateKey: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url') === publicKey;
};

describe('loadVapidKeys', () => {
  it('makes a pair once in DATA_DIR, mode 0600, and every later start reads the same pair', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = loadVapidKeys({ dataDir });
    const second = loadVapidKeys({ dataDir });
    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(isPair(first.publicKey, first.privateKey)).toBe(true);
    const path = vapidKeysPath(dataDir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    // no temp file left behind
    expect(readdirSync(dataDir)).toEqual(['vapid-keys.json']);
  });

  it('uses a pair another process wrote first rather than replacing it', () => {
    const dataDir = tempDir();
    const theirs = webpush.generateVAPIDKeys();
    writeFileSync(vapidKeysPath(dataDir), JSON.stringify(theirs), { mode: 0o600 });
    const keys = loadVapidKeys({ dataDir });
    expect({ publicKey: keys.publicKey, privateKey: keys.privateKey }).toEqual(theirs);
  });

  it('refuses a damaged key file, naming it, instead of silently making new keys', () => {
    const dataDir = tempDir();
    writeFileSync(vapidKeysPath(dataDir), '{"publicKey": "abc"');
    expect(() => loadVapidKeys({ dataDir })).toThrow(/vapid-keys\.json does not hold a VAPID key pair \(it is not JSON\)\. .*delete it/);
    const [a, b] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    writeFileSync(vapidKeysPath(dataDir), JSON.stringify({ publicKey: a.publicKey, privateKey: b.privateKey }));
    expect(() => loadVapidKeys({ dataDir })).toThrow(/not the public half/);
  });

  it('uses the keys from the environment and writes nothing', () => {
    const dataDir = tempDir();
    const env = webpush.generateVAPIDKeys();
    const keys = loadVapidKeys({ publicKey: env.publicKey, privateKey: `${env.privateKey}\n`, dataDir });
    expect(keys).toEqual({ ...env, subject: 'mailto:no-reply@localhost' });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('makes a pair in memory when there is no DATA_DIR, a new one each time', () => {
    const a = loadVapidKeys();
    const b = loadVapidKeys({});
    expect(isPair(a.publicKey, a.privateKey)).toBe(true);
    expect(a.publicKey).not.toBe(b.publicKey);
  });

  it('refuses half a configuration with a sentence naming the missing variable', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadVapidKeys({ publicKey })).toThrow('VAPID_PUBLIC_KEY is set but VAPID_PRIVATE_KEY is not: set both');
    expect(() => loadVapidKeys({ privateKey, publicKey: '' })).toThrow('VAPID_PRIVATE_KEY is set but VAPID_PUBLIC_KEY is not');
  });

  it('refuses keys that are not a base64url P-256 pair, without echoing the private key', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const cases: [Partial<{ publicKey: string; privateKey: string }>, RegExp][] = [
      [{ publicKey: publicKey.slice(0, 40), privateKey }, /public key must be the uncompressed P-256 point: 65 bytes/],
      [{ publicKey, privateKey: `${privateKey}AA` }, /private key must be the P-256 private key: 32 bytes/],
      [{ publicKey, privateKey: privateKey.replace(/[-_]/g, '+').slice(0, 42) + '+/' }, /private key must be/],
      [{ publicKey, privateKey: Buffer.alloc(32).toString('base64url') }, /not a valid P-256 private key/],
      [{ publicKey: other.publicKey, privateKey }, /public key is not the public half of the private key/],
    ];
    for (const [given, message] of cases) {
      let thrown: Error | undefined;
      try {
        loadVapidKeys(given);
      } catch (error) {
        thrown = error as Error;
      }
      expect(thrown?.message, JSON.stringify(given)).toMatch(message);
      expect(thrown?.message).not.toContain(privateKey);
      expect(thrown?.message).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY|generate-vapid-keys/);
    }
  });

  it('takes the subject as given (mailto: or https:), or mailto: the contact address', () => {
    expect(loadVapidKeys({ subject: 'https://baitcheck.example/contact' }).subject).toBe('https://baitcheck.example/contact');
    expect(loadVapidKeys({ subject: 'mailto:ops@baitcheck.example', contactEmail: 'x@y.example' }).subject).toBe('mailto:ops@baitcheck.example');
    expect(loadVapidKeys({ contactEmail: 'support@baitcheck.example' }).subject).toBe('mailto:support@baitcheck.example');
    expect(loadVapidKeys({ contactEmail: 'Baitcheck <no-reply@baitcheck.example>' }).subject).toBe('mailto:no-reply@baitcheck.example');
    expect(loadVapidKeys({ subject: ' ' }).subject).toBe('mailto:no-reply@localhost');
    for (const subject of ['http://baitcheck.example', 'ops@baitcheck.example', 'javascript:alert(1)']) {
      expect(() => loadVapidKeys({ subject }), subject).toThrow('VAPID_SUBJECT must be a mailto: address or an https: URL');
    }
  });
});
