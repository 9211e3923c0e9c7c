import { describe, expect, it } from 'vitest';
import { AddressRefusal, isPublicAddress, resolveAllowedAddresses } from './address-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolveAllowedAddresses', () => {
  it('refuses a name that resolves to loopback, and allows it when told to', async () => {
    await expect(resolveAllowedAddresses('localhost', false)).rejects.toEqual(new AddressRefusal('private'));
    expect(await resolveAllowedAddresses('localhost', true)).toContain('127.0.0.1');
  });

  it('takes an IP address as it is, bracketed IPv6 too, without a lookup', async () => {
    expect(await resolveAllowedAddresses('8.8.8.8', false)).toEqual(['8.8.8.8']);
    expect(await resolveAllowedAddresses('[2001:4860:4860::8888]', false)).toEqual(['2001:4860:4860::8888']);
    await expect(resolveAllowedAddresses('[::1]', false)).rejects.toEqual(new AddressRefusal('private'));
  });

  it('says when a name does not resolve', async () => {
    await expect(resolveAllowedAddresses('no-such-host.invalid', false)).rejects.toEqual(new AddressRefusal('not-found'));
  });
});
