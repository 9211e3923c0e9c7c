import { describe, expect, it } from 'vitest';
import { analyze, modelView, TEXT_MODEL_ID, URL_MODEL_ID } from './index';
import { NOT_ENGLISH_NOTE } from './analyze';
import { LOOKS_LIKE_PHISHING } from './domain-info';
import { ALL_RULES } from './rules/index';
import { RECOMMENDATIONS, SCAM_ADVICE } from './recommendations';
import { THRESHOLDS } from './scoring';
import { expectWellFormed } from './test-support/well-formed';
import type { AnalyzeInput, AnalyzeOptions } from './types';

const text = (content: string, extra: Partial<AnalyzeInput> = {}): AnalyzeInput => ({ kind: 'text', content, ...extra });
const url = (content: string): AnalyzeInput => ({ kind: 'url', content });

function run(input: AnalyzeInput, options?: AnalyzeOptions) {
  const a = analyze(input, options);
  expectWellFormed(a, input.content);
  return a;
}

describe('verdicts', () => {
  it.each([
    'Free parking this weekend',
    'Your order is secure',
    'Meeting at 3 pm',
    'Hi, are we still on for dinner?',
    'Your verification code is 123456. It expires in 10 minutes.',
    "Security alert: new sign-in to your Google account. If this wasn't you, secure your account: https://myaccount.google.com/notifications",
    'Lunch tomorrow? The place is www.example-bistro.com',
    '',
    '   ',
  ])('keeps %j safe', (content) => {
    expect(run(text(content)).threatLevel).toBe('safe');
  });

  it('calls the suspended-account PayPal look-alike phishing', () => {
    const a = run(text('URGENT: your account has been suspended. Verify now at http://paypa1-secure.xyz/login'));
    expect(a.threatLevel).toBe('phishing');
    expect(a.reasons[0]!.id).toBe('brand-outside-domain');
    expect(a.reasons[0]!.evidence.map((e) => e.text)).toContain('PayPal');
    expect(a.reasons.map((r) => r.label)).toEqual(
      expect.arrayContaining(['Urgency language detected', 'Security threat language detected', 'Suspicious URL detected']),
    );
  });

  it('calls the gift-card prize with a shortener at least suspicious', () => {
    const a = run(text('Congratulations! You won a $1000 gift card, click here: bit.ly/abc'));
    expect(a.threatLevel).not.toBe('safe');
    expect(a.reasons.map((r) => r.id)).toEqual(
      expect.arrayContaining(['reward-language', 'link-instructions', 'url-shortener', 'suspicious-url']),
    );
  });

  it('calls a text of three phrase groups without a link suspicious', () => {
    expect(run(text('URGENT: unusual activity on your account. Act within 24 hours.')).threatLevel).not.toBe('safe');
  });

  it('keeps an ordinary URL safe and a PayPal path on an IP host phishing', () => {
    expect(run(url('https://www.google.com')).threatLevel).toBe('safe');
    expect(run(url('https://www.google.com')).reasons).toEqual([]);
    expect(run(url('http://192.168.4.1/paypal/login')).threatLevel).toBe('phishing');
  });

  it('does not run the phrase groups on a URL scan', () => {
    const a = run(url('https://urgent-prize.example.com/free/winner'));
    expect(a.reasons.map((r) => r.id)).toEqual([]);
  });

  it('flags links that are on a known phishing list as phishing', () => {
    const a = run(text('Hello, see https://shop.evil-site.xyz/deal'), { intel: { knownPhishingHosts: ['evil-site.xyz'] } });
    expect(a.threatLevel).toBe('phishing');
    expect(a.reasons[0]!.id).toBe('known-phishing-host');
    // the domain facts say what the feed says, whatever the learned weights make of the rule alone
    const listed = run(text('Your parcel is waiting, book a slot: https://track.northfield-parcel-centre.com/slot'), { intel: { knownPhishingHosts: ['northfield-parcel-centre.com'] } });
    expect(listed.threatData?.domainInfo).toMatchObject({ domain: 'northfield-parcel-centre.com', malicious: true });
  });

  it('flags a listed address on a shortener as phishing, not the shortener\'s other links', () => {
    const intel = { knownPhishingUrls: ['http://bit.ly/3xYzQ'] };
    const listed = run(text('Your parcel is held: https://bit.ly/3xYzQ'), { intel });
    expect(listed.threatLevel).toBe('phishing');
    expect(listed.reasons[0]!.id).toBe('known-phishing-url');
    expect(run(url('https://bit.ly/4aBcD'), { intel }).reasons.map((r) => r.id)).not.toContain('known-phishing-url');
  });

  it('warns about a website registered days ago, which nothing else gives away', () => {
    const plain = 'https://www.northfield-parcel-centre.com/';
    const options = { now: '2026-11-23T12:00:00.000Z', intel: { domainCreated: { 'northfield-parcel-centre.com': '2026-11-19T10:00:00Z' } } };
    const a = run(url(plain), options);
    expect(a.threatLevel).not.toBe('safe');
    expect(a.reasons[0]!.id).toBe('new-domain');
    expect(a.reasons[0]!.evidence.map((e) => e.text)).toEqual(expect.arrayContaining(['northfield-parcel-centre.com', 'registered 4 days ago']));
    expect(a.recommendations).toContain(SCAM_ADVICE['new-domain']);
    // the same site with a long history is judged on its address alone
    const old = run(url(plain), { ...options, intel: { domainCreated: { 'northfield-parcel-centre.com': '2009-02-01T00:00:00Z' } } });
    expect(old.reasons.map((r) => r.id)).not.toContain('new-domain');
  });
});

