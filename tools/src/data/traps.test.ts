import { describe, expect, it } from 'vitest';
import { toRecord } from './load.ts';
import { cleanRow } from './traps.ts';

describe('cleanRow', () => {
  it('leaves rows of sets without traps alone', () => {
    const row = { label: 'ham', text: 'Hey hibody, see csmining.org' };
    expect(cleanRow('uci_sms_spam_collection', row)).toBe(row);
  });

  it('removes the CSDMC2010 collector: its mailbox name, its domain, its encoded addresses, its sender domain', () => {
    const row = cleanRow('csdmc2010_spam_2010', {
      label: 'spam',
      subject: 'Hey hibody, 80% off',
      text: 'Hi HiBody! Unsubscribe: http://lists.example.com/options/java-dev/mlsubscriber.tech%40csmining.org or mail csmining.org today',
      sender_domain: 'csmining.org',
    })!;
    expect(row.subject).toBe('Hey , 80% off');
    expect(row.text).toBe('Hi ! Unsubscribe: http://lists.example.com/options/java-dev/[EMAIL] or mail today');
    expect(row.sender_domain).toBe('');
    // nothing of the collector reaches a record
    const rec = toRecord('csdmc2010_spam_2010', 'email', row, 1);
    expect(JSON.stringify(rec)).not.toMatch(/hibody|csmining|mlsubscriber/i);
    expect(rec.sender).toBeUndefined();
  });

  it('keeps an ordinary CSDMC2010 sender domain', () => {
    expect(cleanRow('csdmc2010_spam_2010', { label: 'ham', subject: 'Re: lenny', text: 'x', sender_domain: 'cox.net' })!.sender_domain).toBe('cox.net');
  });

  it('strips the timestamp and [PROMO] tag only Indonesian operator notices carry', () => {
    expect(cleanRow('indonesian_sms_spam_2015_2016', { label: 'ham', text: '2016-07-08 11:47:11.Plg Yth, sisa kuota Anda 478KB.' })!.text).toBe('Plg Yth, sisa kuota Anda 478KB.');
    expect(cleanRow('indonesian_sms_spam_2015_2016', { label: 'ham', text: '[PROMO] Beli paket Flash' })!.text).toBe('Beli paket Flash');
    expect(cleanRow('indonesian_sms_spam_2015_2016', { label: 'ham', text: 'Rapat jam 2016 ya' })!.text).toBe('Rapat jam 2016 ya');
  });

  it('drops the crawled resources among segphish benign rows, never a page or a phishing row', () => {
    expect(cleanRow('segphish_urls_2021', { label: 'benign', url: 'https://www.camosy.com/themes/juicy/images/logo.svg' })).toBeNull();
    expect(cleanRow('segphish_urls_2021', { label: 'benign', url: 'https://www.x.com/wlwmanifest.xml?x=1' })).toBeNull();
    expect(cleanRow('segphish_urls_2021', { label: 'benign', url: 'https://www.reservoirgroup.com/careers/' })).not.toBeNull();
    expect(cleanRow('segphish_urls_2021', { label: 'benign', url: 'https://www.k2security.at/spcsiemens.html' })).not.toBeNull();
    expect(cleanRow('segphish_urls_2021', { label: 'phishing', url: 'https://evil.ga/kit/app.js' })).not.toBeNull();
  });
});
