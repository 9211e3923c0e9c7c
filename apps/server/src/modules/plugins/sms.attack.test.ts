import { PluginListSchema, PluginMessageListSchema, PluginsChangedSchema } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { pluginMessages } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp } from '../../test/plans.ts';
import { twilioSignature as signTwilio } from '../../test/source-signatures.ts';
import { EMPTY_TWIML } from './sms/sms.routes.ts';

/**
 * Twilio's webhook fed what a signed request may carry: a NUL in the text (PostgreSQL refuses it:
 * it was a 500, and Twilio retries), a message id no index takes, and a forwarded text that merely
 * contains someone's confirmation code (it confirmed their number for them).
 */
const TOKEN = 'twilio-attack-token';
const SERVICE_NUMBER = '+15550100100';
const ORIGIN = 'https://baitcheck.test';
const INBOUND = '/api/plugins/sms/inbound';
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false, publicOrigins: [ORIGIN] };

const twilioSignature = (url: string, fields: Record<string, string>) => signTwilio(TOKEN, url, fields);

let sids = 0;
const text = (from: string, body: string, sid = `SM${String(++sids).padStart(32, '0')}`) => ({ MessageSid: sid, AccountSid: 'AC0', From: from, To: SERVICE_NUMBER, Body: body, NumMedia: '0' });
const randomPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describeWithDatabases('the SMS webhook under attack', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: { ...BASE, plugins: { twilio: { authToken: TOKEN, phoneNumber: SERVICE_NUMBER } } }, database: ctx.database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  const twilio = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: INBOUND,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(`${ORIGIN}${INBOUND}`, fields) },
      payload: new URLSearchParams(fields).toString(),
    });

  const account = async (): Promise<Visitor> => {
    const person = makeVisitor(app);
    await signUp(person);
    return person;
  };
  const configure = async (person: Visitor, phone: string) => {
    const res = await person.post('/api/plugins/sms/configure', { phoneNumber: phone });
    expect(res.statusCode).toBe(200);
    return PluginsChangedSchema.parse(res.json()).plugins.sms!.status.confirmation!.code;
  };
  const connected = async (person: Visitor) => PluginListSchema.parse((await person.get('/api/plugins')).json()).sms!.status.connected;

  it('keeps a text holding a NUL (without it) instead of answering 500, and ignores a message id no Twilio message has', async () => {
    const person = await account();
    const phone = randomPhone();
    expect((await twilio(text(phone, await configure(person, phone)))).statusCode).toBe(200);
    const nul = await twilio(text(phone, 'Your parcel \u0000 is held: pay at http://parcel-fee.example'));
    expect(nul.statusCode, nul.body).toBe(200);
    expect(nul.body).toBe(EMPTY_TWIML);
    const hugeSid = await twilio(text(phone, 'a text with a huge id', `SM${'0'.repeat(20_000)}`));
    expect(hugeSid.statusCode, hugeSid.body).toBe(200);
    const nulSid = await twilio(text(phone, 'a text with a NUL in its id', 'SM\u00001'));
    expect(nulSid.statusCode, nulSid.body).toBe(200);
    const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/sms/messages')).json()).messages;
    expect(listed.map((m) => m.content)).toEqual(['Your parcel  is held: pay at http://parcel-fee.example']);
    const userId = await userIdOf(ctx.database, person);
    expect(await ctx.database.db.select().from(pluginMessages).where(eq(pluginMessages.userId, userId))).toHaveLength(1);
  });

  it("does not confirm someone's number from a longer text that merely contains their code (a forwarded scam carrying it)", async () => {
    // the owner of `phone` forwards every text they get (a forwarding app) and has not confirmed it (yet, or any more);
    // a stranger configures that number and texts the owner's phone a message carrying the stranger's code
    const phone = randomPhone();
    const stranger = await account();
    const code = (await configure(stranger, phone)).replace(/^Baitcheck /, '');
    await twilio(text(phone, `FedEx: parcel 4471 is held, reference ${code}. Pay the fee at http://fedex-fee.example`));
    expect(await connected(stranger)).toBe(false);
    // the owner can still connect their own number
    const owner = await account();
    const ownCode = await configure(owner, phone);
    expect((await twilio(text(phone, `“${ownCode}”`))).statusCode).toBe(200);
    expect(await connected(owner)).toBe(true);
    expect(await connected(stranger)).toBe(false);
  });

  it('still confirms with the code texted alone, with or without the word Baitcheck', async () => {
    for (const shape of [(c: string) => c, (c: string) => c.replace(/^Baitcheck /, ''), (c: string) => ` ${c.toLowerCase()}. `]) {
      const person = await account();
      const phone = randomPhone();
      const code = await configure(person, phone);
      await twilio(text(phone, shape(code)));
      expect(await connected(person), shape(code)).toBe(true);
    }
  });
});