describe('blocked senders', () => {
  it('makes an otherwise safe message from a blocked sender at least suspicious, with the sender as evidence', () => {
    const a = run(text('Hi, are we still on for dinner?', { sender: ' +1 555 0100 ' }), { blockedSenders: ['+1 555 0100'] });
    expect(a.threatLevel).not.toBe('safe');
    expect(a.reasons[0]).toMatchObject({ id: 'blocked-sender', label: 'Sender is on your blocked list' });
    expect(a.reasons[0]!.evidence).toEqual([{ start: 0, end: 0, text: '+1 555 0100' }]);
    expect(a.recommendations).toContain(RECOMMENDATIONS.blockedSender);
  });

  it('ignores the list for other senders', () => {
    expect(run(text('Hi', { sender: 'friend' }), { blockedSenders: ['enemy'] }).threatLevel).toBe('safe');
  });
});

describe('wrong-number openers', () => {
  it('calls a friendly "is this <name>?" text from a stranger suspicious, with the advice to stop chatting', () => {
    const a = run(text('Hello, is this David? The golf tee time got moved to 9:30 tomorrow.', { sender: '+1 415 555 0188', source: 'sms' }));
    expect(a.threatLevel).toBe('suspicious');
    expect(a.score).toBeGreaterThanOrEqual(THRESHOLDS.suspicious);
    expect(a.reasons.map((r) => r.id)).toContain('wrong-number-opener');
    expect(a.recommendations.join(' ')).toMatch(/stranger/);
  });

  it('leaves a question about the time alone', () => {
    expect(run(text('Is this Thursday or Friday? I keep forgetting', { source: 'sms' })).threatLevel).toBe('safe');
  });
});

describe('reasons and highlights', () => {
  it('orders reasons most severe first and highlights without overlap', () => {
    const content = 'ALERT: verify at http://paypal.com@203.0.113.5/secure-login now, expires in 2 hours. Click here.';
    const a = run(text(content));
    expect(a.reasons[0]!.severity).toBe('high');
    const link = a.highlights.find((h) => h.text.startsWith('http://'));
    expect(link?.reasonId).toBe(a.reasons[0]!.id);
    // words inside the link are not highlighted on their own
    expect(a.highlights.filter((h) => h.text === 'secure')).toEqual([]);
    // the rules' spans win over the text model's words, which fill in where no rule matched
    expect(a.highlights.map((h) => h.text)).toEqual(expect.arrayContaining(['ALERT', 'verify', 'http://paypal.com@203.0.113.5/secure-login', 'expires', '2 hours', 'Click here']));
    expect(a.highlights.find((h) => h.text === 'Click here')?.reasonId).toBe('link-instructions');
  });

  it('highlights every link of a text that is not vouched for', () => {
    const a = run(text('a www.qzv-one.com b https://qzv-two.org c qzv-three.net'));
    expect(a.highlights.map((h) => h.text)).toEqual(['www.qzv-one.com', 'https://qzv-two.org', 'qzv-three.net']);
    expect(new Set(a.highlights.map((h) => h.reasonId))).toEqual(new Set(['suspicious-url']));
  });

  it('does not call a link to a well-known site or to the named brand\'s own site suspicious', () => {
    const a = run(text('Netflix: to update your card, go to https://www.netflix.com/account or read https://en.wikipedia.org/wiki/Netflix'));
    expect(a.reasons.map((r) => r.id)).not.toContain('suspicious-url');
    expect(a.highlights.filter((h) => h.text.includes('netflix.com') || h.text.includes('wikipedia'))).toEqual([]);
  });
});

