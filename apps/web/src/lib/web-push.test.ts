import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/render';
import { VAPID_PUBLIC_KEY, installFakePush, makeChannels, removeFakePush } from '@/testing/notifications';
import { PushNotAllowedError, currentPushState, decodeBase64Url, isPushSupported, resendPushSubscription, turnPushOff, turnPushOn } from './web-push';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakePush();
});

describe('web push in the browser', () => {
  it('decodes a base64url VAPID key to its 65 bytes', () => {
    const key = decodeBase64Url(VAPID_PUBLIC_KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4); // an uncompressed P-256 point
    expect([...decodeBase64Url('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('tells the state without asking anything', async () => {
    expect(isPushSupported()).toBe(false);
    expect(await currentPushState()).toBe('unsupported');
    let fake = installFakePush({ permission: 'denied' });
    expect(await currentPushState()).toBe('denied');
    fake = installFakePush({ permission: 'default' });
    expect(await currentPushState()).toBe('off');
    fake = installFakePush({ permission: 'granted', subscribed: true });
    expect(await currentPushState()).toBe('on');
    fake.state.subscribed = false;
    expect(await currentPushState()).toBe('off');
    expect(fake.requestPermission).not.toHaveBeenCalled();
    expect(fake.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('turning on asks permission first and throws a PushNotAllowedError when refused', async () => {
    const fake = installFakePush({ answer: 'default' });
    const { calls } = mockApi({});
    await expect(turnPushOn(VAPID_PUBLIC_KEY)).rejects.toEqual(new PushNotAllowedError('dismissed'));
    expect(fake.serviceWorker.register).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('replaces a subscription made with another server key', async () => {
    const fake = installFakePush({ permission: 'granted', subscribed: true });
    fake.subscription.options.applicationServerKey = new Uint8Array([4, 1, 2]).buffer;
    mockApi({ 'POST /api/push-subscriptions': { body: makeChannels() } });
    await turnPushOn(VAPID_PUBLIC_KEY);
    expect(fake.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps a subscription made with the same key', async () => {
    const fake = installFakePush({ permission: 'granted', subscribed: true });
    fake.subscription.options.applicationServerKey = decodeBase64Url(VAPID_PUBLIC_KEY).buffer;
    const { calls } = mockApi({ 'POST /api/push-subscriptions': { body: makeChannels() } });
    await turnPushOn(VAPID_PUBLIC_KEY);
    expect(fake.subscription.unsubscribe).not.toHaveBeenCalled();
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/push-subscriptions']);
  });

  it('turning off with no subscription tells the server nothing', async () => {
    installFakePush({ permission: 'granted' });
    const { calls } = mockApi({});
    expect(await turnPushOff()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends an existing subscription again (after a sign-in or out), and nothing without one; failures are only logged', async () => {
    const fake = installFakePush({ permission: 'granted', subscribed: true });
    const { calls } = mockApi({ 'POST /api/push-subscriptions': { body: makeChannels() } });
    expect(await resendPushSubscription()).toEqual(makeChannels());
    expect(calls.map((c) => c.body)).toEqual([fake.subscription.toJSON()]);

    fake.state.subscribed = false;
    expect(await resendPushSubscription()).toBeNull();
    expect(calls).toHaveLength(1);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.state.subscribed = true;
    mockApi({ 'POST /api/push-subscriptions': { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } });
    expect(await resendPushSubscription()).toBeNull();
    expect(error).toHaveBeenCalled();
  });
});
