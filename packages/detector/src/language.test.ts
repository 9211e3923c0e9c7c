import { describe, expect, it } from 'vitest';
import { detectLanguage, type LanguageGuess } from './language';

const EN: LanguageGuess = { code: 'en', textRulesApply: true };
const OTHER: LanguageGuess = { code: 'other', textRulesApply: false };
const UNKNOWN: LanguageGuess = { code: 'unknown', textRulesApply: true };

describe('detectLanguage', () => {
  it.each<[string, string, LanguageGuess]>([
    ['English SMS', 'USPS: Your package could not be delivered due to an incomplete address. Please update your information within 24h: https://usps.example-track.top/i', EN],
    ['English chat', "Hi Mum, it's me. I dropped my phone in the toilet lol this is my new number", EN],
    ['English bank alert', 'Chase: A $12.99 transaction with NETFLIX.COM was approved on your card ending in 1142.', EN],
    ['Spanish', 'Hola, su cuenta ha sido bloqueada. Por favor verifique sus datos en el enlace para evitar la suspensión.', OTHER],
    ['French', 'Bonjour, votre colis est en attente de livraison. Merci de régler les frais de 1,99 € pour le recevoir.', OTHER],
    ['German', 'Hallo, Ihr Paket konnte nicht zugestellt werden. Bitte bestätigen Sie Ihre Adresse und die Gebühr.', OTHER],
    ['Hindi (Devanagari)', 'आपका खाता बंद कर दिया जाएगा। कृपया अपना केवाईसी अपडेट करें।', OTHER],
    ['Chinese', '您的包裹因地址不完整无法投递，请在24小时内更新您的信息。', OTHER],
    ['Arabic', 'تم تعليق حسابك. يرجى تحديث بياناتك لتجنب الإغلاق.', OTHER],
    ['Russian', 'Ваша карта заблокирована. Позвоните по номеру, чтобы разблокировать.', OTHER],
    ['a 6-digit code', '483920', UNKNOWN],
    ['a short code message', 'G-718204', UNKNOWN],
    ['mixed Singlish', 'ok lah can', UNKNOWN],
    ['a bare link', 'https://bit.ly/3xK9pQz', UNKNOWN],
    ['empty', '', UNKNOWN],
  ])('%s', (_name, text, expected) => {
    expect(detectLanguage(text)).toEqual(expected);
  });

  it('calls English with a few foreign words English', () => {
    expect(detectLanguage('Hey, are we still on for the fiesta at the taco place tonight? Bring the piñata')).toEqual(EN);
  });

  it('reads only the start of a huge text and never throws on junk', () => {
    expect(detectLanguage(`${'the cat is on the mat and you are here '.repeat(50_000)}`)).toEqual(EN);
    expect(detectLanguage('\u0000\uffff\ud800'.repeat(10_000)).textRulesApply).toBe(true);
    expect(detectLanguage(undefined as unknown as string)).toEqual(UNKNOWN);
  });
});