describe('recommendations', () => {
  it('tells a phishing target not to click and to go to the brand itself', () => {
    const a = run(text('Your Netflix is suspended. Update billing: https://netflix-billing.help/update'));
    expect(a.threatLevel).toBe('phishing');
    expect(a.recommendations).toContain(RECOMMENDATIONS.dontClick);
    expect(a.recommendations.some((r) => r.includes("Netflix's official website or app"))).toBe(true);
    expect(a.recommendations).toContain(RECOMMENDATIONS.blockReport);
  });

  it('gives a safe result at most one gentle line', () => {
    expect(run(text('Hi, are we still on for dinner?')).recommendations).toEqual([]);
    expect(run(text('Free parking this weekend')).recommendations).toEqual([RECOMMENDATIONS.safe]);
    expect(run(url('https://www.google.com')).recommendations).toEqual([RECOMMENDATIONS.safeLinks]);
    const careful = run(url('https://my-bakery-shop.wordpress.com/'));
    expect(careful.threatLevel).toBe('safe');
    expect(careful.recommendations.length).toBeLessThanOrEqual(1);
  });

  it('warns about an address imitating a brand, whatever the rest of the address looks like', () => {
    const a = run(url('https://www.recover-account-instargram.asiascoutnetwork.com/'));
    expect(a.threatLevel).not.toBe('safe');
    expect(a.reasons.map((r) => r.id)).toContain('typosquat-domain');
  });

  it('calls a page on a site builder or app host, scanned alone, suspicious, with advice for such pages', () => {
    const page = run(url('https://johnsmithphotography.weebly.com/'));
    expect(page.threatLevel).toBe('suspicious');
    expect(page.reasons.map((r) => r.id)).toEqual(['free-hosting']);
    expect(page.recommendations).toContain(SCAM_ADVICE['free-hosting']);
    expect(page.recommendations).toContain(RECOMMENDATIONS.verifyLinkSource);
    expect(page.recommendations).not.toContain(RECOMMENDATIONS.verifySender);
    // the platform's own pages, blogs and files shared from the big suites are not floored
    for (const u of ['https://static.wix.com/', 'https://hilfe.jimdo.com/', 'https://docs.google.com/document/d/1Ab9kQ2xPm7RtL0vN3sYwZ/edit']) {
      expect(run(url(u)).threatLevel).toBe('safe');
    }
    // a Google Form or a document published as a web page is someone's page like any other
    expect(run(url('https://docs.google.com/forms/d/e/1FAIpQLSdFArxg/viewform')).threatLevel).not.toBe('safe');
    // inside a message the page is weighed with everything else
    expect(run(text('Our new menu is up: https://johnsmithphotography.weebly.com/ see you Saturday!')).threatLevel).toBe('safe');
  });

  it('calls no link phishing on the host model\'s resemblance alone', () => {
    // an old personal page the URL models find like phishing addresses (an unknown host, a `~user`
    // folder, an image), with no rule's finding
    const a = run(url('http://spineless.org/~mod/pix/octoberMoon.jpg'));
    expect(a.reasons.map((r) => r.id)).toEqual(['url-model']);
    expect(a.threatLevel).toBe('suspicious');
    expect(a.score).toBeLessThan(THRESHOLDS.phishing);
    // with a finding, it may
    expect(run(url('http://paypal-account-verify.michaelmoore-mail.com/login.php')).threatLevel).toBe('phishing');
  });

  it('judges a page on a platform by what its address shows, not by the name of the platform or of the page', () => {
    // an ordinary name on a blog or an app host: not phishing (the host model does not read it)
    expect(run(url('https://my-bakery-shop.blogspot.com/2024/05/recipes.html')).threatLevel).toBe('safe');
    for (const u of ['https://acme-plumbing.netlify.app/', 'https://bellas-hair-salon.000webhostapp.com/']) {
      expect(run(url(u)).threatLevel, u).toBe('suspicious');
    }
    // what the rules see in the name still decides
    const fake = run(url('https://paypal-login-secure.blogspot.com/'));
    expect(fake.threatLevel).toBe('phishing');
    expect(fake.reasons.map((r) => r.id)).toContain('brand-in-subdomain-of-hosting');
  });
});

