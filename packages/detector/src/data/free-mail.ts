/**
 * Free and consumer mailbox providers: anyone can open an address there in a minute, so a
 * company, bank or government office writing from one is not who it claims to be. Includes big
 * ISPs' consumer mail (comcast.net, btinternet.com). Matched on the sender's registrable domain.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'hotmail.co.uk', 'hotmail.fr',
  'hotmail.de', 'hotmail.it', 'hotmail.es', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.co.uk', 'live.co.uk',
  'live.fr', 'live.nl', 'live.ca', 'live.com.au', 'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.es',
  'yahoo.it', 'yahoo.ca', 'yahoo.com.au', 'yahoo.co.in', 'yahoo.co.jp', 'yahoo.com.br', 'ymail.com', 'rocketmail.com',
  'icloud.com', 'me.com', 'mac.com', 'aol.com', 'aim.com', 'protonmail.com', 'protonmail.ch', 'proton.me', 'pm.me',
  'gmx.com', 'gmx.de', 'gmx.net', 'gmx.at', 'gmx.us', 'mail.com', 'email.com', 'usa.com', 'myself.com', 'consultant.com',
  'post.com', 'europe.com', 'engineer.com', 'zoho.com', 'zohomail.com', 'yandex.com', 'yandex.ru', 'ya.ru', 'mail.ru',
  'inbox.ru', 'list.ru', 'bk.ru', 'rambler.ru', 'qq.com', '163.com', '126.com', 'sina.com', 'sohu.com', 'yeah.net',
  'tutanota.com', 'tutanota.de', 'tuta.io', 'tuta.com', 'fastmail.com', 'hushmail.com', 'web.de', 't-online.de',
  'orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'laposte.net', 'libero.it', 'virgilio.it', 'tiscali.it',
  'rediffmail.com', 'naver.com', 'daum.net', 'hanmail.net', 'seznam.cz', 'wp.pl', 'o2.pl', 'interia.pl', 'onet.pl',
  'comcast.net', 'verizon.net', 'sbcglobal.net', 'bellsouth.net', 'att.net', 'cox.net', 'charter.net', 'earthlink.net',
  'btinternet.com', 'sky.com', 'talktalk.net', 'virginmedia.com', 'ntlworld.com', 'blueyonder.co.uk', 'shaw.ca',
  'rogers.com', 'sympatico.ca', 'bigpond.com', 'optusnet.com.au', 'xtra.co.nz', 'inbox.com', 'lycos.com', 'mailfence.com',
  'disroot.org', 'cock.li', 'guerrillamail.com', 'mailinator.com', 'temp-mail.org', '10minutemail.com', 'yopmail.com',
  'sharklasers.com', 'getnada.com', 'dispostable.com', 'trashmail.com', 'maildrop.cc', 'mail.ee', 'abv.bg', 'ukr.net',
]);
