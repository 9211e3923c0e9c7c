import { describe, expect, it } from 'vitest';
import { givesNumberAmountOrLink, givesWayToRespond } from './actionable';

describe('givesNumberAmountOrLink', () => {
  it.each([
    'Llame al 0612 345 678 para más información',
    'Envía GANA al 5555',
    'Cuma balas YA sms ini',
    'Reply STOP to opt out',
    'Facture impayée 1,91 € à régler',
    'Pagar R$ 10 hoje',
    'Cek di http //bit.ly/hadiah',
    'Clicca qui per riattivare',
    'siga el enlace para verificar',
    'Kirim ke XXXX-XXXXXXX sekarang',
    '您的郵箱將是今天關閉，點擊以下鏈接升級',
  ])('finds something to act on in %j', (text) => {
    expect(givesNumberAmountOrLink(text)).toBe(true);
  });

  it.each([
    'Hola mamá, llego a casa a las ocho, ¿quieres que compre pan?',
    'Su cita es el martes 14 a las 10:30',
    'Coucou maman, je rentre vers 19h',
    'reply yes please, mum',
    'Feliz Navidad a toda la familia',
    '',
  ])('finds nothing in %j', (text) => {
    expect(givesNumberAmountOrLink(text)).toBe(false);
  });

  it('never throws on junk', () => {
    expect(givesNumberAmountOrLink(undefined as unknown as string)).toBe(false);
    expect(typeof givesNumberAmountOrLink('reply '.repeat(100_000))).toBe('boolean');
  });
});

describe('givesWayToRespond', () => {
  it.each([
    ['a phone number', 'Call 0800 123 4567 today'],
    ['a premium-rate number with its price', 'Netcollex Ltd 08700621170150p per msg'],
    ['an email address', 'Contact [EMAIL] to receive the funds'],
    ['a real email address', 'write to claims@prize-desk.example today'],
    ['a file to open', 'Please follow the instructions in the attached file.'],
    ["a button's words", 'Your membership is locked. Restore now'],
    ['a keyword to reply', 'Reply YES to confirm'],
    ['words pointing to a link', 'Tap here to see it'],
  ])('is true for %s', (_name, text) => {
    expect(givesWayToRespond(text)).toBe(true);
  });

  it.each([
    ['a promotion with a price and a USSD code', 'MTN: Recharge N500 today and get 100% bonus airtime valid for 3 days. Dial *888# to check your bonus balance.'],
    ['a greeting', 'Happy birthday! Have a lovely day'],
    ['a price alone', 'Big sale: everything $5 this weekend only'],
  ])('is false for %s', (_name, text) => {
    expect(givesWayToRespond(text)).toBe(false);
  });
});