describe('threatData', () => {
  it('describes the URL of a URL scan', () => {
    const a = run(url('http://192.168.4.1/paypal/login'), { now: '2026-01-02T03:04:05.000Z' });
    expect(a.threatData?.domainInfo).toMatchObject({
      domain: '192.168.4.1',
      malicious: true,
      suspicious: false,
      sources: ['Baitcheck engine'],
      lastChecked: '2026-01-02T03:04:05.000Z',
    });
    expect(a.threatData?.domainInfo?.categories).toEqual(expect.arrayContaining(['ip-host', 'brand-impersonation']));
    expect(a.threatData?.domainInfo?.reputationScore).toBeLessThan(40);
  });

  it('describes the most suspicious link of a text, and gives a clean link a good reputation', () => {
    const a = run(text('See https://www.example.com and bit.ly/x'));
    expect(a.threatData?.domainInfo).toMatchObject({ domain: 'bit.ly', categories: ['shortener'], lastChecked: '' });
    const clean = run(url('https://www.example.com/')).threatData?.domainInfo;
    expect(clean).toMatchObject({ domain: 'example.com', categories: [], malicious: false, suspicious: false });
    expect(clean!.reputationScore).toBeGreaterThanOrEqual(80);
    expect(clean!.reputationScore).toBeGreaterThan(a.threatData!.domainInfo!.reputationScore);
  });

  it('is null for a text without links, and carries sender facts passed in', () => {
    expect(run(text('hello')).threatData).toBeNull();
    const senderInfo = { hasDmarc: true, hasSpf: true, hasDkim: false, securityLevel: 'medium', reputationScore: 70, creationDate: null };
    expect(run(text('hello'), { intel: { senderInfo } }).threatData).toEqual({ senderInfo });
  });

  it('reports the links found, without engine internals', () => {
    const a = run(text('go to www.example.com/x'));
    expect(a.links).toEqual([
      { start: 6, end: 23, text: 'www.example.com/x', url: 'http://www.example.com/x', host: 'www.example.com', registrableDomain: 'example.com' },
    ]);
  });
});

describe('determinism', () => {
  it('returns the same result for the same input', () => {
    const input = text('URGENT: verify at http://paypa1-secure.xyz/login');
    expect(analyze(input)).toEqual(analyze(input));
  });
});

