import { describe, expect, it } from 'vitest';
import { isUnreachable } from './network-error';

describe('isUnreachable', () => {
  it('is true when no answer came: the browser rejected the request, or a gateway answered for a server that is down', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new Error('502: Bad Gateway'))).toBe(true);
    expect(isUnreachable(new Error('504: Gateway Timeout'))).toBe(true);
  });

  it('is false when Baitcheck answered with an error', () => {
    expect(isUnreachable(new Error('500: {"error":{"code":"INTERNAL"}}'))).toBe(false);
    expect(isUnreachable(new Error('429: {"error":{"code":"RATE_LIMITED"}}'))).toBe(false);
    expect(isUnreachable('not an error')).toBe(false);
  });
});
