import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, parseSecretKey, secretKeyPath } from './secret-box.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  it('opens what it sealed, under the same context only, and never shows the plaintext', () => {
    const sealed = box.seal('app pässword 1', 'user-1:email');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('pässword');
    expect(box.open(sealed, 'user-1:email')).toBe('app pässword 1');
    // another person's row, or another plugin's
    expect(() => box.open(sealed, 'user-2:email')).toThrow();
    expect(() => box.open(sealed, 'user-1:slack')).toThrow();
  });

  it('seals the same secret differently each time, and refuses a changed or foreign box', () => {
    const a = box.seal('token', 'c');
    expect(box.seal('token', 'c')).not.toBe(a);
    const [v, iv, tag, ct] = a.split('.');
    const flipped = `${v}.${iv}.${tag}.${ct!.slice(0, -2)}${ct!.endsWith('A') ? 'B' : 'A'}${ct!.slice(-1)}`;
    expect(() => box.open(flipped, 'c')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(a, 'c')).toThrow();
    expect(() => box.open('plain text', 'c')).toThrow('not a sealed secret');
  });

  it('reads a key as hex or base64 and refuses anything else', () => {
    expect(parseSecretKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSecretKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(() => parseSecretKey('short')).toThrow('64 hex characters');
    expect(() => parseSecretKey('ab'.repeat(31))).toThrow('64 hex characters');
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow('32 bytes');
  });

  it('makes a key once into the data folder (owner-only), then keeps reading it; the environment wins', () => {
    const path = secretKeyPath(join(tempDir(), 'nested'));
    const first = loadSecretKey(undefined, path);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadSecretKey('', path)).toEqual(first);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.toString('hex'));
    expect(loadSecretKey('cd'.repeat(32), path)).toEqual(Buffer.alloc(32, 0xcd));
  });

  it('refuses a damaged key file rather than making a new key (secrets sealed under the old one would be lost)', () => {
    const path = secretKeyPath(tempDir());
    writeFileSync(path, 'not a key\n');
    expect(() => loadSecretKey(undefined, path)).toThrow('64 hex characters');
    expect(readFileSync(path, 'utf8')).toBe('not a key\n');
  });
});