describe('model and combiner invariants', () => {
  const samples: AnalyzeInput[] = [
    text('Hi, are we still on for dinner?'),
    text('Your verification code is 123456. Do not share it with anyone.'),
    text('WINNER!! You have won a £1000 cash prize. Call 09061701461 now to claim, 18+ only'),
    text('Hi Mum, I lost my phone, this is my new number. Can you send me £200 for a bill today?'),
    text('URGENT: your account has been suspended. Verify now at http://paypal-secure.example.xyz/login'),
    text('Your package is on hold. Pay the $1.99 redelivery fee: https://usps-fee.example.top/pay'),
    text('free entry txt win now'),
    url('https://www.wikipedia.org/wiki/Phishing'),
    url('http://secure-login.example-bank.xyz/verify.php?acct=1'),
    url('https://docs.python.org/3/library/itertools.html'),
  ];

  it('never warns without a risk reason, and a result without reasons is safe', () => {
    for (const input of samples) {
      const a = run(input);
      if (a.threatLevel !== 'safe') expect(a.reasons.length, input.content).toBeGreaterThan(0);
      if (a.reasons.length === 0) expect(a.threatLevel, input.content).toBe('safe');
    }
  });

  it('never shows a trust signal as a reason, and lists trust findings in checks only for safe results', () => {
    const trustIds = new Set(ALL_RULES.filter((r) => r.polarity === 'trust').map((r) => r.id));
    for (const input of samples) {
      const a = run(input);
      for (const r of a.reasons) expect(trustIds.has(r.id), r.id).toBe(false);
      if (a.threatLevel !== 'safe') expect(a.checks).toBeUndefined();
    }
  });

  it('explains a model-driven warning with the words or the address that weigh most', () => {
    for (const input of samples) {
      const a = run(input);
      for (const r of a.reasons.filter((x) => x.id === TEXT_MODEL_ID || x.id === URL_MODEL_ID)) {
        expect(r.evidence.length).toBeGreaterThan(0);
        expect(['low', 'medium']).toContain(r.severity);
        for (const e of r.evidence) if (e.end > e.start) expect(input.content.slice(e.start, e.end)).toBe(e.text);
      }
    }
  });

  it('gives the same verdict to the same message in Enron style', () => {
    const normal = run(text("You'll get your refund if you don't reply today")).score;
    const enron = run(text("you ' ll get your refund if you don ' t reply today")).score;
    expect(Math.abs(normal - enron)).toBeLessThan(0.2);
  });

  it('says what was checked for a safe result with a link', () => {
    const a = run(text('Lunch tomorrow? The place is www.example-bistro.com'));
    expect(a.threatLevel).toBe('safe');
    expect(a.checks?.some((c) => c.includes('example-bistro.com'))).toBe(true);
  });

  it('exposes what the models see, without span offsets', () => {
    const v = modelView(text('Call me at 5, see you'));
    expect(v.kind).toBe('text');
    expect(v.text?.idx.length).toBeGreaterThan(0);
    expect(v.links).toEqual([]);
    const u = modelView(url('https://baitcheck-test-shop.net/a?b=c'));
    expect(u.text).toBeNull();
    expect(u.links).toHaveLength(1);
    expect(u.links[0]!.path).not.toBeNull();
  });
});

describe('messages not in English', () => {
  it.each([
    'Hola mamá, llego a casa a las ocho, ¿quieres que compre pan?',
    'Te quiero mucho, buenas noches y que descanses',
    'Feliz Navidad a toda la familia, os echamos de menos',
    '¿Has visto mis llaves? Creo que las dejé en tu coche',
    'Oi mãe, chego em casa às oito. Quer que eu compre pão?',
    'Coucou maman, je rentre vers 19h, tu veux que je prenne du pain ?',
    'Mummy main ghar aa raha hoon, khana bana ke rakhna',
    '妈妈，我八点到家，要不要我买面包？',
    'ماما، سأصل إلى البيت الساعة الثامنة، هل تريدين خبزاً؟',
  ])('are not called scams for their wording alone: %j', (content) => {
    const a = run(text(content));
    expect(a.threatLevel).toBe('safe');
    expect(a.reasons.map((r) => r.id)).not.toContain(TEXT_MODEL_ID);
    // at most the safe result's gentle line ("19h" is a time-pressure word), never "block the sender"
    expect(a.recommendations.length).toBeLessThanOrEqual(1);
    expect(a.recommendations).not.toContain(RECOMMENDATIONS.blockReport);
    expect(a.notes).toEqual([NOT_ENGLISH_NOTE]);
  });

  it('are still caught by their links', () => {
    const a = run(text('Hola, su cuenta de PayPal ha sido limitada. Inicie sesión aquí: https://paypal-verificacion-cuenta.top/login'));
    expect(a.threatLevel).toBe('phishing');
    expect(a.reasons.map((r) => r.id)).toEqual(expect.arrayContaining(['brand-outside-domain']));
    expect(a.notes).toEqual([NOT_ENGLISH_NOTE]);
    const fr = run(text('Bonjour, votre colis est en attente. Réglez les frais de livraison ici : https://chronopost-livraison-frais.xyz/payer'));
    expect(fr.threatLevel).not.toBe('safe');
  });

  it('are still caught by the rules that read them: a credential request, a blocked account', () => {
    const otp = run(text('Hola, soy del banco. Para anular la compra envíenos el código que le llegó por SMS.'));
    expect(otp.threatLevel).not.toBe('safe');
    expect(otp.reasons.map((r) => r.id)).toContain('foreign-credential-request');
    expect(otp.recommendations).toContain(RECOMMENDATIONS.neverShareCodes);
    // the words the text model weighs in Spanish ("para", "que", "por") are not marked as a scam's
    expect(otp.highlights.map((h) => h.text.toLowerCase())).toEqual(['envíenos el código']);
    for (const r of otp.reasons.filter((x) => x.id === TEXT_MODEL_ID)) expect(r.evidence).toEqual([{ start: 0, end: 0, text: 'the wording as a whole' }]);
    const locked = run(text('Votre carte bancaire a été bloquée. Cliquez sur le lien pour la réactiver.'));
    expect(locked.threatLevel).not.toBe('safe');
    expect(locked.reasons.map((r) => r.id)).toContain('foreign-account-locked');
  });

  it('keep the English verdicts of English messages with a few foreign words', () => {
    const a = run(text('Hola! USPS: your package is on hold due to an unpaid fee. Pay $1.99 at http://usps-redelivery-fee.top within 24h, gracias'));
    expect(a.threatLevel).toBe('phishing');
    expect(a.notes).toBeUndefined();
  });
});

