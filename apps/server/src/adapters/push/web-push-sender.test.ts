import { createServer } from 'node:net';
import type { PushPayload } from '@baitcheck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServicePeer, type PushServicePeer } from '../../test/push-service-peer.ts';
import { loadVapidKeys } from './vapid-keys.ts';
import { createWebPushSender } from './web-push-sender.ts';

const keys = loadVapidKeys({ contactEmail: 'support@baitcheck.example' });
const alert: PushPayload = {
  type: 'phishing_alert',
  messageId: 'msg-1',
  title: 'Phishing detected',
  body: 'A text pretending to be your bank was found in your inbox. Do not tap its link.',
  url: '/history?messageId=msg-1',
  notificationId: 'n-1',
};
const tip: PushPayload = { ...alert, type: 'tips_and_education', messageId: null, title: 'A tip', url: '/', notificationId: 'n-2' };

let peer: PushServicePeer;
beforeAll(async () => {
  peer = await startPushServicePeer();
});
afterAll(() => peer.close());

const senderForPeer = (extra: { timeoutMs?: number } = {}) => createWebPushSender({ keys, allowedHosts: [peer.host], allowPrivateAddresses: true, ...extra });

/** A detail must name the host only: the endpoint's path is the subscription's capability, the keys are secrets. */
const expectNoSecrets = (detail: string, endpoint: string) => {
  expect(detail).toContain(peer.host);
  expect(detail).not.toContain(new URL(endpoint).pathname);
  expect(detail).not.toContain(keys.privateKey);
};

