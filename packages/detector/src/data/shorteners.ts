/** URL shortener domains: a shortened link hides where it really leads. */
export const SHORTENER_DOMAINS: ReadonlySet<string> = new Set([
  'bit.ly', 'bitly.com', 'bit.do', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'v.gd',
  'cutt.ly', 'rebrand.ly', 'shorturl.at', 'tiny.cc', 'tiny.one', 'rb.gy', 'buff.ly', 't.ly',
  'bl.ink', 's.id', 'qrco.de', 'tr.im', 'shorte.st', 'adf.ly', 'x.co', 'snip.ly', 'clck.ru',
  'dub.sh', 'soo.gd', 'u.to', 'urlz.fr', 'shorturl.com', 'tinu.be', 'lnkd.in', 'linktr.ee',
  'short.gy', 'surl.li', 'rotf.lol', 'shrtco.de', '2no.co', 'tny.im', 'qr.net', 'lihi.cc', 'gg.gg',
  'ux.nu', 'is.gd', 'vu.fr', 'yourls.org', 'hyperurl.co', 'bitly.ws', 'n9.cl', 'kutt.it', 'shor.by',
]);
