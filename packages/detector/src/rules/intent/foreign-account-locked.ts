/**
 * Says an account or card is blocked, suspended or restricted and asks you to act to restore it,
 * in Spanish, French, German, Portuguese, Italian, Dutch or Indonesian: the English
 * `account-locked` for the bank and delivery phishing of other countries ("Su tarjeta ha sido
 * bloqueada, verifique sus datos en el enlace", "Ihr Konto wurde gesperrt, bitte bestätigen Sie").
 * The English rules and text model cannot read these; the engine rests their verdict on rules
 * such as this one and on the links.
 */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

/** An account, a card or online banking. */
const THING =
  '(?:cuenta|tarjeta|acceso|banca\\s+(?:online|en\\s+l[ií]nea|m[oó]vil|digital)|firma\\s+electr[oó]nica|compte|carte(?:\\s+(?:bancaire|vitale))?|espace\\s+client|konto|karte|bankkarte|zugang|online-?banking|conta|cart[aã]o|acesso|conto|carta|postepay|rekening|kaart|bankpas|betaalpas|akun|kartu|rekening)';

/** Blocked, suspended, restricted, deactivated (and the nouns: "bloqueo", "blocco", "Sperrung"). */
const STATE =
  '(?:bloquead[ao]s?|bloqueo|bloquear|suspendid[ao]s?|suspender|suspensi[oó]n|desactivad[ao]s?|inhabilitad[ao]s?|restringid[ao]s?|restricci[oó]n|' +
  'bloqu[ée]e?s?|suspendue?s?|d[ée]sactiv[ée]e?s?|restreinte?s?|' +
  'gesperrt|blockiert|eingeschr[äa]nkt|deaktiviert|sperrung|' +
  'bloqueio|suspens[ao]|suspens[ãa]o|desativad[ao]s?|' +
  'bloccat[ao]|blocco|sospes[ao]|limitat[ao]|disattivat[ao]|' +
  'geblokkeerd|blokkade|opgeschort|beperkt|gedeactiveerd|' +
  'diblokir|terblokir|dinonaktifkan|ditangguhkan)';

/** Verify, confirm, update, reactivate, unblock, click or follow the link. */
const ACT =
  '(?:verifi\\w{0,12}|confirm[ae]\\w{0,8}|actualic\\w{0,6}|actualiz\\w{0,8}|valid[ae]\\w{0,6}|reactiv\\w{0,8}|desbloque\\w{0,8}|activarla|activarlo|ingres[ae]|acceda|accede|enlace|' +
  'cliquez|lien|mettre\\s+[àa]\\s+jour|mettez\\s+[àa]\\s+jour|confirmez|r[ée]activer|d[ée]bloquer|' +
  'best[äa]tigen|aktualisieren|entsperren|freischalten|klicken|' +
  'atualiz\\w{0,6}|ativ[ae]r?|reativ\\w{0,6}|desbloqu\\w{0,6}|' +
  'clicca|conferm\\w{0,6}|riattiv\\w{0,6}|aggiorna\\w{0,4}|sblocc\\w{0,4}|' +
  'bevestig\\w{0,4}|verifieer|controleer|ontgrendel\\w{0,4}|voorkom|' +
  'verifikasi|aktivasi|konfirmasi|perbarui|klik|link)';

/** Fires on an account or card word, a blocked state and a restore or verify ask nearby. */
export const foreignAccountLocked = intentRule({
  id: 'foreign-account-locked',
  label: 'Says your account is locked or suspended and asks you to act',
  severity: 'medium',
  routes: [[re(THING), re(STATE), re(ACT)]],
  window: 160,
});
