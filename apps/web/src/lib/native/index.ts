import { Capacitor } from '@capacitor/core';
import { startAppEvents } from './app-events';
import { startPush, type DevicePlatform } from './push';
import { openSharedText } from './share-intent';

let started = false;

function isDevicePlatform(platform: string): platform is DevicePlatform {
  return platform === 'ios' || platform === 'android';
}

/**
 * What only the iOS and Android apps do (spec section 2, issue 20), started once: the safe-area
 * layout without overscroll bounce (the `native` class on <html>, index.css), the back button,
 * pause and resume, push alerts, and on Android the text shared to the app. Nothing on the web.
 * This module is loaded by main.tsx only inside the apps, so the web's first screen never carries it.
 */
export async function startNative(): Promise<void> {
  if (started || !Capacitor.isNativePlatform()) return;
  const platform = Capacitor.getPlatform();
  if (!isDevicePlatform(platform)) return;
  started = true;
  document.documentElement.classList.add('native', `native-${platform}`);
  if (!import.meta.env.VITE_API_ORIGIN) {
    console.error('This app was built without VITE_API_ORIGIN: it cannot reach the Baitcheck server (README, "iOS and Android apps").');
  }
  await Promise.all([startAppEvents(), startPush(platform), platform === 'android' ? openSharedText() : Promise.resolve()]);
}
