import { createHmac } from 'node:crypto';

/**
 * Twilio's signature, as its documentation gives it: HMAC-SHA1 with the auth token of the URL it
 * posts to and each form field's name and value, sorted by name, in base64.
 */
export function twilioSignature(token: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, name) => acc + name + fields[name], url);
  return createHmac('sha1', token).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The headers of a Slack request, as its documentation gives them: `v0=` HMAC-SHA256 of `v0:{timestamp}:{body}` in hex. */
export function slackHeaders(secret: string, body: string, at = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${at}:${body}`).digest('hex')}`;
  return { 'content-type': 'application/json', 'x-slack-request-timestamp': String(at), 'x-slack-signature': signature };
}
