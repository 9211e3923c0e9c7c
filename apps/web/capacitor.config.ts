import type { CapacitorConfig } from '@capacitor/cli';

// The server the apps talk to, the same variable the web build reads (lib/api-client.ts). A
// development server over plain http (the Android emulator's http://10.0.2.2:5000) needs cleartext
// allowed on Android; an https one never turns it on.
const apiOrigin = process.env.VITE_API_ORIGIN ?? '';

/**
 * The iOS and Android wrappers (docs/decisions/010-native-wrappers.md): the built web app is
 * bundled into each app and served from https://localhost (Android) and capacitor://localhost
 * (iOS); API calls go to VITE_API_ORIGIN through the native HTTP layer (CapacitorHttp), so the
 * session cookie is the app's own, with no CORS and no third-party cookie in the way.
 */
const config: CapacitorConfig = {
  appId: 'app.baitcheck.mobile',
  appName: 'Baitcheck',
  // CAP_WEB_DIR: another build to copy into the apps (the test of the native projects uses one)
  webDir: process.env.CAP_WEB_DIR ?? 'dist',
  server: {
    androidScheme: 'https',
    iosScheme: 'capacitor',
    hostname: 'localhost',
    cleartext: apiOrigin.startsWith('http://'),
  },
  android: {
    // Android 15 draws apps under the system bars; keep the web view clear of them there (the
    // Android web view reports no env(safe-area-inset-*) before Chromium 140). iOS uses env().
    adjustMarginsForEdgeToEdge: 'auto',
  },
  plugins: {
    // fetch and XMLHttpRequest go through the native HTTP stack and its cookie store
    CapacitorHttp: { enabled: true },
    // an alert that arrives while the app is open is still shown
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