describe('createWebPushSender', () => {
  it('delivers a payload the subscription decrypts to what was sent, signed with our VAPID key', async () => {
    const subscription = peer.subscribe();
    const sender = senderForPeer();
    expect(sender.publicKey).toBe(keys.publicKey);
    expect(await sender.send(subscription, alert)).toEqual({ ok: true });
    const got = peer.received.at(-1)!;
    expect(got.problem).toBeUndefined();
    expect(got.path).toBe(new URL(subscription.endpoint).pathname);
    expect(JSON.parse(got.plaintext!)).toEqual(alert);
    expect(got.vapidKey).toBe(keys.publicKey);
    expect(got.claims).toMatchObject({ aud: peer.origin, sub: 'mailto:support@baitcheck.example' });
    expect(got).toMatchObject({ ttl: '86400', urgency: 'high', contentEncoding: 'aes128gcm', status: 201 });

    expect(await sender.send(subscription, tip)).toEqual({ ok: true });
    expect(peer.received.at(-1)).toMatchObject({ urgency: 'normal', problem: undefined });
    expect(JSON.parse(peer.received.at(-1)!.plaintext!)).toEqual(tip);
  });

  it('reports an expired subscription (404, 410) as gone', async () => {
    const sender = senderForPeer();
    for (const status of [410, 404]) {
      const subscription = peer.subscribe();
      peer.answer(subscription.endpoint, status);
      const result = await sender.send(subscription, alert);
      expect(result).toMatchObject({ ok: false, gone: true, retry: false });
      if (!result.ok) expectNoSecrets(result.detail, subscription.endpoint);
    }
  });

  it('asks for a retry on 5xx and 429, and delivers on the next try', async () => {
    const sender = senderForPeer();
    for (const status of [500, 503, 429]) {
      const subscription = peer.subscribe();
      peer.answer(subscription.endpoint, status, 1);
      const result = await sender.send(subscription, alert);
      expect(result).toMatchObject({ ok: false, gone: false, retry: true });
      if (!result.ok) {
        expect(result.detail).toContain(`HTTP ${status}`);
        expectNoSecrets(result.detail, subscription.endpoint);
      }
      expect(await sender.send(subscription, alert)).toEqual({ ok: true });
    }
  });

  it('neither retries nor drops a message the service refuses (400, 413)', async () => {
    const sender = senderForPeer();
    for (const status of [400, 413]) {
      const subscription = peer.subscribe();
      peer.answer(subscription.endpoint, status);
      expect(await sender.send(subscription, alert)).toMatchObject({ ok: false, gone: false, retry: false });
    }
  });

  it('asks for a retry when the service does not answer in time or cannot be reached', async () => {
    const subscription = peer.subscribe();
    peer.hang(subscription.endpoint);
    const slow = await senderForPeer({ timeoutMs: 200 }).send(subscription, alert);
    expect(slow).toMatchObject({ ok: false, gone: false, retry: true, detail: `web push to ${peer.host}: no answer in time` });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = createWebPushSender({ keys, allowedHosts: [`127.0.0.1:${port}`], allowPrivateAddresses: true });
    const refused = await sender.send({ ...subscription, endpoint: `http://127.0.0.1:${port}/push/x` }, alert);
    expect(refused).toMatchObject({ ok: false, gone: false, retry: true, detail: `web push to 127.0.0.1:${port}: could not be reached (ECONNREFUSED)` });
  });

  it('connects to the address it checked when the endpoint names a host', async () => {
    const subscription = peer.subscribe();
    const port = peer.host.split(':')[1]!;
    const sender = createWebPushSender({ keys, allowedHosts: [`localhost:${port}`], allowPrivateAddresses: true });
    const endpoint = subscription.endpoint.replace('127.0.0.1', 'localhost');
    expect(await sender.send({ ...subscription, endpoint }, alert)).toEqual({ ok: true });
    expect(peer.received.at(-1)).toMatchObject({ claims: { aud: `http://localhost:${port}` }, problem: undefined });
  });

  it('drops a subscription whose keys cannot encrypt', async () => {
    const subscription = peer.subscribe();
    const result = await senderForPeer().send({ ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } }, alert);
    expect(result).toMatchObject({ ok: false, gone: true, retry: false });
    expect(peer.received.some((r) => r.path === new URL(subscription.endpoint).pathname)).toBe(false);
  });

  it('accepts only https endpoints at the browsers’ push services', () => {
    const sender = createWebPushSender({ keys });
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGm2b',
      'https://api.push.apple.com/3/device/x',
    ]) {
      expect(sender.acceptsEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://127.0.0.1/push',
      `http://${peer.host}/push/v1/1`,
      'https://169.254.169.254/latest/meta-data/',
      'https://internal.example/push',
      'https://push.attacker.example/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://evilpush.services.mozilla.com/x',
      'https://push.services.mozilla.com.attacker.example/x',
      'https://.push.apple.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(sender.acceptsEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('admits configured hosts (http too, on their port only) besides the browsers’ services', () => {
    const sender = createWebPushSender({ keys, allowedHosts: [peer.host, 'Push.Self-Hosted.example'] });
    expect(sender.acceptsEndpoint(`${peer.origin}/push/v1/1`)).toBe(true);
    expect(sender.acceptsEndpoint(`http://127.0.0.1:${Number(peer.host.split(':')[1]) + 1}/push/v1/1`)).toBe(false);
    expect(sender.acceptsEndpoint('http://127.0.0.1/push/v1/1')).toBe(false);
    expect(sender.acceptsEndpoint('https://push.self-hosted.example/x')).toBe(true);
    expect(sender.acceptsEndpoint('http://push.self-hosted.example/x')).toBe(true);
    expect(sender.acceptsEndpoint('https://push.self-hosted.example:8443/x')).toBe(false);
    expect(sender.acceptsEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
  });

  it('sends nothing to an endpoint it does not accept, or to a host that leads to a private address', async () => {
    const subscription = peer.subscribe();
    const before = peer.received.length;
    const strict = createWebPushSender({ keys });
    const notAccepted = await strict.send(subscription, alert);
    expect(notAccepted).toMatchObject({ ok: false, gone: false, retry: false });
    if (!notAccepted.ok) expectNoSecrets(notAccepted.detail, subscription.endpoint);

    const warnings: object[] = [];
    const noPrivate = createWebPushSender({ keys, allowedHosts: [peer.host, `localhost:${peer.host.split(':')[1]}`], log: { warn: (obj) => warnings.push(obj) } });
    for (const endpoint of [subscription.endpoint, subscription.endpoint.replace('127.0.0.1', 'localhost')]) {
      const result = await noPrivate.send({ ...subscription, endpoint }, alert);
      expect(result, endpoint).toMatchObject({ ok: false, gone: false, retry: false });
      if (!result.ok) expect(result.detail).toContain('private or local address');
    }
    expect(warnings).toHaveLength(2);
    expect(peer.received.length).toBe(before);
  });

  it('refuses bad VAPID keys when made, not at every send', () => {
    expect(() => createWebPushSender({ keys: { ...keys, privateKey: 'short' } })).toThrow();
  });
});
