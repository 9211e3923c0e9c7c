/**
 * Asks for a password, a PIN, a one-time code or card details in Spanish, French, German,
 * Portuguese, Italian, Dutch or Indonesian: the English `credential-request` and
 * `otp-code-request` for scams the English rules cannot read ("envíenos el código que le llegó
 * por SMS", "communiquez-nous votre mot de passe"). A genuine code notice tells you to enter a
 * code or never to share it; neither fires ("no comparta este código", "ne le communiquez
 * jamais", "jangan berikan kode ini").
 */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

/** A negation right before the ask: "no", "nunca", "ne", "nie", "não", "non", "nooit", "jangan". */
const NOT_AFTER = '(?<!\\b(?:no|nunca|jam[aá]s|ne|n\'|nie|niemals|n[aã]o|non|mai|niet|nooit|jangan|tidak)\\s+(?:(?:lo|la|le|les|nos|me|uns|mir|ihn|sie|ci|ce)\\s+)?)';

/** Send, give, tell, confirm or reply with (not "enter": a genuine notice asks you to type its code into the app). */
const ASK =
  `${NOT_AFTER}(?:env[ií]\\w{0,5}|mand[ae]\\w{0,5}|facilit[ae]\\w{0,5}|proporcion[ae]\\w{0,5}|d[ée]me|dame|d[ée]nos|comunique\\w{0,3}|ind[ií]qu\\w{0,5}|responda\\s+con|conf[ií]rme\\w{0,3}|` +
  "envoy\\w{0,4}|envoie\\w{0,2}|donnez|communiquez|transmettez|indiquez|confirmez|" +
  '(?:senden|schicken|geben|teilen|nennen|best[äa]tigen)\\s+sie|' +
  'envie|mande|informe|passe|forne[çc]a|' +
  'invia\\w{0,4}|comunica\\w{0,4}|fornisc\\w{0,4}|conferma\\w{0,4}|' +
  'stuur|geef|deel|bevestig|' +
  'kirim(?:kan)?|berikan|sebutkan|balas\\s+dengan)';

/** A password, a PIN, a code, card or bank details. */
const SECRET =
  '(?:contrase[ñn]a|clave(?:\\s+(?:de\\s+acceso|secreta|din[aá]mica))?|c[oó]digo|pin|nip|datos\\s+(?:de\\s+(?:su|tu)\\s+tarjeta|bancarios|de\\s+acceso)|' +
  'mot\\s+de\\s+passe|code|identifiants|coordonn[ée]es\\s+bancaires|' +
  'passwort|kennwort|zugangsdaten|tan|pushtan|sicherheitscode|best[äa]tigungscode|' +
  'senha|dados\\s+(?:banc[aá]rios|do\\s+cart[aã]o)|' +
  'codice|credenziali|' +
  'wachtwoord|inlogcode|inloggegevens|verificatiecode|' +
  'kata\\s+sandi|sandi|kode|otp)';

/** At most four words between the ask and the secret ("envíenos el código que le llegó"). */
const BETWEEN = '(?:[^\\s.!?]{1,20}\\s+){0,4}?';

/** Fires on an ask followed closely by a secret, not right after a negation. */
export const foreignCredentialRequest = intentRule({
  id: 'foreign-credential-request',
  label: 'Asks for your password, PIN or a code',
  severity: 'high',
  routes: [[re(`${ASK}(?:-(?:nous|moi|nos|me))?\\s+${BETWEEN}${SECRET}`)]],
});
