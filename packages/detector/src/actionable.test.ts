import { describe, expect, it } from 'vitest';
import { givesNumberAmountOrLink } from './actionable';

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
