import { ENDPOINTS, MAX_CONTENT_LENGTH } from '@baitcheck/contracts';
import { inputLinks } from '@baitcheck/detector';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// the webhook check alone: the package's REST client is not needed (and slow to load)
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { AppError } from '../../../lib/app-error.ts';
import { storableText } from '../../../lib/well-formed.ts';
import { normalisePhoneNumber } from '../../../lib/phone-number.ts';
import type { PluginsRepository } from '../plugins.repository.ts';
import type { PluginsService } from '../plugins.service.ts';

/** Twilio's answer that sends no reply text. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Twilio's signature header: HMAC-SHA1 of the address it posted to and the sorted form fields. */
const SIGNATURE_HEADER = 'x-twilio-signature';

/** A Twilio message SID (`SM` or `MM` and 32 hex digits): anything else is not kept (a NUL or a huge id would fail the insert). */
const MESSAGE_SID = /^[A-Za-z0-9]{1,64}$/;

/**
 * A text that confirms a number is the code alone (`Baitcheck 482913`, quotes and spaces around
 * allowed): a longer text that merely contains six digits is a message. Otherwise a stranger who
 * configured someone's number could text that phone a scam carrying their own code, and a
 * forwarding app (or the owner, checking it) would confirm the number for the stranger.
 */
const CONFIRMATION_TEXT = /^\W*(?:baitcheck\W*)?\d{6}\W*$/i;


/** What the SMS webhook needs: Twilio's auth token, the number texts are forwarded to, this server's public address. */
export interface SmsWebhookSettings {
  authToken: string;
  phoneNumber: string;
  /** The origin Twilio posts to (`https://baitcheck.example`): the signature covers the whole address. */
  publicOrigin: string;
}

/** A form body as Twilio sends it: `application/x-www-form-urlencoded`, each field once. */
function formFields(request: FastifyRequest): Record<string, string> {
  const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) fields[name] = value;
  return fields;
}

/**
 * `POST /api/plugins/sms/inbound`: Twilio's webhook for texts arriving at the server's number.
 * A request not signed with `TWILIO_AUTH_TOKEN` is 403 and stores nothing. A text that is a
 * person's six-digit code alone, from the number they configured, confirms that number; any other
 * text from a confirmed number is kept for its person (their SMS plugin on, SMS Protection on) and
 * scanned. Twilio is always answered with empty TwiML: nothing is texted back, and a sender
 * learns nothing of who uses the service.
 */
export function registerSmsRoutes(
  app: FastifyInstance,
  deps: { settings: SmsWebhookSettings | null; plugins: PluginsService; repo: PluginsRepository; arrived: () => void },
): void {
  app.route({
    method: ENDPOINTS.smsInbound.method,
    url: ENDPOINTS.smsInbound.path,
    config: { session: false },
    handler: async (request, reply) => {
      const settings = deps.settings;
      if (!settings) throw new AppError('PLUGIN_UNAVAILABLE', 'Checking texts is not set up on this server.');
      const fields = formFields(request);
      const signature = request.headers[SIGNATURE_HEADER];
      const url = `${settings.publicOrigin}${request.url}`;
      if (typeof signature !== 'string' || !validateRequest(settings.authToken, signature, url, fields)) {
        request.log.warn({ hasSignature: typeof signature === 'string' }, 'an SMS webhook request was not signed by Twilio');
        throw new AppError('SOURCE_SIGNATURE_INVALID', 'This request is not signed by Twilio, so it was refused.');
      }
      const sid = fields.MessageSid ?? fields.SmsSid;
      const from = normalisePhoneNumber(fields.From ?? '');
      const to = normalisePhoneNumber(fields.To ?? '');
      const body = storableText((fields.Body ?? '').slice(0, MAX_CONTENT_LENGTH));
      void reply.type('text/xml; charset=utf-8');
      // a text to another number of the account, or without a sender (a short code's reply), is not ours
      if (!sid || !MESSAGE_SID.test(sid) || !from || to !== settings.phoneNumber) return EMPTY_TWIML;
      if (CONFIRMATION_TEXT.test(body) && (await deps.plugins.confirmNumber(from, body))) {
        request.log.info({ sid }, 'a phone number was confirmed for the SMS plugin');
        return EMPTY_TWIML;
      }
      const connection = await deps.repo.byRouteKey('sms', from);
      if (!connection?.connected || !connection.enabled || body.trim() === '') return EMPTY_TWIML;
      const kept = await deps.plugins.receive(connection.userId, 'sms', [
        {
          externalId: sid,
          content: body,
          sender: { id: from, name: 'Forwarded from your phone', handle: from },
          metadata: { to: settings.phoneNumber, media: Number(fields.NumMedia ?? 0) || 0 },
          urls: inputLinks({ kind: 'text', content: body }).map((l) => l.url),
        },
      ]);
      if (kept.length > 0) deps.arrived();
      return EMPTY_TWIML;
    },
  });
}
