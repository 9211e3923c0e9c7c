/**
 * The source plugins' outside services as the e2e server runs them (playwright.config.ts): a
 * Twilio account that is only a token and a number, so the specs sign webhook requests as
 * Twilio does; no Slack app (the Slack plugin says it is not set up).
 */
export const E2E_TWILIO_AUTH_TOKEN = 'e2e-twilio-auth-token';
/** The number people forward texts to (TWILIO_PHONE_NUMBER). */
export const E2E_TWILIO_PHONE_NUMBER = '+15550100100';
