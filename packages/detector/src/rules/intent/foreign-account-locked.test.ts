import { messageRuleTable } from '../../test-support/rule-table';
import { foreignAccountLocked } from './foreign-account-locked';

messageRuleTable(foreignAccountLocked, {
  fires: [
    ['Santander: Su tarjeta ha sido bloqueada por seguridad. Verifique sus datos en el enlace para activarla.', ['tarjeta', 'bloqueada', 'Verifique']],
    'BBVA: Su cuenta ha sido suspendida temporalmente, siga el enlace para verificar su identidad.',
    'Votre carte bancaire a été bloquée. Cliquez sur le lien pour la réactiver.',
    'Ihr Konto wurde gesperrt. Bitte bestätigen Sie Ihre Daten, um es zu entsperren.',
    'O seu cartão foi bloqueado. Atualize os seus dados para evitar o cancelamento.',
    'Gentile cliente, il suo conto è stato sospeso. Clicca qui per riattivarlo.',
    'Wij hebben uw rekening geblokkeerd. Bevestig uw gegevens om blokkade te voorkomen.',
    'Akun BCA Anda telah diblokir. Segera lakukan verifikasi melalui link berikut.',
  ],
  quiet: [
    'Hola mamá, llego a casa a las ocho, ¿quieres que compre pan?',
    'He bloqueado mi tarjeta desde la app, ya está todo bien.',
    'Mi cuenta de Netflix está activa, ¿quieres la contraseña?',
    'Ich habe meine Karte sperren lassen, die neue kommt nächste Woche.',
    'Your account has been suspended. Verify your identity to restore access.',
    'La carretera está bloqueada por la nieve, llegaremos tarde.',
    'Votre compte a été créé. Bienvenue !',
  ],
});