describe('notes', () => {
  it('says when the text is not in English, and only then', () => {
    expect(run(text('Ihr Paket konnte nicht zugestellt werden. Bitte bestätigen Sie Ihre Adresse und zahlen Sie die Gebühr.')).notes).toEqual([NOT_ENGLISH_NOTE]);
    expect(run(text('Your parcel could not be delivered. Please confirm your address and pay the fee.')).notes).toBeUndefined();
    expect(run(url('https://example.de/paket')).notes).toBeUndefined();
  });
});

describe('defanged links', () => {
  it('reads a URL scan written the way security bulletins defang it', () => {
    const a = analyze({ kind: 'url', content: 'hxxps://paypal-secure-login[.]click/signin' });
    expect(a.links[0]).toMatchObject({ host: 'paypal-secure-login.click' });
    expect(a.threatLevel).toBe('phishing');
  });
});

describe('shortened links', () => {
  it('does not call a shortened link scanned on its own safe: where it leads is hidden', () => {
    const a = analyze({ kind: 'url', content: 'https://bit.ly/3XkP9qM' });
    expect(a.threatLevel).toBe('suspicious');
    expect(a.reasons[0]!.id).toBe('url-shortener');
    expect(a.recommendations.join(' ')).toMatch(/preview/);
  });

  it('weighs a shortener inside a message with everything else', () => {
    const a = analyze({ kind: 'text', content: 'Your table for 4 at 7pm is confirmed. Menu: https://bit.ly/3XkP9qM', source: 'sms' });
    expect(a.threatLevel).toBe('safe');
  });
});

describe('messages whose only links go to the brand\'s own site', () => {
  const sms = (content: string) => text(content, { source: 'sms' });
  const GOOGLE_ALERT = "Security alert: new sign-in to your Google account. If this wasn't you, secure your account: https://myaccount.google.com/notifications";

  it('are not flagged for their wording alone', () => {
    for (const m of [
      GOOGLE_ALERT,
      'Starbucks: You earned 26 Stars on your last visit. Enjoy your reward! Click here for details: https://www.starbucks.com/rewards Reply STOP to opt out',
    ]) {
      const a = run(sms(m));
      expect(a.threatLevel, m).toBe('safe');
      expect(a.score).toBeLessThan(THRESHOLDS.suspicious);
    }
  });

  it('are still flagged when they give another way in, a red flag on a link, or a request a rule recognises', () => {
    // a number to call, an address to write to or a keyword to reply beside the genuine link
    expect(run(sms(`${GOOGLE_ALERT} or call 1-888-555-0142 now`)).threatLevel).not.toBe('safe');
    expect(run(sms(`${GOOGLE_ALERT} or reply YES to keep your account`)).threatLevel).not.toBe('safe');
    // a look-alike link beside the genuine one
    expect(run(sms(`${GOOGLE_ALERT} then confirm at https://google-account-verify.top/login`)).threatLevel).not.toBe('safe');
    // an open redirect on the brand's own domain is a red flag on the link
    expect(run(sms(`${GOOGLE_ALERT.replace('https://myaccount.google.com/notifications', 'https://www.google.com/url?q=https://secure-login.top/g')}`)).threatLevel).not.toBe('safe');
    // an account-locked demand with the brand's link is judged by its rule, not waved through
    expect(run(sms('Your Google account was suspended. Verify now at https://accounts.google.com/')).threatLevel).not.toBe('safe');
  });
});

