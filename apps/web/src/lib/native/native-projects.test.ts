import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../capacitor.config';

// What can be checked of the iOS and Android projects without Android Studio or Xcode: the
// Capacitor config, the committed native files, what git keeps out, and a real `cap sync`.
const WEB = join(import.meta.dirname, '..', '..', '..');
const ROOT = join(WEB, '..', '..');
const read = (path: string) => readFileSync(join(WEB, path), 'utf8');

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('capacitor.config.ts', () => {
  it('names the app, bundles the web build, and serves it from https://localhost and capacitor://localhost', () => {
    expect(config.appId).toBe('app.baitcheck.mobile');
    expect(config.appName).toBe('Baitcheck');
    expect(config.webDir).toBe(process.env.CAP_WEB_DIR ?? 'dist');
    expect(config.server).toMatchObject({ androidScheme: 'https', iosScheme: 'capacitor', hostname: 'localhost' });
    // no live server in the app: the bundled build is what runs
    expect(config.server?.url).toBeUndefined();
  });

  it('sends fetch through the native HTTP layer, where the session cookie lives (docs/decisions/010)', () => {
    expect(config.plugins?.CapacitorHttp).toEqual({ enabled: true });
  });

  it('is the identity both native projects build', () => {
    expect(read('android/app/build.gradle')).toContain(`applicationId "${config.appId}"`);
    const bundleIds = [...read('ios/App/App.xcodeproj/project.pbxproj').matchAll(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)].map((m) => m[1]);
    expect(bundleIds.length).toBeGreaterThan(0);
    expect(new Set(bundleIds)).toEqual(new Set([config.appId]));
  });
});

describe('the Android project', () => {
  const manifest = parseXml(read('android/app/src/main/AndroidManifest.xml'));
  const attr = (el: Element, name: string) => el.getAttribute(`android:${name}`);

  it('asks for the Internet and, on Android 13 and later, for notifications', () => {
    const permissions = [...manifest.getElementsByTagName('uses-permission')].map((el) => attr(el, 'name'));
    expect(permissions).toEqual(expect.arrayContaining(['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS']));
  });

  it.each(['text/plain', 'image/*'])('receives what other apps share (ACTION_SEND, %s) in the send-intent activity', (type) => {
    const receivers = [...manifest.getElementsByTagName('activity')].filter((activity) =>
      [...activity.getElementsByTagName('intent-filter')].some((filter) => {
        const actions = [...filter.getElementsByTagName('action')].map((el) => attr(el, 'name'));
        const categories = [...filter.getElementsByTagName('category')].map((el) => attr(el, 'name'));
        const types = [...filter.getElementsByTagName('data')].map((el) => attr(el, 'mimeType'));
        return actions.includes('android.intent.action.SEND') && categories.includes('android.intent.category.DEFAULT') && types.includes(type);
      }),
    );
    expect(receivers.map((el) => attr(el, 'name'))).toEqual(['de.mindlib.sendIntent.SendIntentActivity']);
    expect(attr(receivers[0]!, 'exported')).toBe('true');
  });

  it('registers the app’s PushSetup plugin, by the name the web code asks for, before the bridge starts', () => {
    const activity = read('android/app/src/main/java/app/baitcheck/mobile/MainActivity.java');
    expect(activity.indexOf('registerPlugin(PushSetupPlugin.class)')).toBeGreaterThan(-1);
    expect(activity.indexOf('registerPlugin(PushSetupPlugin.class)')).toBeLessThan(activity.indexOf('super.onCreate('));
    expect(read('android/app/src/main/java/app/baitcheck/mobile/PushSetupPlugin.java')).toContain('@CapacitorPlugin(name = "PushSetup")');
    expect(readFileSync(join(import.meta.dirname, 'push.ts'), 'utf8')).toContain("registerPlugin<{ check(): Promise<{ firebase: boolean }> }>('PushSetup')");
  });

  it('still starts from the launcher', () => {
    const main = [...manifest.getElementsByTagName('activity')].find((el) => attr(el, 'name') === '.MainActivity');
    expect(main?.getElementsByTagName('action')[0]?.getAttribute('android:name')).toBe('android.intent.action.MAIN');
  });
});

describe('the iOS project', () => {
  it('builds with Swift Package Manager, the app plugins included', () => {
    const pkg = read('ios/App/CapApp-SPM/Package.swift');
    for (const product of ['Capacitor', 'CapacitorApp', 'CapacitorPushNotifications', 'SendIntent']) expect(pkg).toContain(`.product(name: "${product}"`);
    expect(existsSync(join(WEB, 'ios/App/Podfile'))).toBe(false);
  });

  it('hands the push token to the push plugin, as FCM knows it when Firebase is added', () => {
    const delegate = read('ios/App/App/AppDelegate.swift');
    expect(delegate).toContain('didRegisterForRemoteNotificationsWithDeviceToken');
    expect(delegate).toContain('.capacitorDidRegisterForRemoteNotifications');
    expect(delegate).toContain('didFailToRegisterForRemoteNotificationsWithError');
    expect(delegate).toContain('Messaging.messaging().token');
  });
});

