import type { AlertChannels, PushSubscriptionRequest } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api, apiRequest } from './api-client';
import { registerServiceWorker } from './service-worker';

/**
 * Web push in this browser (issue 19): the service worker at `/sw.js` shows the alerts the server
 * pushes; this module asks for permission, subscribes with the server's VAPID key and tells the
 * server where to push (`POST /api/push-subscriptions`), or stops (`DELETE`).
 */

/** Where push stands in this browser: it cannot do push, the person blocked it, subscribed, or not. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

/** Why turning push on did not happen. */
export type PushFailure = 'unsupported' | 'denied' | 'dismissed';

/** Push could not be turned on for a reason of the browser's (not a server error). */
export class PushNotAllowedError extends Error {
  constructor(readonly reason: PushFailure) {
    super(`Web push not turned on: ${reason}`);
    this.name = 'PushNotAllowedError';
  }
}

/** Whether this browser can receive web push at all. */
export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This browser's push state, without asking anything or registering anything. */
export async function currentPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  try {
    return (await currentSubscription()) ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/** A VAPID key in base64url, as `applicationServerKey` takes it. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((x, i) => x === b[i]);
}

/** What the server stores of a subscription (`PushSubscription.toJSON()`). */
function toRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Turns push on: asks for permission first (Safari grants it only straight from the click),
 * registers the service worker, subscribes with the server's key and sends the subscription.
 * When the server refuses it, the browser's subscription is dropped again, so "on" here always
 * means the server pushes here. Throws {@link PushNotAllowedError} or the API client's error.
 */
export async function turnPushOn(publicKey: string): Promise<AlertChannels> {
  if (!isPushSupported()) throw new PushNotAllowedError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushNotAllowedError(permission === 'denied' ? 'denied' : 'dismissed');
  // the app's one worker (lib/service-worker.ts): production builds have it already; this makes sure
  await registerServiceWorker();
  // subscribing needs an active worker: `ready` waits for it
  const registration = await navigator.serviceWorker.ready;
  const key = decodeBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // made with another key (the server's changed): a browser keeps one subscription per worker
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    return await api.post<AlertChannels>(API.subscribePush.path, toRequest(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/**
 * Turns push off: the browser's subscription ends first (so nothing shows here whatever the
 * server does), then the server forgets it. Answers the server's channels, or null when there was
 * nothing to tell it.
 */
export async function turnPushOff(): Promise<AlertChannels | null> {
  if (!isPushSupported()) return null;
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return apiRequest<AlertChannels>('DELETE', API.unsubscribePush.path, { endpoint });
}

/**
 * Sends this browser's subscription again, if it has one: after a sign-in or sign-out the alerts
 * follow whoever now uses this browser. Failures are only logged (spec section 8).
 */
export async function resendPushSubscription(): Promise<AlertChannels | null> {
  if (!isPushSupported() || Notification.permission !== 'granted') return null;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return null;
    return await api.post<AlertChannels>(API.subscribePush.path, toRequest(subscription));
  } catch (error) {
    console.error('Could not move push alerts to the signed-in person', error);
    return null;
  }
}
