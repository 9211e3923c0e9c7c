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
    ['Spanish, a child to a parent', 'Hola mamá, llego a casa a las ocho, ¿quieres que compre pan?', OTHER],
    ['Spanish, short', '¿Has visto mis llaves? Creo que las dejé en tu coche', OTHER],
    ['French, family', 'Coucou maman, je rentre vers 19h, tu veux que je prenne du pain ?', OTHER],
    ['German, family', 'Hallo Mama, ich komme heute etwas später nach Hause, so gegen acht.', OTHER],
    ['Portuguese', 'Oi mãe, chego em casa às oito. Quer que eu compre pão?', OTHER],
    ['Portuguese, bank', 'Olá, o seu cartão foi bloqueado. Confirme os seus dados para evitar o cancelamento.', OTHER],
    ['Italian', 'Ciao mamma, arrivo a casa verso le otto, compro io il pane?', OTHER],
    ['Dutch', 'Hoi mam, ik ben om acht uur thuis. Zal ik brood meenemen?', OTHER],
    ['Indonesian, an operator\'s notice with an English loanword', 'Pelanggan Yth. Update informasi tarif terbaru anda di tsel.me/as', OTHER],
    ['Indonesian', 'Nasabah Yth Segera Lakukan Aktivasi Kartu Kredit Bank Mega Anda dengan balas sm ini', OTHER],
    ['Hindi in Latin script', 'Mummy main ghar aa raha hoon, khana bana ke rakhna', OTHER],
    ['Hindi in Latin script, a scam', 'Aapka account band ho jayega, kripya apna KYC update karein aur is link par click karein', OTHER],
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

  it.each([
    'Hey, are we still on for the fiesta at the taco place tonight? Bring the piñata',
    'Merci for the lovely dinner, the crème brûlée was amazing! See you at the café on Monday',
    'Can you pick up some pan dulce and a few empanadas on your way home? Gracias!',
    'Had a great time in Barcelona, the paella and sangria were muy bueno',
    'Meeting moved to 3pm, the agenda is in the doc. Ciao!',
    'Ok lah, I reach home already. U eat liao?',
    'Txt WIN to 80086 4 ur chance 2 win £1000 cash',
    'Your verification code is 483920. Do not share it with anyone.',
  ])('calls English with a few foreign words English: %j', (text) => {
    expect(detectLanguage(text)).toEqual(EN);
  });

  it('does not take mojibake or a borrowed word for another language', () => {
    expect(detectLanguage('Your Email Account is Suspended For Security Reasons gú»`øÎQJ ›QûØ\\ýTá$Ãò^E„Áü%˜‚š¾IIÐWüdåtØÕÌÆíÒn').code).not.toBe('other');
  });

  it('reads only the start of a huge text and never throws on junk', () => {
    expect(detectLanguage(`${'the cat is on the mat and you are here '.repeat(50_000)}`)).toEqual(EN);
    expect(detectLanguage('\u0000\uffff\ud800'.repeat(10_000)).textRulesApply).toBe(true);
    expect(detectLanguage(undefined as unknown as string)).toEqual(UNKNOWN);
  });
});
