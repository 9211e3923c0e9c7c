import { registerPlugin } from '@capacitor/core';
import { PushNotifications, type ActionPerformed, type Token } from '@capacitor/push-notifications';
import { API_ROUTES as API, type DEVICE_PLATFORMS } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';
import { onUserSwitch } from '@/lib/api/auth';
import { navigate } from './navigate';

/** A native app's platform (spec section 3). */
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/**
 * The in-app page a tapped alert opens, by the service worker's rule (public/sw.js): the push's
 * `url` when it is one of our own pages, else a phishing alert's History entry, else Home. The
 * data comes from outside (FCM or APNs): anything else, another origin included, opens Home.
 */
export function pushTarget(data: unknown): string {
  const { url, type, messageId } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const fallback =
    type === 'phishing_alert' && typeof messageId === 'string' && messageId !== '' ? `/history?messageId=${encodeURIComponent(messageId)}` : '/';
  const wanted = typeof url === 'string' && url !== '' ? url : fallback;
  let target: URL;
  try {
    target = new URL(wanted, window.location.origin);
  } catch {
    return '/';
  }
  if (target.origin !== window.location.origin) return '/';
  return target.pathname + target.search + target.hash;
}

/** The Android app's own plugin (android/…/PushSetupPlugin.java): whether the build has a Firebase project. */
const PushSetup = registerPlugin<{ check(): Promise<{ firebase: boolean }> }>('PushSetup');

/**
 * Whether registering can work. On Android, PushNotifications.register() without a Firebase
 * project (google-services.json) crashes the app instead of failing, so the app is asked first;
 * an activity without the check (the share activity) does not register.
 */
async function canRegister(platform: DevicePlatform): Promise<boolean> {
  if (platform !== 'android') return true;
  try {
    return (await PushSetup.check()).firebase;
  } catch {
    return false;
  }
}

async function sendToken(token: string, platform: DevicePlatform): Promise<void> {
  try {
    await api.post(API.registerDeviceToken.path, { token, platform });
  } catch (error) {
    // spec: a failed registration is only logged; the next start (or sign-in) sends it again
    console.warn('Push notifications: the server was not told this device’s token', error);
  }
}

/**
 * Push alerts in the iOS and Android apps (spec section 2), when the build can receive them:
 * listens first (a tap that opened the app is kept for the first listener), then asks permission
 * when it was never asked, registers, and sends the device's token to the server
 * (`POST /api/device-tokens`), again after each sign-in or sign-out so alerts follow the person.
 * Every failure is only logged.
 */
export async function startPush(platform: DevicePlatform): Promise<void> {
  let token: string | null = null;
  try {
    if (!(await canRegister(platform))) {
      console.info('Push notifications: not set up in this build of the app (no Firebase project)');
      return;
    }
    await PushNotifications.addListener('registration', ({ value }: Token) => {
      token = value;
      void sendToken(value, platform);
    });
    await PushNotifications.addListener('registrationError', (error) => {
      console.warn('Push notifications: this device could not register', error);
    });
    await PushNotifications.addListener('pushNotificationReceived', (notification) => {
      // shown by the system (presentationOptions); the bell's list catches up by itself
      console.info('Push notification received', notification.id);
    });
    await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }: ActionPerformed) => {
      navigate(pushTarget(notification.data));
    });
    onUserSwitch(() => {
      if (token !== null) void sendToken(token, platform);
    });

    let permission = await PushNotifications.checkPermissions();
    if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale') {
      permission = await PushNotifications.requestPermissions();
    }
    if (permission.receive !== 'granted') {
      console.info('Push notifications: not allowed on this device');
      return;
    }
    await PushNotifications.register();
  } catch (error) {
    console.warn('Push notifications could not start', error);
  }
}
