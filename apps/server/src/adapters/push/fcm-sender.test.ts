import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushPayload } from '@baitcheck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServiceAccount, startFcmPeer, type FcmPeer } from '../../test/fcm-peer.ts';
import { createFcmSender, parseServiceAccount } from './fcm-sender.ts';

const alert: PushPayload = {
  type: 'phishing_alert',
  messageId: 'msg-1',
  title: 'Phishing detected',
  body: 'A text pretending to be your bank was found. Do not tap its link.',
  url: '/history?messageId=msg-1',
  notificationId: 'n-1',
};
const tip: PushPayload = { type: 'tips_and_education', messageId: null, title: 'A tip', body: 'Banks never ask for your PIN.', url: '/', notificationId: 'n-2' };

let peer: FcmPeer;
let dir: string;
beforeAll(async () => {
  peer = await startFcmPeer();
  dir = mkdtempSync(join(tmpdir(), 'fcm-'));
});
afterAll(async () => {
  await peer.close();
  rmSync(dir, { recursive: true, force: true });
});

const newSender = (extra: { timeoutMs?: number; apiUrl?: string } = {}) =>
  createFcmSender({ serviceAccount: parseServiceAccount(JSON.stringify(peer.serviceAccount())), apiUrl: peer.apiUrl, ...extra });

describe('createFcmSender', () => {
  it('mints a token at the service account’s token_uri once and sends FCM v1 messages with it', async () => {
    const account = peer.serviceAccount('family-alerts');
    const sender = createFcmSender({ serviceAccount: parseServiceAccount(JSON.stringify(account)), apiUrl: peer.apiUrl.replace(/\/$/, '') });
    const grantsBefore = peer.grants.length;
    const sentBefore = peer.sent.length;

    expect(await sender.send('device-token-android', 'android', alert)).toEqual({ ok: true });
    expect(await sender.send('device-token-ios', 'ios', tip)).toEqual({ ok: true });

    const grants = peer.grants.slice(grantsBefore);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ status: 200, problem: undefined, claims: { iss: account.client_email, aud: peer.tokenUri, scope: 'https://www.googleapis.com/auth/firebase.messaging' } });

    const sent = peer.sent.slice(sentBefore);
    expect(sent.map((s) => [s.status, s.problem, s.project])).toEqual([
      [200, undefined, 'family-alerts'],
      [200, undefined, 'family-alerts'],
    ]);
    expect(sent[0]!.bearer).toBe(sent[1]!.bearer);
    expect(sent[0]!.message).toEqual({
      token: 'device-token-android',
      notification: { title: alert.title, body: alert.body },
      data: { type: 'phishing_alert', messageId: 'msg-1', url: '/history?messageId=msg-1', notificationId: 'n-1' },
      android: { priority: 'high' },
      apns: { headers: { 'apns-priority': '10' }, payload: { aps: { sound: 'default' } } },
    });
    expect(sent[1]!.message).toMatchObject({
      token: 'device-token-ios',
      data: { type: 'tips_and_education', messageId: '', url: '/', notificationId: 'n-2' },
      android: { priority: 'normal' },
      apns: { headers: { 'apns-priority': '5' } },
    });
  });

  it('mints one token for sends made at once (an alert fanned out to several devices)', async () => {
    const sender = newSender();
    const grantsBefore = peer.grants.length;
    const results = await Promise.all(['a', 'b', 'c'].map((device) => sender.send(`device-${device}`, 'android', alert)));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(peer.grants.length - grantsBefore).toBe(1);
  });

  it('reports an uninstalled app, a foreign token and an invalid token as gone, without the token in the detail', async () => {
    const sender = newSender();
    const cases: [string, 'unregistered' | 'sender-id-mismatch' | 'invalid', RegExp][] = [
      ['stale-token-1', 'unregistered', /HTTP 404 UNREGISTERED/],
      ['foreign-token-1', 'sender-id-mismatch', /HTTP 403 SENDER_ID_MISMATCH/],
      ['garbled-token-1', 'invalid', /HTTP 400 INVALID_ARGUMENT The registration token is not a valid/],
    ];
    for (const [token, state, detail] of cases) {
      peer.setDevice(token, state);
      const result = await sender.send(token, 'android', alert);
      expect(result, state).toMatchObject({ ok: false, gone: true, retry: false, detail: expect.stringMatching(detail) });
      if (!result.ok) expect(result.detail).not.toContain(token);
    }
  });

  it('asks for a retry when FCM is unavailable, failing or over quota', async () => {
    const sender = newSender();
    peer.failSends(503, 500, 429);
    for (const status of [503, 500, 429]) {
      const result = await sender.send('device-token-android', 'android', alert);
      expect(result, String(status)).toMatchObject({ ok: false, gone: false, retry: true, detail: expect.stringContaining(`HTTP ${status}`) });
    }
    expect(await sender.send('device-token-android', 'android', alert)).toEqual({ ok: true });
  });

  it('asks for a retry when the token endpoint fails or FCM cannot be reached', async () => {
    const sender = newSender();
    peer.failTokens(503);
    expect(await sender.send('device-token-android', 'android', alert)).toMatchObject({ ok: false, gone: false, retry: true, detail: 'native push (android): the token endpoint answered HTTP 503 internal_failure' });
    expect(await sender.send('device-token-android', 'android', alert)).toEqual({ ok: true });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await newSender({ apiUrl: `http://127.0.0.1:${port}/` }).send('device-token-android', 'android', alert);
    expect(unreachable).toMatchObject({ ok: false, gone: false, retry: true, detail: 'native push (android): FCM could not be reached (ECONNREFUSED)' });
  });

  it('says the service account is refused, without retrying or dropping the token', async () => {
    // a key the peer does not know: the token endpoint refuses the grant
    const stranger = makeTestServiceAccount(peer.tokenUri).account;
    const refused = await createFcmSender({ serviceAccount: parseServiceAccount(JSON.stringify(stranger)), apiUrl: peer.apiUrl }).send('device-token-ios', 'ios', alert);
    expect(refused).toMatchObject({ ok: false, gone: false, retry: false, detail: expect.stringMatching(/^native push \(ios\): the token endpoint refused the service account \(HTTP 400 invalid_grant\)/) });

    // a good token for another project: FCM answers 403
    const account = peer.serviceAccount('project-a');
    const wrongProject = await createFcmSender({ serviceAccount: { ...parseServiceAccount(JSON.stringify(account)), project_id: 'project-b' }, apiUrl: peer.apiUrl }).send('device-token-ios', 'ios', alert);
    expect(wrongProject).toMatchObject({ ok: false, gone: false, retry: false, detail: expect.stringContaining('FCM refused the service account') });
  });
});

