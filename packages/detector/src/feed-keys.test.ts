import { describe, expect, it } from 'vitest';
import { feedEntryKeys } from './feed-keys';

describe('feedEntryKeys', () => {
  it.each([
    // the feed names the host: list it
    [{ url: null, host: 'secure-paypa1-login.com' }, { url: null, host: 'secure-paypa1-login.com' }],
    [{ url: null, host: 'WWW.Evil-Parcel.top.' }, { url: null, host: 'evil-parcel.top' }],
    [{ url: 'https://evil-parcel.top/', host: 'evil-parcel.top' }, { url: null, host: 'evil-parcel.top' }],
    // someone's own subdomain on a platform: that site is theirs
    [{ url: 'https://paypal-login.web.app/signin', host: 'paypal-login.web.app' }, { url: 'paypal-login.web.app/signin', host: 'paypal-login.web.app' }],
    // a page on a site that may have been broken into: only that address
    [{ url: 'http://smallbakery.com/wp-admin/x/login.php?id=3', host: 'smallbakery.com' }, { url: 'smallbakery.com/wp-admin/x/login.php?id=3', host: null }],
    // everyone's hosts: only the address, never the host
    [{ url: 'http://bit.ly/3xYzQ', host: 'bit.ly' }, { url: 'bit.ly/3xYzQ', host: null }],
    [{ url: 'https://docs.google.com/forms/d/e/1FAIpQLSe/viewform', host: 'docs.google.com' }, { url: 'docs.google.com/forms/d/e/1FAIpQLSe/viewform', host: null }],
    [{ url: 'https://www.dropbox.com/s/abc/invoice.html', host: 'www.dropbox.com' }, { url: 'www.dropbox.com/s/abc/invoice.html', host: null }],
    [{ url: null, host: 'weebly.com' }, { url: null, host: null }],
    [{ url: null, host: 'bit.ly' }, { url: null, host: null }],
    [{ url: 'https://www.google.com/', host: 'www.google.com' }, { url: 'www.google.com', host: null }],
    // unusable
    [{ url: null, host: '' }, { url: null, host: null }],
    [{ url: 'javascript:alert(1)', host: 'x' }, { url: null, host: null }],
  ] as const)('%j → %j', (entry, keys) => {
    expect(feedEntryKeys(entry)).toEqual(keys);
  });
});