const inGit = (() => {
  try {
    execFileSync('git', ['rev-parse', '--git-dir'], { cwd: WEB, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!inGit)('what git keeps of the native projects', () => {
  /** Which of `paths` (under apps/web) git would ignore. */
  function ignored(paths: string[]): string[] {
    try {
      const out = execFileSync('git', ['check-ignore', '--no-index', ...paths.map((p) => join(WEB, p))], { cwd: WEB, encoding: 'utf8' });
      return out.split('\n').filter(Boolean).map((p) => relative(WEB, p).split(sep).join('/'));
    } catch (error) {
      // exit status 1: none of them is ignored
      if ((error as { status?: number }).status === 1) return [];
      throw error;
    }
  }

  it('keeps out the copied web build, generated config, build output, local SDK paths and each deployment’s Firebase files', () => {
    const generated = [
      'android/app/src/main/assets/public/index.html',
      'android/app/src/main/assets/capacitor.config.json',
      'android/app/src/main/assets/capacitor.plugins.json',
      'android/capacitor-cordova-android-plugins/build.gradle',
      'android/app/build/outputs/apk/debug/app-debug.apk',
      'android/build/reports/problems.html',
      'android/.gradle/8.11/checksums.lock',
      'android/local.properties',
      'android/app/google-services.json',
      'ios/App/App/public/index.html',
      'ios/App/App/capacitor.config.json',
      'ios/App/App/config.xml',
      'ios/capacitor-cordova-ios-plugins/CordovaPlugins.podspec',
      'ios/App/CapApp-SPM/.build/debug.yaml',
      'ios/DerivedData/info.plist',
      'ios/App/App.xcodeproj/xcuserdata/me.xcuserdatad/x.plist',
      'ios/App/App/GoogleService-Info.plist',
    ];
    expect(ignored(generated).sort()).toEqual([...generated].sort());
  });

  it('keeps the sources', () => {
    const sources = [
      'capacitor.config.ts',
      'android/app/src/main/AndroidManifest.xml',
      'android/app/build.gradle',
      'android/capacitor.settings.gradle',
      'android/app/capacitor.build.gradle',
      'android/gradle/wrapper/gradle-wrapper.jar',
      'android/app/src/main/java/app/baitcheck/mobile/MainActivity.java',
      'android/app/src/main/java/app/baitcheck/mobile/PushSetupPlugin.java',
      'ios/App/App.xcodeproj/project.pbxproj',
      'ios/App/App/AppDelegate.swift',
      'ios/App/App/Info.plist',
      'ios/App/CapApp-SPM/Package.swift',
    ];
    expect(ignored(sources)).toEqual([]);
  });
});

/** The committed generated files, with the way up to node_modules left out (it depends on where the project sits). */
const GENERATED = ['android/capacitor.settings.gradle', 'android/app/capacitor.build.gradle', 'ios/App/CapApp-SPM/Package.swift'];
const withoutWayUp = (text: string) => text.replace(/(?:\.\.\/)+(?:[\w.-]+\/)*node_modules\//g, 'node_modules/');

// A copy of the app beside a small web build, synced for real with the Capacitor CLI (offline,
// a few seconds); the working tree is not touched.
describe('npx cap sync', () => {
  it('copies the web build into both projects, and leaves the committed generated files as they are', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'baitcheck-cap-'));
    const modules = join(scratch, 'node_modules');
    try {
      symlinkSync(join(ROOT, 'node_modules'), modules, 'dir');
      const app = join(scratch, 'apps', 'web');
      mkdirSync(app, { recursive: true });
      for (const file of ['package.json', 'capacitor.config.ts']) cpSync(join(WEB, file), join(app, file));
      const skip = /[\\/](public|build|\.gradle|capacitor-cordova-(android|ios)-plugins|DerivedData|xcuserdata)$/;
      for (const dir of ['android', 'ios']) cpSync(join(WEB, dir), join(app, dir), { recursive: true, filter: (src) => !skip.test(src) });
      const web = join(scratch, 'web-build');
      mkdirSync(web);
      writeFileSync(join(web, 'index.html'), '<!doctype html><title>Baitcheck test build</title>');

      execFileSync(process.execPath, [join(ROOT, 'node_modules', '@capacitor', 'cli', 'bin', 'capacitor'), 'sync'], {
        cwd: app,
        env: { ...process.env, CAP_WEB_DIR: web, VITE_API_ORIGIN: 'https://baitcheck.example', CI: 'true' },
        stdio: 'pipe',
        timeout: 60_000,
      });

      for (const copied of ['android/app/src/main/assets/public/index.html', 'ios/App/App/public/index.html']) {
        expect(readFileSync(join(app, copied), 'utf8')).toContain('Baitcheck test build');
      }
      for (const json of ['android/app/src/main/assets/capacitor.config.json', 'ios/App/App/capacitor.config.json']) {
        const synced = JSON.parse(readFileSync(join(app, json), 'utf8')) as typeof config;
        expect(synced.plugins?.CapacitorHttp).toEqual({ enabled: true });
        expect(synced.server?.cleartext).toBe(false);
      }
      const plugins = JSON.parse(readFileSync(join(app, 'android/app/src/main/assets/capacitor.plugins.json'), 'utf8')) as Array<{ pkg: string }>;
      expect(plugins.map((p) => p.pkg).sort()).toEqual(['@capacitor/app', '@capacitor/push-notifications', 'send-intent']);
      for (const file of GENERATED) expect(withoutWayUp(readFileSync(join(app, file), 'utf8')), file).toBe(withoutWayUp(read(file)));
    } finally {
      // the link first, so nothing below it is followed
      try {
        unlinkSync(modules);
      } catch {
        // never made
      }
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 90_000);
});
