import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it('keys IPv6 by its /64, whatever the spelling', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps IPv4 whole, mapped or not', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.8')).not.toBe(addressKey('192.0.2.7'));
  });
});

describe('addressKey, unusual spellings', () => {
  it('reads compressed, zone-tagged and dotted-tail forms', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('reads the spellings proxies write, and puts everything unreadable under one key', () => {
    expect(addressKey('192.0.2.60:1000')).toBe('192.0.2.60');
    expect(addressKey('192.000.002.060')).toBe('192.0.2.60');
    expect(addressKey(' 192.0.2.60 ')).toBe('192.0.2.60');
    expect(addressKey('[2001:db8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    const unreadable = ['unknown', 'evil.example', '999.1.1.1', '', '[nope]:1', '1.2.3.4.5'].map(addressKey);
    expect(new Set(unreadable).size).toBe(1);
    expect(unreadable[0]).not.toBe(addressKey('192.0.2.60'));
  });

  it('keys a request whose connection is already gone (request.ip undefined) as unreadable instead of throwing (found by the fuzzer)', () => {
    expect(addressKey(undefined)).toBe(addressKey('unknown'));
  });
});
