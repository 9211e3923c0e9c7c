import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioPeer, type TwilioPeer } from '../../test/twilio-peer.ts';
import { createTwilioMessages, TWILIO_BODY_MAX } from './twilio-messages.ts';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-secret-token-0123456789';
const FROM = '+15550100199';
const TO = '+15550100123';

let peer: TwilioPeer;
beforeAll(async () => {
  peer = await startTwilioPeer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(() => peer.close());

const sender = (overrides: { authToken?: string; timeoutMs?: number; apiUrl?: string } = {}) =>
  createTwilioMessages({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl: peer.apiUrl, ...overrides });

describe('createTwilioMessages', () => {
  it('sends a text with To, From and Body under the account, authenticated', async () => {
    const sms = sender();
    expect(sms.from).toBe(FROM);
    expect(await sms.send(TO, 'Baitcheck: Phishing detected.')).toEqual({ ok: true });
    expect(peer.messages.at(-1)).toMatchObject({ to: TO, from: FROM, body: 'Baitcheck: Phishing detected.' });
    expect(peer.messages.at(-1)!.sid).toMatch(/^SM[0-9a-f]{32}$/);
    const request = peer.requests.at(-1)!;
    expect(request).toMatchObject({ path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, user: ACCOUNT_SID, password: AUTH_TOKEN, status: 201 });
  });

  it('takes an API root without its trailing slash', async () => {
    expect(await sender({ apiUrl: peer.apiUrl.replace(/\/$/, '') }).send(TO, 'hello')).toEqual({ ok: true });
  });

  it('says the credentials are refused on a wrong token, does not retry, and never names the token', async () => {
    const before = peer.messages.length;
    const wrong = `${AUTH_TOKEN}-wrong`;
    const result = await sender({ authToken: wrong }).send(TO, 'hello');
    expect(result).toMatchObject({ ok: false, gone: false, retry: false });
    if (result.ok) throw new Error('unreachable');
    expect(result.detail).toMatch(/refused the account credentials/);
    expect(result.detail).toMatch(/20003/);
    expect(result.detail).not.toContain(wrong);
    expect(peer.messages.length).toBe(before);
  });

  it('drops a number that texted STOP (21610) as gone, without retrying', async () => {
    peer.refuse('+15550100666', 21610);
    const result = await sender().send('+15550100666', 'hello');
    expect(result).toMatchObject({ ok: false, gone: true, retry: false });
    if (!result.ok) expect(result.detail).toMatch(/21610/);
  });

  it.each([21211, 21612, 21614])('drops a number Twilio refuses with %i as gone', async (code) => {
    const to = `+1555010${code % 1000}`;
    peer.refuse(to, code);
    expect(await sender().send(to, 'hello')).toMatchObject({ ok: false, gone: true, retry: false });
  });

  it("drops a number that is not a phone number at all (Twilio's 21211)", async () => {
    expect(await sender().send('not-a-number', 'hello')).toMatchObject({ ok: false, gone: true, retry: false });
  });

  it.each([500, 429] as const)('retries later after a %i', async (status) => {
    peer.failNext(status);
    const result = await sender().send(TO, 'hello');
    expect(result).toMatchObject({ ok: false, gone: false, retry: true });
    if (!result.ok) expect(result.detail).toContain(`HTTP ${status}`);
    // once: the next one goes through
    expect(await sender().send(TO, 'hello')).toEqual({ ok: true });
  });

  it('cuts a long body to 1600 characters at a word, which Twilio then takes', async () => {
    const body = `${'word '.repeat(400)}end`;
    expect(await sender().send(TO, body)).toEqual({ ok: true });
    const sent = peer.messages.at(-1)!.body;
    expect(sent.length).toBeLessThanOrEqual(TWILIO_BODY_MAX);
    expect(sent.length).toBeGreaterThan(TWILIO_BODY_MAX - 10);
    expect(sent).toMatch(/ word…$/);
  });

  it('never cuts a long body inside a surrogate pair', async () => {
    const body = '😀'.repeat(1000);
    expect(await sender().send(TO, body)).toEqual({ ok: true });
    const sent = peer.messages.at(-1)!.body;
    expect(sent.length).toBeLessThanOrEqual(TWILIO_BODY_MAX);
    expect(sent).toMatch(/^(?:😀)+…$/u);
  });

  it('retries later when Twilio never answers within the time limit', async () => {
    peer.stallNext();
    const result = await sender({ timeoutMs: 300 }).send(TO, 'hello');
    expect(result).toMatchObject({ ok: false, gone: false, retry: true });
    if (!result.ok) expect(result.detail).toMatch(/did not answer within 300 ms/);
  });

  it('retries later when Twilio cannot be reached', async () => {
    const closed = await startTwilioPeer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    await closed.close();
    const result = await sender({ apiUrl: closed.apiUrl }).send(TO, 'hello');
    expect(result).toMatchObject({ ok: false, gone: false, retry: true });
    if (!result.ok) expect(result.detail).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });
});
