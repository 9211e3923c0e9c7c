import { describe, expect, it } from 'vitest';
import { parseSender } from './sender';

describe('parseSender', () => {
  it('reads email senders with and without a display name', () => {
    expect(parseSender('"PayPal Service" <Service@Intl-PayPal.com>')).toMatchObject({
      kind: 'email', displayName: 'PayPal Service', localPart: 'service', domain: 'intl-paypal.com', registrableDomain: 'intl-paypal.com',
    });
    expect(parseSender('alerts@notify.wellsfargo.com')).toMatchObject({ kind: 'email', displayName: '', domain: 'notify.wellsfargo.com', registrableDomain: 'wellsfargo.com' });
  });
  it('reads phone numbers, short codes and sender IDs', () => {
    expect(parseSender('+1 (626) 841-2270')).toMatchObject({ kind: 'phone', digits: '16268412270', international: true });
    expect(parseSender('(626) 841-2270')).toMatchObject({ kind: 'phone', international: false });
    expect(parseSender('0044 7700 900123')).toMatchObject({ kind: 'phone', digits: '447700900123', international: true });
    expect(parseSender('28777')).toMatchObject({ kind: 'short-code', digits: '28777' });
    expect(parseSender('653-89')).toMatchObject({ kind: 'short-code', digits: '65389' });
    expect(parseSender('VM-HDFCBK')).toMatchObject({ kind: 'sender-id', senderId: 'HDFCBK' });
    expect(parseSender('Amazon')).toMatchObject({ kind: 'sender-id', senderId: 'Amazon' });
  });
  it('reads a bare domain, and gives up on anything else', () => {
    expect(parseSender('ebay.com')).toMatchObject({ kind: 'domain', registrableDomain: 'ebay.com' });
    expect(parseSender('')).toBeNull();
    expect(parseSender(undefined)).toBeNull();
    expect(parseSender('Family ❤️')).toBeNull();
    expect(parseSender('<not an address>')).toBeNull();
    expect(parseSender(`${'a'.repeat(5000)}@example.com`)).toBeNull();
  });
});