describe('parseServiceAccount', () => {
  const good = () => makeTestServiceAccount('https://oauth2.googleapis.com/token').account;

  it('reads the JSON itself or the file it names', () => {
    const account = good();
    expect(parseServiceAccount(JSON.stringify(account))).toEqual({
      type: 'service_account',
      project_id: account.project_id,
      client_email: account.client_email,
      private_key: account.private_key,
      private_key_id: account.private_key_id,
      token_uri: account.token_uri,
    });
    const path = join(dir, 'service-account.json');
    writeFileSync(path, JSON.stringify(account, null, 2));
    expect(parseServiceAccount(`  ${path}\n`).client_email).toBe(account.client_email);
    const { token_uri: _omitted, ...withoutTokenUri } = account;
    expect(parseServiceAccount(JSON.stringify(withoutTokenUri)).token_uri).toBeUndefined();
  });

  it('refuses a bad service account with a sentence naming what is wrong, never the private key', () => {
    const account = good();
    const keyBody = account.private_key.split('\n')[1]!;
    const cases: [string, RegExp][] = [
      [JSON.stringify(account).slice(0, -5), /FCM_SERVICE_ACCOUNT is not valid JSON: give the service account key file/],
      [`{"private_key": ${JSON.stringify(account.private_key)}, oops}`, /is not valid JSON/],
      ['[1]', /must be a JSON object/],
      [JSON.stringify({ ...account, type: 'authorized_user' }), /must be a service account key \(type "service_account"\); its type is "authorized_user"/],
      [JSON.stringify({ ...account, project_id: undefined, client_email: '' }), /FCM_SERVICE_ACCOUNT has no project_id, client_email:/],
      [JSON.stringify({ ...account, private_key: undefined }), /has no private_key/],
      [JSON.stringify({ ...account, private_key: account.private_key.replace(/\n/g, '').slice(0, 300) }), /private_key is not a PEM private key/],
      [JSON.stringify({ ...account, client_email: 'firebase' }), /client_email is not an email address/],
      [JSON.stringify({ ...account, token_uri: 'file:///etc/passwd' }), /token_uri must be an http\(s\) URL/],
      [join(dir, 'missing.json'), /must be a service account key \(JSON, starting with \{\) or the path to its file; ".*missing\.json" cannot be read as a file \(ENOENT\)/],
      [`'${JSON.stringify(account)}'`, /or the path to its file; the value cannot be read as a file/],
    ];
    for (const [text, message] of cases) {
      let thrown: Error | undefined;
      try {
        parseServiceAccount(text);
      } catch (error) {
        thrown = error as Error;
      }
      expect(thrown?.message, text.slice(0, 60)).toMatch(message);
      expect(thrown?.message).not.toContain(keyBody);
      expect(thrown?.message).not.toContain('PRIVATE KEY');
    }
  });
});