describe('messages in another language judged by the text model alone', () => {
  it('are at most suspicious', () => {
    // an operator's own notice and an operator's bonus, in Indonesian: the model finds them alike to spam
    for (const m of ['Pelanggan Yth. Update informasi tarif terbaru anda di tsel.me/as atau hubungi 188 (Rp 300/call).', 'Pelanggan Yth. Update informasi tarif terbaru anda di tsel.me/as', 'Selamat!!anda telah mendapat gratis 200 sms dari SMSGIFT dari no. 6285258952502. Info CS : 133/188']) {
      const a = run(text(m, { source: 'sms' }));
      expect(a.notes).toEqual([NOT_ENGLISH_NOTE]);
      expect(a.threatLevel, m).not.toBe('phishing');
      expect(a.score).toBeLessThan(THRESHOLDS.phishing);
    }
  });

  it('are still phishing with a rule\'s finding or a link the URL models know', () => {
    // the same language with a look-alike link and a fee: the rules speak
    const a = run(text('Paket anda diblokir. Bayar biaya Rp 15.000 sekarang di https://tsel-blokir-update.top/bayar atau nomor anda hangus hari ini', { source: 'sms' }));
    expect(a.threatLevel).toBe('phishing');
    expect(a.reasons.some((r) => r.id !== TEXT_MODEL_ID && r.id !== 'suspicious-url')).toBe(true);
  });
});

describe('the domain facts beside a warning', () => {
  it('never call good a link the warning is about', () => {
    const message = run(text("WELLS FARGO: To finish adding MARK T as an authorized user, reply Y. Didn't request this? Visit https://wf-secureonline.com/ to protect your account.", { source: 'sms' }));
    expect(message.threatLevel).not.toBe('safe');
    expect(message.reasons.map((r) => r.id)).toContain(URL_MODEL_ID);
    const info = message.threatData?.domainInfo;
    expect(info).toMatchObject({ domain: 'wf-secureonline.com' });
    expect(info!.suspicious || info!.malicious).toBe(true);
    expect(info!.reputationScore).toBeLessThan(40);
    expect(info!.categories).toContain(LOOKS_LIKE_PHISHING);

    const link = run({ kind: 'url', content: 'https://docs-share-portal.web.app/view' });
    expect(link.threatLevel).not.toBe('safe');
    expect(link.threatData!.domainInfo!.suspicious || link.threatData!.domainInfo!.malicious).toBe(true);
  });

  it('keep a safe link as the rules found it', () => {
    const link = run({ kind: 'url', content: 'https://www.amazon.com/gp/css/order-history' });
    expect(link.threatLevel).toBe('safe');
    expect(link.threatData!.domainInfo).toMatchObject({ reputationScore: 80, suspicious: false, malicious: false });
  });
});


describe('a message that is only a link', () => {
  it('gets the verdict the link gets on its own', () => {
    for (const link of ['http://yarane.tk', 'https://24x7-appleservice.myselfchat.online/cs/', 'https://usps-redelivery-fee.top/pay', 'https://www.amazon.com/']) {
      const asUrl = run({ kind: 'url', content: link });
      for (const pasted of [link, `${link}\n`]) {
        const asText = run(text(pasted, { source: 'sms' }));
        expect({ level: asText.threatLevel, score: asText.score }, pasted).toEqual({ level: asUrl.threatLevel, score: asUrl.score });
      }
    }
  });

  it('stays a message with a sender (a blocked sender still counts) or with words around it', () => {
    const blocked = run(text('http://yarane.tk', { sender: '+15550100' }), { blockedSenders: ['+15550100'] });
    expect(blocked.reasons.map((r) => r.id)).toContain('blocked-sender');
    expect(run(text('see http://yarane.tk', { source: 'sms' })).reasons.map((r) => r.id)).toContain('suspicious-url');
  });
});
