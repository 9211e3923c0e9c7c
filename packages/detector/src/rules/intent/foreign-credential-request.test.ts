import { messageRuleTable } from '../../test-support/rule-table';
import { foreignCredentialRequest } from './foreign-credential-request';

messageRuleTable(foreignCredentialRequest, {
  fires: [
    ['Hola, soy del banco. Para anular la compra envíenos el código que le llegó por SMS.', ['envíenos el código']],
    'Para verificar su cuenta, facilite su contraseña y su clave de acceso.',
    'Bonjour, pour débloquer votre compte, communiquez-nous votre mot de passe.',
    'Bitte senden Sie uns Ihre TAN, um die Zahlung zu stornieren.',
    'Olá, confirme a sua senha para evitar o bloqueio da conta.',
    'Gentile cliente, invia il codice ricevuto via SMS per confermare.',
    'Stuur ons de verificatiecode die u per sms heeft ontvangen.',
    'Halo, tolong kirimkan kode OTP yang baru masuk ke HP kamu ya.',
  ],
  quiet: [
    'Su código de verificación es 482910. No lo comparta con nadie.',
    'Introduce el código 1234 en la app para continuar.',
    'Nunca envíe su contraseña por SMS: el banco jamás se la pedirá.',
    'Ne communiquez jamais ce code à personne.',
    'Ihr Bestätigungscode lautet 5521. Geben Sie ihn nicht weiter.',
    'Jangan berikan kode ini kepada siapapun.',
    'Please send me the code for the gate, I forgot it.',
    'Mamá, ¿me mandas la receta de la paella?',
  ],
});
