import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_TTL_MS, MAX_DEVICE_TOKENS, addDeviceToken, emailKey, findDeviceToken, signDeviceToken } from './device-cookie.ts';

const KEY = randomBytes(32);
const NOW = Date.UTC(2026, 10, 24);

describe('device cookie', () => {
  it('proves a sign-in to one account, with this server’s key, for a year', () => {
    const token = signDeviceToken(KEY, emailKey(' Owner@Example.com'), NOW);
    expect(token).not.toContain('owner');
    expect(findDeviceToken(KEY, token, 'owner@example.com', NOW)).toBe(token);
    expect(findDeviceToken(KEY, token, 'someone-else@example.com', NOW)).toBeNull();
    expect(findDeviceToken(randomBytes(32), token, 'owner@example.com', NOW)).toBeNull();
    expect(findDeviceToken(KEY, token, 'owner@example.com', NOW + DEVICE_TOKEN_TTL_MS - 1000)).toBe(token);
    expect(findDeviceToken(KEY, token, 'owner@example.com', NOW + DEVICE_TOKEN_TTL_MS)).toBeNull();
  });

  it('refuses a token whose issue time or MAC was changed', () => {
    const token = signDeviceToken(KEY, 'owner@example.com', NOW);
    const [issued, mac] = token.split('.') as [string, string];
    const younger = `${(parseInt(issued, 36) + 1).toString(36)}.${mac}`;
    const flipped = `${issued}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(findDeviceToken(KEY, younger, 'owner@example.com', NOW)).toBeNull();
    expect(findDeviceToken(KEY, flipped, 'owner@example.com', NOW)).toBeNull();
    expect(findDeviceToken(KEY, 'garbage', 'owner@example.com', NOW)).toBeNull();
    // issued in the future: not one of ours
    expect(findDeviceToken(KEY, signDeviceToken(KEY, 'owner@example.com', NOW + 120_000), 'owner@example.com', NOW)).toBeNull();
  });

  it('keeps a browser’s accounts side by side, the newest first, one token each, at most 4', () => {
    let cookie: string | undefined;
    for (let i = 0; i < 6; i++) cookie = addDeviceToken(KEY, cookie, `person${i}@example.com`, NOW + i * 1000);
    const tokens = cookie!.split('~');
    expect(tokens).toHaveLength(MAX_DEVICE_TOKENS);
    expect(findDeviceToken(KEY, cookie, 'person5@example.com', NOW + 6000)).toBe(tokens[0]);
    expect(findDeviceToken(KEY, cookie, 'person2@example.com', NOW + 6000)).toBe(tokens[3]);
    expect(findDeviceToken(KEY, cookie, 'person1@example.com', NOW + 6000)).toBeNull();
    // signing in again to person2 replaces its token rather than adding one
    const again = addDeviceToken(KEY, `${cookie}~junk`, 'person2@example.com', NOW + 7000).split('~');
    expect(again).toHaveLength(MAX_DEVICE_TOKENS);
    expect(again[0]).not.toBe(tokens[3]);
    expect(again).not.toContain(tokens[3]);
    expect(again).not.toContain('junk');
  });
});
